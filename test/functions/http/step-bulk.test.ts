import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { withCountedRequests } from '../../support/dynamo';
import { PHASE_STEPS_MAX } from '../../../shared/api/limits';
import { PHASE_FULL_MESSAGE } from '../../../functions/core/tracks/step-create';

/**
 * `POST /step/bulk` (SPEC.md section 7's generic bulk): steps added to one phase by a job, one
 * transaction per step; refused from both sides; a job step repeated after a crash adds nothing twice.
 */
let cookie: string;
const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };
const approval = { type: 'Approval', name: 'Approve', roleId: 'role-advisor' };

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor('conference.admin@example.org');
});

async function phaseOf(name: string): Promise<{ trackTemplateId: string; phaseId: string }> {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name, description: 'Bulk steps', conferenceId: DEMO_LOCATION_IDS.conference1 } });
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: track.body.id, name: 'Only phase' } });
  return { trackTemplateId: track.body.id, phaseId: phase.body.id };
}

const bulk = (as: string, body: unknown) => invoke(steps, '/api/step/bulk', { method: 'POST', cookie: as, body });
const stepsOf = async (trackTemplateId: string) => (await db().collections.trackTemplateAggregate({ trackTemplateId }).go({ pages: 'all', consistent: true })).data.stepTemplate;

it('adds the steps with their contents and actions through a job; a step repeated after a crash is not added twice', async () => {
  const { trackTemplateId, phaseId } = await phaseOf('Bulk Steps');
  const body = ['One', 'Two', 'Three'].map((name) => ({ phaseId, name, description: '<p>Read this</p><script>alert(1)</script>', contents: [task], actions: [approval] }));
  const res = await bulk(cookie, body);
  expect(res.status).toBe(202);
  const { jobId } = res.body as { jobId: string };
  // The first job step adds its step, then crashes before its progress is saved; the restart repeats it.
  jobFaults.failAfterWork = true;
  try {
    await expect(runJobStep(jobId, jobKinds)).rejects.toThrow('Injected job fault');
  } finally {
    jobFaults.failAfterWork = false;
  }
  await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job).toMatchObject({ status: 'succeeded', done: 3, total: 3 });
  const made = await stepsOf(trackTemplateId);
  expect(made.map((step) => step.name).sort()).toEqual(['One', 'Three', 'Two']);
  expect(made.map((step) => step.stepTemplateId).sort()).toEqual([...(job!.result as { stepTemplateIds: string[] }).stepTemplateIds].sort());
  const detail = await invoke(steps, `/api/step/step-template/${(job!.result as { stepTemplateIds: string[] }).stepTemplateIds[1]}`, { cookie });
  // Sanitised by the route, as Create Step does.
  expect(detail.body.description).toBe('<p>Read this</p>');
  expect(detail.body).toMatchObject({ name: 'Two', contents: [{ type: 'Task', name: 'Reflection' }], actions: [{ type: 'Approval', roleId: 'role-advisor' }] });
});

it('refuses callers who may not edit the track, steps of two phases, too many steps and an unknown form; a step refused by the job ends it with the reason', async () => {
  const { trackTemplateId, phaseId } = await phaseOf('Bulk Steps Refused');
  const other = await phaseOf('Bulk Steps Other');
  const step = { phaseId, name: 'Step', contents: [task] };
  expect((await bulk(await cookieFor('advisor@example.org'), [step])).status).toBe(403);
  const elsewhere = await cookieForUser(await putTestUser({ firstName: 'Cat', lastName: 'Else', locationId: DEMO_LOCATION_IDS.conference2, role: 'ConferenceAdmin' }));
  expect((await bulk(elsewhere, [step])).status).toBe(403);
  const mixed = await bulk(cookie, [step, { ...step, phaseId: other.phaseId }]);
  expect(mixed.status).toBe(400);
  expect(JSON.stringify(mixed.body)).toContain('The steps of one bulk call belong to one phase.');
  expect((await bulk(cookie, Array.from({ length: 26 }, () => step))).status).toBe(400);
  expect((await bulk(cookie, [{ ...step, contents: [{ type: 'Form', name: 'Form', formId: 'no-such-form' }] }])).status).toBe(400);
  expect(await stepsOf(trackTemplateId)).toEqual([]);

  // The starter loses the right to edit the track before the job runs: the job stops with the reason, nothing added.
  const ownerId = await putTestUser({ firstName: 'Lee', lastName: 'Later', locationId: DEMO_LOCATION_IDS.conference1, role: 'ConferenceAdmin' });
  const started = await bulk(await cookieForUser(ownerId), [step]);
  expect(started.status).toBe(202);
  await db().entities.user.patch({ userId: ownerId }).set({ inactive: true }).go();
  const job = await runJobToEnd(started.body.jobId, jobKinds);
  expect(job).toMatchObject({ status: 'failed', error: 'You can no longer change this track.' });
  expect(await stepsOf(trackTemplateId)).toEqual([]);

  // The phase is gone before the job gets to the step: the job ends with the step's reason.
  const gone = await phaseOf('Bulk Steps Gone');
  const later = await bulk(cookie, [{ ...step, phaseId: gone.phaseId }]);
  expect(later.status).toBe(202);
  await db().entities.phaseTemplate.delete({ trackTemplateId: gone.trackTemplateId, phaseId: gone.phaseId }).go();
  const refused = await runJobToEnd(later.body.jobId, jobKinds);
  expect(refused!.status).toBe('failed');
  expect(refused!.error).toMatch(/^Step 1 \(Step\): /);
});

describe('the route checks the whole batch (review notes)', () => {
  const form = { type: 'Form', name: 'Form', formId: 'no-such-form' };

  it('reads the roles and the forms the batch names once, whatever the number of steps', async () => {
    const { phaseId } = await phaseOf('Bulk Steps Reads');
    const questionnaire = { type: 'Form', name: 'Questionnaire', formId: DEMO_INSTANCE_IDS.form };
    const body = (count: number) => Array.from({ length: count }, (_, n) => ({ phaseId, name: `Read ${n}`, contents: [task, questionnaire], actions: [approval] }));
    const one = await withCountedRequests(() => bulk(cookie, body(1)));
    const many = await withCountedRequests(() => bulk(cookie, body(6)));
    expect([one.result.status, many.result.status]).toEqual([202, 202]);
    expect(many.counted.byCommand).toEqual(one.counted.byCommand);
  });

  it("keys a step's field messages by its place in the body", async () => {
    const { phaseId } = await phaseOf('Bulk Steps Keys');
    const step = { phaseId, name: 'Step', contents: [task] };
    const res = await bulk(cookie, [step, step, step, { ...step, contents: [task, form], actions: [{ ...approval, roleId: 'no-such-role' }] }]);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ '3.contents.1.formId': ['Form not found.'], '3.actions.0.roleId': ['Role not found.'] });
    // A single Create Step keeps its own keys.
    const single = await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { ...step, contents: [form] } });
    expect(single.status).toBe(400);
    expect(single.body.fieldErrors).toEqual({ 'contents.0.formId': ['Form not found.'] });
  });

  it("refuses a batch the phase has no room for (its step limit counts every step of it), nothing added", async () => {
    const { trackTemplateId, phaseId } = await phaseOf('Bulk Steps Full');
    const filler = Array.from({ length: PHASE_STEPS_MAX - 2 }, (_, n) => ({ trackTemplateId, phaseId, stepTemplateId: `filler-${String(n).padStart(3, '0')}`, name: `Filler ${n}` }));
    const { unprocessed } = await db().entities.stepTemplate.put(filler).go();
    expect(unprocessed).toEqual([]);
    const step = { phaseId, name: 'Step', contents: [task] };
    const full = await bulk(cookie, [step, step, step]);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(PHASE_FULL_MESSAGE);
    expect(await stepsOf(trackTemplateId)).toHaveLength(PHASE_STEPS_MAX - 2);
    // Two still fit.
    expect((await bulk(cookie, [step, step])).status).toBe(202);
  });
});
