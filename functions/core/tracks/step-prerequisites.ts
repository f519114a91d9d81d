import type { StepHeaderView } from '../../../shared/schemas/track';
import { db } from '../../db/service';
import { retryOnStale, transact } from '../../db/transact';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { dependentsOf } from '../../../shared/tracks/step-order';
import { requireStep, stepsGuard, stepsOfPhase } from './step-store';
import type { TrackWriter } from './track-scope';
import { partChanges, trackEntry } from '../records/design-records';
import { toStepHeaderView } from './track-view';

export const PREREQUISITE_NOT_IN_PHASE = 'Prerequisites must be steps of the same phase.';
export const PREREQUISITE_CYCLE = 'A step cannot depend on itself or on a step that depends on it.';

/**
 * Replaces a step's prerequisites (also an imported step's: the one thing it lets change). They
 * must be other steps of its phase, none of them a dependent of the step (that would close a
 * cycle). Planned from the phase's steps as read and written with the phase's guard, so of two
 * concurrent edits the second re-reads and re-checks.
 */
export async function updatePrerequisites(auth: TrackWriter, stepTemplateId: string, prerequisites: string[]): Promise<StepHeaderView> {
  const wanted = [...new Set(prerequisites)];
  return retryOnStale(async () => {
    const { step, track, place } = await requireStep(auth, stepTemplateId, 'update');
    const { data: phase } = await db().entities.phaseTemplate.get({ trackTemplateId: step.trackTemplateId, phaseId: step.phaseId }).go({ consistent: true });
    if (!phase) throw new NotFoundError('Phase not found.');
    const steps = await stepsOfPhase(step.trackTemplateId, step.phaseId);
    const ids = new Set(steps.map((s) => s.stepTemplateId));
    if (wanted.some((id) => !ids.has(id))) throw new ValidationError({ prerequisites: [PREREQUISITE_NOT_IN_PHASE] });
    const dependents = dependentsOf(steps.map((s) => ({ id: s.stepTemplateId, prerequisites: s.prerequisites })), stepTemplateId);
    if (wanted.some((id) => id === stepTemplateId || dependents.has(id))) throw new ValidationError({ prerequisites: [PREREQUISITE_CYCLE] });
    const current = steps.find((s) => s.stepTemplateId === stepTemplateId)!;
    const nameOf = new Map(steps.map((s) => [s.stepTemplateId, s.name]));
    const names = (ids: readonly string[]) => ids.map((id) => nameOf.get(id) ?? id).join(', ');
    const audited = partChanges(current.name, { prerequisites: names(current.prerequisites) }, { prerequisites: names(wanted) }, ['prerequisites']);
    await transact([
      (tx) =>
        tx.stepTemplate
          .patch({ trackTemplateId: step.trackTemplateId, phaseId: step.phaseId, stepTemplateId })
          .set({ prerequisites: wanted, updatedAt: new Date().toISOString() })
          .add({ version: 1 })
          .commit(),
      stepsGuard(phase),
      ...(audited.length ? [trackEntry(auth, track, place, 'step.prerequisites.updated', 'steps', audited)] : []),
    ]);
    return toStepHeaderView({ ...current, prerequisites: wanted, version: current.version + 1 });
  });
}
