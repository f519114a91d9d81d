import { getJob, newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { isConditionFailure } from '../../db/versioned';
import { log } from '../../lib/log';

/**
 * Starting the daily retention purge: writing its job item, which needs the kind's name and
 * functions/db/jobs.ts only. Apart from the job's implementation (./retention-job.ts), which only
 * the job worker bundles (functions/events/job-worker.ts); the sweep that starts it runs in the outbox worker.
 */
export const RETENTION_JOB_KIND = 'retention.purge';

/**
 * The daily schedule, run by every sweep (functions/events/sweepers.ts: every five minutes, by
 * EventBridge in AWS and the sweep timer locally): the day's run starts at the first sweep of the
 * UTC day, and later sweeps of that day read its job item and do nothing. `now` is the clock.
 * Returns the started job's id, or null when the day's run exists already.
 */
export async function startRetentionRun(now: Date = new Date(), ownerId = 'system'): Promise<string | null> {
  const day = now.toISOString().slice(0, 10);
  if (await getJob(`retention-${day}`)) return null;
  const job = newJob({ kind: RETENTION_JOB_KIND, ownerId, title: `Retention purge of ${day}`, input: { now: now.toISOString() }, jobId: `retention-${day}` });
  try {
    await transact([job.write]);
  } catch (error) {
    if (isConditionFailure(error) || (error as Error).name === 'StaleVersionError' || (error as { status?: number }).status === 409) return null;
    throw error;
  }
  log('info', 'retention purge started', { day, jobId: job.jobId });
  return job.jobId;
}
