import { handler as trackHandler } from '../../../functions/http/track/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd, getJob } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { requestCounter } from '../../../functions/db/client';
import { ADVISOR_ROLE_ID } from '../../../functions/core/enrolments/instance-access';
import { NOT_AN_ADVISOR, NOT_YOUR_DISTRICT, SYSTEM_ROLE_ERROR, TRACK_INACTIVE_MESSAGE } from '../../../functions/core/enrolments/enrol';
import { ENROL_MOVED_MESSAGE, enrolChunk } from '../../../functions/core/enrolments/enrol-job';
import { TRACK_DELETING_MESSAGE } from '../../../functions/core/tracks/track-scope';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { ADDER_HAS_NO_DISTRICT, PARTICIPANT_NEEDS_DISTRICT } from '../../../shared/schemas/track-instance';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { pendingNotificationsFor } from '../../support/notifications';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * Enrolment (`POST track/instance`), the track page's read, verify-step-instances, the direct
 * status change and removal: every rule from both sides, on DynamoDB Local.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const ADVISOR = 'advisor@example.org';
const PARTICIPANT = 'participant@example.org';
const ADVISOR_ID = 'demo-advisor';
const TRACK = DEMO_INSTANCE_IDS.trackTemplate;

async function call(as: string | null, method: string, path: string, body?: unknown) {
  return invoke(trackHandler, `/api/track/${path}`, { method, body, ...(as ? { cookie: await cookieFor(as) } : {}) });
}
const enrolAs = (as: string, body: Record<string, unknown>) => call(as, 'POST', 'instance', body);
const readAs = (as: string, id: string) => call(as, 'GET', `track-instance/${id}`);

const newParticipant = (name: string, locationId: string = DEMO_LOCATION_IDS.district1) => putTestUser({ firstName: name, lastName: 'Tester', locationId });
const instanceCount = async (trackTemplateId: string) => (await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true })).data!.instanceCount;

/** A conference track of `phases` x `steps` (each step after its phase's first needs the one before), a task and an approval each. */
async function trackOf(name: string, phases: number, steps: number, conferenceId: string = DEMO_LOCATION_IDS.conference1): Promise<string> {
  const trackTemplateId = `enrol-${name.toLowerCase().replace(/\W+/g, '-')}`;
  await db().entities.trackTemplate.put({ trackTemplateId, name, description: 'Enrolment tests', conferenceId, status: 'active', disabled: false }).go();
  const phaseItems = Array.from({ length: phases }, (_, p) => ({ trackTemplateId, phaseId: `${trackTemplateId}-p${p}`, name: `Phase ${p + 1}`, order: p + 1 }));
  const stepItems = phaseItems.flatMap((phase) =>
    Array.from({ length: steps }, (_, s) => ({
      trackTemplateId,
      phaseId: phase.phaseId,
      stepTemplateId: `${phase.phaseId}-s${String(s).padStart(3, '0')}`,
      name: `Step ${phase.order}.${s + 1}`,
      required: true,
      prerequisites: s === 0 ? [] : [`${phase.phaseId}-s${String(s - 1).padStart(3, '0')}`],
    })),
  );
  await db().entities.phaseTemplate.put(phaseItems).go();
  await db().entities.stepTemplate.put(stepItems).go();
  await db().entities.stepContentTemplate.put(stepItems.map((step) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, contentTemplateId: `${step.stepTemplateId}-c`, type: 'Task' as const, name: 'Task', roleId: 'role-participant', task: { name: 'Read', description: 'A chapter' } }))).go();
  await db().entities.stepActionTemplate.put(stepItems.map((step) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, actionTemplateId: `${step.stepTemplateId}-a`, type: 'Approval' as const, name: 'Approve', roleId: 'role-advisor' }))).go();
  return trackTemplateId;
}

beforeAll(async () => {
  await seedDemo();
});

describe('enrolment', () => {
  it('enrols a participant with an advisor: steps Ready or Unavailable by prerequisites, the form pinned, the count and the events in the same write', async () => {
    const participantId = await newParticipant('Happy');
    const before = await instanceCount(TRACK);
    const res = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(res.status).toBe(201);
    const [id] = res.body.trackInstanceIds as string[];
    expect(await instanceCount(TRACK)).toBe(before + 1);

    const page = await readAs(ADVISOR, id);
    expect(page.status).toBe(200);
    expect(page.body.participant).toMatchObject({ id: participantId, firstName: 'Happy', lastName: 'Tester' });
    expect(page.body.phases.map((phase: { order: number; name: string }) => `${phase.order}. ${phase.name}`)).toEqual(['1. Discernment', '2. Formation']);
    const steps = page.body.phases.flatMap((phase: { steps: unknown[] }) => phase.steps) as Array<{ name: string; status: string; waitsFor: unknown[] }>;
    expect(Object.fromEntries(steps.map((step) => [step.name, step.status]))).toEqual({
      'Share your call story': 'Ready',
      'Upload your transcript': 'Ready',
      'Background questionnaire': 'Ready',
      'Readiness interview': 'Unavailable',
    });
    expect(steps.find((step) => step.name === 'Readiness interview')!.waitsFor).toEqual([expect.objectContaining({ name: 'Background questionnaire', responsible: ['Participant', 'Advisor'] })]);
    expect(page.body.progress).toEqual({ completed: 0, total: 4 });
    expect(page.body.canChangeStatus).toBe(true);
    expect(page.body.missingSteps).toBe(0);

    const forms = await db().entities.formInstance.query.byParticipant({ participantId }).go();
    expect(forms.data).toEqual([expect.objectContaining({ formId: DEMO_INSTANCE_IDS.form, formVersion: 1, title: 'Candidate Background Questionnaire', stepName: 'Background questionnaire', submitted: false })]);
    const assignments = await db().entities.trackAssignee.query.byAssignee({ assigneeId: ADVISOR_ID }).go();
    expect(assignments.data.some((a) => a.trackInstanceId === id && a.roleId === ADVISOR_ROLE_ID)).toBe(true);
    expect(await pendingNotificationsFor(participantId)).toContain('You were enrolled in Candidacy Pathway.');
    expect(await pendingNotificationsFor(ADVISOR_ID)).toContain('You advise Happy Tester in Candidacy Pathway.');

    // The participant sees their page, never the status selector.
    const own = await call(null, 'GET', `track-instance/${id}`);
    expect(own.status).toBe(401);
  });

  it("gives a Ready step with a due period its due date and a place in the Overdue sweep's index; a locked one neither", async () => {
    const dated = await trackOf('Dated Track', 1, 2);
    await db().entities.stepTemplate.patch({ trackTemplateId: dated, phaseId: `${dated}-p0`, stepTemplateId: `${dated}-p0-s000` }).set({ dueDays: 3 }).go();
    await db().entities.stepTemplate.patch({ trackTemplateId: dated, phaseId: `${dated}-p0`, stepTemplateId: `${dated}-p0-s001` }).set({ dueDays: 3 }).go();
    const participantId = await newParticipant('Dated');
    const before = Date.now();
    const res = await enrolAs(CONFERENCE_ADMIN, { trackId: dated, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    const { data } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: res.body.trackInstanceIds[0] }).go();
    const ready = data.find((step) => step.status === 'Ready')!;
    const locked = data.find((step) => step.status === 'Unavailable')!;
    expect(Date.parse(ready.dueAt!) - before).toBeGreaterThanOrEqual(3 * 24 * 3600_000 - 1000);
    expect(ready.dueIndexAt).toBe(ready.dueAt);
    expect(ready.dueBucket).toBeDefined();
    expect(locked.dueAt).toBeUndefined();
    expect(locked.dueBucket).toBeUndefined();
  });

  it('refuses a second enrolment of the same participant in the same track (409), before and inside the write', async () => {
    const participantId = await newParticipant('Twice');
    expect((await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] })).status).toBe(201);
    const count = await instanceCount(TRACK);
    const again = await enrolAs(CONFERENCE_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Twice Tester is already enrolled in Candidacy Pathway.');
    expect(await instanceCount(TRACK)).toBe(count);
    // Two at once: exactly one commits.
    const racer = await newParticipant('Racer');
    const both = await Promise.all([DISTRICT_ADMIN, CONFERENCE_ADMIN].map((as) => enrolAs(as, { trackId: TRACK, participantIds: [racer], advisorIds: [ADVISOR_ID] })));
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  it("takes the district from the participant, else from the adder's districts, with SPEC.md's messages", async () => {
    // A church of Foothills district: seen by its district admin, yet no district on the profile.
    const noDistrict = await newParticipant('Nodistrict', DEMO_LOCATION_IDS.church1);
    const missing = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [noDistrict], advisorIds: [ADVISOR_ID] });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.locationId).toEqual([PARTICIPANT_NEEDS_DISTRICT]);
    const adderWithout = await enrolAs(CONFERENCE_ADMIN, { trackId: TRACK, participantIds: [noDistrict], advisorIds: [ADVISOR_ID], locationId: DEMO_LOCATION_IDS.district1 });
    expect(adderWithout.status).toBe(400);
    expect(adderWithout.body.fieldErrors.locationId).toEqual([ADDER_HAS_NO_DISTRICT]);
    const notTheirs = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [noDistrict], advisorIds: [ADVISOR_ID], locationId: DEMO_LOCATION_IDS.district2 });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.fieldErrors.locationId).toEqual([NOT_YOUR_DISTRICT]);
    const picked = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [noDistrict], advisorIds: [ADVISOR_ID], locationId: DEMO_LOCATION_IDS.district1 });
    expect(picked.status).toBe(201);
    const { data } = await db().entities.trackInstance.get({ trackInstanceId: picked.body.trackInstanceIds[0] }).go();
    expect(data!.districtId).toBe(DEMO_LOCATION_IDS.district1);
  });

  it('needs advisors holding the Advisor role, and the Advisor role itself', async () => {
    const participantId = await newParticipant('Advised');
    const notAdvisor = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: ['demo-mentor'] });
    expect(notAdvisor.status).toBe(400);
    expect(notAdvisor.body.fieldErrors.advisorIds).toEqual([NOT_AN_ADVISOR]);
    const noAdvisor = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [] });
    expect(noAdvisor.status).toBe(400);

    const { data: role } = await db().entities.role.get({ roleId: ADVISOR_ROLE_ID }).go();
    await db().entities.role.delete({ roleId: ADVISOR_ROLE_ID }).go();
    try {
      const broken = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
      expect(broken.status).toBe(500);
      expect(broken.body.message).toBe(SYSTEM_ROLE_ERROR);
    } finally {
      await db().entities.role.put(role!).go();
      clearRoleCache();
    }
  });

  it('stays in scope: a participant the adder cannot see is 404, a track of another conference 403, and an advisor has no create right', async () => {
    const outsider = await newParticipant('Outsider', DEMO_LOCATION_IDS.district3);
    expect((await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [outsider], advisorIds: [ADVISOR_ID] })).status).toBe(404);
    const otherTrack = await trackOf('Prairie Track', 1, 2, DEMO_LOCATION_IDS.conference2);
    const mine = await newParticipant('Inside');
    expect((await enrolAs(CONFERENCE_ADMIN, { trackId: otherTrack, participantIds: [mine], advisorIds: [ADVISOR_ID] })).status).toBe(403);
    expect((await enrolAs(ADVISOR, { trackId: TRACK, participantIds: [mine], advisorIds: [ADVISOR_ID] })).status).toBe(403);
    // The superadmin reaches every participant (with a district of their own) and every track.
    expect((await enrolAs(SUPERADMIN, { trackId: otherTrack, participantIds: [outsider], advisorIds: [ADVISOR_ID] })).status).toBe(201);
  });

  it('refuses a track being deleted (409) or inactive (422)', async () => {
    const deleting = await trackOf('Deleting Track', 1, 1);
    await db().entities.trackTemplate.patch({ trackTemplateId: deleting }).set({ status: 'deleting', name: 'Deleting Track' }).go();
    const participantId = await newParticipant('Late');
    const gone = await enrolAs(CONFERENCE_ADMIN, { trackId: deleting, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(TRACK_DELETING_MESSAGE);
    const inactive = await trackOf('Inactive Track', 1, 1);
    await db().entities.trackTemplate.patch({ trackTemplateId: inactive }).set({ disabled: true, status: 'inactive', name: 'Inactive Track' }).go();
    const off = await enrolAs(CONFERENCE_ADMIN, { trackId: inactive, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe(TRACK_INACTIVE_MESSAGE);
  });

  it("fails a job whose track moved to another conference before its enrolments committed, leaving nothing behind", async () => {
    const large = await trackOf('Large Moving Track', 1, 120);
    const participantId = await newParticipant('Mover');
    const res = await enrolAs(CONFERENCE_ADMIN, { trackId: large, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(res.status).toBe(202);
    // Nothing committed yet, so nothing locks the conference: the move is allowed.
    const { version } = (await call(SUPERADMIN, 'GET', `track-template/${large}`)).body;
    expect((await call(SUPERADMIN, 'PATCH', `update-track-template/${large}`, { version, conferenceId: DEMO_LOCATION_IDS.conference2 })).status).toBe(200);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job!.status).toBe('failed');
    expect(job!.error).toBe(ENROL_MOVED_MESSAGE);
    expect((await db().entities.trackInstance.query.byParticipant({ participantId }).go()).data).toEqual([]);
    expect(await instanceCount(large)).toBe(0);
  });

  it('enrols a track larger than one transaction through a job: nothing visible until the end, a crashed step repeated without doubles', async () => {
    const large = await trackOf('Large Track', 3, 120);
    const participantId = await newParticipant('Large');
    const res = await enrolAs(CONFERENCE_ADMIN, { trackId: large, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    expect(res.status).toBe(202);
    const { jobId } = res.body;

    // Chunks of 200 items: the locked steps are one item each, so 360 steps take two job steps.
    const budget = enrolChunk.items;
    enrolChunk.items = 200;
    jobFaults.failAfterWork = true;
    try {
      await expect(runJobStep(jobId, jobKinds)).rejects.toThrow(/Injected/);
    } finally {
      jobFaults.failAfterWork = false;
    }
    // Half written: not listed anywhere, not counted.
    expect((await db().entities.trackInstance.query.byParticipant({ participantId }).go()).data).toEqual([]);
    expect(await instanceCount(large)).toBe(0);
    // The lease of the crashed step lapses; the sweeper's restart repeats the chunk.
    await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
    const job = await runJobToEnd(jobId, jobKinds).finally(() => (enrolChunk.items = budget));
    expect(job!.status).toBe('succeeded');
    expect(job!.done).toBe(360);
    expect(job!.steps).toBeGreaterThanOrEqual(3);
    const [id] = (job!.result as { trackInstanceIds: string[] }).trackInstanceIds;
    const { data } = await db().collections.trackInstanceAggregate({ trackInstanceId: id }).go({ pages: 'all' });
    expect(data.stepInstance).toHaveLength(360);
    // Only the 3 Ready steps have their content and action instances; the locked ones get theirs when they open.
    expect(data.stepContentInstance).toHaveLength(3);
    expect(data.stepActionInstance).toHaveLength(3);
    expect(data.stepInstance.filter((step) => step.partsPending)).toHaveLength(357);
    expect(data.trackInstance).toHaveLength(1);
    expect(await instanceCount(large)).toBe(1);
    expect(data.stepInstance.filter((step) => step.status === 'Ready')).toHaveLength(3);

    // The page reads in 3 requests (the role names come from the warm role cache).
    await readAs(CONFERENCE_ADMIN, id);
    const cookie = await cookieFor(CONFERENCE_ADMIN);
    requestCounter.reset();
    const page = await invoke(trackHandler, `/api/track/track-instance/${id}`, { cookie });
    const counted = requestCounter.snapshot();
    expect(page.status).toBe(200);
    // Session (1) + the read (3).
    expect(counted.requests - 1).toBeLessThanOrEqual(3);
  });

  it('verify-step-instances creates the steps added since enrolment, once', async () => {
    const small = await trackOf('Growing Track', 1, 2);
    const participantId = await newParticipant('Grower');
    const res = await enrolAs(CONFERENCE_ADMIN, { trackId: small, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    const [id] = res.body.trackInstanceIds;
    await db().entities.stepTemplate.put({ trackTemplateId: small, phaseId: `${small}-p0`, stepTemplateId: `${small}-added`, name: 'Added later', required: true, prerequisites: [] }).go();
    await db().entities.stepContentTemplate.put({ trackTemplateId: small, stepTemplateId: `${small}-added`, contentTemplateId: `${small}-added-c`, type: 'Task', name: 'Task', roleId: 'role-participant', task: { name: 'New', description: 'New work' } }).go();
    const before = await readAs(ADVISOR, id);
    expect(before.body.missingSteps).toBe(1);
    const verified = await Promise.all([call(ADVISOR, 'GET', `verify-step-instances/${id}`), call(PARTICIPANT, 'GET', `verify-step-instances/${id}`)]);
    expect(verified[0].status).toBe(200);
    expect(verified[1].status).toBe(403);
    expect((await call(ADVISOR, 'GET', `verify-step-instances/${id}`)).body).toEqual({ created: 0 });
    const after = await readAs(ADVISOR, id);
    expect(after.body.missingSteps).toBe(0);
    const added = after.body.phases[0].steps.find((step: { name: string }) => step.name === 'Added later');
    expect(added.status).toBe('Ready');
    const { data } = await db().entities.stepContentInstance.query.byInstance({ trackInstanceId: id }).go();
    // The first step's and the added step's (both Ready); the locked second step gets its own when it opens.
    expect(data).toHaveLength(2);
  });

  it('the page: the participant reads it without the status selector; others out of reach get 403', async () => {
    const participant = 'demo-participant';
    const small = await trackOf('Page Track', 1, 1);
    const res = await enrolAs(DISTRICT_ADMIN, { trackId: small, participantIds: [participant], advisorIds: [ADVISOR_ID] });
    const [id] = res.body.trackInstanceIds;
    const own = await readAs(PARTICIPANT, id);
    expect(own.status).toBe(200);
    expect(own.body.canChangeStatus).toBe(false);
    expect((await readAs('interviewer@example.org', id)).status).toBe(403);
    expect((await readAs(ADVISOR, 'no-such-instance')).status).toBe(404);
  });
});

describe('status change and removal', () => {
  async function enrolled(name: string) {
    const participantId = await newParticipant(name);
    const res = await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    return { participantId, id: res.body.trackInstanceIds[0] as string };
  }

  it('PATCH: the advisor changes the status on the version read; stale is 409; the participant and strangers are refused', async () => {
    const { id, participantId } = await enrolled('Status');
    const changed = await call(ADVISOR, 'PATCH', 'instance', { id, status: 'Withdrawn', version: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: 'Withdrawn', version: 2 });
    expect(await pendingNotificationsFor(participantId)).toContain('Your Candidacy Pathway track is now Withdrawn.');
    expect((await call(CONFERENCE_ADMIN, 'PATCH', 'instance', { id, status: 'Open', version: 1 })).status).toBe(409);
    expect((await call(CONFERENCE_ADMIN, 'PATCH', 'instance', { id, status: 'Open', version: 2 })).status).toBe(200);
    // An interviewer has update TrackInstance but no reach here; the demo participant has none at all.
    expect((await call('interviewer@example.org', 'PATCH', 'instance', { id, status: 'Completed', version: 3 })).status).toBe(403);
    expect((await call(PARTICIPANT, 'PATCH', 'instance', { id, status: 'Completed', version: 3 })).status).toBe(403);
    expect((await call(ADVISOR, 'PATCH', 'instance', { id, status: 'Finished', version: 3 })).status).toBe(400);
  });

  it('DELETE: a track admin removes the enrolment with everything in it, the claim and the count; the participant may be enrolled again', async () => {
    const { id, participantId } = await enrolled('Removed');
    const count = await instanceCount(TRACK);
    expect((await call(ADVISOR, 'DELETE', 'instance', { id, version: 1 })).status).toBe(403);
    expect((await call(DISTRICT_ADMIN, 'DELETE', 'instance', { id, version: 7 })).status).toBe(409);
    const removed = await call(DISTRICT_ADMIN, 'DELETE', 'instance', { id, version: 1 });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    const { data } = await db().collections.trackInstanceAggregate({ trackInstanceId: id }).go({ pages: 'all' });
    expect(Object.values(data).flat()).toEqual([]);
    expect(await instanceCount(TRACK)).toBe(count - 1);
    expect((await db().entities.formInstance.query.byParticipant({ participantId }).go()).data).toEqual([]);
    expect((await enrolAs(DISTRICT_ADMIN, { trackId: TRACK, participantIds: [participantId], advisorIds: [ADVISOR_ID] })).status).toBe(201);
  });

  it('DELETE of a large enrolment: the enrolment goes at once, a job deletes the rest', async () => {
    const large = await trackOf('Removable Large', 1, 150);
    const participantId = await newParticipant('Largeremoved');
    const res = await enrolAs(CONFERENCE_ADMIN, { trackId: large, participantIds: [participantId], advisorIds: [ADVISOR_ID] });
    const enrolledJob = await runJobToEnd(res.body.jobId, jobKinds);
    const [id] = (enrolledJob!.result as { trackInstanceIds: string[] }).trackInstanceIds;
    const removed = await call(CONFERENCE_ADMIN, 'DELETE', 'instance', { id, version: 1 });
    expect(removed.status).toBe(202);
    expect((await readAs(CONFERENCE_ADMIN, id)).status).toBe(404);
    expect(await instanceCount(large)).toBe(0);
    const job = await runJobToEnd(removed.body.jobId, jobKinds);
    expect(job!.status).toBe('succeeded');
    expect((await getJob(removed.body.jobId))!.done).toBeGreaterThan(0);
    const { data } = await db().collections.trackInstanceAggregate({ trackInstanceId: id }).go({ pages: 'all' });
    expect(Object.values(data).flat()).toEqual([]);
  });
});
