import { handler as stepHandler } from '../../../functions/http/step/handler';
import { handler as fileHandler } from '../../../functions/http/file/handler';
import { handler as formHandler } from '../../../functions/http/form/handler';
import { handler as userHandler } from '../../../functions/http/user/handler';
import { handler as trackHandler } from '../../../functions/http/track/handler';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { api } from '../../../shared/api';
import type { Contract } from '../../../shared/api/contract';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { READ_SCREEN_HEADER } from '../../../shared/schemas/read-log';
import { seedDemo } from '../../support/demo-table';
import { invoke, type Handler } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/**
 * The read-access log (issue 25, item 2): every route whose contract says `readLog` (the list the
 * coverage test, test/shared/api/read-log-coverage.test.ts, derives from the response schemas) is
 * called here as someone other than the owner and must leave an entry in the owner's log, with the
 * route and the reader; the owner's own reads leave none. A marked route without a case here fails.
 */
const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const ids = DEMO_INSTANCE_IDS;
const TRANSCRIPT_CONTENT = 'demo-content-instance-transcript';
const INTERVIEW_CONTENT = 'demo-content-instance-interview';
const QUESTIONNAIRE_ACTION = 'demo-action-instance-questionnaire';
const INTERVIEW_ACTION = 'demo-action-instance-interview';
const FILE_KEY = '01jreadlogtranscript000000';
const SECRET_NAME = 'psychological-assessment.pdf';

const owner = () => demoUser(PARTICIPANT).id;
const handlers: Record<string, Handler> = { step: stepHandler, file: fileHandler, form: formHandler, user: userHandler, track: trackHandler };

async function entries(): Promise<Array<{ route: string; readerId: string; kind: string; objectId: string; label?: string; screen?: string }>> {
  const { data } = await db().entities.readEntry.query.byOwner({ ownerId: owner() }).go({ order: 'desc', limit: 200, consistent: true } as never);
  return data;
}


interface Case {
  as: string;
  method?: string;
  path: () => string | Promise<string>;
  body?: () => Promise<unknown>;
  /** The kind of entry the call must leave. */
  kind: string;
  /** The screen it records when the route is its own screen (the header's otherwise). */
  screen?: string;
}

async function contentVersion(stepInstanceId: string, contentInstanceId: string): Promise<number> {
  const { data } = await db().entities.stepContentInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId, contentInstanceId }).go({ consistent: true });
  return data!.version;
}
async function stepVersion(stepInstanceId: string): Promise<number> {
  const { data } = await db().entities.stepInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId }).go({ consistent: true });
  return data!.version;
}
async function actionVersion(stepInstanceId: string, actionInstanceId: string): Promise<number> {
  const { data } = await db().entities.stepActionInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId, actionInstanceId }).go({ consistent: true });
  return data!.version;
}

/** One call per marked route, as someone who may see the material but is not its owner (in this order: some change the step). */
const CASES: Record<string, Case> = {
  'step.stepInstance': { as: ADVISOR, path: () => `/api/step/step-instance/${ids.transcriptStep}`, kind: 'stepContent' },
  'step.stepInstances': { as: ADVISOR, path: () => `/api/step/step-instances/${ids.transcriptStep}`, kind: 'stepContent' },
  'step.stepContentInstance': { as: ADVISOR, path: () => `/api/step/step-content-instance/${TRANSCRIPT_CONTENT}`, kind: 'stepContent' },
  'step.stepContentInstances': { as: ADVISOR, path: () => `/api/step/step-content-instances/${TRANSCRIPT_CONTENT}`, kind: 'stepContent' },
  'step.taskInstance': { as: ADVISOR, path: () => `/api/step/task-instance/${INTERVIEW_CONTENT}`, kind: 'stepContent' },
  'step.taskInstances': { as: ADVISOR, path: () => `/api/step/task-instances/${INTERVIEW_CONTENT}`, kind: 'stepContent' },
  'step.changeContent': {
    as: ADVISOR, method: 'PATCH', path: () => `/api/step/instance/content/${INTERVIEW_CONTENT}`, kind: 'stepContent',
    body: async () => ({ instanceType: 'Task', version: await contentVersion(ids.interviewStep, INTERVIEW_CONTENT), completed: true }),
  },
  'form.unsubmit': { as: CONFERENCE_ADMIN, method: 'PATCH', path: () => `/api/form/forms/unsubmit/${ids.questionnaireForm}`, kind: 'form' },
  'step.decideAction': {
    as: ADVISOR, method: 'PATCH', path: () => `/api/step/instance/action/${QUESTIONNAIRE_ACTION}/true`, kind: 'stepContent',
    // Submitted again after the unsubmit above: the advisor approves a finished questionnaire.
    body: async () => {
      await submitQuestionnaire();
      return { version: await actionVersion(ids.questionnaireStep, QUESTIONNAIRE_ACTION) };
    },
  },
  'step.setStatus': { as: ADVISOR, method: 'PATCH', path: () => `/api/step/instance/${ids.transcriptStep}/PendingReview`, kind: 'stepContent', body: async () => ({ version: await stepVersion(ids.transcriptStep) }) },
  // A committee vote on the interview step (its private notes done above): its chair opens and closes it, members vote and recuse.
  'step.openVote': { as: ADVISOR, method: 'POST', path: () => `/api/step/instance/action/${INTERVIEW_ACTION}/open-vote`, kind: 'stepContent', body: async () => ({ version: await actionVersion(ids.interviewStep, INTERVIEW_ACTION) }) },
  'step.castVote': { as: CONFERENCE_ADMIN, method: 'POST', path: () => `/api/step/instance/action/${INTERVIEW_ACTION}/vote`, kind: 'stepContent', body: async () => ({ choice: 'Approve' }) },
  'step.recuse': { as: 'superadmin@example.org', method: 'POST', path: () => `/api/step/instance/action/${INTERVIEW_ACTION}/recuse`, kind: 'stepContent', body: async () => ({ reason: 'I know the candidate.' }) },
  'step.closeVote': {
    as: ADVISOR, method: 'POST', path: () => `/api/step/instance/action/${INTERVIEW_ACTION}/close-vote`, kind: 'stepContent',
    body: async () => ({ version: await actionVersion(ids.interviewStep, INTERVIEW_ACTION), minutes: '' }),
  },
  'file.download': { as: ADVISOR, path: () => `/api/file/files/${FILE_KEY}`, kind: 'file' },
  'file.userFiles': { as: ADVISOR, path: () => `/api/file/${owner()}/files`, kind: 'documents' },
  'file.fileInstances': { as: ADVISOR, path: () => `/api/file/file-instances/${FILE_KEY}`, kind: 'documents' },
  'file.uploadInstance': { as: ADVISOR, path: () => `/api/file/upload-instance/${TRANSCRIPT_CONTENT}`, kind: 'stepContent' },
  'file.uploadInstances': { as: ADVISOR, path: () => `/api/file/upload-instances/${TRANSCRIPT_CONTENT}`, kind: 'stepContent' },
  'file.associatedFiles': { as: CONFERENCE_ADMIN, path: () => `/api/file/${owner()}/associated-files`, kind: 'documents' },
  'form.formInstance': { as: ADVISOR, path: () => `/api/form/form-instance/${ids.questionnaireForm}`, kind: 'form' },
  'form.formInstances': { as: ADVISOR, path: () => `/api/form/form-instances/${ids.questionnaireForm}`, kind: 'form' },
  // A superadmin's finished export of the participant (issue 25, item 4): its link is the read.
  'user.dataExportLink': { as: 'superadmin@example.org', path: finishedExportLink, kind: 'export', screen: 'data-export' },
  // The advisor's finished candidate packet of the enrolment (issue 27, item 5): its link is the read.
  'track.packetLink': { as: ADVISOR, path: finishedPacketLink, kind: 'packet', screen: 'candidate-packet' },
};

/** Marked routes only their owner can ever call successfully: the owner's reads are not logged, so they never write. */
const OWNER_ONLY: Record<string, string> = {
  'form.saveFormInstance': 'only the participant saves their answers (anyone else: 404)',
};

const marked = Object.values(api).flatMap((service) => Object.values(service) as Contract[]).filter((contract) => contract.readLog);

beforeAll(async () => {
  await seedDemo();
  const advisorRole = systemRoleByName('Advisor').id;
  const participant = demoUser(PARTICIPANT);
  // A transcript in the private upload, a file of the participant's.
  await db().entities.uploadedFile.create({ userId: participant.id, fileKey: FILE_KEY, name: SECRET_NAME, kind: 'Document', targetType: 'uploadContent', targetId: TRANSCRIPT_CONTENT, contentType: 'application/pdf', size: 10, status: 'confirmed' }).go();
  await db().entities.stepContentInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, contentInstanceId: TRANSCRIPT_CONTENT }).set({ upload: { submitted: false, files: [{ id: 'file-1', fileKey: FILE_KEY, name: SECRET_NAME }] } }).go();
  // The interview step open (its private notes are the advisor's task), the questionnaire private and submitted (the advisor approves it; the conference admin unsubmits it).
  await db().entities.stepInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.interviewStep }).set({ status: 'Ready' }).go();
  const { data: questionnaire } = await db().entities.stepContentTemplate.query.byId({ contentTemplateId: 'demo-content-questionnaire' }).go({ limit: 1 });
  const { trackTemplateId, stepTemplateId, contentTemplateId } = questionnaire[0];
  await db().entities.stepContentTemplate.patch({ trackTemplateId, stepTemplateId, contentTemplateId }).set({ isPrivate: true, approvedRoles: [advisorRole] }).go();
  await submitQuestionnaire();
  await interviewCommittee();
});

/**
 * The interview step's signature becomes a Committee Vote of a group of the track: the advisor
 * chairs it (and, as the participant's advisor, is recused), the conference admin and the
 * superadmin sit on it. Quorum 1, a simple majority of votes cast.
 */
async function interviewCommittee(): Promise<void> {
  const userGroupId = 'read-log-committee';
  const members = [ADVISOR, CONFERENCE_ADMIN, 'superadmin@example.org'].map((email) => demoUser(email));
  await db().entities.userGroup.create({ userGroupId, name: 'Interview committee', conferenceId: DEMO_LOCATION_IDS.conference1, trackTemplateId: ids.trackTemplate, memberCount: members.length, chairId: members[0].id }).go();
  for (const member of members) {
    await db().entities.userGroupMember.create({ userGroupId, userId: member.id, user: { firstName: member.firstName, lastName: member.lastName, email: member.email } }).go();
  }
  const { data } = await db().entities.stepActionTemplate.query.byId({ actionTemplateId: 'demo-action-interview' }).go({ limit: 1 });
  const { trackTemplateId, stepTemplateId, actionTemplateId } = data[0];
  await db().entities.stepActionTemplate.patch({ trackTemplateId, stepTemplateId, actionTemplateId }).set({ type: 'Committee Vote', vote: { userGroupId, quorumKind: 'count', quorum: 1, majority: 'simple', base: 'cast' } }).go();
}

/** The superadmin exports the participant's data (the job run to its end); the link route is then the read. */
async function finishedExportLink(): Promise<string> {
  const started = await invoke(userHandler, `/api/user/${owner()}/data-export`, { method: 'POST', cookie: await cookieFor('superadmin@example.org') });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await runJobToEnd((started.body as { jobId: string }).jobId, jobKinds))?.status).toBe('succeeded');
  return `/api/user/${owner()}/data-export/link`;
}

/** The advisor's candidate packet of the enrolment (the job run to its end); the link route is then the read. */
async function finishedPacketLink(): Promise<string> {
  const path = `/api/track/track-instance/${ids.trackInstance}/packet`;
  const started = await invoke(trackHandler, path, { method: 'POST', body: {}, cookie: await cookieFor(ADVISOR) });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await runJobToEnd((started.body as { jobId: string }).jobId, jobKinds))?.status).toBe('succeeded');
  return `${path}/link`;
}

/** The participant submits their questionnaire, as the app does (the owner's own save: no entry). */
async function submitQuestionnaire(): Promise<void> {
  const { data } = await db().entities.formInstance.get({ trackInstanceId: ids.trackInstance, formInstanceId: ids.questionnaireForm }).go({ consistent: true });
  const body = { data: { 'legal-name': 'Pat Participant', 'birth-date': '1990-04-02', call: 'A long story.', language: 'Swahili', confirm: true }, submitted: true, version: data!.version };
  const res = await invoke(formHandler, `/api/form/form-instance/${ids.questionnaireForm}`, { method: 'PATCH', body, cookie: await cookieFor(PARTICIPANT) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the read-access log', () => {
  it('has a call for every route whose contract says readLog', () => {
    expect(marked.map((c) => c.id).filter((id) => !CASES[id] && !OWNER_ONLY[id])).toEqual([]);
  });

  it('records nothing when the owner reads their own material', async () => {
    const before = (await entries()).length;
    const cookie = await cookieFor(PARTICIPANT);
    expect((await invoke(stepHandler, `/api/step/step-instance/${ids.transcriptStep}`, { cookie })).status).toBe(200);
    expect((await invoke(formHandler, `/api/form/form-instance/${ids.questionnaireForm}`, { cookie })).status).toBe(200);
    expect((await invoke(fileHandler, `/api/file/files/${FILE_KEY}`, { cookie })).status).toBe(200);
    expect((await entries()).length).toBe(before);
  });

  it('records nothing when the material stays hidden (a refused call, a page without private content)', async () => {
    const before = (await entries()).length;
    expect((await invoke(fileHandler, `/api/file/files/${FILE_KEY}`, { cookie: await cookieFor('interviewer@example.org') })).status).toBe(404);
    expect((await invoke(stepHandler, `/api/step/step-instance/${ids.callStoryStep}`, { cookie: await cookieFor(ADVISOR) })).status).toBe(200);
    expect((await entries()).length).toBe(before);
  });

  for (const [route, call] of Object.entries(CASES)) {
    it(`${route}: a read by someone else leaves an entry in the owner's log`, async () => {
      const before = await entries();
      const reader = demoUser(call.as);
      const res = await invoke(handlers[route.split('.')[0]], await call.path(), { method: call.method, body: await call.body?.(), cookie: await cookieFor(call.as), headers: { [READ_SCREEN_HEADER]: 'step-page' } });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const added = (await entries()).filter((entry) => !before.some((b) => JSON.stringify(b) === JSON.stringify(entry)));
      expect(added).toEqual(expect.arrayContaining([expect.objectContaining({ route, readerId: reader.id, kind: call.kind, screen: call.screen ?? 'step-page' })]));
      // Never a private file's name.
      expect(JSON.stringify(added)).not.toContain(SECRET_NAME);
    });
  }

  it('keeps a screen only when it is one of the known screens', async () => {
    const before = (await entries()).length;
    await invoke(formHandler, `/api/form/form-instance/${ids.questionnaireForm}`, { cookie: await cookieFor(ADVISOR), headers: { [READ_SCREEN_HEADER]: '<script>' } });
    const latest = await entries();
    expect(latest.length).toBe(before + 1);
    expect(latest[0]).not.toHaveProperty('screen');
    expect(latest[0]).toMatchObject({ kind: 'form', label: 'Candidate Background Questionnaire' });
  });
});
