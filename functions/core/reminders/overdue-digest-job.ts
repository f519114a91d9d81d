import { getJob, runJobToEnd, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { isConditionFailure } from '../../db/versioned';
import { log } from '../../lib/log';
import { collectOverdue, DIGEST_PAGE, sendDigestsPage, type DigestReport } from './overdue-digests';
import { digestJobFor, OVERDUE_DIGEST_JOB_KIND, type DigestInput } from './overdue-digest-start';

/** Starting the day's job needs only its item (./overdue-digest-start.ts): the reminder schedule starts it without this implementation. */
export { OVERDUE_DIGEST_JOB_KIND, startOverdueDigests } from './overdue-digest-start';

interface DigestCursor extends DigestReport {
  phase: 'collect' | 'send';
  key: string | null;
}

/**
 * The daily escalation digests (issue 13 item 4) as a background job, so every Overdue step is
 * told however many there are: first the `overdue` bucket page by page (`collectOverdue` writes
 * each recipient's lines of the day), then the day's recipients page by page (`sendDigestsPage`:
 * one digest each). Every step is bounded by `pageSize` and safe to repeat (idempotent puts,
 * per-recipient day marks). Progress `done` counts steps looked at, then digests sent; the
 * result is the report `{ looked, sent }`, also kept on the day's `run:digests` mark.
 */
export const overdueDigestJob: JobKind<DigestInput> = {
  async step(job) {
    const { now, day, pageSize } = job.input;
    const at: DigestCursor = (job.cursor as DigestCursor | undefined) ?? { phase: 'collect', key: null, looked: 0, sent: 0 };
    if (at.phase === 'collect') {
      const page = await collectOverdue(now, day, pageSize, at.key);
      const looked = at.looked + page.looked;
      return { done: page.looked, cursor: page.cursor ? { ...at, key: page.cursor, looked } : { phase: 'send', key: null, looked, sent: 0 } };
    }
    const page = await sendDigestsPage(now, day, pageSize, at.key);
    const report = { looked: at.looked, sent: at.sent + page.sent };
    if (page.cursor) return { done: page.sent, cursor: { ...at, key: page.cursor, sent: report.sent } };
    // A day's job started by the schedule has its mark; one run by sendOverdueDigests (seed, tests) has none.
    await db()
      .entities.reminderMark.patch({ markId: 'run:digests', period: day })
      .set({ report })
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    log('info', 'overdue digests sent', { day, ...report });
    return { done: page.sent, finished: true, result: report };
  },
};

const kinds = { [OVERDUE_DIGEST_JOB_KIND]: overdueDigestJob };

/** Runs a digest day now in this process, to its end (the seed, tests): a job of its own, so it runs even if the day's already ran. */
export async function sendOverdueDigests(now = new Date().toISOString(), { pageSize = DIGEST_PAGE } = {}): Promise<DigestReport> {
  const { jobId, write } = digestJobFor(now, now.slice(0, 10), pageSize);
  await transact([write]);
  return runDigestJob(jobId);
}

/** Runs a started digest job to its end here (tests of the schedule; the local runtime uses the job stream). */
export async function runDigestJob(jobId: string): Promise<DigestReport> {
  const job = (await runJobToEnd(jobId, kinds)) ?? (await getJob(jobId));
  return (job?.result as DigestReport | undefined) ?? { looked: 0, sent: 0 };
}
