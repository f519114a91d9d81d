import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

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
