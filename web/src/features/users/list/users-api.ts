import type { Api } from '@shared/api';
import type { QueryInput } from '@shared/api/contract';
import type { AddUserInput } from '@shared/schemas/user';
import { BULK_MAX } from '@shared/api/limits';
import type { SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import type { PickableKind } from '../../../lib/locations/location-options';

// The location search every location picker uses (a user's location, a membership's church, the filters).
export { locationOptions, PICKABLE_LOCATIONS, type PickableKind } from '../../../lib/locations/location-options';

export type UserPageQuery = QueryInput<Api['user']['quickSearch']>;

/** The users table's page route (read with usePagedTable). */
export const userPageRoute = routes.user.quickSearch;

/** SPEC.md section 9: role assignment pickers show 20 roles. */
const ROLE_OPTIONS_LIMIT = 20;

/** Roles whose name starts with the text (the role filter and Assign Role to Users). */
export async function roleOptions(text: string): Promise<SelectOption[]> {
  const name = text.trim();
  const page = await call(routes.role.quickSearch, { query: { limit: ROLE_OPTIONS_LIMIT, offset: 0, where: name ? { name } : undefined } });
  return page.data.map((role) => ({ id: role.id, label: role.label }));
}

/** Assign Role to Users: only roles the caller may give every selected user (the server's no-escalation rule), by name. */
export async function assignableRoleOptions(userIds: string[], text: string): Promise<SelectOption[]> {
  const name = text.trim();
  const roles = await call(routes.role.assignableToUsers, { body: { userIds, name: name || undefined } });
  return roles.map((role) => ({ id: role.id, label: role.label }));
}

/** Runs a bulk call BULK_MAX users at a time (each call is one transaction on the server). */
async function inChunks(userIds: string[], send: (chunk: string[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < userIds.length; start += BULK_MAX) await send(userIds.slice(start, start + BULK_MAX));
}

export const assignRole = (userIds: string[], roleId: string) => inChunks(userIds, (chunk) => call(routes.role.assign, { body: { userIds: chunk, roleId } }));
export const unassignRole = (userIds: string[], roleId: string) => inChunks(userIds, (chunk) => call(routes.role.unassign, { body: { userIds: chunk, roleId } }));
export const addLocation = (userIds: string[], entity: PickableKind, entityId: string) =>
  inChunks(userIds, (chunk) => call(routes.user.addLocations, { body: { userIds: chunk, entity, entityId } }));

/** Deactivates (ending their sessions) or reactivates users. */
export const setUsersActive = (userIds: string[], active: boolean) =>
  inChunks(userIds, (chunk) => call(active ? routes.admin.reactivateUser : routes.admin.deactivateUser, { body: { ids: chunk } }));

/** Add User: the district (or conference) goes with its type, as SPEC.md section 7 names the fields. */
export const addUser = (input: AddUserInput) =>
  call(routes.admin.signUpUser, {
    body: {
      ...input,
      ...(input.conferenceLocation ? { conferenceLocationType: 'Conference' as const } : {}),
      ...(input.districtLocation ? { districtLocationType: 'District' as const } : {}),
    },
  });

/** Confirm Reinvite User: answers the users who were invited again (those not signed in yet). */
export async function reinviteUsers(userIds: string[]): Promise<string[]> {
  const invited: string[] = [];
  await inChunks(userIds, async (chunk) => invited.push(...(await call(routes.admin.reinviteUser, { body: { ids: chunk } })).ids));
  return invited;
}
