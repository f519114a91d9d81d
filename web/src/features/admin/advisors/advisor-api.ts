import type { advisors } from '@shared/api/user-directory';
import type { systemRoles, unassignRole } from '@shared/api/role';
import type { QueryInput } from '@shared/api/contract';
import { BULK_MAX } from '@shared/api/limits';
import { call } from '../../../lib/api/client';
import { route } from '../../../lib/api/routes';

export type AdvisorPageQuery = QueryInput<typeof advisors>;

/** SPEC.md section 8: shown when the Advisor system role cannot be found. */
export const SYSTEM_ROLE_ERROR = 'System role error has occurred, please try again later.';

/** The advisors table's page route (read with usePagedTable). */
export const advisorPageRoute = route<typeof advisors>('user.advisors');

/** The Advisor role's id, from the system roles every signed-in user may read. */
async function advisorRoleId(): Promise<string> {
  const roles = await call(route<typeof systemRoles>('role.system'));
  const advisor = roles.find((role) => role.name === 'Advisor');
  if (!advisor) throw new Error(SYSTEM_ROLE_ERROR);
  return advisor.id;
}

/** Takes the Advisor role from the users, BULK_MAX per call (each call is one transaction on the server). */
export async function removeAdvisorRole(userIds: string[]): Promise<void> {
  const roleId = await advisorRoleId();
  for (let start = 0; start < userIds.length; start += BULK_MAX) {
    await call(route<typeof unassignRole>('role.unassign'), { body: { userIds: userIds.slice(start, start + BULK_MAX), roleId } });
  }
}
