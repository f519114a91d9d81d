import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { transact } from '../../../functions/db/transact';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { enrolChunk } from '../../../functions/core/enrolments/enrol-job';
import { visibilityWrites, type PlannedInstance } from '../../../functions/core/enrolments/enrol-writes';
import { stepInstanceIdOf, stepInstanceWrites } from '../../../functions/core/enrolments/instance-items';
import { RESPONSIBLE_ROLES_JOB_KIND } from '../../../functions/core/tracks/responsible-roles';
import { rolesGuard, rolesVersionOf, RolesMovedError } from '../../../functions/core/enrolments/roles-guard';
import { activeSteps, partsFor } from '../../../functions/core/enrolments/template-parts';
import { readTrackAggregate } from '../../../functions/core/tracks/track-store';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * The roles copy race (docs/data-model.md, "Who completes a step"): a step edit that changes who
 * completes a step while an enrolment is being written (not yet visible, so the edit's refresh job
 * cannot reach it). Interleaved by hand: the enrolment's batch is run, the step is edited and its
 * job run, then the enrolment goes on; no sleeps.
 */
const CONFERENCE_ADMIN = 'conference.admin@example.org';
let cookie: string;

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor(CONFERENCE_ADMIN);
});

/** One phase of `count` chained steps (a task for the participant, an approval for the advisor each), written straight to the table. */
async function chainedTrack(count: number): Promise<{ trackTemplateId: string; stepIds: string[] }> {
  const trackTemplateId = `roles-race-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.put({ trackTemplateId, name: 'Roles race', description: 'Roles race', conferenceId: DEMO_LOCATION_IDS.conference1, status: 'active', disabled: false }).go();
  const phaseId = `${trackTemplateId}-p`;
  await db().entities.phaseTemplate.put({ trackTemplateId, phaseId, name: 'Phase', order: 1 }).go();
  const stepIds = Array.from({ length: count }, (_, s) => `${phaseId}-s${String(s).padStart(3, '0')}`);
  const stepItems = stepIds.map((stepTemplateId, s) => ({ trackTemplateId, phaseId, stepTemplateId, name: `Step ${s + 1}`, required: true, prerequisites: s === 0 ? [] : [stepIds[s - 1]] }));
  await db().entities.stepTemplate.put(stepItems).go();
  await db().entities.stepContentTemplate.put(stepIds.map((stepTemplateId) => ({ trackTemplateId, stepTemplateId, contentTemplateId: `${stepTemplateId}-c`, type: 'Task' as const, name: 'Task', roleId: 'role-participant', task: { name: 'Read', description: 'A chapter' } }))).go();
  await db().entities.stepActionTemplate.put(stepIds.map((stepTemplateId) => ({ trackTemplateId, stepTemplateId, actionTemplateId: `${stepTemplateId}-a`, type: 'Approval' as const, name: 'Approve', roleId: 'role-advisor' }))).go();
  return { trackTemplateId, stepIds };
}

/** Edit Step through its route: the approval now goes to the interviewer (who completes the step changes). */
async function approvalToInterviewer(stepTemplateId: string): Promise<void> {
  const current = (await invoke(steps, `/api/step/step-template/${stepTemplateId}`, { cookie })).body;
  const content = current.contents[0];
  const action = current.actions[0];
  const edited = await invoke(steps, '/api/step/update-step-template', {
    method: 'POST',
    cookie,
    body: {
      id: stepTemplateId,
      version: current.version,
      name: current.name,
      contents: [{ id: content.id, type: 'Task', name: content.name, roleId: content.roleId, task: content.task }],
      actions: [{ id: action.id, type: action.type, name: action.name, roleId: 'role-interviewer' }],
    },
  });
  expect(edited.status).toBe(200);
}

/** Runs the refresh jobs the edits started (they find only visible enrolments). */
async function runRolesJobs(): Promise<void> {
  const { data } = await db().entities.job.query.byOwner({ ownerId: demoUser(CONFERENCE_ADMIN).id }).go({ pages: 'all' });
  for (const job of data.filter((item) => item.kind === RESPONSIBLE_ROLES_JOB_KIND && item.status !== 'succeeded')) await runJobToEnd(job.jobId, jobKinds);
}

const copyOf = async (instance: { trackInstanceId: string; createdAt: string }, stepTemplateId: string) =>
  (await db().entities.stepInstance.get({ trackInstanceId: instance.trackInstanceId, stepInstanceId: stepInstanceIdOf(instance, stepTemplateId) }).go({ consistent: true })).data?.responsibleRoleIds;

it('an enrolment job whose written steps were copied before an edit of their roles writes them again before it becomes visible', async () => {
  const { trackTemplateId, stepIds } = await chainedTrack(101);
  const participantId = await putTestUser({ firstName: 'Rae', lastName: 'Race', locationId: DEMO_LOCATION_IDS.district1 });
  const res = await invoke(tracks, '/api/track/instance', { method: 'POST', cookie, body: { trackId: trackTemplateId, participantIds: [participantId], advisorIds: ['demo-advisor'] } });
  expect(res.status).toBe(202);
  const budget = enrolChunk.items;
  enrolChunk.items = 50;
  try {
    // The first batch: about 50 items (the Ready first step brings its parts), step 11 among them, with the roles of the design as it is.
    const first = await runJobStep(res.body.jobId, jobKinds);
    expect(first).toMatchObject({ status: 'running' });
    expect((first as { done: number }).done).toBeGreaterThan(10);
    // Step 11 (written above) changes who completes it; its job runs at once and finds no enrolment to set (none visible yet).
    await approvalToInterviewer(stepIds[10]);
    await runRolesJobs();
    expect((await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true })).data!.responsibleRolesVersion).toBe(1);
    // The enrolment goes on from there.
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job!.status).toBe('succeeded');
  } finally {
    enrolChunk.items = budget;
  }
  const { data } = await db().entities.trackInstance.query.byParticipant({ participantId }).go();
  const [instance] = data;
  expect(await copyOf(instance, stepIds[10])).toEqual(['role-participant', 'role-interviewer']);
  expect(await copyOf(instance, stepIds[9])).toEqual(['role-participant', 'role-advisor']);
  expect(await copyOf(instance, stepIds[100])).toEqual(['role-participant', 'role-advisor']);
});

it('a one-transaction enrolment, or verify-step-instances, planned from the design before an edit of the roles fails its write and leaves nothing; planned again, it copies the new roles', async () => {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Roles Race Small', description: 'Copies of roles', conferenceId: DEMO_LOCATION_IDS.conference1 } });
  const trackTemplateId = track.body.id as string;
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId, name: 'Only phase' } });
  const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };
  const step = (await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId: phase.body.id, name: 'Only step', contents: [task], actions: [{ type: 'Approval', name: 'Approve', roleId: 'role-advisor' }] } })).body;

  // The enrolment's batch as enrol() plans it: the outline (with its roles version), then the parts.
  const outline = (await readTrackAggregate(trackTemplateId))!;
  const before = rolesVersionOf(outline.track);
  const parts = await partsFor(outline, activeSteps(outline));
  const participantId = await putTestUser({ firstName: 'Sol', lastName: 'Small', locationId: DEMO_LOCATION_IDS.district1 });
  const participant = { userId: participantId, firstName: 'Sol', lastName: 'Small', email: 'sol@example.org' };
  const instance: PlannedInstance = {
    trackInstanceId: newId(),
    trackTemplateId,
    trackName: 'Roles Race Small',
    participantId,
    participant,
    conferenceId: DEMO_LOCATION_IDS.conference1,
    districtId: DEMO_LOCATION_IDS.district1,
    ancestorIds: [DEMO_LOCATION_IDS.conference1, DEMO_LOCATION_IDS.district1],
    createdAt: new Date().toISOString(),
  };
  const activeIds = new Set([step.id as string]);
  const stepWrites = stepInstanceWrites(instance, outline.steps[0], parts, { activeIds, completedIds: new Set(), now: instance.createdAt, mode: 'put' });
  expect(stepWrites.writes.length).toBeGreaterThan(0);

  // The edit lands between that read and the batch's write.
  await approvalToInterviewer(step.id);
  await runRolesJobs();
  await expect(transact([...stepWrites.writes, ...visibilityWrites(instance, [], demoUser(CONFERENCE_ADMIN).id, before)])).rejects.toBeInstanceOf(RolesMovedError);
  await expect(transact([...stepWrites.writes, rolesGuard(trackTemplateId, before)])).rejects.toBeInstanceOf(RolesMovedError);
  expect((await db().entities.trackInstance.get({ trackInstanceId: instance.trackInstanceId }).go()).data).toBeNull();
  expect(await copyOf(instance, step.id)).toBeUndefined();

  // Through the route (which plans afresh): the new roles.
  const enrolled = await invoke(tracks, '/api/track/instance', { method: 'POST', cookie, body: { trackId: trackTemplateId, participantIds: [participantId], advisorIds: ['demo-advisor'] } });
  expect(enrolled.status).toBe(201);
  const [trackInstanceId] = enrolled.body.trackInstanceIds as string[];
  const stored = (await db().entities.trackInstance.get({ trackInstanceId }).go()).data!;
  expect(await copyOf(stored, step.id)).toEqual(['role-participant', 'role-interviewer']);
});
