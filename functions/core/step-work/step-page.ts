import type { ActionInstanceView, ContentInstanceView, StepInstancePage } from '../../../shared/schemas/step-instance';
import { roleLabel } from '../../../shared/auth/system-roles';
import { toAttachmentView } from '../tracks/step-attachments';
import type { ActionItem, ContentItem } from '../tracks/step-view';
import { mayViewContent, responsibleFor, type StepCaller, type StepRights } from './step-access';
import { stepRightsWithCommittee } from './vote-access';
import { votesOfStep, type StepVotes } from './vote-reads';
import { committeeVoteView } from './vote-view';
import { readStepDesign, readStepWork, readTrackInstance, type StepDesign, type StepWork, type TrackInstanceItem } from '../enrolments/step-instance-store';
import { namedRoles, type NamedRole } from './step-roles';
import { reopensOnUndo } from '../../../shared/tracks/step-status';
import { contentDoneOf, isOpenForWork, stateOf } from './step-state';
import { noteRead } from '../read-log/read-write';

/**
 * The step page (`GET step/step-instance/{id}`): the step's work (one Query of its view), its
 * template (one Query) and its track instance (one get) for the scope check, the back link and
 * the names. Private content the caller may not view is left out but for its name and the message.
 */
export async function stepInstancePage(auth: StepCaller, stepInstanceId: string): Promise<StepInstancePage> {
  const { page, participantId } = await readStepPage(auth, stepInstanceId);
  notePrivateContents(participantId, page);
  return page;
}

/** The step page and whose it is, before anything is recorded (getters answer part of it and record only that part). */
export async function readStepPage(auth: StepCaller, stepInstanceId: string): Promise<{ page: StepInstancePage; participantId: string }> {
  const work = await readStepWork(stepInstanceId);
  const [design, instance] = await Promise.all([readStepDesign(work.step.stepTemplateId), readTrackInstance(work.step.trackInstanceId)]);
  const rights = await stepRightsWithCommittee(auth, instance, design);
  return { page: await buildPage(rights, instance, work, design), participantId: instance.participantId };
}

/** The private contents shown with their data (not hidden) go to the read-access log (their names only). */
export function notePrivateContents(participantId: string, page: StepInstancePage, contents: readonly ContentInstanceView[] = page.contents): void {
  for (const content of contents) {
    if (content.isPrivate && !content.hidden) noteRead({ ownerId: participantId, kind: 'stepContent', objectId: content.id, label: content.name, trackInstanceId: page.trackInstanceId });
  }
}

/** The page a write answers (the work on a step): its private contents shown go to the read-access log. */
export async function pageOf(rights: StepRights, instance: TrackInstanceItem, work: StepWork, design: StepDesign): Promise<StepInstancePage> {
  const page = await buildPage(rights, instance, work, design);
  notePrivateContents(rights.participantId, page);
  return page;
}

async function buildPage(rights: StepRights, instance: TrackInstanceItem, work: StepWork, design: StepDesign): Promise<StepInstancePage> {
  const [roles, votes] = await Promise.all([namedRoles([...design.contents.map((c) => c.roleId), ...design.actions.map((a) => a.roleId)]), votesOfStep(rights, work, design)]);
  const open = isOpenForWork(work.step.status);
  const contentDone = design.contents.every((c) => contentDoneOf(work, c.contentTemplateId));
  // A step without actions that its content completed can still have that content undone (it reopens).
  const contentOpen = open || reopensOnUndo(stateOf(work, design));
  const contents = design.contents.flatMap((template): ContentInstanceView[] => {
    const item = work.contents.find((c) => c.contentTemplateId === template.contentTemplateId);
    return item ? [contentView(rights, work, template, item, roles.get(template.roleId)!, contentOpen)] : [];
  });
  const actions = design.actions.flatMap((template): ActionInstanceView[] => {
    const item = work.actions.find((a) => a.actionTemplateId === template.actionTemplateId);
    // Not `open && contentDone`: those responsible see Approve and Deny disabled, with the reason, until the content is done (issue 24).
    return item ? [actionView(rights, instance, template, item, roles.get(template.roleId)!, open, votes)] : [];
  });
  return {
    id: work.step.stepInstanceId,
    version: work.step.version,
    status: work.step.status,
    ...(work.step.dueAt ? { dueAt: work.step.dueAt } : {}),
    stepTemplateId: work.step.stepTemplateId,
    trackInstanceId: instance.trackInstanceId,
    trackTemplateId: instance.trackTemplateId,
    trackName: instance.trackName,
    name: design.step.name,
    description: design.step.description ?? '',
    attachments: (design.step.attachments ?? []).map(toAttachmentView),
    canChangeStatus: rights.canChangeStatus,
    contentDone,
    // An Unavailable step shows no content (SPEC.md section 2): none is sent.
    contents: work.step.status === 'Unavailable' ? [] : contents,
    actions: work.step.status === 'Unavailable' ? [] : actions,
  };
}

function contentView(rights: StepRights, work: StepWork, template: ContentItem, item: StepWork['contents'][number], role: NamedRole, open: boolean): ContentInstanceView {
  const responsible = responsibleFor(rights, role);
  const base = {
    id: item.contentInstanceId,
    contentTemplateId: template.contentTemplateId,
    version: item.version,
    type: template.type,
    name: template.name,
    roleName: roleLabel(role),
    isPrivate: template.isPrivate,
    done: contentDoneOf(work, template.contentTemplateId),
  };
  if (!mayViewContent(rights, template, responsible)) return { ...base, hidden: true, canChange: false, done: false };
  const view: ContentInstanceView = { ...base, hidden: false, canChange: open && responsible };
  // Content whose task, upload or form is gone comes without it: the page says it cannot find it (SPEC.md section 8).
  if (template.type === 'Task') {
    if (template.task) view.task = { name: template.task?.name ?? '', description: template.task?.description ?? '', completed: Boolean(item.task?.completed), ...(item.task?.completedAt ? { completedAt: item.task.completedAt } : {}) };
  } else if (template.type === 'Upload') {
    if (!template.upload) return view;
    const upload = item.upload ?? {};
    view.upload = {
      name: template.upload?.name ?? '', multiple: Boolean(template.upload?.multiple), type: template.upload?.type ?? 'Any', instructions: template.upload?.instructions ?? '',
      submitted: Boolean(upload.submitted), ...(upload.submittedAt ? { submittedAt: upload.submittedAt } : {}),
      files: (upload.files ?? []).map((f) => ({ id: f.id, key: f.fileKey, name: f.name ?? '' })),
    };
  } else {
    const form = work.forms.find((f) => f.formInstanceId === item.formInstanceId);
    if (form) view.form = { formInstanceId: form.formInstanceId, formId: form.formId, formVersion: form.formVersion, version: form.version, submitted: form.submitted, ...(form.submittedAt ? { submittedAt: form.submittedAt } : {}) };
  }
  return view;
}

function actionView(rights: StepRights, instance: TrackInstanceItem, template: ActionItem, item: StepWork['actions'][number], role: NamedRole, decidable: boolean, votes: StepVotes): ActionInstanceView {
  const decided = item.approved !== undefined && item.approved !== null;
  const voted = votes.get(item.actionInstanceId);
  const vote = template.vote && voted ? committeeVoteView(rights, template.vote, item, voted.group, voted.ballots, decidable) : null;
  return {
    id: item.actionInstanceId,
    actionTemplateId: template.actionTemplateId,
    version: item.version,
    type: template.type,
    name: template.name,
    roleName: roleLabel(role),
    approved: decided ? Boolean(item.approved) : null,
    user: decided && item.userId ? { id: item.userId, ...personName(instance, item) } : null,
    ...(decided && item.updatedAt ? { updatedAt: item.updatedAt } : {}),
    // A committee vote is decided by its close, never by Approve and Deny.
    canDecide: decidable && !decided && !template.vote && responsibleFor(rights, role),
    vote,
  };
}

/** The name of who decided: copied onto the action when it was decided. */
function personName(instance: TrackInstanceItem, item: StepWork['actions'][number]) {
  if (item.userFirstName !== undefined) return { firstName: item.userFirstName ?? '', lastName: item.userLastName ?? '' };
  const assignee = instance.assignees.find((a) => a.userId === item.userId);
  if (assignee) return { firstName: assignee.firstName, lastName: assignee.lastName };
  if (item.userId === instance.participantId) return { firstName: instance.participant.firstName, lastName: instance.participant.lastName };
  return { firstName: '', lastName: '' };
}
