import type { QueryOf } from '../../../shared/api/contract';
import type { userApi } from '../../../shared/api/user';
import type { UserRow } from '../../../shared/api/user-directory';
import { denials, grants } from '../../../shared/auth/permissions';
import { roleLabel, systemRoleByName } from '../../../shared/auth/system-roles';
import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { directoryLists, userSearchLists } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import { ForbiddenError } from '../../lib/errors';
import { getLocationOfKind, getLocationsById, type LocationItem } from '../../db/access/location-store';
import { loadRoles } from '../../db/access/role-cache';
import { readSortedPageWithout, searchWithout, userListScopes, userListScopesUnder } from '../scope';
import type { AuthContext } from '../session/resolve-session';

type UsersQuery = QueryOf<typeof userApi.quickSearch>;
type UsersWhere = NonNullable<UsersQuery['where']>;
type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>;

/** The sorted list behind each sortable column; every one holds the same users as `users`, which carries the count. */
const SORTED_LISTS = { name: directoryLists.users, email: directoryLists.usersByEmail, createdAt: directoryLists.usersByCreated } as const;

/**
 * The users table (SPEC.md section 2): users the caller can see (section 5 visibility: their
 * scopes), a page at a time from the designed lists of ./../../db/directory.ts. Each filter
 * picks lists rather than filtering rows: the role a list qualifier, the status the active or
 * `:inactive` list, a conference or district the scope read. Without a status both lists are
 * read and merged. A search reads the name and email word lists (ordered by the matching word).
 */
export async function listUsers(auth: Caller, query: UsersQuery): Promise<{ data: UserRow[]; count: number }> {
  const where: UsersWhere = query.where ?? {};
  const { scopeIds, hiddenScopeIds } = await usersTableScopes(auth, where);
  const hidden = { scopeIds: hiddenScopeIds, rows: [] };
  const statuses = where.status ? [where.status === 'Active'] : [true, false];
  const sourcesOf = <S>(source: (scopeId: string, active: boolean) => S) => scopeIds.flatMap((scopeId) => statuses.map((active) => source(scopeId, active)));
  const bounds = { direction: query.orderBy?.direction ?? 'ASC', offset: query.offset, limit: query.limit } as const;
  const text = where.name?.trim();
  const sorted = SORTED_LISTS[query.orderBy?.column ?? 'name'];
  const page = text
    ? await searchWithout({ ...bounds, text, sources: sourcesOf((scopeId, active) => userSearchLists(where.roleId, active).map((list) => ({ scopeId, list }))).flat() }, hidden)
    : await readSortedPageWithout(
        {
          ...bounds,
          withCount: true,
          sources: sourcesOf((scopeId, active) => ({ scopeId, list: sorted(where.roleId, active), countList: directoryLists.users(where.roleId, active) })),
        },
        hidden,
      );
  return { data: await userRowsOf(auth, page.rows), count: page.count };
}

/** user/active-interviewers: the first page of the users table filtered to active Interviewers (one role list per scope, no text needed). */
export async function activeInterviewers(auth: Caller): Promise<UserRow[]> {
  const where = { roleId: systemRoleByName('Interviewer').id, status: 'Active' as const };
  return (await listUsers(auth, { where, limit: AUTOCOMPLETE_LIMITS.interviewer, offset: 0 })).data;
}

/** The scopes to read: the caller's, or narrowed to the filtered conference or district (a district outside the named conference lists nobody). */
async function usersTableScopes(auth: Caller, where: UsersWhere): Promise<{ scopeIds: string[]; hiddenScopeIds: string[] }> {
  const filterId = where.districtId ?? where.conferenceId;
  if (!filterId) {
    const scopes = userListScopes(auth);
    // Everyone may read their own profile, so `read User` passes the route for all; the table needs a role that reads users somewhere.
    if (!scopes.scopeIds.length) throw new ForbiddenError();
    return scopes;
  }
  const location = await getLocationOfKind(filterId, where.districtId ? 'District' : 'Conference');
  if (!location) {
    if (auth.isSuperadmin) return { scopeIds: [], hiddenScopeIds: [] };
    throw new ForbiddenError();
  }
  const scopes = userListScopesUnder(auth, location);
  if (where.districtId && where.conferenceId && !location.ancestorIds.includes(where.conferenceId)) return { scopeIds: [], hiddenScopeIds: [] };
  return scopes;
}

type Named = { id: string; name: string };
type Place = Named & { ancestorIds: string[] };

/**
 * Table rows from the page's entries alone: each entry carries its user's role, conference and
 * district names (functions/db/directory.ts, userDirectoryEntries), so a page is its list
 * Query. Entries projected before they carried names (a table not yet re-indexed) get them the
 * old way, one BatchGet of roles and one of locations for those rows only.
 */
async function userRowsOf(auth: Caller, rows: DirectoryRow[]): Promise<UserRow[]> {
  if (!rows.length) return [];
  const legacy = rows.filter((row) => !Array.isArray(row.display.roles));
  const legacyNames = legacy.length ? await namesOfLegacyRows(legacy) : new Map<string, NamedColumns>();
  const seen = locationVisibility(auth);
  const visible = (places: Place[]): Named[] => places.filter((place) => seen({ locationId: place.id, ancestorIds: place.ancestorIds })).map(({ id, name }) => ({ id, name }));
  return rows.map((row) => {
    const display = row.display;
    const columns = legacyNames.get(row.targetId) ?? carriedColumns(display);
    return {
      id: row.targetId,
      firstName: String(display.firstName ?? ''),
      lastName: String(display.lastName ?? ''),
      email: String(display.email ?? ''),
      status: display.inactive ? 'Inactive' : 'Active',
      roles: columns.roles,
      conferences: visible(columns.conferences),
      districts: visible(columns.districts),
      createdAt: String(display.createdAt ?? ''),
    };
  });
}

interface NamedColumns {
  roles: Named[];
  conferences: Place[];
  districts: Place[];
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function carriedColumns(display: Record<string, unknown>): NamedColumns {
  return { roles: listOf<Named>(display.roles), conferences: listOf<Place>(display.conferences), districts: listOf<Place>(display.districts) };
}

/** Entries written before names were carried hold ids only (`roleIds`, `conferenceIds`, `districtIds`): their names, read for these rows. */
async function namesOfLegacyRows(rows: DirectoryRow[]): Promise<Map<string, NamedColumns>> {
  const idsIn = (row: DirectoryRow, key: 'roleIds' | 'conferenceIds' | 'districtIds') => listOf<string>(row.display[key]);
  const roleIds = [...new Set(rows.flatMap((row) => idsIn(row, 'roleIds')))];
  const locationIds = new Set(rows.flatMap((row) => [...idsIn(row, 'conferenceIds'), ...idsIn(row, 'districtIds')]));
  const [roles, locations] = await Promise.all([loadRoles(roleIds), getLocationsById(locationIds)]);
  const roleById = new Map(roles.map((role) => [role.roleId, { id: role.roleId, name: roleLabel(role) }]));
  const places = (ids: string[]): Place[] =>
    ids.flatMap((id) => {
      const location = locations.get(id);
      return location ? [{ id, name: location.name, ancestorIds: location.ancestorIds }] : [];
    });
  return new Map(
    rows.map((row) => [row.targetId, { roles: idsIn(row, 'roleIds').flatMap((id) => roleById.get(id) ?? []), conferences: places(idsIn(row, 'conferenceIds')), districts: places(idsIn(row, 'districtIds')) }]),
  );
}

/**
 * A listed user's conferences and districts are shown when the caller can see them: at, above
 * or inside the caller's own non-denied locations (a district admin sees their conference's
 * name, not another conference the user also belongs to).
 */
function locationVisibility(auth: Caller): (location: Pick<LocationItem, 'locationId' | 'ancestorIds'>) => boolean {
  if (auth.isSuperadmin) return () => true;
  const held = grants(auth.permissions);
  const denied = denials(auth.permissions).map((d) => d.entityId);
  return (location) =>
    !location.ancestorIds.some((id) => denied.includes(id)) &&
    held.some((grant) => grant.ancestorIds.includes(location.locationId) || location.ancestorIds.includes(grant.entityId));
}
