import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { scoped } from '../../../shared/auth/ability';
import { canTogglePrimary } from '../../../shared/auth/policies';
import type { PermissionView } from '../../../shared/schemas/permission';
import type { AuthContext } from '../session/resolve-session';
import { permissionViews } from './permission-views';
import { patchPermission } from './remove-location';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import { transact } from '../../db/transact';
import { personEntry } from '../records/audit-records';

export const ONLY_ACTIVE_PRIMARY_MESSAGE = 'Only active locations can be primary.';

/**
 * Makes an active permission the user's primary one of its kind. The old primary is cleared
 * in the same transaction, both conditioned on the versions read, so two admins clicking at
 * once cannot leave two primaries. Returns the user's permissions.
 */
export async function setPrimaryLocation(auth: AuthContext, input: { permissionId: string; userId: string }): Promise<PermissionView[]> {
  if (!canTogglePrimary({ roles: auth.roles })) throw new ForbiddenError();
  const target = await loadTargetUser(input.userId);
  const chosen = target.permissions.find((permission) => permission.permissionId === input.permissionId);
  if (!chosen) throw new NotFoundError('Location not found.');
  if (!canSeeTarget(auth, target) || !auth.ability.can('update', scoped('Permission', { ancestorIds: chosen.ancestorIds }))) throw new ForbiddenError();
  if (!chosen.active || chosen.denial) throw new BusinessRuleError(ONLY_ACTIVE_PRIMARY_MESSAGE);
  if (chosen.primary) return permissionViews(target.permissions);

  const previous = target.permissions.filter((p) => p.entity === chosen.entity && p.primary && p.permissionId !== chosen.permissionId);
  // Permissions carry ids, not names: the entry names the places by id (the History shows them as they are now).
  const change = [{ field: `primary ${chosen.entity}`, ...(previous[0] ? { before: previous[0].entityId } : {}), after: chosen.entityId }];
  await transact([
    patchPermission(chosen, { primary: true }),
    ...previous.map((p) => patchPermission(p, { primary: false })),
    personEntry(auth, target, 'user.location.primary', 'locations', change),
  ]);

  const after = target.permissions.map((permission) => {
    if (permission === chosen) return { ...permission, primary: true, version: permission.version + 1 };
    if (previous.includes(permission)) return { ...permission, primary: false, version: permission.version + 1 };
    return permission;
  });
  return permissionViews(after);
}
