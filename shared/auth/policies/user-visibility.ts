import { deniedIds, grants, hasSystemRole } from '../permissions';
import { grantsAllowing, type RoleWithPolicies } from '../role-scope';
import type { ChainedPermission, PermissionFlags } from './types';

export interface UserVisibilityInput {
  viewerId: string;
  /** The viewer's roles with their policies: only roles that read users make people visible. */
  viewerRoles: RoleWithPolicies[];
  viewerPermissions: ChainedPermission[];
  target: { id: string; permissions: ChainedPermission[] };
}

/**
 * Whom a user may see (SPEC.md sections 5 and 6): a superadmin everyone; anyone else
 * themselves and the users with an active permission at or inside a location where one
 * of the viewer's roles reads users and governs (role-scope.ts). So a district admin sees
 * users sharing their districts, a conference admin users in their conferences or the
 * districts of those, and a district admin who also holds a conference permission still
 * only their districts. A viewer's denial on any of the target's locations hides the
 * target, exactly as the ability's inverted rule does for the target as a whole.
 */
export function canSeeUser(input: UserVisibilityInput): boolean {
  if (hasSystemRole(input.viewerRoles, 'Superadmin')) return true;
  if (input.viewerId === input.target.id) return true;
  const readable = grantsAllowing({ roles: input.viewerRoles, permissions: input.viewerPermissions }, 'read', 'User');
  const readableIds = new Set(readable === 'everywhere' ? [] : readable.map((p) => p.entityId));
  const denied = deniedIds(input.viewerPermissions as PermissionFlags[]);
  const chains = grants(input.target.permissions).map((p) => p.ancestorIds);
  if (chains.some((chain) => chain.some((id) => denied.has(id)))) return false;
  return chains.some((chain) => chain.some((id) => readableIds.has(id)));
}
