import { runJobStep, stalledJobs } from '../../db/jobs';
import { log } from '../../lib/log';
import { jobKinds } from './job-kinds';

/**
 * The sweeper's part for jobs: an unfinished job nobody is running (its step crashed, or its
 * stream record ran out of retries) gets its next step. Bounded: one step each per sweep;
 * the step's own stream record carries the job on from there.
 */
export async function runStalledJobs(limit = 25): Promise<number> {
  let moved = 0;
  for (const jobId of await stalledJobs(limit)) {
    try {
      const outcome = await runJobStep(jobId, jobKinds);
      if (outcome && outcome !== 'busy') moved += 1;
    } catch (error) {
      log('warn', 'stalled job step failed', { jobId, error: String(error) });
    }
  }
  return moved;
}
