import { PHASE_STEPS_MAX, STEP_PARTS_MAX } from '../../../shared/api/limits';
import type { EntityItem } from 'electrodb';
import type { StepHeaderView } from '../../../shared/schemas/track';
import type { StepDetail, StepInput } from '../../../shared/schemas/step';
import type { Action } from '../../../shared/auth/vocabulary';
import type { stepActionTemplate } from '../../db/entities/step-action-template';
import type { stepContentTemplate } from '../../db/entities/step-content-template';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { requirePhase, stepsUnchanged } from './phase-editor';
import { dependentsOf } from './step-order';
import { requireTrack, type TrackCaller } from './track-scope';
import type { PhaseItem, StepItem } from './track-store';
import { toStepHeaderView } from './track-view';

type ContentItem = EntityItem<typeof stepContentTemplate>;
type ActionItem = EntityItem<typeof stepActionTemplate>;

export const PREREQUISITE_NOT_IN_PHASE = 'Prerequisites must be steps of the same phase.';
export const PREREQUISITE_CYCLE = 'A step cannot depend on itself or on a step that depends on it.';

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

function toStepDetail(step: StepItem, contents: ContentItem[], actions: ActionItem[]): StepDetail {
  return {
    ...toStepHeaderView(step),
    trackTemplateId: step.trackTemplateId,
    contents: [...contents].sort((a, b) => a.order - b.order).map((c) => ({
      id: c.contentTemplateId,
      type: c.type,
      name: c.name,
      roleId: c.roleId,
      isPrivate: c.isPrivate,
      approvedRoles: c.approvedRoles ?? [],
      task: c.task ? { name: c.task.name ?? '', description: c.task.description ?? '' } : null,
      upload: c.upload ? { name: c.upload.name ?? '', multiple: Boolean(c.upload.multiple), type: c.upload.type ?? 'Any', instructions: c.upload.instructions ?? '' } : null,
      formId: c.formId ?? null,
    })),
    actions: [...actions].sort((a, b) => a.order - b.order).map((a) => ({ id: a.actionTemplateId, type: a.type, name: a.name, roleId: a.roleId })),
  };
}

/** A step with its contents and actions (one Query of its view), when the caller may act on its track this way. */
export async function requireStep(auth: TrackCaller, stepTemplateId: string, action: Action) {
  const { data } = await db().collections.stepTemplateView({ stepTemplateId }).go({ limit: 1 + STEP_PARTS_MAX });
  const step = data.stepTemplate[0];
  if (!step) throw new NotFoundError('Step not found.');
  await requireTrack(auth, step.trackTemplateId, action);
  return { step, detail: toStepDetail(step, data.stepContentTemplate, data.stepActionTemplate) };
}

export async function readStep(auth: TrackCaller, stepTemplateId: string): Promise<StepDetail> {
  return (await requireStep(auth, stepTemplateId, 'read')).detail;
}

/** Create step: the step, its contents and actions in one transaction with its phase's guard. */
export async function createStep(auth: TrackCaller, input: StepInput): Promise<StepDetail> {
  return retryOnStale(async () => {
    const { phase } = await requirePhase(auth, input.phaseId, 'update');
    const trackTemplateId = phase.trackTemplateId;
    const stepTemplateId = newId();
    const createdAt = new Date().toISOString();
    const step = { trackTemplateId, phaseId: phase.phaseId, stepTemplateId, name: input.name.trim(), required: input.required, inactive: input.inactive, prerequisites: [] as string[], version: 1, createdAt };
    const contents = input.contents.map((content, order) => ({ ...content, trackTemplateId, stepTemplateId, contentTemplateId: newId(), order, version: 1, createdAt }));
    const actions = input.actions.map((action, order) => ({ ...action, trackTemplateId, stepTemplateId, actionTemplateId: newId(), order, version: 1, createdAt }));
    await transact([
      (tx) => tx.stepTemplate.create(step).commit(),
      ...contents.map((content): TransactionItem => (tx) => tx.stepContentTemplate.create(content).commit()),
      ...actions.map((action): TransactionItem => (tx) => tx.stepActionTemplate.create(action).commit()),
      stepsGuard(phase),
    ]);
    return toStepDetail(step as StepItem, contents as unknown as ContentItem[], actions as unknown as ActionItem[]);
  });
}

/**
 * Replaces a step's prerequisites. They must be other steps of its phase, none of them a
 * dependent of the step (that would close a cycle). Planned from the phase's steps as read and
 * written with the phase's guard, so of two concurrent edits the second re-reads and re-checks.
 */
export async function updatePrerequisites(auth: TrackCaller, stepTemplateId: string, prerequisites: string[]): Promise<StepHeaderView> {
  const wanted = [...new Set(prerequisites)];
  return retryOnStale(async () => {
    const { step } = await requireStep(auth, stepTemplateId, 'update');
    const { data: phase } = await db().entities.phaseTemplate.get({ trackTemplateId: step.trackTemplateId, phaseId: step.phaseId }).go({ consistent: true });
    if (!phase) throw new NotFoundError('Phase not found.');
    const steps = await stepsOfPhase(step.trackTemplateId, step.phaseId);
    const ids = new Set(steps.map((s) => s.stepTemplateId));
    if (wanted.some((id) => !ids.has(id))) throw new ValidationError({ prerequisites: [PREREQUISITE_NOT_IN_PHASE] });
    const dependents = dependentsOf(steps.map((s) => ({ id: s.stepTemplateId, prerequisites: s.prerequisites })), stepTemplateId);
    if (wanted.some((id) => id === stepTemplateId || dependents.has(id))) throw new ValidationError({ prerequisites: [PREREQUISITE_CYCLE] });
    const current = steps.find((s) => s.stepTemplateId === stepTemplateId)!;
    await transact([
      (tx) =>
        tx.stepTemplate
          .patch({ trackTemplateId: step.trackTemplateId, phaseId: step.phaseId, stepTemplateId })
          .set({ prerequisites: wanted, updatedAt: new Date().toISOString() })
          .add({ version: 1 })
          .commit(),
      stepsGuard(phase),
    ]);
    return toStepHeaderView({ ...current, prerequisites: wanted, version: current.version + 1 });
  });
}
