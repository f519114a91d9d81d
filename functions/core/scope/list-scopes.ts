import type { Action, LocationKind, Subject } from '../../../shared/auth/vocabulary';
import { denials, grants } from '../../../shared/auth/permissions';
import { grantsAllowing } from '../../../shared/auth/role-scope';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ForbiddenError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { getLocation, getLocations, type LocationItem } from '../../db/access/location-store';
import { disjointGrants } from './disjoint-grants';
import { grantsInside, locationScopesFor } from './location-scopes';

/** A list of locations to read: the designed lists of these scopes, plus these locations themselves, minus what the caller's denials hide. */
export interface ResolvedLocationScopes {
  listScopeIds: string[];
  direct: LocationItem[];
  /** Denied locations inside the scopes read: their lists are left out, and so are they (see hidden-rows.ts). */
  denied: { scopeIds: string[]; items: LocationItem[] };
}

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>;
type Grant = AuthContext['permissions'][number];

/**
 * The caller's permissions where one of their roles allows `action subject` (role-scope.ts:
 * a district admin's conference permission does not list the conference's districts),
 * without those at or below one of their denials.
 */
export function grantsFor(auth: Caller, action: Action, subject: Subject): Grant[] {
  const found = grantsAllowing(auth, action, subject);
  if (found === 'everywhere') return [...grants(auth.permissions)];
  const denied = denials(auth.permissions).map((d) => d.entityId);
  return found.filter((grant) => !grant.ancestorIds.some((id) => denied.includes(id)));
}

/**
 * The scopes a caller lists locations of `kind` in (superadmin: the System root's lists).
 * `parentId` narrows to one subtree: allowed when the parent is at or inside the caller's
 * scopes (then its own lists are read), or above some of them (then only those scopes are
 * read, so a district admin filtering districts by their conference sees their district).
 * A parent the caller has nothing at, inside or under is a 403. Locations the caller is
 * denied inside those scopes are left out.
 */
export async function locationListScopes(auth: Caller, kind: LocationKind, parentId?: string): Promise<ResolvedLocationScopes> {
  if (parentId === undefined) {
    if (auth.isSuperadmin) return { listScopeIds: [SYSTEM_LOCATION_ID], direct: [], denied: NO_DENIALS };
    return resolve(auth, locationScopesFor(grantsFor(auth, 'read', kind), kind));
  }

  const parent = parentId === SYSTEM_LOCATION_ID ? { ancestorIds: [] as string[] } : await getLocation(parentId);
  if (auth.isSuperadmin) return { listScopeIds: parent ? [parentId] : [], direct: [], denied: NO_DENIALS };
  if (!parent) throw new ForbiddenError();
  if (parent.ancestorIds.some((id) => deniedIdsOf(auth).includes(id))) throw new ForbiddenError();
  const readable = grantsFor(auth, 'read', kind);
  if (parent.ancestorIds.some((id) => readable.some((grant) => grant.entityId === id))) return resolve(auth, { listScopeIds: [parentId], directIds: [] });
  const inside = grantsInside(readable, parentId);
  if (!disjointGrants(inside).length) throw new ForbiddenError();
  return resolve(auth, locationScopesFor(inside, kind));
}

/**
 * The locations of `kind` the caller is placed in, whatever their roles (a participant's
 * conference for a picker): at, above or inside their own non-denied permissions.
 */
export async function heldLocationScopes(auth: Caller, kind: LocationKind): Promise<ResolvedLocationScopes> {
  if (auth.isSuperadmin) return { listScopeIds: [SYSTEM_LOCATION_ID], direct: [], denied: NO_DENIALS };
  const denied = deniedIdsOf(auth);
  return resolve(auth, locationScopesFor(grants(auth.permissions).filter((grant) => !grant.ancestorIds.some((id) => denied.includes(id))), kind));
}

/**
 * The scopes a caller lists users in: superadmin the System root; anyone else the
 * locations where a role of theirs reads users (disjoint: a user is listed under every
 * ancestor of their own permissions, so each scope holds everyone at or below it), and the
 * denied locations inside those, whose users are left out (readSortedPageWithout).
 */
export function userListScopes(auth: Caller): { scopeIds: string[]; hiddenScopeIds: string[] } {
  if (auth.isSuperadmin) return { scopeIds: [SYSTEM_LOCATION_ID], hiddenScopeIds: [] };
  const scopeIds = disjointGrants(grantsFor(auth, 'read', 'User')).map((p) => p.entityId);
  return { scopeIds, hiddenScopeIds: deniedPlacesInside(auth, scopeIds).map((d) => d.entityId) };
}

/**
 * userListScopes narrowed to one location's subtree (the users table's conference or district
 * filter): the location itself when it lies inside one of the caller's scopes, otherwise the
 * caller's scopes inside it. A location the caller has nothing at, inside or under, or one
 * inside their denials, is a 403.
 */
export function userListScopesUnder(auth: Caller, location: { locationId: string; ancestorIds: string[] }): { scopeIds: string[]; hiddenScopeIds: string[] } {
  if (auth.isSuperadmin) return { scopeIds: [location.locationId], hiddenScopeIds: [] };
  if (location.ancestorIds.some((id) => deniedIdsOf(auth).includes(id))) throw new ForbiddenError();
  const readable = disjointGrants(grantsFor(auth, 'read', 'User'));
  const covered = readable.some((grant) => location.ancestorIds.includes(grant.entityId));
  const scopeIds = covered ? [location.locationId] : grantsInside(readable, location.locationId).map((grant) => grant.entityId);
  if (!scopeIds.length) throw new ForbiddenError();
  return { scopeIds, hiddenScopeIds: deniedPlacesInside(auth, scopeIds).map((d) => d.entityId) };
}

const NO_DENIALS = { scopeIds: [], items: [] };

function deniedIdsOf(auth: Caller): string[] {
  return denials(auth.permissions).map((d) => d.entityId);
}

/** The caller's outermost denials that lie strictly inside one of these scopes. */
export function deniedPlacesInside(auth: Caller, scopeIds: string[]): Grant[] {
  const inside = denials(auth.permissions).filter((d) => d.ancestorIds.some((id) => id !== d.entityId && scopeIds.includes(id)));
  const insideIds = new Set(inside.map((d) => d.entityId));
  return inside.filter((d) => !d.ancestorIds.some((id) => id !== d.entityId && insideIds.has(id)));
}

async function resolve(auth: Caller, scopes: { listScopeIds: string[]; directIds: string[] }): Promise<ResolvedLocationScopes> {
  const deniedIds = deniedIdsOf(auth);
  const inside = deniedPlacesInside(auth, scopes.listScopeIds);
  const [direct, deniedItems] = await Promise.all([
    scopes.directIds.length ? getLocations(scopes.directIds) : Promise.resolve([]),
    inside.length ? getLocations(inside.map((d) => d.entityId)) : Promise.resolve([]),
  ]);
  return {
    listScopeIds: scopes.listScopeIds,
    direct: direct.filter((item) => !item.ancestorIds.some((id) => deniedIds.includes(id))),
    denied: { scopeIds: inside.map((d) => d.entityId), items: deniedItems },
  };
}
