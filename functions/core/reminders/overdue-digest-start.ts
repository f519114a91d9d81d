import { newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { StaleVersionError } from '../../db/versioned';
import { markTtl } from '../step-indexes/reminder-index';

/**
 * Starting the daily escalation digests: writing the job item, which needs the kind's name and
 * functions/db/jobs.ts only. Apart from the job's implementation (./overdue-digest-job.ts), which
 * only the job worker bundles (functions/events/job-worker.ts); the reminder schedule that starts
 * it runs in the outbox worker's sweep.
 */
export const OVERDUE_DIGEST_JOB_KIND = 'reminders.overdueDigests';

/** Overdue steps read per collecting step of the digest job, and recipients per sending step. */
export const DIGEST_PAGE = 25;

export interface DigestInput {
  /** The run's clock: steps overdue by then are told. */
  now: string;
  /** The digest day (the schedule's: the default zone's; one digest per recipient and their local day). */
  day: string;
  /** Steps per collecting step, recipients per sending step. */
  pageSize: number;
}

/** A digest job's item, as a transaction write, and its id. */
export const digestJobFor = (now: string, day: string, pageSize: number, jobId?: string) =>
  newJob({ kind: OVERDUE_DIGEST_JOB_KIND, ownerId: 'system', title: `Overdue digests of ${day}`, input: { now, day, pageSize } satisfies DigestInput, ...(jobId ? { jobId } : {}) });

/**
 * The schedule's daily start: the day's job (id `overdue-digests-<day>`) and the day's
 * `run:digests` mark in one transaction, created only if absent, so a second sweep that day
 * starts nothing. The job's stream record runs it (the sweeper restarts it after a crash).
 * Returns the job's id, or null when the day's job exists.
 */
export async function startOverdueDigests(now: string, day: string, pageSize = DIGEST_PAGE): Promise<string | null> {
  const { jobId, write } = digestJobFor(now, day, pageSize, `overdue-digests-${day}`);
  try {
    await transact([write, (tx) => tx.reminderMark.create({ markId: 'run:digests', period: day, createdAt: now, ttl: markTtl(now) }).commit()]);
    return jobId;
  } catch (error) {
    if (error instanceof StaleVersionError) return null;
    throw error;
  }
}
