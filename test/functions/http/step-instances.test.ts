import { handler } from '../../../functions/http/step/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { stepInstancePage } from '../../../functions/core/step-work/step-page';
import { NOT_RESPONSIBLE, STATUS_NOT_ALLOWED } from '../../../functions/core/step-work/step-work';
import { PRIVATE_CONTENT_MESSAGE } from '../../../shared/auth/policies';
import { STEP_MESSAGES } from '../../../shared/tracks/step-status';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { withCountedRequests } from '../../support/dynamo';
import { invoke } from '../../support/invoke';
import { pendingNotificationsFor } from '../../support/notifications';
import { cookieFor, demoUser } from '../../support/session';

const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const INTERVIEWER = 'interviewer@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const MENTOR = 'mentor@example.org';
const ids = DEMO_INSTANCE_IDS;
const CALL_STORY_CONTENT = 'demo-content-instance-call-story';
const CALL_STORY_ACTION = 'demo-action-instance-call-story';
const TRANSCRIPT_CONTENT = 'demo-content-instance-transcript';
const SECRET_FILE = 'secret-transcript-name.pdf';

async function call(email: string, path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(email) });
}
const page = (email: string, id: string) => call(email, `/api/step/step-instance/${id}`);
const toggle = (email: string, version: number, completed: boolean, id = CALL_STORY_CONTENT) =>
  call(email, `/api/step/instance/content/${id}`, { method: 'PATCH', body: { instanceType: 'Task', version, completed } });
const decide = (email: string, version: number, approved: boolean, id = CALL_STORY_ACTION) => call(email, `/api/step/instance/action/${id}/${approved}`, { method: 'PATCH', body: { version } });
const setStatus = (email: string, id: string, status: string, version: number) => call(email, `/api/step/instance/${id}/${status}`, { method: 'PATCH', body: { version } });

beforeAll(async () => {
  await seedDemo();
  // The interviewer is assigned to the enrolment (no approved role on the private transcript), and the transcript holds a file.
  const interviewer = demoUser(INTERVIEWER);
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go();
  const interviewerRole = systemRoleByName('Interviewer').id;
  await db()
    .entities.trackInstance.patch({ trackInstanceId: ids.trackInstance })
    .set({ assignees: [...instance!.assignees, { userId: interviewer.id, roleId: interviewerRole, roleName: 'Interviewer', firstName: interviewer.firstName, lastName: interviewer.lastName }] })
    .go();
  await db()
    .entities.stepContentInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, contentInstanceId: TRANSCRIPT_CONTENT })
    .set({ upload: { submitted: false, files: [{ id: 'file-1', fileKey: '01jtranscript0000000000000', name: SECRET_FILE }] } })
    .go();
});

describe('the step page', () => {
  it('shows the participant their step with what they may do, in at most 3 reads', async () => {
    const res = await page(PARTICIPANT, ids.callStoryStep);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.callStoryStep, status: 'Ready', name: 'Share your call story', trackName: 'Candidacy Pathway', trackInstanceId: ids.trackInstance, trackTemplateId: ids.trackTemplate,
      canChangeStatus: false, contentDone: false,
      contents: [{ id: CALL_STORY_CONTENT, type: 'Task', roleName: 'Participant', canChange: true, done: false, hidden: false, task: { name: 'Write your call story', completed: false } }],
      actions: [{ id: CALL_STORY_ACTION, type: 'Approval', roleName: 'Advisor', approved: null, user: null, canDecide: false }],
    });
    expect(res.body.description).toContain('<p>');
    const auth = (await resolveSession((await cookieFor(PARTICIPANT)).split('=')[1]))!;
    const { requests } = await withCountedRequests(() => stepInstancePage(auth, ids.callStoryStep));
    expect(requests).toBeLessThanOrEqual(3);
  });

  it('gives the advisor the status selector, no change to participant content, and their approval to decide once the content is done', async () => {
    const res = await page(ADVISOR, ids.callStoryStep);
    // canDecide before the content is done (issue 24): the page shows Approve and Deny disabled, with the reason, not someone else's wait.
    expect(res.body).toMatchObject({ canChangeStatus: true, contentDone: false, contents: [{ canChange: false, roleName: 'Participant' }], actions: [{ canDecide: true }] });
    expect((await page(INTERVIEWER, ids.callStoryStep)).body).toMatchObject({ actions: [{ canDecide: false }] });
  });

  it('hides private content from an assignee without an approved role, and shows it to the responsible and approved roles', async () => {
    const hidden = await page(INTERVIEWER, ids.transcriptStep);
    expect(hidden.status).toBe(200);
    expect(hidden.body.contents).toEqual([expect.objectContaining({ hidden: true, canChange: false, name: 'Transcript', isPrivate: true })]);
    expect(hidden.body.contents[0]).not.toHaveProperty('upload');
    expect(JSON.stringify(hidden.body)).not.toContain(SECRET_FILE);
    expect(JSON.stringify(hidden.body)).not.toContain('01jtranscript');
    expect(PRIVATE_CONTENT_MESSAGE).toBeTruthy();
    for (const email of [PARTICIPANT, ADVISOR, CONFERENCE_ADMIN]) {
      const shown = await page(email, ids.transcriptStep);
      expect(shown.body.contents[0], email).toMatchObject({ hidden: false, upload: { files: [{ name: SECRET_FILE }] } });
    }
  });

  it('refuses those with no access to the enrolment, and answers 404 for an unknown step', async () => {
    const res = await page(MENTOR, ids.callStoryStep);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission to access this track');
    expect((await page(PARTICIPANT, 'no-such-step')).status).toBe(404);
  });

  it('shows no content of an Unavailable step and refuses work on it', async () => {
    const res = await page(PARTICIPANT, ids.interviewStep);
    expect(res.body).toMatchObject({ status: 'Unavailable', contents: [], actions: [] });
  });
});

describe('the step getters of SPEC.md section 7', () => {
  it('answer as the step page does: lists leave out what the caller may not open, private content only named', async () => {
    const steps = await call(PARTICIPANT, `/api/step/step-instances/${ids.callStoryStep},${ids.transcriptStep},no-such-step`);
    expect(steps.body.map((step: { id: string }) => step.id)).toEqual([ids.callStoryStep, ids.transcriptStep]);
    expect((await call(MENTOR, `/api/step/step-instances/${ids.callStoryStep}`)).body).toEqual([]);

    const contents = await call(INTERVIEWER, `/api/step/step-content-instances/${CALL_STORY_CONTENT},${TRANSCRIPT_CONTENT}`);
    expect(contents.body.map((content: { id: string }) => content.id)).toEqual([CALL_STORY_CONTENT, TRANSCRIPT_CONTENT]);
    expect(contents.body[1]).toMatchObject({ hidden: true, name: 'Transcript' });
    expect(JSON.stringify(contents.body)).not.toContain(SECRET_FILE);
    expect((await call(MENTOR, `/api/step/step-content-instance/${CALL_STORY_CONTENT}`)).status).toBe(403);
    expect((await call(PARTICIPANT, `/api/step/step-content-instance/${TRANSCRIPT_CONTENT}`)).body).toMatchObject({ type: 'Upload', hidden: false });

    expect((await call(PARTICIPANT, `/api/step/task-instance/${CALL_STORY_CONTENT}`)).body).toMatchObject({ type: 'Task', task: { name: 'Write your call story' } });
    expect((await call(PARTICIPANT, `/api/step/task-instance/${TRANSCRIPT_CONTENT}`)).status).toBe(404);
    expect((await call(PARTICIPANT, `/api/step/task-instances/${CALL_STORY_CONTENT},${TRANSCRIPT_CONTENT}`)).body.map((c: { id: string }) => c.id)).toEqual([CALL_STORY_CONTENT]);

    expect((await call(ADVISOR, `/api/step/step-action-instances/${CALL_STORY_ACTION}`)).body).toMatchObject([{ id: CALL_STORY_ACTION, name: 'Advisor approval' }]);
    expect((await call(MENTOR, `/api/step/step-action-instances/${CALL_STORY_ACTION}`)).body).toEqual([]);
  });
});

describe('work on a step', () => {
  it('only the responsible person changes content; doing it moves the step to PendingReview and tells the advisor', async () => {
    const advisor = demoUser(ADVISOR);
    const refused = await toggle(ADVISOR, 1, true);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_RESPONSIBLE);
    const done = await toggle(PARTICIPANT, 1, true);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'PendingReview', contentDone: true, contents: [{ done: true, version: 2, task: { completed: true } }] });
    expect(await pendingNotificationsFor(advisor.id)).toContain('Pat Participant submitted Share your call story for review.'.replace('Pat Participant', `${demoUser(PARTICIPANT).firstName} ${demoUser(PARTICIPANT).lastName}`));
    const stale = await toggle(PARTICIPANT, 1, false);
    expect(stale.status).toBe(409);
  });

  it('only the responsible assignee decides; a denial asks for resubmission, handing in again asks again, approval completes', async () => {
    const participant = demoUser(PARTICIPANT);
    expect((await decide(PARTICIPANT, 1, true)).status).toBe(403);
    expect((await decide(INTERVIEWER, 1, true)).status).toBe(403);
    const denied = await decide(ADVISOR, 1, false);
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ status: 'Resubmit', actions: [{ approved: false, user: { id: demoUser(ADVISOR).id, firstName: 'Abigail' } }] });
    expect(await pendingNotificationsFor(participant.id)).toContain('Advisor approval on Share your call story was denied.');
    const twice = await decide(ADVISOR, 2, true);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(STEP_MESSAGES.decided);

    const undone = await toggle(PARTICIPANT, 2, false);
    expect(undone.body).toMatchObject({ status: 'Resubmit', contentDone: false });
    const early = await decide(ADVISOR, 2, true);
    expect(early.body.message).toBe(STEP_MESSAGES.contentNotDone);
    const again = await toggle(PARTICIPANT, 3, true);
    expect(again.body).toMatchObject({ status: 'PendingReview', actions: [{ approved: null, user: null, version: 3, canDecide: false }] });
    const approved = await decide(ADVISOR, 3, true);
    expect(approved.body).toMatchObject({ status: 'Completed', actions: [{ approved: true }], contents: [{ canChange: false }] });
    const locked = await toggle(PARTICIPANT, 4, false);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(STEP_MESSAGES.completed);
  });

  it('refuses work on an Unavailable step', async () => {
    // The interview's notes are the advisor's to do, once the questionnaire is Completed.
    const res = await call(ADVISOR, '/api/step/instance/content/demo-content-instance-interview', { method: 'PATCH', body: { instanceType: 'Task', version: 1, completed: true } });
    expect(res.status).toBe(409);
  });

  it('an upload is submitted only with files', async () => {
    const { data } = await db().entities.stepContentInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, contentInstanceId: TRANSCRIPT_CONTENT }).go();
    const submitted = await call(PARTICIPANT, `/api/step/instance/content/${TRANSCRIPT_CONTENT}`, { method: 'PATCH', body: { instanceType: 'Upload', version: data!.version, submitted: true } });
    expect(submitted.body).toMatchObject({ status: 'Completed', contents: [{ done: true, upload: { submitted: true, submittedAt: expect.any(String) } }] });
  });
});

describe('the status selector', () => {
  it('is refused to the participant and to assignees who are not advisors; follows the machine for the advisor and override roles', async () => {
    const read = async () => (await page(ADVISOR, ids.interviewStep)).body.version as number;
    const participant = await setStatus(PARTICIPANT, ids.interviewStep, 'Ready', await read());
    expect(participant.status).toBe(403);
    expect(participant.body.message).toBe(STATUS_NOT_ALLOWED);
    expect((await setStatus(INTERVIEWER, ids.interviewStep, 'Ready', await read())).status).toBe(403);
    const illegal = await setStatus(ADVISOR, ids.interviewStep, 'Completed', await read());
    expect(illegal.status).toBe(409);
    expect(illegal.body.message).toBe(STEP_MESSAGES.direct('Unavailable', 'Completed'));
    expect((await setStatus(ADVISOR, ids.interviewStep, 'Bogus', await read())).status).toBe(400);
    // A step that becomes Ready gets its due date and joins the Overdue sweep's index.
    await db().entities.stepTemplate.patch({ trackTemplateId: ids.trackTemplate, phaseId: ids.formationPhase, stepTemplateId: ids.interviewTemplate }).set({ dueDays: 7 }).go();
    const ready = await setStatus(ADVISOR, ids.interviewStep, 'Ready', await read());
    expect(ready.body).toMatchObject({ status: 'Ready', dueAt: expect.any(String), contents: [{ type: 'Task', task: { completed: false } }] });
    const stored = (await db().entities.stepInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.interviewStep }).go()).data!;
    expect(stored.dueIndexAt).toBe(stored.dueAt);
    expect((await setStatus(ADVISOR, ids.interviewStep, 'Ready', await read())).body.message).toBe(STEP_MESSAGES.sameStatus('Ready'));
    expect(await pendingNotificationsFor(demoUser(PARTICIPANT).id)).toContain('Readiness interview is now Ready.');
  });

  it('completes the track when every visible required step is Completed, and opens it again when one reopens', async () => {
    const track = async () => (await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go({ consistent: true })).data!.status;
    const versionOf = async (id: string) => (await page(CONFERENCE_ADMIN, id)).body.version as number;
    // The call story and the transcript are Completed by now; the interview was made Ready above.
    const questionnaire = await setStatus(CONFERENCE_ADMIN, ids.questionnaireStep, 'Completed', await versionOf(ids.questionnaireStep));
    expect(questionnaire.status).toBe(200);
    expect(await track()).toBe('Open');
    const completed = await setStatus(CONFERENCE_ADMIN, ids.interviewStep, 'Completed', await versionOf(ids.interviewStep));
    expect(completed.body.status).toBe('Completed');
    expect(await track()).toBe('Completed');
    const reopened = await setStatus(CONFERENCE_ADMIN, ids.interviewStep, 'Ready', completed.body.version);
    expect(reopened.body.status).toBe('Ready');
    expect(await track()).toBe('Open');
    const completedAgain = await setStatus(CONFERENCE_ADMIN, ids.interviewStep, 'Completed', reopened.body.version);
    const stored = (await db().entities.stepInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.interviewStep }).go()).data!;
    expect(completedAgain.body.status).toBe('Completed');
    expect(stored.dueIndexAt).toBeUndefined();
  });
});
