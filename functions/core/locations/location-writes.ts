import { projectOrWait } from '../../db/directory-projection';
import type { LocationKind } from '../../../shared/auth/vocabulary';
import { claimName, moveName, type NameClaim } from '../../db/claims';
import { newJob } from '../../db/jobs';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { log } from '../../lib/log';
import { duplicateNameMessage } from './kind-labels';
import type { LocationItem } from '../../db/access/location-store';
import { projectLocation } from './location-projector';
import { locationRecord } from '../records/audit-records';
import { auditEntryWrite, fieldChange, recordChanges, type AuditActor, type AuditEntryInput } from '../records/audit-write';

/**
 * Location writes (ARCHITECTURE.md section 5): the location, its name claim among its
 * parent's children and, when the change reaches further than one transaction, the job that
 * carries it there, all in ONE transaction. Derived data (directory entries and counts, an
 * area's conference names) is then projected as a fast path; the stream repairs whatever
 * the fast path misses.
 */
export function nameClaimOf(item: Pick<LocationItem, 'kind' | 'parentId' | 'name' | 'locationId'>): NameClaim {
  return { kind: `location:${item.kind}`, scope: item.parentId ?? 'system', name: item.name, ownerId: item.locationId };
}

function claimOf(item: LocationItem, field = 'name'): TransactionItem {
  return claimName(nameClaimOf(item), field, duplicateNameMessage(item.kind as LocationKind));
}

/** New locations, each with its claim, in one transaction (at most 50 per call: two items each). */
export async function writeNewLocations(items: LocationItem[], actor: AuditActor, fieldOf: (index: number) => string = () => 'name'): Promise<void> {
  await transact(
    items.flatMap((item, index) => [
      (tx) => tx.location.create(item).commit(),
      claimOf(item, fieldOf(index)),
      auditEntryWrite({ actor, ...locationRecord(item), action: 'location.created', kind: 'created', changes: [...fieldChange('name', undefined, item.name), ...fieldChange('parent', undefined, item.parentName)] }),
    ] as TransactionItem[]),
  );
  await projectAfterWrite(items.flatMap(touchedBy));
}

export interface LocationChange {
  before: LocationItem;
  after: LocationItem;
  /** The version the client read; the write fails with 409 if the item moved on. */
  expectedVersion: number;
  /** Who asked: owns the follow-up job, if any. */
  actorId: string;
  /** Who asked, for the location's History. */
  actor: AuditActor;
}

/** The change as its History tells it: one action and kind, the fields before and after. */
function locationAudit(before: LocationItem, after: LocationItem): Pick<AuditEntryInput<'Location'>, 'action' | 'kind' | 'changes'> {
  const changes = recordChanges(before, after, ['name', 'parentName', 'active', 'timeZone', 'quietHoursStart', 'quietHoursEnd']);
  if (after.parentId !== before.parentId) return { action: 'location.moved', kind: 'move', changes };
  if (after.active !== before.active) return { action: after.active ? 'location.reactivated' : 'location.deactivated', kind: 'activation', changes };
  return { action: 'location.updated', kind: 'details', changes };
}

/**
 * Renames, moves, deactivates or reactivates a location. A new name or parent moves the name
 * claim; a new name starts the job refreshing copies of it (children carry their parent's name,
 * members their church's); a new
 * parent starts the move job (descendants, permissions, memberships follow). Returns that job's id.
 */
export async function writeLocationChange({ before, after, expectedVersion, actorId, actor }: LocationChange): Promise<string | undefined> {
  const renamed = after.name !== before.name;
  const moved = after.parentId !== before.parentId;
  const job = moved
    ? newJob({ kind: 'location.move', ownerId: actorId, title: `Moving ${after.name} to ${after.parentName}`, input: { locationId: after.locationId } })
    : renamed
      ? newJob({ kind: 'location.refreshCopies', ownerId: actorId, title: `Updating copies of the name ${after.name}`, input: { locationId: after.locationId } })
      : undefined;

  const set = {
    ...(renamed ? { name: after.name } : {}),
    ...(moved ? { parentId: after.parentId, parentName: after.parentName, ancestors: after.ancestors, ancestorIds: after.ancestorIds } : {}),
    active: after.active,
    ...messagingSet(before, after),
    updatedAt: after.updatedAt,
  };
  await transact([
    (tx) =>
      withKeyParts(tx.location.patch({ locationId: before.locationId }), before, set)
        .set(set)
        .add({ version: 1 })
        .where(ifVersion(expectedVersion))
        .commit(),
    ...moveName(nameClaimOf(before), nameClaimOf(after), 'name', duplicateNameMessage(after.kind as LocationKind)),
    ...(job ? [job.write] : []),
    auditEntryWrite({ actor, ...locationRecord(after), ...locationAudit(before, after) }),
  ]);
  await projectAfterWrite([...touchedBy(before), ...touchedBy(after)]);
  return job?.jobId;
}

/** A conference's messaging settings that changed (nothing derived copies them). */
function messagingSet(before: LocationItem, after: LocationItem) {
  const fields = ['timeZone', 'quietHoursStart', 'quietHoursEnd'] as const;
  return Object.fromEntries(fields.filter((field) => after[field] !== undefined && after[field] !== before[field]).map((field) => [field, after[field]]));
}

/** Locations whose derived data a write of `item` changes: itself, and an area listing a conference. */
function touchedBy(item: LocationItem): string[] {
  return item.kind === 'Conference' && item.parentId ? [item.locationId, item.parentId] : [item.locationId];
}

/**
 * The request's fast path: the caller sees their change on the next read. A failure here is
 * logged, not answered: the write committed, and the stream runs the same projection.
 */
async function projectAfterWrite(locationIds: string[]): Promise<void> {
  const pending = [...new Set(locationIds)];
  // A few at a time: a bulk create's 25 locations share counters, so more at once only collide.
  const next = async (): Promise<void> => {
    for (let locationId = pending.shift(); locationId; locationId = pending.shift()) {
      const id = locationId;
      await projectOrWait(() => projectLocation(id), 'request').catch((error) => log('warn', 'location projection deferred to the stream', { locationId: id, error: String(error) }));
    }
  };
  await Promise.all(Array.from({ length: PROJECTIONS_AT_ONCE }, next));
}

const PROJECTIONS_AT_ONCE = 4;

/**
 * The name and parent are in the byParent and byKind keys, so ElectroDB needs the other parts
 * of those keys to rebuild them: the ones this write does not set, as stored (ElectroDB also
 * conditions the write on them). Its transaction typings lack `composite` (it exists at runtime).
 */
function withKeyParts<P>(patch: P, stored: LocationItem, set: Partial<LocationItem>): P {
  const parts = { kind: stored.kind, parentId: stored.parentId, name: stored.name };
  const unchanged = Object.fromEntries(Object.entries(parts).filter(([field]) => !(field in set)));
  return (patch as P & { composite(parts: Partial<LocationItem>): P }).composite(unchanged);
}
