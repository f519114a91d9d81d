import type { Api } from '@shared/api';
import type { QueryInput } from '@shared/api/contract';
import { BULK_MAX } from '@shared/api/limits';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

export type AdvisorPageQuery = QueryInput<Api['user']['advisors']>;

/** SPEC.md section 8: shown when the Advisor system role cannot be found. */
export const SYSTEM_ROLE_ERROR = 'System role error has occurred, please try again later.';

/** The advisors table's page route (read with usePagedTable). */
export const advisorPageRoute = routes.user.advisors;

/** The Advisor role's id, from the system roles every signed-in user may read. */
async function advisorRoleId(): Promise<string> {
  const roles = await call(routes.role.system);
  const advisor = roles.find((role) => role.name === 'Advisor');
  if (!advisor) throw new Error(SYSTEM_ROLE_ERROR);
  return advisor.id;
}

/** Takes the Advisor role from the users, BULK_MAX per call (each call is one transaction on the server). */
export async function removeAdvisorRole(userIds: string[]): Promise<void> {
  const roleId = await advisorRoleId();
  for (let start = 0; start < userIds.length; start += BULK_MAX) {
    await call(routes.role.unassign, { body: { userIds: userIds.slice(start, start + BULK_MAX), roleId } });
  }
}
