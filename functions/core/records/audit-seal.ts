import { db } from '../../db/service';
import { retryOnStale, transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { chainHashOf, GENESIS_HASH } from './audit-hash';

/**
 * The audit trail's sealer (docs/data-model.md "Audit trail"), run from the stream for every
 * inserted `auditEntry` (functions/events/stream-records.ts): the request wrote the entry with a
 * single put and read nothing of its chain; here one transaction gives it the next place in
 * its chain (seq = head.seq + 1, prevHash = head.lastHash, chainHash = sha256(prevHash +
 * contentHash)) and moves the chain's head on its version. The entry's condition (not sealed
 * yet) makes a redelivered record a no-op; a head moved meanwhile by another entry of the chain
 * (a lost race) re-reads and tries again; what still fails is thrown for the stream to retry.
 */
export interface EntryToSeal {
  chainId: string;
  entryId: string;
  contentHash: string;
}

export type SealOutcome = 'sealed' | 'already-sealed' | 'missing';

export async function sealAuditEntry(entry: EntryToSeal, now = new Date()): Promise<SealOutcome> {
  return retryOnStale(async () => {
    const { data: head } = await db().entities.auditHead.get({ chainId: entry.chainId }).go({ consistent: true });
    if (head?.lastEntryId === entry.entryId) return 'already-sealed';
    const seq = (head?.seq ?? 0) + 1;
    const prevHash = head?.lastHash ?? GENESIS_HASH;
    const chainHash = chainHashOf(prevHash, entry.contentHash);
    const sealedAt = now.toISOString();
    try {
      await transact([
        (tx) =>
          tx.auditEntry
            .patch({ chainId: entry.chainId, entryId: entry.entryId })
            .set({ seq, prevHash, chainHash, sealedAt })
            .remove(['unsealedBucket', 'unsealedAt'])
            .where(({ seq: sealed }, { notExists }) => notExists(sealed))
            .commit(),
        head
          ? (tx) =>
              tx.auditHead
                .patch({ chainId: entry.chainId })
                .set({ seq, lastEntryId: entry.entryId, lastHash: chainHash, updatedAt: sealedAt })
                .add({ version: 1 })
                .where(ifVersion(head.version))
                .commit()
          : (tx) => tx.auditHead.create({ chainId: entry.chainId, seq, lastEntryId: entry.entryId, lastHash: chainHash, updatedAt: sealedAt }).commit(),
      ]);
      return 'sealed';
    } catch (error) {
      // Either the head moved (try again from the new head) or the entry is sealed already, or gone.
      const { data: stored } = await db().entities.auditEntry.get({ chainId: entry.chainId, entryId: entry.entryId }).go({ consistent: true });
      if (!stored) return 'missing';
      if (stored.seq !== undefined) return 'already-sealed';
      throw error;
    }
  }, 10);
}
