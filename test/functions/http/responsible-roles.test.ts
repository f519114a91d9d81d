import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { stepInstanceIdOf } from '../../../functions/core/enrolments/instance-items';
import { RESPONSIBLE_ROLES_JOB_KIND } from '../../../functions/core/tracks/responsible-roles';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * The enrolments' copy of who completes a step (`stepInstance.responsibleRoleIds`, the track
 * page's "waits for" line) follows an edit of the step's content or action roles, through a
 * job started by the edit; an edit that keeps the roles starts none.
 */
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };

async function rolesJobs(): Promise<string[]> {
  const { data } = await db().entities.job.query.byOwner({ ownerId: demoUser(CONFERENCE_ADMIN).id }).go({ pages: 'all' });
  return data.filter((job) => job.kind === RESPONSIBLE_ROLES_JOB_KIND).map((job) => job.jobId);
}

beforeAll(async () => {
  await seedDemo();
});

it('an edit that changes who completes a step refreshes the copy on every enrolment; one that does not starts no job', async () => {
  const cookie = await cookieFor(CONFERENCE_ADMIN);
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Roles Follow', description: 'Copies of roles', conferenceId: DEMO_LOCATION_IDS.conference1 } });
  const trackTemplateId = track.body.id as string;
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId, name: 'Only phase' } });
  const first = (await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId: phase.body.id, name: 'First', contents: [task] } })).body;
  const second = (await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId: phase.body.id, name: 'Second', contents: [task] } })).body;
  expect((await invoke(steps, `/api/step/update-step-template-prerequisites/${second.id}`, { method: 'POST', cookie, body: { prerequisites: [first.id] } })).status).toBe(200);

  const participants = await Promise.all(['Ada', 'Ben'].map((firstName) => putTestUser({ firstName, lastName: 'Roles', locationId: DEMO_LOCATION_IDS.district1 })));
  const enrolled = await invoke(tracks, '/api/track/instance', { method: 'POST', cookie, body: { trackId: trackTemplateId, participantIds: participants, advisorIds: ['demo-advisor'] } });
  expect(enrolled.status).toBe(201);
  const instances = await Promise.all(
    (enrolled.body.trackInstanceIds as string[]).map(async (trackInstanceId) => (await db().entities.trackInstance.get({ trackInstanceId }).go()).data!),
  );
  const copies = async () =>
    Promise.all(instances.map(async (instance) => (await db().entities.stepInstance.get({ trackInstanceId: instance.trackInstanceId, stepInstanceId: stepInstanceIdOf(instance, second.id) }).go({ consistent: true })).data!.responsibleRoleIds));
  expect(await copies()).toEqual([['role-participant'], ['role-participant']]);

  // A rename keeps the roles: no job.
  const current = (await invoke(steps, `/api/step/step-template/${second.id}`, { cookie })).body;
  const keptContent = { ...task, id: current.contents[0].id };
  const renamed = await invoke(steps, '/api/step/update-step-template', { method: 'POST', cookie, body: { id: second.id, version: current.version, name: 'Second, renamed', contents: [keptContent] } });
  expect(renamed.status).toBe(200);
  expect(await rolesJobs()).toEqual([]);

  // The advisor now writes it and the participant signs: the edit starts the job, which sets the copies.
  const edited = await invoke(steps, '/api/step/update-step-template', {
    method: 'POST',
    cookie,
    body: { id: second.id, version: renamed.body.version, name: 'Second, renamed', contents: [{ ...keptContent, roleId: 'role-advisor' }], actions: [{ type: 'Signature', name: 'Sign', roleId: 'role-participant' }] },
  });
  expect(edited.status).toBe(200);
  const [jobId] = await rolesJobs();
  expect(jobId).toBeDefined();
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job).toMatchObject({ status: 'succeeded', done: 2, total: 2 });
  expect(await copies()).toEqual([
    ['role-advisor', 'role-participant'],
    ['role-advisor', 'role-participant'],
  ]);

});
