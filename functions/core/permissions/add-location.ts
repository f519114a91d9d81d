import { newId } from '../../db/ids';
import { ifVersion } from '../../db/versioned';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { scoped } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import type { LocationKind } from '../../../shared/auth/vocabulary';
import type { PermissionView } from '../../../shared/schemas/permission';
import type { AuthContext } from '../session/resolve-session';
import { getLocation, type LocationItem } from '../../db/access/location-store';
import { permissionView, type PermissionItem } from './permission-views';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import { changeUserAccess, type AccessPlan } from '../users/user-access-change';
import { auditActorOf } from '../records/audit-write';
import { assertMayExtendRoles } from '../roles/grant-rules';
import type { TransactionEntities } from '../../db/transact';

export interface AddLocationInput {
  userIds: string[];
  entity: LocationKind;
  entityId: string;
}

/**
 * Gives users a location (the Add Location dialog). Everything is checked before anything
 * is written: the location exists, is active and of the named kind; the caller sees every
 * user and may create permissions there. Each user then gets their own transaction
 * (their directory counts move with their permission).
 */
export async function addUsersLocation(auth: AuthContext, input: AddLocationInput): Promise<PermissionView[]> {
  const place = await getLocation(input.entityId);
  if (!place || !place.active || place.kind !== input.entity) throw new ValidationError({ entityId: ['Location is required'] });
  const targets = await Promise.all([...new Set(input.userIds)].map(loadTargetUser));
  const mayCreate = auth.ability.can('create', scoped('Permission', { ancestorIds: place.ancestorIds }));
  if (!mayCreate || targets.some((target) => !canSeeTarget(auth, target))) throw new ForbiddenError();
  // A new location extends the roles the user holds: only where the caller could hold them.
  for (const target of targets) await assertMayExtendRoles(auth, target, place);

  const granted: PermissionView[] = [];
  for (const target of targets) granted.push(permissionView(await changeUserAccess(target.user.userId, (fresh) => planGrant(fresh, place), auditActorOf(auth)), place));
  return granted;
}

/**
 * An existing permission on the location is reactivated (a denial becomes a grant) rather
 * than duplicated; an active one is returned as it is. The user's first active location
 * of a kind becomes primary.
 */
function planGrant(target: UserAggregate, place: LocationItem): AccessPlan<PermissionItem> {
  const existing = target.permissions.find((permission) => permission.entityId === place.locationId);
  if (existing?.active && !existing.denial) return { writes: [], result: existing };

  const kind = place.kind as LocationKind;
  const primary = !grants(target.permissions).some((permission) => permission.entity === kind);
  const now = new Date().toISOString();
  const granted: PermissionItem = existing
    ? { ...existing, ancestorIds: place.ancestorIds, active: true, denial: false, primary, version: existing.version + 1, updatedAt: now }
    : {
        userId: target.user.userId,
        permissionId: newId(),
        entity: kind,
        entityId: place.locationId,
        ancestorIds: place.ancestorIds,
        active: true,
        primary,
        denial: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };

  const write = existing
    ? (tx: TransactionEntities) =>
        tx.permission
          .patch({ userId: existing.userId, permissionId: existing.permissionId })
          .set({ ancestorIds: place.ancestorIds, active: true, denial: false, primary })
          .add({ version: 1 })
          .where(ifVersion(existing.version))
          .commit()
    : (tx: TransactionEntities) => tx.permission.create(granted).commit();

  const changes = [{ field: 'location', after: `${place.name} (${kind})` }, ...(primary ? [{ field: `primary ${kind}`, after: place.name }] : [])];
  return { writes: [write], result: granted, audit: { action: 'user.location.added', kind: 'locations', changes, alsoScopeIds: place.ancestorIds } };
}
