import type { QueryOf } from '../../../shared/api/contract';
import type { userApi } from '../../../shared/api/user';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { directoryLists, userSearchLists } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import type { AuthContext } from '../session/resolve-session';
import { userListScopes } from '../scope/list-scopes';
import { readSortedPageWithout, searchWithout } from '../scope/hidden-rows';
import { ForbiddenError } from '../../lib/errors';

type AdvisorsQuery = QueryOf<typeof userApi.advisors>;
export interface AdvisorRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The Advisors admin tab (SPEC.md section 2): users holding the Advisor role in the
 * caller's scopes, by last name (the list's term is `last first`), or searched by word
 * prefixes of name and email. A user listed under two of the caller's scopes appears once
 * on a page, but the total adds the scopes' counters, so it counts such a user per scope.
 */
export async function listAdvisors(auth: Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>, query: AdvisorsQuery): Promise<{ data: AdvisorRow[]; count: number }> {
  const roleId = systemRoleByName('Advisor').id;
  const { scopeIds, hiddenScopeIds } = userListScopes(auth);
  // Everyone may read their own profile, so the route's type-level `read User` passes for all; the list needs a role that reads users somewhere.
  if (!scopeIds.length) throw new ForbiddenError();
  const hidden = { scopeIds: hiddenScopeIds, rows: [] };
  const bounds = { direction: query.orderBy?.direction ?? 'ASC', offset: query.offset, limit: query.limit } as const;
  const text = query.where?.name?.trim();
  const page = text
    ? await searchWithout({ ...bounds, text, sources: scopeIds.flatMap((scopeId) => userSearchLists(roleId).map((list) => ({ scopeId, list }))) }, hidden)
    : await readSortedPageWithout(
        { ...bounds, withCount: true, sources: scopeIds.map((scopeId) => ({ scopeId, list: directoryLists.users(roleId), countList: directoryLists.users(roleId) })) },
        hidden,
      );
  return { data: page.rows.map(advisorRowOf), count: page.count };
}

function advisorRowOf(row: DirectoryRow): AdvisorRow {
  const display = row.display;
  return { id: String(display.userId), firstName: String(display.firstName ?? ''), lastName: String(display.lastName ?? ''), email: String(display.email ?? '') };
}
