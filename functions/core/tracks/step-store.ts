import { PHASE_STEPS_MAX, STEP_PARTS_MAX } from '../../../shared/api/limits';
import type { StepDetail } from '../../../shared/schemas/step';
import type { Action } from '../../../shared/auth/vocabulary';
import { db } from '../../db/service';
import type { TransactionItem } from '../../db/transact';
import { NotFoundError } from '../../lib/errors';
import { requireTrack, type LoadedTrack, type TrackCaller } from './track-scope';
import type { PhaseItem, StepItem } from './track-store';
import { toStepDetail, type ActionItem, type ContentItem } from './step-view';

/** The phase's steps are as read (no step added or changed since). */
export function stepsUnchanged(phase: PhaseItem) {
  const read = phase.stepsVersion ?? 0;
  return (attributes: any, operations: any): string =>
    read === 0 ? `(${operations.eq(attributes.stepsVersion, 0)} OR ${operations.notExists(attributes.stepsVersion)})` : operations.eq(attributes.stepsVersion, read);
}

/**
 * The guard that serialises changes of one phase's steps: the phase's `stepsVersion` moves on,
 * conditioned on the value read (a phase written before the counter had none). It also makes
 * the write fail when the phase is gone.
 */
export function stepsGuard(phase: PhaseItem): TransactionItem {
  return (tx) => tx.phaseTemplate.patch({ trackTemplateId: phase.trackTemplateId, phaseId: phase.phaseId }).add({ stepsVersion: 1 }).where(stepsUnchanged(phase)).commit();
}

/** A phase's steps (consistent: prerequisite changes plan from them). */
export async function stepsOfPhase(trackTemplateId: string, phaseId: string): Promise<StepItem[]> {
  const { data } = await db().entities.stepTemplate.query.byTrack({ trackTemplateId, phaseId }).go({ limit: PHASE_STEPS_MAX, consistent: true });
  return data;
}

/** A step with its contents and actions (one Query of its view), when the caller may act on its track this way. */
export async function requireStep(auth: TrackCaller, stepTemplateId: string, action: Action): Promise<LoadedTrack & { step: StepItem; detail: StepDetail }> {
  const { data } = await db().collections.stepTemplateView({ stepTemplateId }).go({ limit: 1 + STEP_PARTS_MAX });
  const step = data.stepTemplate[0];
  if (!step) throw new NotFoundError('Step not found.');
  const loaded = await requireTrack(auth, step.trackTemplateId, action);
  return { ...loaded, step, detail: toStepDetail(step, data.stepContentTemplate, data.stepActionTemplate) };
}

export interface StepParts {
  step: StepItem;
  contents: ContentItem[];
  actions: ActionItem[];
}

/** A step and its parts from the main table (consistent: an edit plans from them, the index may lag). */
export async function readStepParts(step: Pick<StepItem, 'trackTemplateId' | 'phaseId' | 'stepTemplateId'>): Promise<StepParts | null> {
  const key = { trackTemplateId: step.trackTemplateId, stepTemplateId: step.stepTemplateId };
  const [current, contents, actions] = await Promise.all([
    db().entities.stepTemplate.get({ ...key, phaseId: step.phaseId }).go({ consistent: true }),
    db().entities.stepContentTemplate.query.byTrack(key).go({ limit: STEP_PARTS_MAX, consistent: true }),
    db().entities.stepActionTemplate.query.byTrack(key).go({ limit: STEP_PARTS_MAX, consistent: true }),
  ]);
  if (!current.data) return null;
  return { step: current.data, contents: contents.data, actions: actions.data };
}
