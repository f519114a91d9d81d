import type { StepInstancePage, ContentChange } from '../../../shared/schemas/step-instance';
import type { SelectableStepStatus, StepState, StepStatus } from '../../../shared/tracks/step-status';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, ForbiddenError, StaleVersionError, ValidationError } from '../../lib/errors';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { responsibleFor } from './step-access';
import { loadContentForWrite, loadStepForWrite as loadForWrite, NOT_RESPONSIBLE, type Caller, type LoadedContent, type LoadedStep } from './step-load';
import { addFilesWrites, removeFileWrites, requireUploadOpen, submitWrites, type UploadEntry } from './step-upload';
import { stepWrites, trackConsequences } from './step-consequences';
import { openingWrites } from './step-opening';
import { projectEnrolmentsNow } from '../enrolments/enrolment-projector';
import { readStepWorkConsistent, readTrackInstance, locateAction, locateStep, type TrackInstanceItem } from '../enrolments/step-instance-store';
import { pageOf } from './step-page';
import { namedRoles } from './step-roles';
import { actionIndex, contentIndex, stateOf, transition } from './step-state';
import { contentChange, doneChange, partLabel, workEntry, type WorkChange } from './work-audit';
import { enrolmentEntry } from '../records/enrolment-records';
import type { AuditChange } from '../../../shared/schemas/audit';

export { NOT_RESPONSIBLE };
export const DECIDED_BY_VOTE = 'A committee vote is decided when its chair closes it.';
export const STATUS_NOT_ALLOWED = "Only the participant's advisor or a track override role can change a step's status.";

type Loaded = LoadedStep;

const STATUS_SET: WorkChange = { action: 'enrolment.step.status.set', kind: 'status', changes: [] };

const participantName = (instance: TrackInstanceItem) => `${instance.participant.firstName} ${instance.participant.lastName}`;

/**
 * One transaction: the change itself, the step on its version with the machine's answer, the
 * resets of a resubmission, the rest of the instance (dependents, the track's status), the
 * bell events and the enrolment's audit entry (work-audit.ts). The page as it is afterwards is the answer.
 */
export async function commit(auth: Caller, loaded: Loaded, own: TransactionItem[], after: StepState, change: WorkChange, events: TransactionItem[] = []): Promise<StepInstancePage> {
  const { work, design, instance } = loaded;
  const trackStatus = await writeChange(auth, loaded, own, after, change, events);
  const fresh = await readStepWorkConsistent(instance.trackInstanceId, work.step.stepInstanceId);
  const freshInstance = trackStatus ? { ...instance, status: trackStatus, version: instance.version + 1 } : instance;
  return pageOf(loaded.rights, freshInstance, fresh, design);
}

/** commit's writes, without reading the page: the track's new status when it moved. `quiet` leaves out the bell events. */
async function writeChange(auth: Caller, loaded: Loaded, own: TransactionItem[], after: StepState, change: WorkChange, events: TransactionItem[], quiet = false): Promise<TrackInstanceItem['status'] | null> {
  const { work, design, instance } = loaded;
  const planned = await consequencesOf(auth, loaded, after, events, quiet);
  await transact([...own, ...planned.writes, workEntry(auth, loaded, change, stateOf(work, design), after, planned.trackStatus)]);
  // The track's status moved: the participants table's status lists follow.
  if (planned.trackStatus) await projectEnrolmentsNow([instance.trackInstanceId]);
  return planned.trackStatus;
}

/** What a change to `after` writes besides the change itself: the step, the resets, the instance's consequences, the events (the bell's own none when `quiet`). */
async function consequencesOf(auth: Caller, loaded: Loaded, after: StepState, events: TransactionItem[], quiet = false): Promise<{ writes: TransactionItem[]; trackStatus: TrackInstanceItem['status'] | null }> {
  const { work, design, instance } = loaded;
  const before = stateOf(work, design);
  const now = new Date().toISOString();
  const track = await trackConsequences(instance, work.step, before.status, after.status, now);
  const link = stepInstanceLink(work.step.stepInstanceId);
  const opened =
    track.opened.length && !quiet
      ? eventWrites({ recipientIds: [instance.participantId], actorId: auth.userId, message: `A new step is ready in ${instance.trackName}.`, link: stepInstanceLink(track.opened[0].stepInstanceId) })
      : [];
  // A locked step set open directly gets its parts in this transaction (step-opening.ts).
  const opening = after.status !== 'Unavailable' ? await openingWrites(instance, [work.step], now) : [];
  const review = after.status === 'PendingReview' && before.status !== 'PendingReview' && !quiet ? await reviewEvent(auth, loaded, after, link) : [];
  return { writes: [...stepWrites(work, design, before, after, now), ...track.writes, ...opening, ...events, ...review, ...opened], trackStatus: track.trackStatus };
}

/**
 * The enrolment's side of a form saved, submitted or unsubmitted through the form runner
 * (`form/form-instance`), for that save's own transaction: the form is one of the step's
 * content items, so its step moves as a task's or an upload's does (PendingReview, Completed,
 * dependents, the track, the bell), and the enrolment's History gets the entry (`answers`: only
 * that they changed, never their values). A step not open for work refuses (409), as for any
 * content. The form code decides who may save.
 */
export async function formSubmissionWrites(
  auth: Caller,
  form: { trackInstanceId: string; stepInstanceId?: string; contentInstanceId?: string; submitted: boolean; stepName?: string; title?: string },
  submitted: boolean,
  answers: AuditChange[],
): Promise<TransactionItem[]> {
  const moves = form.submitted !== submitted && form.stepInstanceId && form.contentInstanceId;
  if (!moves) {
    // Answers saved (or a form outside a step): the entry names the form by its copied names and says only that the answers changed.
    const instance = await readTrackInstance(form.trackInstanceId, true);
    const field = partLabel(form.stepName ?? '', form.title ?? '');
    return [enrolmentEntry(auth, instance, 'enrolment.form.saved', 'content', answers.map((change) => ({ ...change, field: `${field} ${change.field}` })))];
  }
  const loaded = await loadForWrite(auth, form.trackInstanceId, form.stepInstanceId!);
  const { work, design } = loaded;
  const index = contentIndex(work, design, form.contentInstanceId!);
  const before = stateOf(work, design);
  const after = index < 0 ? before : transition(before, { kind: 'content', index, done: submitted });
  const planned = index < 0 ? { writes: [], trackStatus: null } : await consequencesOf(auth, loaded, after, []);
  const item = work.contents.find((c) => c.contentInstanceId === form.contentInstanceId);
  const template = design.contents.find((t) => t.contentTemplateId === item?.contentTemplateId) ?? { name: form.title ?? '', isPrivate: false };
  const done = doneChange('Form', submitted);
  const change = contentChange(design.step.name, template, { ...done, changes: [...done.changes, ...answers] });
  return [...planned.writes, workEntry(auth, loaded, change, before, after, planned.trackStatus)];
}

/** Submitted and awaiting review: the assignees holding the roles of the pending actions. */
async function reviewEvent(auth: Caller, { instance, work, design }: Loaded, after: StepState, link: string): Promise<TransactionItem[]> {
  const pendingRoles = new Set(design.actions.filter((t, i) => after.actions[i] === 'pending' && work.actions.some((a) => a.actionTemplateId === t.actionTemplateId)).map((t) => t.roleId));
  const recipientIds = instance.assignees.filter((a) => pendingRoles.has(a.roleId)).map((a) => a.userId);
  return eventWrites({ recipientIds, actorId: auth.userId, message: `${participantName(instance)} submitted ${design.step.name} for review.`, link });
}

/** Files listed on or taken off an upload: their names, or only that they changed when the content is private. */
function filesChange(loaded: LoadedContent, added: readonly UploadEntry[], removedIds: readonly string[]): WorkChange {
  const listed = loaded.item.upload?.files ?? [];
  const changes = [
    ...removedIds.map((id) => ({ field: '', before: listed.find((entry) => entry.id === id)?.name ?? '' })),
    ...added.map((entry) => ({ field: '', after: entry.name ?? '' })),
  ];
  return contentChange(loaded.design.step.name, loaded.template, { action: added.length ? 'enrolment.file.added' : 'enrolment.file.removed', kind: 'files', changes });
}

function requireVersion(read: number, sent: number): void {
  if (read !== sent) throw new StaleVersionError(undefined, read);
}

/** `PATCH step/instance/content/{id}`: a task ticked or unticked, an upload's files added or removed, an upload submitted or unsubmitted, by the person responsible. */
export async function changeContent(auth: Caller, contentInstanceId: string, change: ContentChange): Promise<StepInstancePage> {
  const loaded = await loadContentForWrite(auth, contentInstanceId);
  const { work, design, item } = loaded;
  if (!loaded.responsible) throw new ForbiddenError(NOT_RESPONSIBLE);
  if (change.instanceType !== item.type) throw new ValidationError({ instanceType: [`This content is a ${item.type}.`] });
  requireVersion(item.version, change.version);
  const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, contentInstanceId };
  const now = new Date().toISOString();
  const index = contentIndex(work, design, contentInstanceId);
  const before = stateOf(work, design);

  if (change.instanceType === 'Task') {
    const after = transition(before, { kind: 'content', index, done: change.completed });
    const task = change.completed ? { completed: true, completedAt: now, completedBy: auth.userId } : { completed: false };
    const own: TransactionItem[] = [(tx) => tx.stepContentInstance.patch(key).set({ task }).add({ version: 1 }).where(ifVersion(item.version)).commit()];
    return commit(auth, loaded, own, after, contentChange(design.step.name, loaded.template, doneChange('Task', change.completed)));
  }
  if (change.instanceType === 'Upload') {
    if (change.submitted !== undefined) {
      const after = transition(before, { kind: 'content', index, done: change.submitted });
      return commit(auth, loaded, submitWrites(loaded, change.submitted, now), after, contentChange(design.step.name, loaded.template, doneChange('Upload', change.submitted)));
    }
    // Files change only while the upload is open; the step's state does not move (its version does).
    requireUploadOpen(loaded);
    if (change.addFiles) {
      const { writes, added } = await addFilesWrites(auth, loaded, change.addFiles.map((f) => f.key));
      return commit(auth, loaded, writes, before, filesChange(loaded, added, []));
    }
    return commit(auth, loaded, removeFileWrites(loaded, change.removeFileId!), before, filesChange(loaded, [], [change.removeFileId!]));
  }
  throw new ValidationError({ instanceType: ['Forms are submitted in the form runner.'] });
}

/**
 * `DELETE file/upload-instance/{key}`: a file taken off the upload it is listed on (not submitted),
 * as `removeFileId` does, on the content's version as read now.
 */
export async function removeUploadFile(auth: Caller, contentInstanceId: string, fileKey: string): Promise<boolean> {
  const loaded = await loadContentForWrite(auth, contentInstanceId);
  const entry = (loaded.item.upload?.files ?? []).find((e) => e.fileKey === fileKey);
  if (!entry) return false;
  requireUploadOpen(loaded);
  await commit(auth, loaded, removeFileWrites(loaded, entry.id), stateOf(loaded.work, loaded.design), filesChange(loaded, [], [entry.id]));
  return true;
}

/** `PATCH step/instance/action/{id}/{approved}`: a pending action approved or denied by its responsible assignee (or an override), once all content is done. */
export async function decideAction(auth: Caller, actionInstanceId: string, approved: boolean, version: number): Promise<StepInstancePage> {
  const located = await locateAction(actionInstanceId);
  const loaded = await loadForWrite(auth, located.trackInstanceId, located.stepInstanceId);
  const { work, design, rights, instance } = loaded;
  const item = work.actions.find((a) => a.actionInstanceId === actionInstanceId)!;
  const template = design.actions.find((t) => t.actionTemplateId === item.actionTemplateId);
  if (!template) throw new ValidationError({ approved: ['This action is no longer part of the step.'] });
  if (template.vote) throw new ConflictError(DECIDED_BY_VOTE);
  const role = (await namedRoles([template.roleId])).get(template.roleId)!;
  if (!responsibleFor(rights, role)) throw new ForbiddenError(NOT_RESPONSIBLE);
  requireVersion(item.version, version);
  const after = transition(stateOf(work, design), { kind: 'decide', index: actionIndex(work, design, actionInstanceId), approved });
  const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, actionInstanceId };
  const decision = { approved, userId: auth.userId, userFirstName: auth.user.firstName, userLastName: auth.user.lastName };
  const verb = approved ? (template.type === 'Signature' ? 'signed' : 'approved') : 'denied';
  const events = eventWrites({ recipientIds: [instance.participantId], actorId: auth.userId, message: `${template.name} on ${design.step.name} was ${verb}.`, link: stepInstanceLink(item.stepInstanceId) });
  const change: WorkChange = { action: `enrolment.action.${verb}`, kind: 'actions', changes: [{ field: partLabel(design.step.name, template.name), before: 'pending', after: verb }] };
  return commit(auth, loaded, [(tx) => tx.stepActionInstance.patch(key).set(decision).add({ version: 1 }).where(ifVersion(item.version)).commit()], after, change, events);
}

/** `PATCH step/instance/{stepInstanceId}/{status}`: the participant's advisor or a track override sets Ready, PendingReview or Completed. */
export async function setStepStatus(auth: Caller, stepInstanceId: string, status: SelectableStepStatus, version: number): Promise<StepInstancePage> {
  const located = await locateStep(stepInstanceId);
  const loaded = await loadForWrite(auth, located.trackInstanceId, stepInstanceId);
  const { work, design, rights, instance } = loaded;
  if (!rights.canChangeStatus) throw new ForbiddenError(STATUS_NOT_ALLOWED);
  requireVersion(work.step.version, version);
  const after = transition(stateOf(work, design), { kind: 'set', status });
  const events = eventWrites({ recipientIds: [instance.participantId], actorId: auth.userId, message: `${design.step.name} is now ${status === 'PendingReview' ? 'Pending Review' : status}.`, link: stepInstanceLink(stepInstanceId) });
  return commit(auth, loaded, [], after, STATUS_SET, events);
}

/**
 * `setStepStatus` for an import's earlier steps (functions/core/imports/enrolment-steps.ts): the
 * same rights on the loaded enrolment (its advisor or a track override), machine, writes and
 * projection, without the bell events: neither "{step} is now Completed" nor "A new step is
 * ready" (an import records where a participant already is). No version: the step is read here.
 * Answers the status found; writes nothing when it is the one asked, or when a locked step is
 * asked Completed (the machine refuses that: open it first).
 */
export async function setStepStatusQuietly(auth: Caller, trackInstanceId: string, stepInstanceId: string, status: SelectableStepStatus): Promise<StepStatus> {
  const loaded = await loadForWrite(auth, trackInstanceId, stepInstanceId);
  if (!loaded.rights.canChangeStatus) throw new ForbiddenError(STATUS_NOT_ALLOWED);
  const before = stateOf(loaded.work, loaded.design);
  if (before.status === status || (before.status === 'Unavailable' && status === 'Completed')) return before.status;
  await writeChange(auth, loaded, [], transition(before, { kind: 'set', status }), STATUS_SET, [], true);
  return before.status;
}
