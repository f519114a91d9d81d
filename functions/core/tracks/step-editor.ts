import type { ActionInput, ContentInput, StepDetail, StepInput, StepUpdate } from '../../../shared/schemas/step';
import { newId } from '../../db/ids';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { formsById } from '../forms/form-store';
import { allRoles } from '../../db/access/role-store';
import { readStepParts, requireStep } from './step-store';
import { toStepDetail } from './step-view';
import type { TrackWriter } from './track-scope';
import { trackEntry } from '../records/design-records';
import { stepEdited } from './step-audit';
import { sanitizeRichText } from '../../lib/rich-text';
import { responsibleRoles, responsibleRolesWrites } from './responsible-roles';
import { planAttachments } from './step-attachments';
import { assertVoteGroupsOfTrack } from './vote-rule-check';
import { actionItem, contentItem, dueDaysOf, writeNewStep } from './step-create';
export { PHASE_FULL_MESSAGE, TRACK_FULL_MESSAGE, phaseWithRoom, stepCountOfTrack } from './step-create';

/** A step's description is rich text (SPEC.md section 3): stored only through the one sanitiser. */
const richTextOrNothing = (html: string | undefined) => (html === undefined ? undefined : sanitizeRichText(html));

export const STEP_LOCKED_MESSAGE = 'This step was imported from another track: only its prerequisites can be changed.';
export const UNKNOWN_PART_MESSAGE = 'This is not a content or action of the step.';
export const FORM_NOT_FOUND_MESSAGE = 'Form not found.';

/** The parts of one step, and where its field messages go (`''` for one step, `'3.'` for the fourth of a bulk body). */
interface NamedParts {
  prefix: string;
  contents: readonly ContentInput[];
  actions: readonly ActionInput[];
}

/** Form contents name forms that exist (the picker lists them; an id from elsewhere is a field message). One BatchGet for all the steps. */
async function formErrors(steps: readonly NamedParts[]): Promise<Record<string, string[]>> {
  const formIds = [...new Set(steps.flatMap((step) => step.contents.flatMap((c) => (c.type === 'Form' ? [c.formId] : []))))];
  if (!formIds.length) return {};
  const found = new Set((await formsById(formIds)).map((form) => form.formId));
  const fieldErrors: Record<string, string[]> = {};
  for (const { prefix, contents } of steps) {
    contents.forEach((c, i) => {
      if (c.type === 'Form' && !found.has(c.formId)) fieldErrors[`${prefix}contents.${i}.formId`] = [FORM_NOT_FOUND_MESSAGE];
    });
  }
  return fieldErrors;
}

export const ROLE_NOT_FOUND_MESSAGE = 'Role not found.';

/** Every role a content or action names exists (system or custom): a made-up id is a field message. One read of the roles for all the steps. */
async function roleErrors(steps: readonly NamedParts[]): Promise<Record<string, string[]>> {
  const known = new Set((await allRoles()).map((role) => role.roleId));
  const fieldErrors: Record<string, string[]> = {};
  for (const { prefix, contents, actions } of steps) {
    contents.forEach((c, i) => {
      if (!known.has(c.roleId)) fieldErrors[`${prefix}contents.${i}.roleId`] = [ROLE_NOT_FOUND_MESSAGE];
      if (c.approvedRoles.some((id) => !known.has(id))) fieldErrors[`${prefix}contents.${i}.approvedRoles`] = [ROLE_NOT_FOUND_MESSAGE];
    });
    actions.forEach((a, i) => {
      if (!known.has(a.roleId)) fieldErrors[`${prefix}actions.${i}.roleId`] = [ROLE_NOT_FOUND_MESSAGE];
    });
  }
  return fieldErrors;
}

/**
 * Forms and roles named by the parts of these steps exist: the forms and the roles read once
 * whatever the number of steps; every missing one a field message under its step's prefix.
 */
async function assertStepsPartsExist(steps: readonly NamedParts[]): Promise<void> {
  const [forms, roles] = await Promise.all([formErrors(steps), roleErrors(steps)]);
  const fieldErrors = { ...forms, ...roles };
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
}

/** Forms and roles named by one step's parts exist. */
export const assertPartsExist = (contents: readonly ContentInput[], actions: readonly ActionInput[]) => assertStepsPartsExist([{ prefix: '', contents, actions }]);

/** The same for a bulk body: field messages keyed as the body is, `3.contents.0.formId` for the fourth step's first content. */
export const assertBulkPartsExist = (steps: readonly StepInput[]) =>
  assertStepsPartsExist(steps.map((step, index) => ({ prefix: `${index}.`, contents: step.contents, actions: step.actions })));

/**
 * Create step: forms and roles named exist, the description through the one sanitiser, then the write (step-create.ts).
 */
export async function createStep(auth: TrackWriter, input: StepInput): Promise<StepDetail> {
  await assertPartsExist(input.contents, input.actions);
  return writeNewStep(auth, cleanStepInput(input));
}

/** A new step's input with its description through the one sanitiser. */
export const cleanStepInput = (input: StepInput): StepInput => ({ ...input, description: sanitizeRichText(input.description) });

/** The stored part an input names by id, or a field message: the client never picks another step's part. */
function keptPart<T>(existing: Map<string, T>, id: string | undefined, path: string): T | undefined {
  if (id === undefined) return undefined;
  const part = existing.get(id);
  if (!part) throw new ValidationError({ [path]: [UNKNOWN_PART_MESSAGE] });
  return part;
}

/**
 * Edit step on the version the client read (409 when stale): its fields, and its contents and
 * actions replaced in the same transaction. Parts named by id are kept (their instances stay
 * linked), the others are new, the missing ones removed. Imported steps are locked.
 */
export async function updateStep(auth: TrackWriter, input: StepUpdate): Promise<StepDetail> {
  const { step: indexed, track, place } = await requireStep(auth, input.id, 'update');
  const parts = await readStepParts(indexed);
  if (!parts) throw new NotFoundError('Step not found.');
  const { step } = parts;
  if (step.originStepTemplateId) throw new HttpError(422, STEP_LOCKED_MESSAGE);
  if (step.version !== input.version) throw new StaleVersionError(undefined, step.version);
  await Promise.all([assertPartsExist(input.contents, input.actions), assertVoteGroupsOfTrack(step.trackTemplateId, input.actions)]);

  const now = new Date().toISOString();
  const owner = { trackTemplateId: step.trackTemplateId, stepTemplateId: step.stepTemplateId };
  const storedContents = new Map(parts.contents.map((c) => [c.contentTemplateId, c]));
  const storedActions = new Map(parts.actions.map((a) => [a.actionTemplateId, a]));
  const contents = input.contents.map((content, order) => {
    const kept = keptPart(storedContents, content.id, `contents.${order}.id`);
    return kept ? { ...contentItem(owner, content, kept.contentTemplateId, order, kept.version + 1, kept.createdAt), updatedAt: now } : contentItem(owner, content, newId(), order, 1, now);
  });
  const actions = input.actions.map((action, order) => {
    const kept = keptPart(storedActions, action.id, `actions.${order}.id`);
    return kept ? { ...actionItem(owner, action, kept.actionTemplateId, order, kept.version + 1, kept.createdAt), updatedAt: now } : actionItem(owner, action, newId(), order, 1, now);
  });
  const keptContentIds = new Set(contents.map((c) => c.contentTemplateId));
  const keptActionIds = new Set(actions.map((a) => a.actionTemplateId));
  const files = await planAttachments(auth.userId, step, input.attachments, step.attachments ?? []);
  const set = { name: input.name, description: richTextOrNothing(input.description), required: input.required, inactive: input.inactive, ...dueDaysOf(input), attachments: files.attachments, updatedAt: now };
  // A cleared due period is removed, not stored as null.
  const cleared = input.dueDays === null ? ['dueDays' as const] : [];

  // Enrolments copy who completes the step (stepInstance.responsibleRoleIds): a change of that set refreshes them in a job.
  const byOrder = <T extends { order: number }>(items: readonly T[]) => [...items].sort((a, b) => a.order - b.order);
  const rolesWrites = responsibleRolesWrites(auth.userId, {
    ...owner,
    stepName: input.name,
    before: responsibleRoles(step.stepTemplateId, { contents: byOrder(parts.contents), actions: byOrder(parts.actions) }),
    after: responsibleRoles(step.stepTemplateId, { contents, actions }),
  });

  const audited = stepEdited(parts, { step: { ...step, ...set, dueDays: input.dueDays ?? undefined }, contents, actions });
  await transact([
    (tx) => tx.stepTemplate.patch({ ...owner, phaseId: step.phaseId }).set(set).remove(cleared).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    ...(audited.length ? [trackEntry(auth, track, place, 'step.updated', 'steps', audited)] : []),
    ...rolesWrites,
    // Puts replace a kept part whole: a content whose type changed keeps nothing of the old type.
    ...contents.map((content): TransactionItem => (tx) => tx.stepContentTemplate.put(content).commit()),
    ...actions.map((action): TransactionItem => (tx) => tx.stepActionTemplate.put(action).commit()),
    ...parts.contents.filter((c) => !keptContentIds.has(c.contentTemplateId)).map((c): TransactionItem => (tx) => tx.stepContentTemplate.delete({ ...owner, contentTemplateId: c.contentTemplateId }).commit()),
    ...parts.actions.filter((a) => !keptActionIds.has(a.actionTemplateId)).map((a): TransactionItem => (tx) => tx.stepActionTemplate.delete({ ...owner, actionTemplateId: a.actionTemplateId }).commit()),
    ...files.writes,
  ]);
  return toStepDetail({ ...step, ...set, dueDays: input.dueDays ?? undefined, version: step.version + 1 }, contents, actions);
}
