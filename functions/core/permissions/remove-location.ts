import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { scoped } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { LAST_CONFERENCE_MESSAGE, canRemoveLastConference, isLastActiveConference } from '../../../shared/auth/policies';
import type { PermissionView } from '../../../shared/schemas/permission';
import type { AuthContext } from '../session/resolve-session';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { getLocation } from '../../db/access/location-store';
import { findPermissionById } from './permission-lookup';
import { permissionView, type PermissionItem } from './permission-views';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { TransactionEntities, TransactionWrite } from '../../db/transact';
import { changeUserAccess, type AccessPlan } from '../users/user-access-change';
import { auditActorOf } from '../records/audit-write';

export const ONLY_ACTIVE_REMOVED_MESSAGE = 'Only active locations can be removed.';

/** A versioned patch of one permission, for a transaction. */
export function patchPermission(item: PermissionItem, changes: Partial<Pick<PermissionItem, 'active' | 'primary'>>): TransactionWrite {
  return (tx: TransactionEntities) =>
    tx.permission
      .patch({ userId: item.userId, permissionId: item.permissionId })
      .set(changes)
      .add({ version: 1 })
      .where(ifVersion(item.version))
      .commit();
}

/**
 * Removes a user's location: the permission becomes inactive (kept for history), the user
 * leaves that scope's lists, and a removed primary hands primary to another active
 * permission of the kind. A user's last active conference: superadmins only.
 */
export async function removeUserLocation(auth: AuthContext, permissionId: string): Promise<PermissionView> {
  const found = await findPermissionById(permissionId);
  if (!found) throw new NotFoundError('Location not found.');
  const target = await loadTargetUser(found.userId);
  const removed = target.permissions.find((permission) => permission.permissionId === permissionId);
  if (!removed) throw new NotFoundError('Location not found.');
  if (!canSeeTarget(auth, target) || !auth.ability.can('delete', scoped('Permission', { ancestorIds: removed.ancestorIds }))) throw new ForbiddenError();
  if (!removed.active) throw new BusinessRuleError(ONLY_ACTIVE_REMOVED_MESSAGE);
  if (isLastActiveConference({ permissions: target.permissions, permissionId }) && !canRemoveLastConference({ roles: auth.roles })) {
    throw new BusinessRuleError(LAST_CONFERENCE_MESSAGE);
  }

  // The place is read before the write (it was read after it for the answer), so the audit entry can name it.
  const place = (await getLocation(removed.entityId)) ?? undefined;
  const result = await changeUserAccess(target.user.userId, (fresh) => planRemoval(fresh, permissionId, place?.name ?? removed.entityId), auditActorOf(auth));
  return permissionView(result, place);
}

/**
 * The removal itself, from the user's current state: the permission becomes inactive and a
 * removed primary hands primary to another active permission of the kind. Already inactive
 * (a concurrent removal won): nothing to write.
 */
function planRemoval(target: UserAggregate, permissionId: string, placeName: string): AccessPlan<PermissionItem> {
  const removed = target.permissions.find((permission) => permission.permissionId === permissionId);
  if (!removed) throw new NotFoundError('Location not found.');
  if (!removed.active) return { writes: [], result: removed };
  const heir = removed.primary
    ? grants(target.permissions).find((permission) => permission.entity === removed.entity && permission.permissionId !== permissionId)
    : undefined;
  return {
    writes: [patchPermission(removed, { active: false, primary: false }), ...(heir ? [patchPermission(heir, { primary: true })] : [])],
    result: { ...removed, active: false, primary: false, version: removed.version + 1 },
    audit: { action: 'user.location.removed', kind: 'locations', changes: [{ field: 'location', before: `${placeName} (${removed.entity})` }, ...(heir ? [{ field: `primary ${removed.entity}`, before: placeName, after: heir.entityId }] : [])] },
  };
}
