import type { DirectoryUser } from '../../db/directory';
import { grants, type LocationPermission } from '../../../shared/auth/permissions';

/**
 * What a user's directory entries are derived from (functions/db/directory.ts): the
 * profile, the role ids held, and the location chains of the active, non-denied permissions.
 * The user projector (./user-projector.ts) derives entries from it.
 */
export interface UserDirectoryState {
  user: DirectoryUser;
  roleIds: string[];
  /** Ancestor chains of the active, non-denied permissions. */
  permissionAncestorIds: string[][];
}

type PermissionLike = Pick<LocationPermission, 'active' | 'denial' | 'ancestorIds'>;

/** The state of a user as loaded (a user aggregate, or the same parts after a change). */
export function userDirectoryState(input: { user: DirectoryUser; roles: Array<{ roleId: string }>; permissions: PermissionLike[] }): UserDirectoryState {
  return {
    user: { userId: input.user.userId, firstName: input.user.firstName, lastName: input.user.lastName, email: input.user.email, inactive: input.user.inactive, createdAt: input.user.createdAt },
    roleIds: input.roles.map((role) => role.roleId),
    permissionAncestorIds: grants(input.permissions).map((permission) => permission.ancestorIds),
  };
}

