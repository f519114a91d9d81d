import type { EntityItem } from 'electrodb';
import type { auditEntry } from '../../functions/db/entities/audit-entry';
import type { auditHead } from '../../functions/db/entities/audit-head';
import { db } from '../../functions/db/service';
import { chainHashOf, contentHashOf, GENESIS_HASH } from '../../functions/core/records/audit-hash';
import { AUDIT_TOMBSTONES } from '../../functions/core/retention/retention-records';

/**
 * `npm run check:audit`: verifies every audit chain (docs/security.md "Audit trail"). The chains
 * are listed by their heads (auditHead gsi1 `list`, paged), each chain's entries read by paged
 * Queries and walked in seq order, every content hash and chain hash recomputed. Reports:
 * - an entry whose content was changed (its content no longer gives its hashes);
 * - a missing entry (a gap in seq, or a prevHash that is not the chain hash before it);
 * - a head that does not match the chain's last entry (the newest entry removed or replaced);
 * - an entry the sealer has not chained for longer than `unsealedAfterMs` (the sparse `unsealed` index).
 * A chain with a tombstone (a retention purge's `retention.purged`, an erasure's `user.erased`) is walked from the last: the entries before it
 * expire by TTL, and those still there are checked against their own hashes.
 * No findings is the only healthy answer.
 */
type Entry = EntityItem<typeof auditEntry>;

export interface AuditCheckReport {
  chains: number;
  entries: number;
  findings: string[];
}

/** The stream seals an entry within seconds; minutes mean the worker is failing on it. */
export const UNSEALED_AFTER_MS = 5 * 60_000;
const PAGE = 500;

async function chainEntries(chainId: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: Entry[]; cursor: string | null } = await db().entities.auditEntry.query.byChain({ chainId }).go({ cursor, limit: PAGE, consistent: true });
    entries.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}


function checkChain(head: { chainId: string; seq: number; lastEntryId: string; lastHash: string }, entries: Entry[], findings: string[]): void {
  const all = entries.filter((entry) => entry.seq !== undefined).sort((a, b) => a.seq! - b.seq!);
  // A tombstone: the entries before it expire by TTL (functions/core/retention/audit-expiry.ts), so the chain is verified from it.
  const tombstone = all.findLast((entry) => AUDIT_TOMBSTONES.includes(entry.action));
  // Before a tombstone: each entry's own hashes only (the ones gone expired with the purged record).
  for (const entry of tombstone ? all.filter((e) => e.seq! < tombstone.seq!) : []) {
    const contentHash = contentHashOf(entry);
    if (contentHash !== entry.contentHash || chainHashOf(entry.prevHash ?? '', contentHash) !== entry.chainHash) findings.push(`changed: ${head.chainId} entry ${entry.entryId} (seq ${entry.seq}): its content no longer matches its hashes`);
  }
  const sealed = tombstone ? all.filter((entry) => entry.seq! >= tombstone.seq!) : all;
  let expectedSeq = tombstone?.seq ?? 1;
  let prevHash = tombstone?.prevHash ?? GENESIS_HASH;
  for (const entry of sealed) {
    const where = `${head.chainId} entry ${entry.entryId} (seq ${entry.seq})`;
    const contentHash = contentHashOf(entry);
    if (contentHash !== entry.contentHash || chainHashOf(entry.prevHash ?? '', contentHash) !== entry.chainHash) findings.push(`changed: ${where}: its content no longer matches its hashes`);
    if (entry.seq !== expectedSeq) findings.push(`missing: ${head.chainId}: ${entry.seq! - expectedSeq} entr${entry.seq! - expectedSeq === 1 ? 'y' : 'ies'} before seq ${entry.seq} (seq ${expectedSeq} expected)`);
    else if (entry.prevHash !== prevHash) findings.push(`missing: ${where}: its prevHash is not the chain hash of the entry before it`);
    expectedSeq = entry.seq! + 1;
    prevHash = entry.chainHash ?? '';
  }
  const last = sealed.at(-1);
  if (!last || head.seq !== last.seq || head.lastEntryId !== last.entryId || head.lastHash !== last.chainHash) {
    findings.push(`head: ${head.chainId}: the head (seq ${head.seq}, ${head.lastEntryId}) does not match the last entry (${last ? `seq ${last.seq}, ${last.entryId}` : 'none'})`);
  }
}

export async function checkAudit(options: { now?: Date; unsealedAfterMs?: number } = {}): Promise<AuditCheckReport> {
  const now = options.now ?? new Date();
  const findings: string[] = [];
  let chains = 0;
  let entries = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Array<EntityItem<typeof auditHead>>; cursor: string | null } = await db().entities.auditHead.query.list({}).go({ cursor, limit: PAGE });
    for (const head of page.data) {
      const chain = await chainEntries(head.chainId);
      chains += 1;
      entries += chain.length;
      checkChain(head, chain, findings);
    }
    cursor = page.cursor;
  } while (cursor);

  const before = new Date(now.getTime() - (options.unsealedAfterMs ?? UNSEALED_AFTER_MS)).toISOString();
  cursor = null;
  do {
    const page: { data: Entry[]; cursor: string | null } = await db().entities.auditEntry.query.unsealed({ unsealedBucket: 'unsealed' }).lt({ unsealedAt: before }).go({ cursor, limit: PAGE });
    for (const entry of page.data) findings.push(`unsealed: ${entry.chainId} entry ${entry.entryId}, written ${entry.at}, is not chained yet`);
    cursor = page.cursor;
  } while (cursor);
  return { chains, entries, findings };
}
