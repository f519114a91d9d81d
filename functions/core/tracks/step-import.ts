import type { StepDetail } from '../../../shared/schemas/step';
import type { StepHeaderView } from '../../../shared/schemas/track';
import { inDependencyOrder } from '../../../shared/tracks/step-order';
import { newId } from '../../db/ids';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { NotFoundError } from '../../lib/errors';
import { outlineGuard, requirePhase } from './phase-editor';
import { phaseWithRoom } from './step-editor';
import { readStepParts, requireStep, stepsGuard, stepsOfPhase } from './step-store';
import { toStepDetail, type ActionItem, type ContentItem } from './step-view';
import { copiedAttachmentWrites } from './step-attachments';
import type { StepItem } from './track-store';
import type { TrackCaller, TrackWriter } from './track-scope';
import { trackEntry } from '../records/design-records';
import { stepAdded } from './step-audit';
import { inDesignOrder, toStepHeaderView } from './track-view';

/**
 * Import Existing Step (SPEC.md sections 2 and 4): a step of a track the caller reads joins a
 * phase of a track they edit, with copies of its contents and actions, in one transaction (a
 * step holds at most STEP_PARTS_MAX parts). The copy keeps `originStepTemplateId`, so it is
 * locked except for its prerequisites, and starts with none: the source's name steps of
 * another phase.
 */

/** `import-step-templates/phase/{id}`: the Step picker's choices, a phase's steps in dependency order. */
export async function importableSteps(auth: TrackCaller, phaseId: string): Promise<StepHeaderView[]> {
  const { phase } = await requirePhase(auth, phaseId, 'read');
  return inDependencyOrder(inDesignOrder(await stepsOfPhase(phase.trackTemplateId, phase.phaseId)).map(toStepHeaderView));
}

/** `create-step-template-from-import` ({phase, step}): the copy, added to the target phase. */
export async function importStep(auth: TrackWriter, input: { phase: string; step: string }): Promise<StepDetail> {
  const { step: indexed, track: sourceTrack } = await requireStep(auth, input.step, 'read');
  const source = await readStepParts(indexed);
  if (!source) throw new NotFoundError('Step not found.');
  return retryOnStale(async () => {
    const { phase, track, place } = await phaseWithRoom(auth, input.phase);
    const trackTemplateId = phase.trackTemplateId;
    const createdAt = new Date().toISOString();
    const owner = { trackTemplateId, stepTemplateId: newId() };
    const { updatedAt: _u, version: _v, designOrder: _d, ...fields } = source.step;
    const step = { ...fields, ...owner, phaseId: phase.phaseId, prerequisites: [] as string[], originStepTemplateId: source.step.stepTemplateId, version: 1, createdAt };
    const copyPart = <T extends { updatedAt?: string }>(part: T) => {
      const { updatedAt: _updated, ...rest } = part;
      return { ...rest, ...owner, version: 1, createdAt };
    };
    const contents = source.contents.map((content) => ({ ...copyPart(content), contentTemplateId: newId() }));
    const actions = source.actions.map((action) => ({ ...copyPart(action), actionTemplateId: newId() }));
    await transact([
      (tx) => tx.stepTemplate.create(step).commit(),
      ...contents.map((content): TransactionItem => (tx) => tx.stepContentTemplate.create(content).commit()),
      ...actions.map((action): TransactionItem => (tx) => tx.stepActionTemplate.create(action).commit()),
      // The copy shares the source's attachments by key (a reference each).
      ...copiedAttachmentWrites(source.step, step),
      stepsGuard(phase),
      outlineGuard(track),
      trackEntry(auth, track, place, 'step.imported', 'steps', [
        ...stepAdded(step, contents as ContentItem[], actions as ActionItem[]),
        { field: `${step.name}: phase`, after: phase.name },
        { field: `${step.name}: imported from`, after: sourceTrack.name },
      ]),
    ]);
    return toStepDetail(step as StepItem, contents as ContentItem[], actions as ActionItem[]);
  });
}
