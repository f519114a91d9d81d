import type { SelectableStepStatus, StepStatus } from '../../../shared/tracks/step-status';
import { inDependencyOrder } from '../../../shared/tracks/step-order';
import { BusinessRuleError, StaleVersionError } from '../../lib/errors';
import { instanceSteps } from '../enrolments/instance-status';
import type { TrackInstanceItem } from '../enrolments/step-instance-store';
import { requireStatusSetter } from '../scope/caller-rights';
import type { AuthContext } from '../session/resolve-session';
import { setStepStatusQuietly, STATUS_NOT_ALLOWED } from '../step-work/step-work';
import { inDesignOrder } from '../tracks/track-view';
import { readTrackAggregate, type StepItem, type TrackAggregate } from '../tracks/track-store';

/**
 * An imported enrolment's "Current step" (README "Import"): every active step before it in the
 * track's order (phases by order, a phase's steps as the enrolment page lists them: prerequisites
 * first, then design order) set Completed as `step.setStatus` sets it, in that order, so each
 * completion opens its dependents exactly as in the app; the named step is left as that leaves it.
 */

/** A track's active steps in the order the enrolment page shows them. */
export function stepsInTrackOrder(outline: TrackAggregate): StepItem[] {
  return [...outline.phases]
    .sort((a, b) => a.order - b.order)
    .flatMap((phase) => inDependencyOrder(inDesignOrder(outline.steps.filter((step) => step.phaseId === phase.phaseId)).map((step) => ({ ...step, id: step.stepTemplateId }))))
    .filter((step) => !step.inactive);
}

/** The active steps before `stepTemplateId` in the track's order; null when it is no active step of the track. */
function stepsBefore(outline: TrackAggregate, stepTemplateId: string): StepItem[] | null {
  const order = stepsInTrackOrder(outline);
  const at = order.findIndex((step) => step.stepTemplateId === stepTemplateId);
  return at < 0 ? null : order.slice(0, at);
}

const currentStepGone = (trackName: string) => `The Current step is no longer an active step of ${trackName}: set the steps from the enrolment's page.`;

/**
 * The next steps before the named one that are not Completed yet, at most `budget` status
 * changes, each step set Completed (one still locked, which only a prerequisite outside the
 * track's order can leave so, is set Ready first, as an administrator would). Safe to repeat: a
 * step already Completed is skipped, so a job step repeated after a crash goes on where the last
 * one stopped; a step changed under it (409 stale) ends this round, and the next reads it again.
 * Answers the status changes made and whether every step before the named one is Completed.
 */
export async function completeStepsBefore(auth: AuthContext, instance: TrackInstanceItem, stepTemplateId: string, budget: number): Promise<{ changes: number; finished: boolean }> {
  const [outline, steps] = await Promise.all([readTrackAggregate(instance.trackTemplateId), instanceSteps(instance.trackInstanceId)]);
  const before = outline && stepsBefore(outline, stepTemplateId);
  if (!before) throw new BusinessRuleError(currentStepGone(instance.trackName));
  const byTemplate = new Map(steps.map((step) => [step.stepTemplateId, step]));
  const open = before.flatMap((template) => {
    const step = byTemplate.get(template.stepTemplateId);
    return step && step.status !== 'Completed' ? [step] : [];
  });
  let changes = 0;
  let done = 0;
  try {
    for (const step of open) {
      if (changes >= budget) break;
      changes += await completeStep(auth, instance.trackInstanceId, step.stepInstanceId);
      done += 1;
    }
  } catch (error) {
    if (!(error instanceof StaleVersionError)) throw error;
  }
  return { changes, finished: done === open.length };
}

/** One step Completed (Ready first when still locked): the status changes made. */
async function completeStep(auth: AuthContext, trackInstanceId: string, stepInstanceId: string): Promise<number> {
  const found = await setStatusQuietly(auth, trackInstanceId, stepInstanceId, 'Completed');
  if (found !== 'Unavailable') return found === 'Completed' ? 0 : 1;
  await setStatusQuietly(auth, trackInstanceId, stepInstanceId, 'Ready');
  await setStatusQuietly(auth, trackInstanceId, stepInstanceId, 'Completed');
  return 2;
}

/** The route's check of the caller's roles, then the step's status set without bell events (step-work.ts). */
function setStatusQuietly(auth: AuthContext, trackInstanceId: string, stepInstanceId: string, status: SelectableStepStatus): Promise<StepStatus> {
  requireStatusSetter(auth, STATUS_NOT_ALLOWED);
  return setStepStatusQuietly(auth, trackInstanceId, stepInstanceId, status);
}
