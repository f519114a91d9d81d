import { PHASE_STEPS_MAX, TRACK_STEPS_MAX } from '../../../shared/api/limits';
import type { ActionInput, ContentInput, StepDetail, StepInput } from '../../../shared/schemas/step';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import { outlineGuard, requirePhase } from './phase-editor';
import { planAttachments } from './step-attachments';
import { stepsGuard, stepsOfPhase } from './step-store';
import { toStepDetail, type ActionItem, type ContentItem } from './step-view';
import type { TrackCaller, TrackWriter } from './track-scope';
import { trackEntry } from '../records/design-records';
import { stepAdded } from './step-audit';
import { assertVoteGroupsOfTrack } from './vote-rule-check';
import type { StepItem } from './track-store';

/**
 * Adding a step, apart from Edit Step (step-editor.ts) and from the rich-text sanitiser, so the
 * bulk job (step-bulk-job.ts, in the job runner's bundles) carries neither.
 */
export const PHASE_FULL_MESSAGE = `A phase holds at most ${PHASE_STEPS_MAX} steps.`;
export const TRACK_FULL_MESSAGE = `A track holds at most ${TRACK_STEPS_MAX} steps.`;

interface PartOwner {
  trackTemplateId: string;
  stepTemplateId: string;
}

/** A content as stored: only the part its type uses (a Task keeps no upload, and so on). */
export function contentItem(owner: PartOwner, content: ContentInput, contentTemplateId: string, order: number, version: number, createdAt: string): ContentItem {
  return {
    ...owner,
    contentTemplateId,
    type: content.type,
    name: content.name,
    roleId: content.roleId,
    isPrivate: content.isPrivate,
    approvedRoles: content.isPrivate ? content.approvedRoles : [],
    ...(content.type === 'Task' ? { task: content.task } : {}),
    ...(content.type === 'Upload' ? { upload: content.upload } : {}),
    ...(content.type === 'Form' ? { formId: content.formId } : {}),
    order,
    version,
    createdAt,
  } as ContentItem;
}

export function actionItem(owner: PartOwner, action: ActionInput, actionTemplateId: string, order: number, version: number, createdAt: string): ActionItem {
  return { ...owner, actionTemplateId, type: action.type, name: action.name, roleId: action.roleId, ...(action.vote ? { vote: action.vote } : {}), order, version, createdAt } as ActionItem;
}

/** How many steps the track holds (ids only; at most the bound). */
export async function stepCountOfTrack(trackTemplateId: string): Promise<number> {
  const { data } = await db().entities.stepTemplate.query.byTrack({ trackTemplateId }).go({ limit: TRACK_STEPS_MAX, attributes: ['stepTemplateId'], consistent: true });
  return data.length;
}

/**
 * A phase the caller edits that can take `adding` more steps (one, or a bulk body's: its bound and
 * its track's); the guards in the write keep them under concurrency.
 */
export async function phaseWithRoom(auth: TrackCaller, phaseId: string, adding = 1) {
  const loaded = await requirePhase(auth, phaseId, 'update');
  const { trackTemplateId, phaseId: id } = loaded.phase;
  const [phaseSteps, trackSteps] = await Promise.all([stepsOfPhase(trackTemplateId, id), stepCountOfTrack(trackTemplateId)]);
  if (phaseSteps.length + adding > PHASE_STEPS_MAX) throw new HttpError(400, PHASE_FULL_MESSAGE);
  if (trackSteps + adding > TRACK_STEPS_MAX) throw new HttpError(400, TRACK_FULL_MESSAGE);
  return loaded;
}

/** The step's due period as stored: absent when none. */
export const dueDaysOf = (input: { dueDays: number | null }) => (input.dueDays === null ? {} : { dueDays: input.dueDays });

/**
 * Create step's write, its description already sanitised by the caller (step-editor.ts for the
 * routes, the bulk route before its job): the step, its contents and actions in one transaction, with its phase's guard
 * and its track's (so the phase and track bounds hold however many editors add steps at once).
 */
export async function writeNewStep(auth: TrackWriter, input: StepInput, fixedId?: string): Promise<StepDetail> {
  return retryOnStale(async () => {
    const { phase, track, place } = await phaseWithRoom(auth, input.phaseId);
    const trackTemplateId = phase.trackTemplateId;
    await assertVoteGroupsOfTrack(trackTemplateId, input.actions);
    // A bulk job names its steps (step-bulk-job.ts): a step repeated after a crash is the same step.
    const stepTemplateId = fixedId ?? newId();
    const createdAt = new Date().toISOString();
    const owner = { trackTemplateId, stepTemplateId };
    const files = await planAttachments(auth.userId, { ...owner, phaseId: phase.phaseId }, input.attachments);
    const step = { ...owner, phaseId: phase.phaseId, name: input.name, description: input.description, required: input.required, inactive: input.inactive, ...dueDaysOf(input), prerequisites: [] as string[], attachments: files.attachments, version: 1, createdAt };
    const contents = input.contents.map((content, order) => contentItem(owner, content, newId(), order, 1, createdAt));
    const actions = input.actions.map((action, order) => actionItem(owner, action, newId(), order, 1, createdAt));
    await transact([
      (tx) => tx.stepTemplate.create(step).commit(),
      ...contents.map((content): TransactionItem => (tx) => tx.stepContentTemplate.create(content).commit()),
      ...actions.map((action): TransactionItem => (tx) => tx.stepActionTemplate.create(action).commit()),
      ...files.writes,
      stepsGuard(phase),
      outlineGuard(track),
      // A bulk job's step is recorded as the job, on behalf of its starter.
      trackEntry(auth, track, place, 'step.created', 'steps', [...stepAdded(step, contents, actions), { field: `${step.name}: phase`, after: phase.name }]),
    ]);
    return toStepDetail(step as StepItem, contents, actions);
  });
}

