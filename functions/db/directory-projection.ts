import { createHash, randomUUID } from 'node:crypto';
import { db } from './service';
import { entryKey, isCountedList, type DirectoryEntryInput } from './directory';
import { isConditionFailure } from './versioned';
import { retry, transact, TRANSACTION_MAX_ITEMS, jitteredDelay, type TransactionWrite } from './transact';

/**
 * Applies what a projector wants a target's directory entries to be (ARCHITECTURE.md
 * section 5: derived data is recomputed from the source's current state). The record of
 * what was last written (entities/projection.ts) replaces "the old image": runs diff
 * against it, so a crash at any point is repaired by the next run, whoever starts it (the
 * request's fast path, the stream worker, a job step, `npm run rebuild:directory`).
 *
 * One run per target at a time (a lease on the record). Under the lease:
 *   1. the record first gains the keys about to be written (so a crash cannot leave
 *      entries nobody knows of),
 *   2. the wanted entries not yet written as wanted are put (new ones, and ones whose row
 *      changed) and the ones no longer wanted deleted,
 *   3. counted memberships change in transactions together with the counters they move
 *      (exactly once, whatever crashes),
 *   4. the record keeps only the wanted keys, notes which entries are now written as wanted
 *      (`written`: key and a digest of the whole entry), and the lease is released.
 * A run that changes nothing (the stream replaying the request's fast path) writes no entry;
 * a user given one more church writes that church's entries, not all of theirs again.
 */
export type ProjectionSource = 'user' | 'location' | 'enrolment' | 'dashboard';

/**
 * A dashboard figure a target is counted in (entities/scope-tally.ts): counted, never listed.
 * `weight` (a whole number, default 1) is what the target adds: an enrolment adds its three Ready
 * steps to `steps:Ready` as one membership of weight 3. A new weight is a membership of its own
 * (the old one's weight taken off, the new one's added), so the counts stay exact.
 */
export interface TallyInput {
  scopeId: string;
  metric: string;
  weight?: number;
}

export interface DesiredEntries {
  entries: DirectoryEntryInput[];
  /** Dashboard figures the target counts in; absent: none. */
  tallies?: TallyInput[];
  /** The source's version as read, for the drift report. */
  sourceVersion: string;
}

export type ProjectionOutcome = 'projected' | 'busy';

/** Long enough for any run (a few hundred entries); a crashed run's lease lapses after it. */
const LEASE_MS = 60_000;
const ENTRY_BATCH = 25;
const KEY_SEPARATOR = '\u0000';

interface ProjectionRecord {
  entries?: string[];
  counted?: string[];
  tallied?: string[];
  written?: string[];
}

export interface ProjectOptions {
  /** Put every wanted entry whatever the record says is written (after a restore: `rebuild:directory`). */
  rewrite?: boolean;
}

/** Test seam: throws at a named step, to show that a crash there is repaired by the next run. */
export const projectionFaults: { failAt?: 'afterIntent' | 'afterEntries' | 'afterCounts' } = {};

function fail(step: NonNullable<typeof projectionFaults.failAt>): void {
  if (projectionFaults.failAt === step) throw new Error(`Injected projection fault at ${step}`);
}

function countedKey(scopeId: string, list: string): string {
  return `${scopeId}${KEY_SEPARATOR}${list}`;
}

/** An entry's key with a digest of all it holds: equal marks, equal items in the table. */
function writtenMark(entryKey: string, entry: DirectoryEntryInput): string {
  const digest = createHash('sha256').update(JSON.stringify(entry)).digest('base64url').slice(0, 12);
  return `${entryKey}${WRITTEN_SEPARATOR}${digest}`;
}

const WRITTEN_SEPARATOR = '\u0002';

/** The counted lists these entries put their target in. */
function countedKeysOf(entries: DirectoryEntryInput[]): Set<string> {
  return new Set(entries.filter((entry) => isCountedList(entry.list)).map((entry) => countedKey(entry.scopeId, entry.list)));
}

/** The record's `tallied` set for these figures: `scope NUL metric NUL weight`. */
export function talliedKeysOf(tallies: TallyInput[] | undefined): Set<string> {
  return new Set((tallies ?? []).filter((tally) => (tally.weight ?? 1) !== 0).map((tally) => `${countedKey(tally.scopeId, tally.metric)}${KEY_SEPARATOR}${tally.weight ?? 1}`));
}

function splitKey(key: string): string[] {
  return key.split(KEY_SEPARATOR);
}

/**
 * The record a finished run leaves for these entries, for writers that put a target's entries
 * and counts in bulk themselves (the large seed): later runs then diff against what is really
 * there instead of counting the target a second time.
 */
export function finishedProjection(source: ProjectionSource, targetId: string, desired: DesiredEntries, projectedAt: string) {
  const entries = desired.entries.map(entryKey);
  const counted = [...countedKeysOf(desired.entries)];
  const tallied = [...talliedKeysOf(desired.tallies)];
  const written = desired.entries.map((entry) => writtenMark(entryKey(entry), entry));
  // DynamoDB stores no empty set: a target with nothing listed has no set at all.
  return {
    source,
    targetId,
    sourceVersion: desired.sourceVersion,
    projectedAt,
    leaseUntil: 0,
    ...(entries.length && { entries, written }),
    ...(counted.length && { counted }),
    ...(tallied.length && { tallied }),
  };
}

/**
 * Runs `desired` for one target under its lease and applies the result. 'busy' when another
 * run holds the lease: that run, or the stream's retry of this change, will see the latest state.
 */
export async function project(source: ProjectionSource, targetId: string, desired: () => Promise<DesiredEntries>, options: ProjectOptions = {}): Promise<ProjectionOutcome> {
  const owner = randomUUID();
  const record = await acquireLease(source, targetId, owner);
  if (!record) return 'busy';
  try {
    await apply(source, targetId, owner, options.rewrite ? { ...record, written: [] } : record, await desired());
  } catch (error) {
    await releaseLease(source, targetId, owner).catch(() => undefined);
    throw error;
  }
  return 'projected';
}

/**
 * True when the target's record says its entries and counts are already what `desired` wants
 * (read only: no lease taken). A walk over many targets (the re-index job) asks this first and
 * projects only those that differ, so a second walk writes nothing; a change racing the check is
 * projected by its own writer anyway.
 */
export async function projectionCurrent(source: ProjectionSource, targetId: string, desired: DesiredEntries): Promise<boolean> {
  const { data } = await db().entities.projection.get({ source, targetId }).go({ consistent: true });
  const record = (data ?? {}) as ProjectionRecord;
  const sameSet = (held: string[] | undefined, wanted: Set<string>) => (held ?? []).length === wanted.size && (held ?? []).every((key) => wanted.has(key));
  const keys = desired.entries.map(entryKey);
  return (
    sameSet(record.entries, new Set(keys)) &&
    sameSet(record.written, new Set(desired.entries.map((entry, index) => writtenMark(keys[index], entry)))) &&
    sameSet(record.counted, countedKeysOf(desired.entries)) &&
    sameSet(record.tallied, talliedKeysOf(desired.tallies))
  );
}

/**
 * How long to wait for another run's lease. A request waits little (its caller is waiting; the
 * stream repairs whatever the fast path misses); a job step can wait longer and is repeated anyway.
 */
const PATIENCE = { request: { attempts: 3, baseMs: 20 }, job: { attempts: 6, baseMs: 50 } } as const;

/**
 * Runs a projection, waiting briefly while another run holds its lease (that run may have read
 * the state before the caller's change). For the request's fast path, so the caller reads their
 * change, and for job steps. Still busy: throws, and the caller leaves it to the stream (a
 * request) or repeats the step (a job; steps are idempotent).
 */
export async function projectOrWait(run: () => Promise<ProjectionOutcome>, patience: keyof typeof PATIENCE = 'job'): Promise<void> {
  const outcome = await retry(run, { ...PATIENCE[patience], again: ({ value }) => value === 'busy' });
  if (outcome === 'busy') throw new Error('A projection stayed busy');
}

async function acquireLease(source: ProjectionSource, targetId: string, owner: string): Promise<ProjectionRecord | null> {
  const now = Date.now();
  try {
    const { data } = await db()
      .entities.projection.update({ source, targetId })
      .set({ leaseOwner: owner, leaseUntil: now + LEASE_MS })
      .where((attributes, operations) => `${operations.notExists(attributes.leaseUntil)} OR ${operations.lt(attributes.leaseUntil, now)}`)
      .go({ response: 'all_new' });
    return data as ProjectionRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

async function releaseLease(source: ProjectionSource, targetId: string, owner: string): Promise<void> {
  await db()
    .entities.projection.patch({ source, targetId })
    .set({ leaseUntil: 0 })
    .remove(['leaseOwner'])
    .where((attributes, operations) => operations.eq(attributes.leaseOwner, owner))
    .go();
}

function ownedBy(owner: string) {
  return (attributes: any, operations: any): string => operations.eq(attributes.leaseOwner, owner);
}

async function apply(source: ProjectionSource, targetId: string, owner: string, record: ProjectionRecord, desired: DesiredEntries): Promise<void> {
  const key = { source, targetId };
  const known = new Set(record.entries ?? []);
  const wanted = new Map(desired.entries.map((entry) => [entryKey(entry), entry]));

  // 1. Intent: the record knows every key before it exists in the table.
  const adding = [...wanted.keys()].filter((entry) => !known.has(entry));
  if (adding.length) await db().entities.projection.patch(key).add({ entries: adding }).where(ownedBy(owner)).go();
  fail('afterIntent');

  // 2. Entries: what is not written as wanted yet. `written` is noted only after the puts (step
  // 4), so a crashed run's puts are made again by the next one; puts are idempotent.
  const writtenNow = new Set(record.written ?? []);
  const wantedWritten = new Map([...wanted].map(([entry, input]) => [writtenMark(entry, input), input]));
  const puts = [...wantedWritten].filter(([mark]) => !writtenNow.has(mark)).map(([, input]) => input);
  const stale = [...known].filter((entry) => !wanted.has(entry));
  await batchWrite(stale, (chunk) =>
    db()
      .entities.directoryEntry.delete(
        chunk.map((entry) => {
          const [scopeId, list, term, target] = splitKey(entry);
          return { scopeId, list, term, targetId: target };
        }),
      )
      .go(),
  );
  await batchWrite(puts, (chunk) => db().entities.directoryEntry.put(chunk).go());
  fail('afterEntries');

  // 3. Counts, each membership with its counter: the directory's counted lists, then the dashboard's figures.
  await moveCounts(key, owner, 'counted', record.counted, countedKeysOf(desired.entries), ([scopeId, list], sign) => (tx) =>
    tx.directoryCount.update({ scopeId, list }).add({ count: sign }).commit(),
  );
  await moveCounts(key, owner, 'tallied', record.tallied, talliedKeysOf(desired.tallies), ([scopeId, metric, weight], sign) => (tx) =>
    tx.scopeTally.update({ scopeId, metric }).add({ count: sign * Number(weight) }).commit(),
  );
  fail('afterCounts');

  // 4. Done: forget the stale keys, note what is written, release the lease.
  const written = [...wantedWritten.keys()];
  let finish: any = db()
    .entities.projection.patch(key)
    .set({ sourceVersion: desired.sourceVersion, projectedAt: new Date().toISOString(), leaseUntil: 0, ...(written.length && { written }) });
  if (stale.length) finish = finish.delete({ entries: stale });
  await finish.remove(written.length ? ['leaseOwner'] : ['leaseOwner', 'written']).where(ownedBy(owner)).go();
}

/**
 * Moves the counters of the memberships gained and lost, each chunk in one transaction with the
 * record's set of them (so a membership is counted exactly once, whatever crashes).
 */
async function moveCounts(
  key: { source: ProjectionSource; targetId: string },
  owner: string,
  set: 'counted' | 'tallied',
  held: string[] | undefined,
  wanted: Set<string>,
  counterWrite: (keyParts: string[], sign: 1 | -1) => TransactionWrite,
): Promise<void> {
  const current = new Set(held ?? []);
  // DynamoDB refuses ADD and DELETE of one set in one update: additions and removals go apart.
  const additions = [...wanted].filter((entry) => !current.has(entry));
  const removals = [...current].filter((entry) => !wanted.has(entry));
  for (const [entries, delta] of [[additions, 1], [removals, -1]] as const) {
    for (let start = 0; start < entries.length; start += TRANSACTION_MAX_ITEMS - 1) {
      const chunk = entries.slice(start, start + TRANSACTION_MAX_ITEMS - 1);
      const recordWrite: TransactionWrite = (tx) =>
        (delta > 0 ? tx.projection.patch(key).add({ [set]: chunk }) : tx.projection.patch(key).delete({ [set]: chunk })).where(ownedBy(owner)).commit();
      const counterWrites = chunk.map((entry) => counterWrite(splitKey(entry), delta));
      await transact([recordWrite, ...counterWrites]);
    }
  }
}

async function batchWrite<T>(items: T[], send: (chunk: T[]) => Promise<{ unprocessed: unknown[] }>): Promise<void> {
  for (let start = 0; start < items.length; start += ENTRY_BATCH) {
    let pending = items.slice(start, start + ENTRY_BATCH);
    for (let attempt = 1; pending.length; attempt++) {
      const { unprocessed } = await send(pending);
      if (!unprocessed.length) break;
      if (attempt >= 8) throw new Error(`Directory entries: ${unprocessed.length} were not written`);
      // ElectroDB reports unprocessed items by their keys: resend the originals that match.
      const left = new Set((unprocessed as Array<Record<string, unknown>>).map((item) => JSON.stringify([item.scopeId, item.list, item.term, item.targetId])));
      pending = pending.filter((item) => {
        const entry = typeof item === 'string' ? splitKey(item) : [(item as any).scopeId, (item as any).list, (item as any).term, (item as any).targetId];
        return left.has(JSON.stringify(entry));
      });
      await jitteredDelay(attempt);
    }
  }
}
