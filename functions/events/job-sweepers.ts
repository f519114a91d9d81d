import { runStalledJobs } from '../core/jobs/run-stalled-jobs';
import { publishSweepMetrics } from './sweep-metrics';
import { runSweepers, type Sweeper, type SweepReport } from './sweep-run';

/**
 * The job worker's part of the scheduled sweep (./sweep-run.ts; the outbox worker's: ./sweepers.ts): the sweepers that run job code.
 * Starting a job only writes its item, so the sweepers that start jobs (reminders, retention)
 * stay with the outbox worker's; the steps run here.
 */
export const JOB_SWEEPERS: readonly Sweeper[] = [
  // The backstop for job steps the stream did not run (a crashed step, a record out of retries).
  { name: 'jobs', run: () => runStalledJobs() },
];

/** Runs the job sweepers, then writes the job-stall metric (docs/deploy.md, "When an alarm fires"). */
export async function sweepJobs(sweepers: readonly Sweeper[] = JOB_SWEEPERS): Promise<SweepReport> {
  const report = await runSweepers(sweepers);
  // The job-stall alarm counts the jobs the sweep had to move.
  publishSweepMetrics(report.jobs);
  return report;
}
