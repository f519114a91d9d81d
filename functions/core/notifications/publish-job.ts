import type { JobKind } from '../../db/jobs';
import { readCounts } from '../../db/directory-read';
import { directoryLists } from '../../db/directory';
import { deterministicId } from '../../db/ids';
import { db } from '../../db/service';
import { batchGet, transact, TRANSACTION_MAX_ITEMS, type TransactionItem } from '../../db/transact';

export const PUBLISH_JOB_KIND = 'notification.publish';

export interface PublishJobInput {
  locationId: string;
  roleId?: string;
  message: string;
  link?: string;
  /** Not told about their own message. */
  senderId: string;
  /** Places inside the location the sender is denied: their people are left out (counted in the result's `skipped`). */
  skipScopeIds?: string[];
}

interface PublishCursor {
  key: string | null;
  skipped: number;
}

type Entry = { term: string; targetId: string };

/** The page's users who are in a denied place (an entry in that place's list with the same term): one BatchGet. */
async function inDeniedPlaces(entries: readonly Entry[], scopeIds: readonly string[], list: string): Promise<Set<string>> {
  if (!scopeIds.length || !entries.length) return new Set();
  const keys = scopeIds.flatMap((scopeId) => entries.map(({ term, targetId }) => ({ scopeId, list, term, targetId })));
  return new Set((await batchGet<Entry>(db().entities.directoryEntry, keys)).map((entry) => entry.targetId));
}

/** One page of the audience per step: one transaction of its notifications (tests shrink it to walk a small audience in several steps). */
export const publishChunk = { size: TRANSACTION_MAX_ITEMS };

/** The outbox item of one recipient: the same id whenever the job repeats a page. */
export const publishOutboxId = (job: { jobId: string; createdAt: string }, userId: string) => deterministicId(Date.parse(job.createdAt), 'publish', job.jobId, userId);

/**
 * Publish's audience walk (`notification.publish`). The audience is a directory list: the active
 * users in the location's scope (everyone with an active permission at or below it), or those
 * holding the role there (`users:<roleId>`), read 100 at a time from the job's cursor. Each step
 * writes a `notification` outbox item per user, ids derived from the job and the user, only for
 * those not written yet (one BatchGet, then one transaction of creates): a step repeated after a
 * crash, before its progress was saved, writes nobody twice. The outbox worker makes each one a
 * bell entry, and an email or SMS as the person chose (issue 13's channels). The people of the
 * places the sender is denied inside the location (`skipScopeIds`: found in those places' own
 * lists, one BatchGet per page) are left out and counted: the result is `{ skipped }`.
 */
export const publishJob: JobKind<PublishJobInput> = {
  async step(job) {
    const { locationId, roleId, message, link, senderId, skipScopeIds = [] } = job.input;
    const list = directoryLists.users(roleId);
    const at = (job.cursor as PublishCursor | undefined) ?? { key: null, skipped: 0 };
    const [page, total] = await Promise.all([
      db().entities.directoryEntry.query.byList({ scopeId: locationId, list }).go({ limit: publishChunk.size, cursor: at.key }),
      at.key ? undefined : readCounts([{ scopeId: locationId, list }]),
    ]);
    const denied = await inDeniedPlaces(page.data, skipScopeIds, list);
    const skipped = at.skipped + new Set(page.data.filter((entry) => denied.has(entry.targetId)).map((entry) => entry.targetId)).size;
    const userIds = [...new Set(page.data.map((entry) => entry.targetId))].filter((userId) => userId !== senderId && !denied.has(userId));
    const ids = new Map(userIds.map((userId) => [publishOutboxId(job, userId), userId]));
    const written = new Set((await batchGet<{ outboxId: string }>(db().entities.outbox, [...ids.keys()].map((outboxId) => ({ outboxId })))).map((item) => item.outboxId));
    const writes = [...ids]
      .filter(([outboxId]) => !written.has(outboxId))
      .map(([outboxId, userId]): TransactionItem => (tx) => tx.outbox.create({ outboxId, kind: 'notification', payload: { userId, message, ...(link ? { link } : {}) } }).commit());
    await transact(writes);
    const done = page.data.length;
    return { done, ...(total !== undefined ? { total } : {}), ...(page.cursor ? { cursor: { key: page.cursor, skipped } } : { finished: true, result: { skipped } }) };
  },
};
