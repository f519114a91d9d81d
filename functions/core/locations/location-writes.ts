import { db } from '../../db/service';
import { directoryChanges, type DirectoryChanges } from '../../db/directory';
import { countCommits, writeDirectoryEntries } from '../../db/directory-writes';
import { assertCommitted, ifVersion, isConditionFailure } from '../../db/versioned';
import { entriesOf } from './location-entries';
import { getLocation, type LocationItem } from './location-store';
import { refreshMembershipChurchNames } from './refresh-membership-names';

type Entities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];
type Commit = ReturnType<ReturnType<Entities['location']['create']>['commit']>;

const ATTEMPTS = 5;
/** Many conferences of one area may change at once (imports, the benchmark's ten clients). */
const AREA_NAME_ATTEMPTS = 12;

/**
 * One transaction: the location's own write plus the directory counters it moves. Counters
 * are shared by every location of a kind in a scope, so concurrent writers may collide on
 * them: a TransactionConflict is tried again; a failed version condition is a 409.
 */
async function commitWithCounts(write: (entities: Entities) => Commit, changes: DirectoryChanges): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await db()
      .transaction.write((entities) => [write(entities), ...countCommits(entities, changes)])
      .go();
    const conflict = result.canceled && result.data.some((item) => item.code === 'TransactionConflict');
    if (!conflict || attempt === ATTEMPTS) return assertCommitted(result);
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}

/** Writes a new location with its counters, then its directory entries. */
export async function writeNewLocation(item: LocationItem): Promise<void> {
  const changes = directoryChanges([], entriesOf(item));
  await commitWithCounts((entities) => entities.location.create(item).commit(), changes);
  await writeDirectoryEntries(changes);
  if (item.kind === 'Conference' && item.parentId) await changeAreaConferenceNames(item.parentId, (names) => [...names, item.name]);
}

/**
 * Renames, deactivates or reactivates `before` into `after` when the stored version is
 * still `expectedVersion` (else StaleVersionError), then refreshes what copies the name:
 * the directory entries, the children's parent name, an episcopal area's conference names,
 * a church's members' copies of its name.
 */
export async function writeLocationChange(before: LocationItem, after: LocationItem, expectedVersion: number): Promise<void> {
  const changes = directoryChanges(entriesOf(before), entriesOf(after));
  await commitWithCounts(
    (entities) =>
      withKeyParts(entities.location.patch({ locationId: before.locationId }), before)
        .set({ ...(after.name !== before.name ? { name: after.name } : {}), active: after.active, updatedAt: after.updatedAt })
        .add({ version: 1 })
        .where(ifVersion(expectedVersion))
        .commit(),
    changes,
  );
  await writeDirectoryEntries(changes);
  if (after.name !== before.name) await Promise.all([refreshChildrenParentName(after), refreshMembershipChurchNames(after)]);
  const listedBefore = before.active ? [before.name] : [];
  const listedAfter = after.active ? [after.name] : [];
  if (after.kind === 'Conference' && after.parentId && String(listedBefore) !== String(listedAfter)) {
    await changeAreaConferenceNames(after.parentId, (names) => [...withoutFirst(names, before.name, before.active), ...listedAfter]);
  }
}

/**
 * The name is in the byParent and byKind sort keys, so ElectroDB needs the other parts of
 * those keys to rebuild them. Its transaction typings lack `composite` (it exists at runtime).
 */
function withKeyParts<P>(patch: P, item: LocationItem): P {
  return (patch as P & { composite(parts: Partial<LocationItem>): P }).composite({ kind: item.kind, parentId: item.parentId });
}

function withoutFirst(names: string[], name: string, present: boolean): string[] {
  const index = present ? names.indexOf(name) : -1;
  return index < 0 ? names : [...names.slice(0, index), ...names.slice(index + 1)];
}

const CHILD_WRITES_AT_ONCE = 25;

/** Children show their parent's name (tables, pickers): copy the new one onto each child and its entries. */
async function refreshChildrenParentName(parent: LocationItem): Promise<void> {
  const { data: children } = await db().entities.location.query.byParent({ parentId: parent.locationId }).go({ pages: 'all' });
  const stale = children.filter((child) => child.parentName !== parent.name);
  for (let start = 0; start < stale.length; start += CHILD_WRITES_AT_ONCE) {
    const batch = stale.slice(start, start + CHILD_WRITES_AT_ONCE);
    await Promise.all(batch.map((child) => db().entities.location.patch({ locationId: child.locationId }).set({ parentName: parent.name }).go()));
    const changes = batch.map((child) => directoryChanges(entriesOf(child), entriesOf({ ...child, parentName: parent.name })));
    await writeDirectoryEntries({ puts: changes.flatMap((c) => c.puts), deletes: changes.flatMap((c) => c.deletes) });
  }
}

/**
 * An episcopal area lists its active conferences' names (its table column). Changed by
 * read, modify and a write conditioned on the list read, so two conferences changing at
 * once both land; the area's directory entries carry the names too.
 */
export async function changeAreaConferenceNames(areaId: string, change: (names: string[]) => string[]): Promise<void> {
  for (let attempt = 1; attempt <= AREA_NAME_ATTEMPTS; attempt++) {
    // The conference write has committed already: back off with jitter so writers under one area spread out.
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
    const area = await getLocation(areaId);
    if (!area || area.kind !== 'EpiscopalArea') return;
    const before = area.childNames ?? [];
    const after = [...new Set(change(before))].sort((a, b) => a.localeCompare(b));
    if (String(before) === String(after)) return;
    try {
      await db()
        .entities.location.patch({ locationId: areaId })
        .set({ childNames: after })
        .where((attributes, operations) => (area.childNames ? operations.eq(attributes.childNames, before) : operations.notExists(attributes.childNames)))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    await writeDirectoryEntries(directoryChanges(entriesOf(area), entriesOf({ ...area, childNames: after })));
    return;
  }
  throw new Error(`Episcopal area ${areaId}: conference names kept changing`);
}
