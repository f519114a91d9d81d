import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

interface MatrixEnrolment {
  stepInstanceId: string;
  /** The file the upload lists (an upload enrolment) and the step's attachment. */
  fileKey: string;
  contentInstanceId: string;
  actionInstanceId: string;
}

/**
 * The target user enrolled (written straight to the table) in a fresh one-step track of the
 * target's conference, under its district: a task for the participant and an approval for an
 * advisor. No actor is the participant or an assignee, so only track-override roles act on it.
 * `handedIn`: the task is done and the step waits for review (for the decision). `upload`: the
 * content is an upload listing one file of the participant's. The step lists one attachment.
 */
async function enrolment(target: Target, tag: string, handedIn = false, upload = false, vote = false): Promise<MatrixEnrolment> {
  const suffix = newId().toLowerCase();
  const trackTemplateId = `matrix-wtrack-${suffix}`;
  const phaseId = `matrix-wphase-${suffix}`;
  const stepTemplateId = `matrix-wstep-${suffix}`;
  const trackInstanceId = `matrix-winstance-${suffix}`;
  const made = { fileKey: newId().toLowerCase(), stepInstanceId: `matrix-wsi-${suffix}`, contentInstanceId: `matrix-wci-${suffix}`, actionInstanceId: `matrix-wai-${suffix}` };
  const person = { firstName: 'Matrix', lastName: tag, email: `${suffix}@example.org` };
  const entities = db().entities;
  await entities.trackTemplate.create({ trackTemplateId, name: `Matrix work ${tag}`, description: 'Matrix', conferenceId: target.chain.Conference }).go();
  await entities.phaseTemplate.create({ trackTemplateId, phaseId, name: 'Matrix phase', order: 1 }).go();
  const attachments = [{ fileKey: made.fileKey, name: 'matrix.pdf', size: 10, contentType: 'application/pdf' }];
  await entities.stepTemplate.create({ trackTemplateId, phaseId, stepTemplateId, name: 'Matrix step', required: true, attachments }).go();
  const part = upload ? { type: 'Upload' as const, upload: { name: 'Upload', type: 'Document' as const, instructions: 'A file' } } : { type: 'Task' as const, task: { name: 'Task', description: 'Do it' } };
  await entities.stepContentTemplate.create({ trackTemplateId, stepTemplateId, contentTemplateId: `matrix-wct-${suffix}`, name: 'Task', roleId: 'role-participant', ...part }).go();
  // `vote`: a Committee Vote of a group of the track without members or chair (no actor is either).
  const userGroupId = `matrix-wg-${suffix}`;
  if (vote) await entities.userGroup.create({ userGroupId, name: 'Matrix committee', conferenceId: target.chain.Conference, trackTemplateId, memberCount: 0 }).go();
  const action = vote ? { type: 'Committee Vote' as const, vote: { userGroupId, quorumKind: 'count' as const, quorum: 1, majority: 'simple' as const, base: 'cast' as const } } : { type: 'Approval' as const };
  await entities.stepActionTemplate.create({ trackTemplateId, stepTemplateId, actionTemplateId: `matrix-wat-${suffix}`, name: 'Approval', roleId: 'role-advisor', ...action }).go();
  await entities.trackInstance
    .create({ trackInstanceId, trackTemplateId, trackName: `Matrix work ${tag}`, conferenceId: target.chain.Conference, districtId: target.chain.District, participantId: target.userId, participant: person, sortName: `${tag} matrix` })
    .go();
  const owner = { trackInstanceId, stepInstanceId: made.stepInstanceId };
  await entities.stepInstance.create({ ...owner, trackTemplateId, phaseId, stepTemplateId, participantId: target.userId, status: handedIn ? 'PendingReview' : 'Ready' }).go();
  const work = upload
    ? { type: 'Upload' as const, upload: { submitted: false, files: [{ id: `matrix-wf-${suffix}`, fileKey: made.fileKey, name: 'matrix.pdf', uploadedBy: target.userId }] } }
    : { type: 'Task' as const, task: { completed: handedIn } };
  await entities.stepContentInstance.create({ ...owner, contentInstanceId: made.contentInstanceId, contentTemplateId: `matrix-wct-${suffix}`, ...work }).go();
  if (upload) {
    await entities.uploadedFile
      .create({ userId: target.userId, fileKey: made.fileKey, name: 'matrix.pdf', kind: 'Document', targetType: 'uploadContent', targetId: made.contentInstanceId, contentType: 'application/pdf', size: 10, status: 'confirmed' })
      .go();
  }
  await entities.stepActionInstance.create({ ...owner, actionInstanceId: made.actionInstanceId, actionTemplateId: `matrix-wat-${suffix}` }).go();
  return made;
}

/** The step page and the work on it (rows in authorization-matrix.step-work-expected.ts). */
export const STEP_WORK_CALLS: Record<string, CallBuilder> = {
  'step.stepInstance': async (t, tag) => ({ path: `/api/step/step-instance/${(await enrolment(t, tag)).stepInstanceId}` }),
  'step.changeContent': async (t, tag) => ({ path: `/api/step/instance/content/${(await enrolment(t, tag)).contentInstanceId}`, method: 'PATCH', body: { instanceType: 'Task', version: 1, completed: true } }),
  'step.decideAction': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true)).actionInstanceId}/true`, method: 'PATCH', body: { version: 1 } }),
  'step.openVote': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/open-vote`, method: 'POST', body: { version: 1 } }),
  'step.castVote': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/vote`, method: 'POST', body: { choice: 'Approve' } }),
  'step.recuse': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/recuse`, method: 'POST', body: { reason: 'Matrix' } }),
  'step.closeVote': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/close-vote`, method: 'POST', body: { version: 1 } }),
  'step.interview': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/interview` }),
  'step.proposeInterview': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/interview/propose`, method: 'POST', body: { slots: [{ start: '2099-01-05T10:00', minutes: 60 }] } }),
  'step.markAvailability': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/interview/availability`, method: 'POST', body: { slotIds: [] } }),
  'step.confirmInterview': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/interview/confirm`, method: 'POST', body: { slotId: 'x', place: 'Hall', version: 1 } }),
  'step.cancelInterview': async (t, tag) => ({ path: `/api/step/instance/action/${(await enrolment(t, tag, true, false, true)).actionInstanceId}/interview/cancel`, method: 'POST', body: { reason: 'Matrix', version: 1 } }),
  'step.instanceAttachment': async (t, tag) => {
    const made = await enrolment(t, tag);
    return { path: `/api/step/step-instance/${made.stepInstanceId}/attachment/${made.fileKey}` };
  },
  'step.stepInstances': async (t, tag) => ({ path: `/api/step/step-instances/${(await enrolment(t, tag)).stepInstanceId}` }),
  'step.stepContentInstance': async (t, tag) => ({ path: `/api/step/step-content-instance/${(await enrolment(t, tag)).contentInstanceId}` }),
  'step.stepContentInstances': async (t, tag) => ({ path: `/api/step/step-content-instances/${(await enrolment(t, tag)).contentInstanceId}` }),
  'step.stepActionInstances': async (t, tag) => ({ path: `/api/step/step-action-instances/${(await enrolment(t, tag)).actionInstanceId}` }),
  'step.taskInstance': async (t, tag) => ({ path: `/api/step/task-instance/${(await enrolment(t, tag)).contentInstanceId}` }),
  'step.taskInstances': async (t, tag) => ({ path: `/api/step/task-instances/${(await enrolment(t, tag)).contentInstanceId}` }),
  'file.uploadInstance': async (t, tag) => ({ path: `/api/file/upload-instance/${(await enrolment(t, tag, false, true)).contentInstanceId}` }),
  'file.uploadInstances': async (t, tag) => ({ path: `/api/file/upload-instances/${(await enrolment(t, tag, false, true)).contentInstanceId}` }),
  'file.removeFromUpload': async (t, tag) => ({ path: `/api/file/upload-instance/${(await enrolment(t, tag, false, true)).fileKey}`, method: 'DELETE' }),
  'step.setStatus': async (t, tag) => ({ path: `/api/step/instance/${(await enrolment(t, tag)).stepInstanceId}/Completed`, method: 'PATCH', body: { version: 1 } }),
};
