import type { ProjectionOutcome } from '../../db/directory-projection';
import { retry } from '../../db/transact';

/**
 * Runs a projection from a job step, waiting briefly when another run holds its lease (that
 * run may have read the state before this job's change). Still busy: the step fails and is
 * repeated, which is safe because steps are idempotent.
 */
export async function projectOrWait(run: () => Promise<ProjectionOutcome>): Promise<void> {
  const outcome = await retry(run, { attempts: 6, baseMs: 50, again: ({ value }) => value === 'busy' });
  if (outcome === 'busy') throw new Error('A projection stayed busy; the job step will be repeated');
}
