import { log } from '../lib/log';

/**
 * The scheduled sweep: the backstop for work the table's stream did not finish (records
 * whose retries ran out, a worker that died holding a lease, items written while no worker
 * ran). In AWS an EventBridge rule invokes both stream workers with SWEEP_EVENT; the local
 * runtime sends the same event to both on a timer (bin/local/sweep-timer.ts). Each runs its own
 * sweepers: the outbox worker ./sweepers.ts, the job worker ./job-sweepers.ts.
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

/** Per sweeper: how many items it completed, or the error that stopped it. */
export type SweepReport = Record<string, number | { error: string }>;

/** Runs every sweeper in turn; one that throws is logged and reported, and the others still run. */
export async function runSweepers(sweepers: readonly Sweeper[]): Promise<SweepReport> {
  const report: SweepReport = {};
  for (const sweeper of sweepers) {
    try {
      report[sweeper.name] = await sweeper.run();
    } catch (error) {
      report[sweeper.name] = { error: String((error as Error)?.message ?? error) };
      log('error', 'sweeper failed', { sweeper: sweeper.name, error: report[sweeper.name] });
    }
  }
  return report;
}
