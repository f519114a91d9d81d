import type { LocationKind, SystemRoleName } from './vocabulary';

/** A user's location permission as the auth rules need it (SPEC.md section 3, Permission). */
export interface LocationPermission {
  entity: LocationKind;
  entityId: string;
  active: boolean;
  /** A denial bars the user from the location instead of granting it. */
  denial: boolean;
  /** The location's ancestors, outermost first, ending with the location itself. */
  ancestorIds: string[];
}

/** A role as the auth rules need it. A role counts as a system role unless `system` is false. */
export interface RoleRef {
  name: string;
  system?: boolean;
}

/** Only active, non-denied permissions grant anything. */
export function grants<P extends Pick<LocationPermission, 'active' | 'denial'>>(permissions: readonly P[]): P[] {
  return permissions.filter((p) => p.active && !p.denial);
}

/** Active denials: they narrow access, never widen it. */
export function denials<P extends Pick<LocationPermission, 'active' | 'denial'>>(permissions: readonly P[]): P[] {
  return permissions.filter((p) => p.active && p.denial);
}

/** Ids of the locations the user is granted, optionally of one kind only. */
export function grantedIds(
  permissions: readonly Pick<LocationPermission, 'active' | 'denial' | 'entity' | 'entityId'>[],
  kind?: LocationKind,
): Set<string> {
  return new Set(grants(permissions).filter((p) => !kind || p.entity === kind).map((p) => p.entityId));
}

export function deniedIds(permissions: readonly Pick<LocationPermission, 'active' | 'denial' | 'entityId'>[]): Set<string> {
  return new Set(denials(permissions).map((p) => p.entityId));
}

/**
 * True when the user holds the named system role. A custom role that merely shares the
 * name (system: false) does not count, so nobody can mint a Superadmin in the role editor.
 */
export function hasSystemRole(roles: readonly RoleRef[], name: SystemRoleName): boolean {
  return roles.some((r) => r.system !== false && r.name === name);
}

export function hasAnySystemRole(roles: readonly RoleRef[], names: readonly SystemRoleName[]): boolean {
  return names.some((name) => hasSystemRole(roles, name));
}
