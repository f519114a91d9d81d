import { grantedIds, grants, hasSystemRole } from '../permissions';
import type { ChainedPermission, PermissionFlags, RoleRef } from './types';

export interface UserVisibilityInput {
  viewerId: string;
  viewerRoles: RoleRef[];
  viewerPermissions: PermissionFlags[];
  target: { id: string; permissions: ChainedPermission[] };
}

/**
 * Whom a user may see (SPEC.md sections 5 and 6): a superadmin everyone; anyone else
 * themselves and the users with an active permission at or inside one of the viewer's
 * active, non-denied locations. That one containment rule is what the role sentences say:
 * a district admin sees users sharing their districts (and the churches in them), a
 * conference admin users in their conferences or the districts of those, others the users
 * in their assigned locations.
 */
export function canSeeUser(input: UserVisibilityInput): boolean {
  if (hasSystemRole(input.viewerRoles, 'Superadmin')) return true;
  if (input.viewerId === input.target.id) return true;
  const viewerLocations = grantedIds(input.viewerPermissions);
  return grants(input.target.permissions).some((p) => p.ancestorIds.some((id) => viewerLocations.has(id)));
}
