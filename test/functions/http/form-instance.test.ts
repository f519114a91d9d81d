import { handler } from '../../../functions/http/form/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { SUBMITTED_FORM_LOCKED } from '../../../functions/core/step-work/form-instances';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { pendingNotificationsFor } from '../../support/notifications';
import { cookieFor, demoUser } from '../../support/session';
import { db } from '../../../functions/db/service';

const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const SUPERADMIN = 'superadmin@example.org';
const INSTANCE = DEMO_INSTANCE_IDS.questionnaireForm;
const FORM = DEMO_INSTANCE_IDS.form;

const VALID = { 'legal-name': 'Pat Participant', 'birth-date': '1990-04-02', call: 'A long story.', language: 'Swahili', confirm: true };

async function call(email: string, path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(email) });
}
const save = (body: unknown, email = PARTICIPANT) => call(email, `/api/form/form-instance/${INSTANCE}`, { method: 'PATCH', body });

const STEP_KEY = { trackInstanceId: DEMO_INSTANCE_IDS.trackInstance, stepInstanceId: DEMO_INSTANCE_IDS.questionnaireStep };
const questionnaireStatus = async () => (await db().entities.stepInstance.get(STEP_KEY).go({ consistent: true })).data!.status;
const setQuestionnaireStatus = (status: 'Ready' | 'Unavailable') => db().entities.stepInstance.patch(STEP_KEY).set({ status }).go();

beforeAll(async () => {
  await seedDemo();
});

describe('form instances: answers checked against the version they started on', () => {
  it('the participant reads their instance with its version; the profile list carries summaries only', async () => {
    const res = await call(PARTICIPANT, `/api/form/form-instance/${INSTANCE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: INSTANCE, formId: FORM, formVersion: 1, submitted: false, data: {}, form: { name: 'Candidate Background Questionnaire' } });
    expect(res.body.form.fields).toHaveLength(6);
    const list = await call(CONFERENCE_ADMIN, '/api/form/forms/demo-participant');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [expect.objectContaining({ id: INSTANCE, title: 'Candidate Background Questionnaire', stepName: 'Background questionnaire', submitted: false })], count: 1 });
    expect(list.body.data[0]).not.toHaveProperty('data');
  });

  it('refuses invalid answers with field messages, saves valid ones, and a stale save is 409', async () => {
    const bad = await save({ data: { ...VALID, 'legal-name': '', language: 'Klingon' }, submitted: false, version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({ 'data.legal-name': ['Required'], 'data.language': ['Invalid input'] });

    // A later version of the form adds a required field: this instance still answers version 1.
    const form = (await call(SUPERADMIN, `/api/form/${FORM}`)).body;
    const extra = { id: 'extra', name: 'Extra', type: 'Text', properties: { required: true } };
    const published = await call(SUPERADMIN, `/api/form/${FORM}`, { method: 'PATCH', body: { name: form.name, version: form.version, layout: [...form.layout, { id: 'row-extra', children: [{ id: 'cell-extra', fieldId: 'extra' }] }], fields: [...form.fields, extra] } });
    expect(published.body.currentVersion).toBe(2);

    const saved = await save({ data: VALID, submitted: false, version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ formVersion: 1, submitted: false, version: 2, data: VALID });
    const stale = await save({ data: { ...VALID, call: 'Changed' }, submitted: false, version: 1 });
    expect(stale.status).toBe(409);
  });

  it('a form on a step not open for work is not submitted, and loses nothing', async () => {
    await setQuestionnaireStatus('Unavailable');
    const refused = await save({ data: VALID, submitted: true, version: 2 });
    expect(refused.status).toBe(409);
    expect((await call(PARTICIPANT, `/api/form/form-instance/${INSTANCE}`)).body).toMatchObject({ submitted: false, version: 2 });
    await setQuestionnaireStatus('Ready');
  });

  it('submits, which hands the step in for review in the same write; a submitted form is locked until someone who may create FormTemplate unsubmits it', async () => {
    const submitted = await save({ data: VALID, submitted: true, version: 2 });
    expect(submitted.body).toMatchObject({ submitted: true, version: 3 });
    expect(submitted.body.submittedAt).toEqual(expect.any(String));
    expect(await questionnaireStatus()).toBe('PendingReview');
    expect(await pendingNotificationsFor(demoUser(ADVISOR).id)).toContain(`${demoUser(PARTICIPANT).firstName} ${demoUser(PARTICIPANT).lastName} submitted Background questionnaire for review.`);
    const locked = await save({ data: VALID, submitted: false, version: 3 });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(SUBMITTED_FORM_LOCKED);

    expect((await call(PARTICIPANT, `/api/form/forms/unsubmit/${INSTANCE}`, { method: 'PATCH' })).status).toBe(403);
    const unsubmitted = await call(CONFERENCE_ADMIN, `/api/form/forms/unsubmit/${INSTANCE}`, { method: 'PATCH' });
    expect(unsubmitted.status).toBe(200);
    expect(unsubmitted.body).toMatchObject({ submitted: false, data: VALID });
    expect(await questionnaireStatus()).toBe('Ready');
  });

  it('nobody else saves the participant’s answers', async () => {
    expect((await save({ data: VALID, submitted: false, version: 4 }, CONFERENCE_ADMIN)).status).toBe(404);
  });
});
