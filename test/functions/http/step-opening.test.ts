import { handler as trackHandler } from '../../../functions/http/track/handler';
import { handler as stepHandler } from '../../../functions/http/step/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { stepInstanceIdOf } from '../../../functions/core/enrolments/instance-items';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * A locked step is enrolled without its content, action and form instances (`partsPending`):
 * whatever opens it (its prerequisite completing, or a direct status change) creates them in
 * the same transaction, and the step can then be worked on as any other.
 */
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const ADVISOR = 'advisor@example.org';
const ids = DEMO_INSTANCE_IDS;

async function enrolled(name: string): Promise<{ trackInstanceId: string; createdAt: string }> {
  const participantId = await putTestUser({ firstName: name, lastName: 'Opener', locationId: DEMO_LOCATION_IDS.district1 });
  const res = await invoke(trackHandler, '/api/track/instance', { method: 'POST', body: { trackId: ids.trackTemplate, participantIds: [participantId], advisorIds: ['demo-advisor'] }, cookie: await cookieFor(CONFERENCE_ADMIN) });
  expect(res.status).toBe(201);
  const [trackInstanceId] = res.body.trackInstanceIds as string[];
  const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go();
  return { trackInstanceId, createdAt: data!.createdAt };
}

const setStatus = async (stepInstanceId: string, status: string, version: number) =>
  invoke(stepHandler, `/api/step/instance/${stepInstanceId}/${status}`, { method: 'PATCH', body: { version }, cookie: await cookieFor(ADVISOR) });

async function partsOf(trackInstanceId: string, stepInstanceId: string) {
  const key = { trackInstanceId, stepInstanceId };
  const [step, contents, actions] = await Promise.all([
    db().entities.stepInstance.get(key).go({ consistent: true }),
    db().entities.stepContentInstance.query.byInstance(key).go({ consistent: true }),
    db().entities.stepActionInstance.query.byInstance(key).go({ consistent: true }),
  ]);
  return { step: step.data!, contents: contents.data, actions: actions.data };
}

beforeAll(async () => {
  await seedDemo();
});

describe('opening a locked step', () => {
  it('enrols the locked interview step alone, marked; completing its prerequisite creates its parts in the same write', async () => {
    const enrolment = await enrolled('Chain');
    const interview = stepInstanceIdOf(enrolment, ids.interviewTemplate);
    const questionnaire = stepInstanceIdOf(enrolment, ids.questionnaireTemplate);
    const locked = await partsOf(enrolment.trackInstanceId, interview);
    expect(locked.step).toMatchObject({ status: 'Unavailable', partsPending: true, responsibleRoleIds: expect.arrayContaining([expect.any(String)]) });
    expect(locked.contents).toEqual([]);
    expect(locked.actions).toEqual([]);
    // A Ready step has its parts from the start.
    expect((await partsOf(enrolment.trackInstanceId, questionnaire)).contents).toHaveLength(1);

    const completed = await setStatus(questionnaire, 'Completed', 1);
    expect(completed.status).toBe(200);
    const opened = await partsOf(enrolment.trackInstanceId, interview);
    expect(opened.step.status).toBe('Ready');
    expect(opened.step.partsPending).toBeUndefined();
    expect(opened.contents).toEqual([expect.objectContaining({ contentTemplateId: 'demo-content-interview', type: 'Task', task: { completed: false }, version: 1 })]);
    expect(opened.actions).toEqual([expect.objectContaining({ actionTemplateId: 'demo-action-interview', version: 1 })]);

    // The opened step works like any other: the advisor records the interview.
    const page = await invoke(stepHandler, `/api/step/step-instance/${interview}`, { cookie: await cookieFor(ADVISOR) });
    expect(page.body.contents).toEqual([expect.objectContaining({ canChange: true })]);
    const ticked = await invoke(stepHandler, `/api/step/instance/content/${opened.contents[0].contentInstanceId}`, {
      method: 'PATCH',
      body: { instanceType: 'Task', version: 1, completed: true },
      cookie: await cookieFor(ADVISOR),
    });
    expect(ticked.status).toBe(200);
    expect(ticked.body.status).toBe('PendingReview');
  });

  it('a direct change to Ready creates the parts once; a stale repeat creates nothing more', async () => {
    const enrolment = await enrolled('Direct');
    const interview = stepInstanceIdOf(enrolment, ids.interviewTemplate);
    const ready = await setStatus(interview, 'Ready', 1);
    expect(ready.status).toBe(200);
    expect(ready.body.contents).toHaveLength(1);
    expect(ready.body.actions).toHaveLength(1);
    expect((await setStatus(interview, 'Ready', 1)).status).toBe(409);
    const opened = await partsOf(enrolment.trackInstanceId, interview);
    expect(opened.step).toMatchObject({ status: 'Ready', version: 2 });
    expect(opened.step.partsPending).toBeUndefined();
    expect(opened.contents).toHaveLength(1);
    expect(opened.actions).toHaveLength(1);
  });
});
