import { db } from './service';
import { entryKey, type DirectoryChanges, type DirectoryEntryInput } from './directory';

/**
 * Applying directory changes (./directory.ts). Counts move inside the caller's transaction,
 * next to the write they count: pass `countCommits(entities, changes)` into
 * `db().transaction.write(...)`. Entries are derived rows, written after the transaction
 * commits with `writeDirectoryEntries`; writing them again is harmless.
 */
type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

export function countCommits(entities: TransactionEntities, changes: Pick<DirectoryChanges, 'countDeltas'>) {
  return changes.countDeltas.map(({ scopeId, list, delta }) => entities.directoryCount.update({ scopeId, list }).add({ count: delta }).commit());
}

/** Counts on their own (for writes whose main item is already committed, such as bulk side effects). */
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
