import { systemRoleByName } from '../../../shared/auth/system-roles';
import { directoryLists } from '../../db/directory';
import { readSortedPage } from '../../db/directory-read';

/** At most this many holders of each role at one location are told (a location has a few admins). */
export const LOCATION_ADMINS_MAX = 20;

/** Who an Overdue step goes up to: the district's superintendents and admins, then the conference's admins. */
export const DISTRICT_ESCALATION_ROLES = [systemRoleByName('DistrictSuperintendent').id, systemRoleByName('DistrictAdmin').id];
export const CONFERENCE_ESCALATION_ROLES = [systemRoleByName('ConferenceAdmin').id];

/**
 * The active users holding one of `roleIds` in a location's scope: its directory lists
 * `users:<roleId>` (the users table's role filter, functions/db/directory.ts), one Query per role,
 * at most LOCATION_ADMINS_MAX each. Denied and inactive holders are not in those lists.
 */
export async function locationRoleHolders(locationId: string, roleIds: readonly string[]): Promise<string[]> {
  const pages = await Promise.all(
    roleIds.map((roleId) => readSortedPage({ sources: [{ scopeId: locationId, list: directoryLists.users(roleId) }], direction: 'ASC', offset: 0, limit: LOCATION_ADMINS_MAX })),
  );
  return [...new Set(pages.flatMap((page) => page.rows.map((row) => row.targetId)))];
}
