import { runSweepers, type Sweeper, type SweepReport } from './sweep-run';
import { deliverPendingOutbox, outboxSeams } from './outbox-delivery';
import { sendDueDigests } from './outbox-digest';
import { sweepOverdueSteps } from '../core/reminders/overdue-sweep';
import { runReminderSchedule } from '../core/reminders/reminder-schedule';
import { startRetentionRun } from '../core/retention/retention-start';

/** The sweep's event, clock and loop (./sweep-run.ts), apart from the outbox worker's sweepers below so the job worker bundles none of them. */
export { SWEEP_EVENT, SWEEP_EVERY_MINUTES, isSweepEvent, type Sweeper, type SweepEvent, type SweepReport } from './sweep-run';

/**
 * The outbox worker's sweepers, run in this order on each sweep. Background work that needs a
 * backstop adds its own here, or to the job worker's (./job-sweepers.ts) when it runs job code;
 * starting a job (writing its item) is not job code.
 */
export const OUTBOX_SWEEPERS: readonly Sweeper[] = [
  { name: 'outbox', run: () => deliverPendingOutbox() },
  // Not a backstop but a clock: late steps become Overdue (bounded per run; the rest next run).
  { name: 'overdue', run: () => sweepOverdueSteps() },
  // A clock too: reminders hourly, escalation digests daily (each run's mark keeps the other sweeps to one read; the digests are a job: its steps run in the job worker).
  { name: 'reminders', run: () => runReminderSchedule() },
  // A clock too: digest emails whose hour has come (bounded per run).
  { name: 'digests', run: () => sendDueDigests(outboxSeams.now()) },
  // A clock too: the daily retention purge, started by the first sweep of each UTC day (a job: its steps run in the job worker).
  { name: 'retention', run: async () => ((await startRetentionRun()) ? 1 : 0) },
];

/** Runs every sweeper (by default the outbox worker's); one that throws is logged and reported, and the others still run. */
export function sweep(sweepers: readonly Sweeper[] = OUTBOX_SWEEPERS): Promise<SweepReport> {
  return runSweepers(sweepers);
}
