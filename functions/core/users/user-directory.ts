import { placesOnChains, type DirectoryNames, type DirectoryUser } from '../../db/directory';
import { grants, type LocationPermission } from '../../../shared/auth/permissions';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';

/**
 * What a user's directory entries are derived from (functions/db/directory.ts): the
 * profile, the roles held (with the names their `userRole` items copy), the location chains
 * of the active, non-denied permissions, and the names of the conferences and districts on
 * those chains. The user projector (./user-projector.ts) derives entries from it.
 */
export interface UserDirectoryState {
  user: DirectoryUser;
  roleIds: string[];
  /** Ancestor chains of the active, non-denied permissions. */
  permissionAncestorIds: string[][];
  names: DirectoryNames;
}

type PermissionLike = Pick<LocationPermission, 'active' | 'denial' | 'ancestorIds'>;
type HeldRole = { roleId: string; roleName?: string };

const SYSTEM_LABELS = new Map(SYSTEM_ROLES.map((role) => [role.id, role.label]));

/** The name a held role shows in the users table: a system role's label (Conference Admin), else its holder's copy of the name. */
export function shownRoleName(role: HeldRole): string {
  return SYSTEM_LABELS.get(role.roleId) ?? role.roleName ?? '';
}

/** The conferences and districts whose names a user's entries show: read with the state (one BatchGet). */
export function placesToName(permissions: PermissionLike[]): string[] {
  const chains = grants(permissions).map((permission) => permission.ancestorIds);
  return [...placesOnChains(chains, 'Conference'), ...placesOnChains(chains, 'District')].map((place) => place.id);
}

/**
 * The state of a user as loaded (a user aggregate, or the same parts after a change), with the
 * names of the places `placesToName` lists (a place missing from `locationNames` is not shown).
 */
export function userDirectoryState(input: { user: DirectoryUser; roles: HeldRole[]; permissions: PermissionLike[]; locationNames: ReadonlyMap<string, string> }): UserDirectoryState {
  return {
    user: { userId: input.user.userId, firstName: input.user.firstName, lastName: input.user.lastName, email: input.user.email, inactive: input.user.inactive, createdAt: input.user.createdAt },
    roleIds: input.roles.map((role) => role.roleId),
    permissionAncestorIds: grants(input.permissions).map((permission) => permission.ancestorIds),
    names: {
      roles: new Map(input.roles.map((role) => [role.roleId, shownRoleName(role)])),
      locations: input.locationNames,
    },
  };
}
