import { handler } from '../../../functions/http/step/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { STEP_MESSAGES } from '../../../shared/tracks/step-status';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/**
 * SPEC.md section 4: upload and form content can be submitted and unsubmitted. A step without
 * actions (the demo transcript) completes when its upload is submitted; the participant can still
 * unsubmit it, which reopens the step (Ready), takes the file back out of their Documents and opens
 * a Completed track again. A step completed by an approval, or set Completed by the advisor with
 * its content undone, stays locked.
 */
const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const ids = DEMO_INSTANCE_IDS;
const TRANSCRIPT = 'demo-content-instance-transcript';
const CALL_STORY = 'demo-content-instance-call-story';
const CALL_STORY_ACTION = 'demo-action-instance-call-story';
const FILE_KEY = '01jtranscriptunsubmit00000';

const call = async (email: string, path: string, options: { method?: string; body?: unknown } = {}) => invoke(handler, path, { ...options, cookie: await cookieFor(email) });
const page = (email: string, id: string) => call(email, `/api/step/step-instance/${id}`);
const upload = (version: number, submitted: boolean) => call(PARTICIPANT, `/api/step/instance/content/${TRANSCRIPT}`, { method: 'PATCH', body: { instanceType: 'Upload', version, submitted } });
const setStatus = (email: string, id: string, status: string, version: number) => call(email, `/api/step/instance/${id}/${status}`, { method: 'PATCH', body: { version } });
const trackStatus = async () => (await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go({ consistent: true })).data!.status;
const inDocuments = async () =>
  Boolean((await db().entities.associatedFile.get({ userId: demoUser(PARTICIPANT).id, stepInstanceId: ids.transcriptStep, fileKey: FILE_KEY }).go({ consistent: true })).data);

beforeAll(async () => {
  await seedDemo();
  await db()
    .entities.stepContentInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, contentInstanceId: TRANSCRIPT })
    .set({ upload: { submitted: false, files: [{ id: 'file-1', fileKey: FILE_KEY, name: 'transcript.pdf', uploadedBy: demoUser(PARTICIPANT).id }] } })
    .go();
});

describe('a step without actions', () => {
  it('completes when its upload is submitted, still offers Unsubmit, and unsubmitting reopens it and takes the file out of Documents', async () => {
    const before = await page(PARTICIPANT, ids.transcriptStep);
    expect(before.body).toMatchObject({ status: 'Ready', actions: [] });
    const submitted = await upload(before.body.contents[0].version, true);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'Completed', contents: [{ done: true, canChange: true, upload: { submitted: true } }] });
    expect(await inDocuments()).toBe(true);
    // Read again, as the step page does after a reload: Unsubmit is still offered.
    expect((await page(PARTICIPANT, ids.transcriptStep)).body).toMatchObject({ status: 'Completed', contents: [{ canChange: true }] });
    // The advisor (not responsible for the participant's upload) cannot.
    expect((await page(ADVISOR, ids.transcriptStep)).body).toMatchObject({ contents: [{ canChange: false }] });

    const unsubmitted = await upload(submitted.body.contents[0].version, false);
    expect(unsubmitted.status).toBe(200);
    expect(unsubmitted.body).toMatchObject({ status: 'Ready', contentDone: false, contents: [{ done: false, canChange: true, upload: { submitted: false, files: [{ key: FILE_KEY }] } }] });
    expect(await inDocuments()).toBe(false);

    const again = await upload(unsubmitted.body.contents[0].version, true);
    expect(again.body).toMatchObject({ status: 'Completed', contents: [{ canChange: true, upload: { submitted: true } }] });
  });

  it('a Completed track opens again when the participant unsubmits, and completes again when they resubmit', async () => {
    const versionOf = async (id: string) => (await page(CONFERENCE_ADMIN, id)).body.version as number;
    // Everything else Completed (the transcript is, from the test above).
    for (const id of [ids.callStoryStep, ids.questionnaireStep]) expect((await setStatus(CONFERENCE_ADMIN, id, 'Completed', await versionOf(id))).status).toBe(200);
    // The interview opened as the questionnaire (its prerequisite) completed.
    expect((await setStatus(CONFERENCE_ADMIN, ids.interviewStep, 'Completed', await versionOf(ids.interviewStep))).status).toBe(200);
    expect(await trackStatus()).toBe('Completed');

    const content = (await page(PARTICIPANT, ids.transcriptStep)).body.contents[0];
    const unsubmitted = await upload(content.version, false);
    expect(unsubmitted.body.status).toBe('Ready');
    expect(await trackStatus()).toBe('Open');
    const resubmitted = await upload(unsubmitted.body.contents[0].version, true);
    expect(resubmitted.body.status).toBe('Completed');
    expect(await trackStatus()).toBe('Completed');
  });

  it('set Completed by the advisor with its upload not submitted: locked, nothing to unsubmit or submit', async () => {
    const content = (await page(PARTICIPANT, ids.transcriptStep)).body.contents[0];
    const ready = await upload(content.version, false);
    expect(ready.body.status).toBe('Ready');
    const completed = await setStatus(ADVISOR, ids.transcriptStep, 'Completed', ready.body.version);
    expect(completed.body).toMatchObject({ status: 'Completed', contents: [{ done: false }] });
    expect((await page(PARTICIPANT, ids.transcriptStep)).body).toMatchObject({ contents: [{ canChange: false }] });
    const refused = await upload(completed.body.contents[0].version, true);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(STEP_MESSAGES.completed);
  });
});

describe('a step completed by an approval', () => {
  it('stays locked: its task cannot be unticked', async () => {
    const versionOf = async () => (await page(CONFERENCE_ADMIN, ids.callStoryStep)).body.version as number;
    // Back to Ready, then ticked and approved: Completed by the advisor's decision.
    expect((await setStatus(CONFERENCE_ADMIN, ids.callStoryStep, 'Ready', await versionOf())).status).toBe(200);
    const task = (await page(PARTICIPANT, ids.callStoryStep)).body.contents[0];
    const ticked = await call(PARTICIPANT, `/api/step/instance/content/${CALL_STORY}`, { method: 'PATCH', body: { instanceType: 'Task', version: task.version, completed: true } });
    expect(ticked.body.status).toBe('PendingReview');
    const action = ticked.body.actions[0];
    const approved = await call(ADVISOR, `/api/step/instance/action/${CALL_STORY_ACTION}/true`, { method: 'PATCH', body: { version: action.version } });
    expect(approved.body).toMatchObject({ status: 'Completed', contents: [{ canChange: false }] });
    const locked = await call(PARTICIPANT, `/api/step/instance/content/${CALL_STORY}`, { method: 'PATCH', body: { instanceType: 'Task', version: approved.body.contents[0].version, completed: false } });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(STEP_MESSAGES.completed);
  });
});
