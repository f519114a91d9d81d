import { grants } from '../../../shared/auth/permissions';
import type { LocationKind } from '../../../shared/auth/vocabulary';
import { getLocations, type LocationItem } from '../../db/access/location-store';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { newId } from '../../db/ids';
import type { TransactionWrite } from '../../db/transact';
import { patchPermission } from '../permissions/remove-location';
import type { PermissionItem } from '../permissions/permission-views';
import type { AuditActor } from '../records/audit-write';
import { changeUserAccess, type AccessPlan } from '../users/user-access-change';
import { transferChanges, transferPersonEntry } from './transfer-records';
import type { TransferItem } from './transfer-store';

/**
 * The candidate's places follow the transfer: every place they hold in the sending conference
 * is removed (kept inactive, for history) and the receiving conference, the district and the
 * church (when one was named) are given, each primary of its kind when the person holds no other.
 * One access change (user-access-change.ts: versioned, projected), with an entry in the person's
 * History for each conference. A repeat finds nothing to do.
 */
export async function movePersonPlaces(transfer: TransferItem, actor: AuditActor): Promise<void> {
  // The receiving conference, then its chain down to the place (district, and church when named); a place gone since is left out.
  const chain = transfer.toAncestorIds.slice(transfer.toAncestorIds.indexOf(transfer.toConferenceId));
  const places = await getLocations(chain);
  await changeUserAccess(transfer.participantId, (target) => planMove(target, transfer, places, actor));
}

function planMove(target: UserAggregate, transfer: TransferItem, places: LocationItem[], actor: AuditActor): AccessPlan<null> {
  const held = grants(target.permissions);
  const leaving = held.filter((permission) => permission.ancestorIds.includes(transfer.fromConferenceId));
  const staying = held.filter((permission) => !leaving.includes(permission));
  const now = new Date().toISOString();
  const writes: TransactionWrite[] = leaving.map((permission) => patchPermission(permission, { active: false, primary: false }));
  for (const place of places) {
    if (staying.some((permission) => permission.entityId === place.locationId)) continue;
    const kind = place.kind as LocationKind;
    const primary = !staying.some((permission) => permission.entity === kind);
    const existing = target.permissions.find((permission) => permission.entityId === place.locationId);
    writes.push(existing ? reactivate(existing, place, primary) : (tx) => tx.permission.create(grant(target, place, kind, primary, now)).commit());
  }
  if (writes.length === 0) return { writes: [], result: null };
  const record = { ...target, permissions: [...staying, ...places.map((place) => ({ ...grant(target, place, place.kind as LocationKind, false, now) }))] };
  return {
    writes: [
      ...writes,
      transferPersonEntry(actor, target, transfer, 'from', 'user.transfer.completed', transferChanges(transfer)),
      transferPersonEntry(actor, record, transfer, 'to', 'user.transfer.completed', transferChanges(transfer)),
    ],
    result: null,
  };
}

function grant(target: UserAggregate, place: LocationItem, kind: LocationKind, primary: boolean, now: string): PermissionItem {
  return {
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
}

function reactivate(existing: PermissionItem, place: LocationItem, primary: boolean): TransactionWrite {
  return (tx) =>
    tx.permission
      .patch({ userId: existing.userId, permissionId: existing.permissionId })
      .set({ ancestorIds: place.ancestorIds, active: true, denial: false, primary })
      .add({ version: 1 })
      .where((attributes, operations) => operations.eq(attributes.version, existing.version))
      .commit();
}
