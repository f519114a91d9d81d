import { log } from '../lib/log';
import { deliverPendingOutbox, outboxSeams } from './outbox-delivery';
import { sendDueDigests } from './outbox-digest';
import { runStalledJobs } from '../core/jobs/run-stalled-jobs';
import { sweepOverdueSteps } from '../core/reminders/overdue-sweep';
import { publishSweepMetrics } from './sweep-metrics';
import { runReminderSchedule } from '../core/reminders/reminder-schedule';
import { startRetentionRun } from '../core/retention/retention-job';

/**
 * The scheduled sweep: the backstop for work the table's stream did not finish (records
 * whose retries ran out, a worker that died holding a lease, items written while no worker
 * ran). In AWS an EventBridge rule invokes the worker Lambda with SWEEP_EVENT; the local
 * runtime sends the same event on a timer (bin/local/sweep-timer.ts).
 */
export const SWEEP_EVENT = { source: 'formation.sweep' } as const;

/** How often the sweep runs, in AWS (the EventBridge rule) and locally alike: the stream does the prompt work. */
export const SWEEP_EVERY_MINUTES = 5;
export type SweepEvent = typeof SWEEP_EVENT;

export function isSweepEvent(event: unknown): event is SweepEvent {
  return (event as { source?: unknown } | null)?.source === SWEEP_EVENT.source;
}

export interface Sweeper {
  name: string;
  /** Does one bounded round of work; returns how many items it completed. */
  run: () => Promise<number>;
}

/** Every sweeper, run in this order on each sweep. Background work that needs a backstop adds its own here. */
export const SWEEPERS: readonly Sweeper[] = [
  { name: 'outbox', run: () => deliverPendingOutbox() },
  { name: 'jobs', run: () => runStalledJobs() },
  // Not a backstop but a clock: late steps become Overdue (bounded per run; the rest next run).
  { name: 'overdue', run: () => sweepOverdueSteps() },
  // A clock too: reminders hourly, escalation digests daily (each run's mark keeps the other sweeps to one read).
  { name: 'reminders', run: () => runReminderSchedule() },
  // A clock too: digest emails whose hour has come (bounded per run).
  { name: 'digests', run: () => sendDueDigests(outboxSeams.now()) },
  // A clock too: the daily retention purge, started by the first sweep of each UTC day (a job: its steps run from the stream).
  { name: 'retention', run: async () => ((await startRetentionRun()) ? 1 : 0) },
];

/** Per sweeper: how many items it completed, or the error that stopped it. */
export type SweepReport = Record<string, number | { error: string }>;

/** Runs every sweeper; one that throws is logged and reported, and the others still run. */
export async function sweep(sweepers: readonly Sweeper[] = SWEEPERS): Promise<SweepReport> {
  const report: SweepReport = {};
  for (const sweeper of sweepers) {
    try {
      report[sweeper.name] = await sweeper.run();
    } catch (error) {
      report[sweeper.name] = { error: String((error as Error)?.message ?? error) };
      log('error', 'sweeper failed', { sweeper: sweeper.name, error: report[sweeper.name] });
    }
  }
  // The job-stall alarm counts the jobs the sweep had to move (docs/deploy.md, "When an alarm fires").
  publishSweepMetrics(report.jobs);
  return report;
}
