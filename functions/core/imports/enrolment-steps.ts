import type { SelectableStepStatus, StepStatus } from '../../../shared/tracks/step-status';
import { inDependencyOrder } from '../../../shared/tracks/step-order';
import { transact } from '../../db/transact';
import { BusinessRuleError, ForbiddenError, StaleVersionError } from '../../lib/errors';
import { projectEnrolmentsNow } from '../enrolments/enrolment-projector';
import { instanceSteps } from '../enrolments/instance-status';
import type { TrackInstanceItem } from '../enrolments/step-instance-store';
import { requireStatusSetter } from '../scope/caller-rights';
import type { AuthContext } from '../session/resolve-session';
import { stepWrites, trackConsequences } from '../step-work/step-consequences';
import { loadStepForWrite } from '../step-work/step-load';
import { openingWrites } from '../step-work/step-opening';
import { stateOf, transition } from '../step-work/step-state';
import { STATUS_NOT_ALLOWED } from '../step-work/step-work';
import { workEntry } from '../step-work/work-audit';
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

/**
 * `setStepStatus` (functions/core/step-work/step-work.ts, `PATCH step/instance/{id}/{status}`)
 * without its bell events: the same rights (the route's `requireStatusSetter`, then
 * `canChangeStatus` on the loaded enrolment: its advisor or a track override), the same machine,
 * the same writes in one transaction (the step on its version, the dependents it opens with
 * their parts, the enrolment's status, the History entry) and the same projection. Neither
 * "{step} is now Completed" nor "A new step is ready" is written: an import records where a
 * participant already is, and they hear of the enrolment itself from Add Participant.
 * Answers the status found; nothing is written when it is the one asked, or when a locked step
 * is asked Completed (the machine refuses that; completeStep opens it first).
 */
async function setStatusQuietly(auth: AuthContext, trackInstanceId: string, stepInstanceId: string, status: SelectableStepStatus): Promise<StepStatus> {
  requireStatusSetter(auth, STATUS_NOT_ALLOWED);
  const loaded = await loadStepForWrite(auth, trackInstanceId, stepInstanceId);
  const { work, design, rights, instance } = loaded;
  if (!rights.canChangeStatus) throw new ForbiddenError(STATUS_NOT_ALLOWED);
  const before = stateOf(work, design);
  if (before.status === status || (before.status === 'Unavailable' && status === 'Completed')) return before.status;
  const after = transition(before, { kind: 'set', status });
  const now = new Date().toISOString();
  const track = await trackConsequences(instance, work.step, before.status, after.status, now);
  const opening = await openingWrites(instance, [work.step], now);
  const change = { action: 'enrolment.step.status.set', kind: 'status' as const, changes: [] };
  await transact([...stepWrites(work, design, before, after, now), ...track.writes, ...opening, workEntry(auth, loaded, change, before, after, track.trackStatus)]);
  if (track.trackStatus) await projectEnrolmentsNow([instance.trackInstanceId]);
  return before.status;
}
