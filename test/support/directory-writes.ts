import { db } from '../../functions/db/service';
import { entryKey, isCountedList, type DirectoryEntryInput } from '../../functions/db/directory';

/**
 * Writing directory entries and counts directly, for tests that build synthetic lists. The app
 * never does: its entries and counts come from the projectors (functions/db/directory-projection.ts).
 */
/** Counts on their own. */
export async function applyCountDeltas(changes: Pick<DirectoryChanges, 'countDeltas'>): Promise<void> {
  await Promise.all(changes.countDeltas.map(({ scopeId, list, delta }) => db().entities.directoryCount.update({ scopeId, list }).add({ count: delta }).go()));
}

const BATCH_ATTEMPTS = 5;

async function batch(what: string, items: DirectoryEntryInput[], send: (items: DirectoryEntryInput[]) => Promise<{ unprocessed: unknown[] }>) {
  let pending = items;
  for (let attempt = 1; pending.length; attempt++) {
    const { unprocessed } = await send(pending);
    if (!unprocessed.length) return;
    if (attempt === BATCH_ATTEMPTS) throw new Error(`Directory ${what}: ${unprocessed.length} entries were not written`);
    // ElectroDB reports unprocessed items by their key attributes: resend the originals.
    const left = new Set((unprocessed as DirectoryEntryInput[]).map(entryKey));
    pending = pending.filter((entry) => left.has(entryKey(entry)));
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** Deletes first, then puts: an entry both removed and re-added (same key) ends up present. */
export async function writeDirectoryEntries(changes: Pick<DirectoryChanges, 'puts' | 'deletes'>): Promise<void> {
  const entity = db().entities.directoryEntry;
  if (changes.deletes.length) {
    await batch('deletes', changes.deletes, (items) =>
      entity.delete(items.map(({ scopeId, list, term, targetId }) => ({ scopeId, list, term, targetId }))).go() as Promise<{ unprocessed: unknown[] }>,
    );
  }
  if (changes.puts.length) await batch('puts', changes.puts, (items) => entity.put(items).go() as Promise<{ unprocessed: unknown[] }>);
}

export interface DirectoryChanges {
  /** Entries to write: new ones, and existing ones whose display changed. */
  puts: DirectoryEntryInput[];
  /** Entries that no longer exist. */
  deletes: DirectoryEntryInput[];
  /** Count changes of counted lists (never zero). */
  countDeltas: Array<{ scopeId: string; list: string; delta: number }>;
}

/**
 * What turns one target's (or a few targets') entries `before` into `after`: writers derive
 * both from the old and new state (a rename, a new permission, a role removed) and apply
 * the difference, so no read of existing entries is needed.
 */
export function directoryChanges(before: DirectoryEntryInput[], after: DirectoryEntryInput[]): DirectoryChanges {
  const beforeByKey = new Map(before.map((entry) => [entryKey(entry), entry]));
  const afterByKey = new Map(after.map((entry) => [entryKey(entry), entry]));
  const puts = [...afterByKey].filter(([key, entry]) => JSON.stringify(beforeByKey.get(key)?.display) !== JSON.stringify(entry.display)).map(([, entry]) => entry);
  const deletes = [...beforeByKey].filter(([key]) => !afterByKey.has(key)).map(([, entry]) => entry);

  const targetsOf = (entries: DirectoryEntryInput[]) => {
    const targets = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (!isCountedList(entry.list)) continue;
      const key = `${entry.scopeId}\u0000${entry.list}`;
      targets.set(key, (targets.get(key) ?? new Set()).add(entry.targetId));
    }
    return targets;
  };
  const was = targetsOf(before);
  const is = targetsOf(after);
  const countDeltas: DirectoryChanges['countDeltas'] = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const delta = (is.get(key)?.size ?? 0) - (was.get(key)?.size ?? 0);
    const [scopeId, list] = key.split('\u0000');
    if (delta !== 0) countDeltas.push({ scopeId, list, delta });
  }
  return { puts, deletes, countDeltas };
}
