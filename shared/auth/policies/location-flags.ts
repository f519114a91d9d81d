import { hasAnySystemRole, hasSystemRole } from '../permissions';
import type { PermissionFlags, RoleRef } from './types';

/** Warning shown when someone else tries to remove a user's last conference (SPEC.md section 8). */
export const LAST_CONFERENCE_MESSAGE = 'Only Super Admins can remove the last conference from a user!';

/** Superadmin, Conference Admin and District Admin toggle 'primary' on locations and 'Home' on memberships. */
export function canTogglePrimary(input: { roles: RoleRef[] }): boolean {
  return hasAnySystemRole(input.roles, ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin']);
}

/** Only superadmins may remove a user's last conference. */
export function canRemoveLastConference(input: { roles: RoleRef[] }): boolean {
  return hasSystemRole(input.roles, 'Superadmin');
}

/**
 * Whether removing the given permission would leave the user without an active conference
 * permission (denials are not memberships and do not count).
 */
export function isLastActiveConference(input: {
  permissions: Array<PermissionFlags & { permissionId: string }>;
  permissionId: string;
}): boolean {
  const conferences = input.permissions.filter((p) => p.entity === 'Conference' && p.active && !p.denial);
  return conferences.length === 1 && conferences[0].permissionId === input.permissionId;
}
