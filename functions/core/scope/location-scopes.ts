import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import type { LocationPermission } from '../../../shared/auth/permissions';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { disjointGrants } from './disjoint-grants';

type Grant = Pick<LocationPermission, 'entity' | 'entityId' | 'ancestorIds' | 'active' | 'denial'>;

/**
 * Where a list of locations of one kind comes from for a caller:
 * - `listScopeIds`: locations whose designed list of that kind is read (a conference
 *   permission listing districts reads the conference's `locations:District`);
 * - `directIds`: locations of that kind listed themselves, because the caller holds a
 *   permission on them or below them (a district admin listing conferences sees the
 *   conference their district is in; rules.ts lets them read it).
 */
export interface LocationScopes {
  listScopeIds: string[];
  directIds: string[];
}

export function depthOf(kind: LocationKind): number {
  return LOCATION_KINDS.indexOf(kind);
}

/** The scopes of the given permissions (disjoint ones: see disjointGrants) for listing `kind`. */
export function locationScopesFor(permissions: readonly Grant[], kind: LocationKind): LocationScopes {
  const depth = depthOf(kind);
  const listScopeIds: string[] = [];
  const directIds = new Set<string>();
  for (const permission of disjointGrants(permissions)) {
    const permissionDepth = depthOf(permission.entity);
    if (permissionDepth < depth) listScopeIds.push(permission.entityId);
    else if (permission.ancestorIds[depth]) directIds.add(permission.ancestorIds[depth]);
  }
  return { listScopeIds, directIds: [...directIds] };
}

/** The permissions that lie inside `locationId`'s subtree (the location itself included; everything is inside the System root). */
export function grantsInside<P extends Grant>(permissions: readonly P[], locationId: string): P[] {
  if (locationId === SYSTEM_LOCATION_ID) return [...permissions];
  return permissions.filter((p) => p.ancestorIds.includes(locationId));
}
