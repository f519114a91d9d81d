import { db } from '../../db/service';
import { chainIdOf } from '../records/audit-write';
import { AUDIT_TOMBSTONES } from './retention-records';

/**
 * A purged record's audit entries expire (issue 25, item 6): each gets `ttl` (the table's TTL
 * attribute, functions/db/table.ts, declared once for AWS and DynamoDB Local), some days after the
 * purge, so a point-in-time restore of those days still holds them; DynamoDB then deletes them.
 * The tombstone entry stays (no `ttl`; so does an erasure's `user.erased`): the chain keeps the
 * fact of the purge or erasure, and check:audit verifies the chain from it (bin/maintenance/audit-check.ts). DynamoDB Local keeps expired items
 * (it does not run TTL): locally the attribute is set and nothing goes.
 */
export const AUDIT_EXPIRY_DAYS = 30;

/** Sets `ttl` on every entry of the chain but the tombstones, a page at a time; returns how many. */
export async function expireChain(chain: 'User' | 'TrackInstance', recordId: string, now: Date): Promise<number> {
  const ttl = Math.floor(now.getTime() / 1000) + AUDIT_EXPIRY_DAYS * 86_400;
  const chainId = chainIdOf(chain, recordId);
  let cursor: string | null = null;
  let expired = 0;
  do {
    const page: { data: Array<{ entryId: string; action: string; ttl?: number }>; cursor: string | null } = await db()
      .entities.auditEntry.query.byChain({ chainId })
      .go({ cursor, limit: 100, attributes: ['chainId', 'entryId', 'action', 'ttl'] });
    const due = page.data.filter((entry) => !AUDIT_TOMBSTONES.includes(entry.action) && entry.ttl === undefined);
    await Promise.all(due.map((entry) => db().entities.auditEntry.patch({ chainId, entryId: entry.entryId }).set({ ttl }).go()));
    expired += due.length;
    cursor = page.cursor;
  } while (cursor);
  return expired;
}
