import { db } from '../../functions/db/service';
import { entryKey, type DirectoryChanges, type DirectoryEntryInput } from '../../functions/db/directory';

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
