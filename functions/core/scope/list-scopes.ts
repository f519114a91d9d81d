import type { LocationKind } from '../../../shared/auth/vocabulary';
import { deniedIds, grantedIds } from '../../../shared/auth/permissions';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ForbiddenError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { getLocation, getLocations, type LocationItem } from '../locations/location-store';
import { disjointGrants } from './disjoint-grants';
import { grantsInside, locationScopesFor } from './location-scopes';

/** A list of locations to read: the designed lists of these scopes, plus these locations themselves. */
export interface ResolvedLocationScopes {
  listScopeIds: string[];
  direct: LocationItem[];
}

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions'>;

/**
 * The scopes a caller lists locations of `kind` in (superadmin: the System root's lists).
 * `parentId` narrows to one subtree: allowed when the parent is at or inside the caller's
 * scopes (then its own lists are read), or above some of them (then only those scopes are
 * read, so a district admin filtering districts by their conference sees their district).
 * A parent the caller has nothing at, inside or under is a 403.
 */
export async function locationListScopes(auth: Caller, kind: LocationKind, parentId?: string): Promise<ResolvedLocationScopes> {
  if (parentId === undefined) {
    if (auth.isSuperadmin) return { listScopeIds: [SYSTEM_LOCATION_ID], direct: [] };
    return resolve(locationScopesFor(auth.permissions, kind));
  }

  const parent = parentId === SYSTEM_LOCATION_ID ? { ancestorIds: [] as string[] } : await getLocation(parentId);
  if (auth.isSuperadmin) return { listScopeIds: parent ? [parentId] : [], direct: [] };
  if (!parent) throw new ForbiddenError();
  if (parent.ancestorIds.some((id) => deniedIds(auth.permissions).has(id))) throw new ForbiddenError();
  const granted = grantedIds(auth.permissions);
  if (parent.ancestorIds.some((id) => granted.has(id))) return { listScopeIds: [parentId], direct: [] };
  const inside = grantsInside(auth.permissions, parentId);
  if (!disjointGrants(inside).length) throw new ForbiddenError();
  return resolve(locationScopesFor(inside, kind));
}

async function resolve(scopes: { listScopeIds: string[]; directIds: string[] }): Promise<ResolvedLocationScopes> {
  return { listScopeIds: scopes.listScopeIds, direct: scopes.directIds.length ? await getLocations(scopes.directIds) : [] };
}

/**
 * The scopes a caller lists users in: superadmin the System root; anyone else the
 * locations of their disjoint granted permissions (a user is listed under every ancestor
 * of their own permissions, so each scope holds everyone at or below it).
 */
export function userListScopes(auth: Caller): string[] {
  if (auth.isSuperadmin) return [SYSTEM_LOCATION_ID];
  return disjointGrants(auth.permissions).map((p) => p.entityId);
}
