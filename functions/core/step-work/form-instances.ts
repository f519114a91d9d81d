import type { EntityItem } from 'electrodb';
import type { formInstance } from '../../db/entities/form-instance';
import { db } from '../../db/service';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { answersSchema } from '../../../shared/forms/answer-schema';
import type { FormInstanceSummary, FormInstanceView } from '../../../shared/api/form';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { requireFormVersion } from '../forms/form-store';
import { contentOf } from '../forms/form-view';
import { checkFileAnswers } from '../forms/form-files';
import type { FormField } from '../../../shared/forms/form-definition';
import { formSubmissionWrites } from './step-work';
import { privateChange } from '../records/audit-write';
import { noteRead } from '../read-log/read-write';

export type FormInstanceItem = EntityItem<typeof formInstance>;

export const FORM_INSTANCE_NOT_FOUND = 'Form not found.';
export const SUBMITTED_FORM_LOCKED = 'Submitted forms cannot be changed. Unsubmit it first.';

export async function findInstance(formInstanceId: string): Promise<FormInstanceItem | null> {
  const { data } = await db().entities.formInstance.query.byId({ formInstanceId }).go({ limit: 1 });
  return data[0] ?? null;
}

/**
 * The participant reads their own answers; others who can see the participant read them
 * too. Anyone else gets 404, so an instance's existence stays private.
 */
async function readableInstance(auth: AuthContext, formInstanceId: string): Promise<FormInstanceItem> {
  const item = await findInstance(formInstanceId);
  if (!item || !(await maySeeParticipant(auth, item.participantId))) throw new NotFoundError(FORM_INSTANCE_NOT_FOUND);
  return item;
}

export async function maySeeParticipant(auth: AuthContext, participantId: string): Promise<boolean> {
  if (participantId === auth.userId || auth.isSuperadmin) return true;
  const participant = await loadTargetUser(participantId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  return participant !== null && canSeeTarget(auth, participant);
}

export function summaryOf(item: FormInstanceItem): FormInstanceSummary {
  return {
    id: item.formInstanceId,
    formId: item.formId,
    formVersion: item.formVersion,
    stepInstanceId: item.stepInstanceId,
    title: item.title ?? '',
    trackName: item.trackName ?? '',
    phaseName: item.phaseName ?? '',
    stepName: item.stepName ?? '',
    submitted: item.submitted,
    ...(item.submittedAt ? { submittedAt: item.submittedAt } : {}),
  };
}

/** An instance with its answers and the version it started on (the runner needs nothing else). */
async function viewOf(item: FormInstanceItem): Promise<FormInstanceView> {
  // Someone else's answers: the read-access log records it (the form's title only, never an answer).
  noteRead({ ownerId: item.participantId, kind: 'form', objectId: item.formInstanceId, label: item.title || undefined, trackInstanceId: item.trackInstanceId });
  const version = await requireFormVersion(item.formId, item.formVersion);
  return { ...summaryOf(item), data: (item.data as Record<string, unknown>) ?? {}, version: item.version, form: { name: version.name, ...contentOf(version) } };
}

export async function formInstanceView(auth: AuthContext, formInstanceId: string): Promise<FormInstanceView> {
  return viewOf(await readableInstance(auth, formInstanceId));
}

/** Instances by id that the caller may read (others are left out, as unknown ids). */
export async function formInstanceViews(auth: AuthContext, formInstanceIds: string[]): Promise<FormInstanceView[]> {
  const found = await Promise.all(formInstanceIds.map((id) => findInstance(id)));
  const readable = [];
  for (const item of found) if (item && (await maySeeParticipant(auth, item.participantId))) readable.push(item);
  return Promise.all(readable.map(viewOf));
}


/**
 * Saves (submit false) or submits the participant's answers, validated against the version
 * the instance started on, conditioned on the version of the instance the runner read: a
 * stale save is 409 and the runner keeps what was typed.
 */
export async function saveFormAnswers(auth: AuthContext, formInstanceId: string, input: { data: Record<string, unknown>; submitted: boolean; version: number }): Promise<FormInstanceView> {
  const item = await findInstance(formInstanceId);
  if (!item || item.participantId !== auth.userId) throw new NotFoundError(FORM_INSTANCE_NOT_FOUND);
  if (item.submitted) throw new BusinessRuleError(SUBMITTED_FORM_LOCKED);
  const version = await requireFormVersion(item.formId, item.formVersion);
  const checked = answersSchema(contentOf(version)).safeParse(input.data);
  if (!checked.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of checked.error.issues) (fieldErrors[['data', ...issue.path].join('.')] ??= []).push(issue.message);
    throw new ValidationError(fieldErrors);
  }
  const fieldFiles = await checkFileAnswers(item.participantId, formInstanceId, version.fields as FormField[], checked.data);
  const now = new Date().toISOString();
  const changes = { data: checked.data, fieldFiles, submitted: input.submitted, ...(input.submitted ? { submittedAt: now } : {}) };
  const key = { trackInstanceId: item.trackInstanceId, formInstanceId };
  // Submitting moves its step, and every save leaves its audit entry (answers only as changed), in the same transaction.
  const answers = [...privateChange('answers', item.data, checked.data), ...privateChange('files', item.fieldFiles ?? [], fieldFiles)];
  const stepSide = await formSubmissionWrites(auth, item, input.submitted, answers);
  // The files must still exist when the answers naming them are written (a delete checks the other way).
  await transact([
    (tx) => tx.formInstance.patch(key).set(changes).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    ...fieldFiles.map((fileKey): TransactionItem => (tx) => tx.uploadedFile.check({ userId: item.participantId, fileKey }).where((file, op) => op.exists(file.fileKey)).commit()),
    ...stepSide,
  ]);
  return viewOf({ ...item, ...changes, version: item.version + 1, updatedAt: now });
}

/** SPEC.md section 4: Unsubmit returns a submitted form to editing; for users who may create FormTemplate and see the participant. */
export async function unsubmitForm(auth: AuthContext, formInstanceId: string): Promise<FormInstanceView> {
  const item = await readableInstance(auth, formInstanceId);
  if (!auth.ability.can('create', 'FormTemplate')) throw new ForbiddenError();
  if (!item.submitted) return viewOf(item);
  const key = { trackInstanceId: item.trackInstanceId, formInstanceId };
  const stepSide = await formSubmissionWrites(auth, item, false, []);
  await transact([(tx) => tx.formInstance.patch(key).set({ submitted: false }).add({ version: 1 }).where(ifVersion(item.version)).commit(), ...stepSide]);
  return viewOf({ ...item, submitted: false, version: item.version + 1 });
}
