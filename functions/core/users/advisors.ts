import type { QueryOf } from '../../../shared/api/contract';
import type { advisors } from '../../../shared/api/user-directory';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { directoryLists } from '../../db/directory';
import { readSortedPage, searchDirectory, type DirectoryRow } from '../../db/directory-read';
import type { AuthContext } from '../session/resolve-session';
import { disjointGrants } from '../scope/disjoint-grants';
import { scoped } from '../../../shared/auth/ability';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ForbiddenError } from '../../lib/errors';

type AdvisorsQuery = QueryOf<typeof advisors>;
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
export async function listAdvisors(auth: Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'ability'>, query: AdvisorsQuery): Promise<{ data: AdvisorRow[]; count: number }> {
  const roleId = systemRoleByName('Advisor').id;
  const scopeIds = userReadScopes(auth);
  const bounds = { direction: query.orderBy?.direction ?? 'ASC', offset: query.offset, limit: query.limit } as const;
  const text = query.where?.name?.trim();
  const page = text
    ? await searchDirectory({ ...bounds, text, sources: scopeIds.map((scopeId) => ({ scopeId, list: directoryLists.userWords(roleId) })) })
    : await readSortedPage({ ...bounds, withCount: true, sources: scopeIds.map((scopeId) => ({ scopeId, list: directoryLists.users(roleId), countList: directoryLists.users(roleId) })) });
  return { data: page.rows.map(advisorRowOf), count: page.count };
}

/**
 * The scopes whose people the caller may read. Everyone may read their own profile, so the
 * route's type-level `read User` passes for all; the list needs a role policy on User at
 * a location (the check names no user id, so the own-profile rule cannot match).
 */
function userReadScopes(auth: Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'ability'>): string[] {
  if (auth.isSuperadmin) return [SYSTEM_LOCATION_ID];
  const readable = disjointGrants(auth.permissions).filter((grant) => auth.ability.can('read', scoped('User', { id: '', ancestorIds: grant.ancestorIds })));
  if (!readable.length) throw new ForbiddenError();
  return readable.map((grant) => grant.entityId);
}

function advisorRowOf(row: DirectoryRow): AdvisorRow {
  const display = row.display;
  return { id: String(display.userId), firstName: String(display.firstName ?? ''), lastName: String(display.lastName ?? ''), email: String(display.email ?? '') };
}
