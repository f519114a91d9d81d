import { directoryChanges, userDirectoryEntries, type DirectoryChanges, type DirectoryUser } from '../../db/directory';
import { grants, type LocationPermission } from '../../../shared/auth/permissions';

/**
 * What a user's directory entries are derived from (functions/db/directory.ts): the
 * profile, the role ids held, and the location chains of the active, non-denied permissions.
 * Writers build the state before and after their change and apply the difference, so no
 * existing entry is ever read.
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
    user: { userId: input.user.userId, firstName: input.user.firstName, lastName: input.user.lastName, email: input.user.email, inactive: input.user.inactive },
    roleIds: input.roles.map((role) => role.roleId),
    permissionAncestorIds: grants(input.permissions).map((permission) => permission.ancestorIds),
  };
}

/** The directory changes that take a user from `before` to `after` (counts and entries). */
export function userDirectoryDelta(before: UserDirectoryState, after: UserDirectoryState): DirectoryChanges {
  return directoryChanges(
    userDirectoryEntries(before.user, before.roleIds, before.permissionAncestorIds),
    userDirectoryEntries(after.user, after.roleIds, after.permissionAncestorIds),
  );
}
