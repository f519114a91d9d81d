import { handler as trackHandler } from '../../../functions/http/track/handler';
import { handler as phaseHandler } from '../../../functions/http/phase/handler';
import { handler as stepHandler } from '../../../functions/http/step/handler';
import { handler as jobHandler } from '../../../functions/http/job/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { getJob, jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { trackDeleteJob } from '../../../functions/core/jobs/track-delete-job';
import { STEPS_PER_DELETE } from '../../../functions/core/tracks/design-delete';
import { TRACK_IN_USE_MESSAGE } from '../../../functions/core/tracks/track-editor';
import { TRACK_DELETING_MESSAGE } from '../../../functions/core/tracks/track-scope';
import { seedDemo } from '../../support/demo-table';
import { invoke, type Handler } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * Delete Track (SPEC.md section 4) as a background job: the route marks the template
 * 'deleting' and enqueues the job; from then on the track is out of every list and refuses
 * every write; the job deletes everything of it, safe to repeat, and lowers its origin's
 * copy count once. Jobs run here step by step, as the stream worker runs them.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const HOME = DEMO_LOCATION_IDS.conference1;

async function call(handler: Handler, as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(as) });
}
const track = (as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) => call(trackHandler, as, `/api/track/${path}`, options);
const deleteTrack = (as: string, id: string) => track(as, `delete-track/${id}`, { method: 'POST' });
const texts = (name: string) => ({ name, description: 'Made for the delete tests' });

/** Every item of a track's partitions: outline and detail. */
async function itemsOf(trackTemplateId: string) {
  const [outline, detail] = await Promise.all([
    db().collections.trackTemplateAggregate({ trackTemplateId }).go({ pages: 'all' }),
    db().collections.trackTemplateDetail({ trackTemplateId }).go({ pages: 'all' }),
  ]);
  return Object.values({ ...outline.data, ...detail.data }).flat();
}

const copyCountOf = async (trackTemplateId: string) => (await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true })).data!.copyCount;

/** A system track of `phases` x `steps`, each step with a task and an approval. */
async function systemTrackOf(name: string, phases: number, steps: number): Promise<string> {
  const { body } = await track(SUPERADMIN, 'create-track-template', { method: 'POST', body: { ...texts(name), conferenceId: '0' } });
  const trackTemplateId = body.id as string;
  const phaseItems = Array.from({ length: phases }, (_, p) => ({ trackTemplateId, phaseId: `${trackTemplateId}-p${p}`, name: `Phase ${p + 1}`, order: p + 1 }));
  const stepItems = phaseItems.flatMap((phase) =>
    Array.from({ length: steps }, (_, s) => ({ trackTemplateId, phaseId: phase.phaseId, stepTemplateId: `${phase.phaseId}-s${String(s).padStart(3, '0')}`, name: `Step ${s + 1}` })),
  );
  await db().entities.phaseTemplate.put(phaseItems).go();
  await db().entities.stepTemplate.put(stepItems).go();
  await db().entities.stepContentTemplate.put(stepItems.map((step) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, contentTemplateId: `${step.stepTemplateId}-c`, type: 'Task' as const, name: 'Task', roleId: 'role-participant', task: { name: 'Read', description: 'A chapter' } }))).go();
  await db().entities.stepActionTemplate.put(stepItems.map((step) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, actionTemplateId: `${step.stepTemplateId}-a`, type: 'Approval' as const, name: 'Approve', roleId: 'role-advisor' }))).go();
  return trackTemplateId;
}

/** A conference copy of a new system track (the copy job run to its end). */
async function copiedTrack(name: string, phases: number, steps: number): Promise<{ originId: string; copyId: string }> {
  const originId = await systemTrackOf(`${name} Origin`, phases, steps);
  const res = await track(CONFERENCE_ADMIN, `copy-track/${originId}/${HOME}`, { method: 'POST', body: texts(name) });
  const job = await runJobToEnd(res.body.jobId, jobKinds);
  return { originId, copyId: (job!.result as { trackTemplateId: string }).trackTemplateId };
}

const listed = async (name: string) => (await track(CONFERENCE_ADMIN, 'quickSearch', { query: `limit=10&offset=0&where[conferenceId]=${HOME}&where[name]=${encodeURIComponent(name)}&where[inactive]=true` })).body.data;

beforeAll(async () => {
  await seedDemo();
});

describe('Delete Track', () => {
  it('refuses while anyone is enrolled, out of scope, and a system track to a conference admin; starts a job otherwise', async () => {
    const inUse = await deleteTrack(CONFERENCE_ADMIN, DEMO_INSTANCE_IDS.trackTemplate);
    expect(inUse.status).toBe(422);
    expect(inUse.body.message).toBe(TRACK_IN_USE_MESSAGE);
    expect((await track(CONFERENCE_ADMIN, `track-template/${DEMO_INSTANCE_IDS.trackTemplate}`)).status).toBe(200);
    expect((await deleteTrack(CONFERENCE_ADMIN, DEMO_INSTANCE_IDS.systemTrack)).status).toBe(403);
    expect((await deleteTrack('participant@example.org', DEMO_INSTANCE_IDS.trackTemplate)).status).toBe(403);
    expect((await deleteTrack(CONFERENCE_ADMIN, 'no-such-track')).status).toBe(404);

    const { body: mine } = await track(CONFERENCE_ADMIN, 'create-track-template', { method: 'POST', body: { ...texts('Short Lived'), conferenceId: HOME } });
    const res = await deleteTrack(CONFERENCE_ADMIN, mine.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String) });
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job).toMatchObject({ kind: 'track.delete', status: 'succeeded', title: 'Deleting Short Lived', result: { trackTemplateId: mine.id } });
    expect(await itemsOf(mine.id)).toEqual([]);
  });

  it('takes a track out of every list at once and refuses every write, copy and import while it is being deleted', async () => {
    const originId = await systemTrackOf('Deleting Source', 1, 2);
    const res = await deleteTrack(SUPERADMIN, originId);
    expect(res.status).toBe(202);
    const outline = await track(SUPERADMIN, `track-template/${originId}`);
    expect(outline.status).toBe(404);
    expect(outline.body.message).toBe(TRACK_DELETING_MESSAGE);
    // Its parts read by id say the same (not 403): the step, a content, a task, an action.
    const step = `${originId}-p0-s000`;
    for (const path of [`step-template/${step}`, `step-content-template/${step}-c`, `step-task-template/${step}-c`, `step-action-template/${step}-a`]) {
      const part = await call(stepHandler, SUPERADMIN, `/api/step/${path}`);
      expect([path, part.status, part.body.message]).toEqual([path, 404, TRACK_DELETING_MESSAGE]);
    }
    const superList = await track(SUPERADMIN, 'quickSearch', { query: 'limit=10&offset=0&where[name]=Deleting&where[conferenceId]=0&where[inactive]=true' });
    expect(superList.body.data).toEqual([]);
    expect((await track(SUPERADMIN, 'track-templates/conference/0', { query: 'name=Deleting' })).body).toEqual([]);

    const refused = [
      await deleteTrack(SUPERADMIN, originId),
      await track(SUPERADMIN, `update-track-template/${originId}`, { method: 'PATCH', body: { name: 'Renamed', version: 2 } }),
      await track(SUPERADMIN, `deactivate-track/${originId}`, { method: 'POST' }),
      await call(phaseHandler, SUPERADMIN, '/api/phase/create-phase', { method: 'POST', body: { trackTemplateId: originId, name: 'Late phase' } }),
      await call(phaseHandler, SUPERADMIN, '/api/phase/update-phase', { method: 'POST', body: { id: `${originId}-p0`, name: 'Renamed', description: '', version: 1 } }),
      await call(stepHandler, SUPERADMIN, '/api/step/template/create-step-template', { method: 'POST', body: { phaseId: `${originId}-p0`, name: 'Late step', actions: [{ type: 'Approval', name: 'Approve' }] } }),
    ];
    for (const answer of refused) expect([answer.status, answer.body.message]).toEqual([409, TRACK_DELETING_MESSAGE]);
    // Copying or importing it: the source reads as gone.
    for (const path of [`copy-track/${originId}/${HOME}`, `import-track-template/track-template/${originId}/conference/${HOME}`]) {
      const answer = await track(SUPERADMIN, path, { method: 'POST', body: texts('Too Late') });
      expect([answer.status, answer.body.message]).toEqual([404, TRACK_DELETING_MESSAGE]);
    }
    const importPhase = await call(phaseHandler, CONFERENCE_ADMIN, `/api/phase/import-phase/phase/${originId}-p0/track-template/${DEMO_INSTANCE_IDS.trackTemplate}`, { method: 'POST' });
    expect(importPhase.status).toBe(404);
    await runJobToEnd(res.body.jobId, jobKinds);
    expect(await itemsOf(originId)).toEqual([]);
  });

  it('deletes a copy of several chunks, resumed after crashes and repeated, leaving nothing and lowering the origin\u2019s copy count once', async () => {
    const { originId, copyId } = await copiedTrack('Big Copy', 2, STEPS_PER_DELETE);
    expect(await copyCountOf(originId)).toBe(1);
    expect((await listed('Big Copy')).map((row: { id: string }) => row.id)).toEqual([copyId]);

    const res = await deleteTrack(CONFERENCE_ADMIN, copyId);
    expect(res.status).toBe(202);
    expect(await listed('Big Copy')).toEqual([]);
    const jobId = res.body.jobId as string;
    // Every step crashes once after its work (before its progress is saved), then runs again.
    for (let step = 0; step < 10; step++) {
      jobFaults.failAfterWork = true;
      try {
        await expect(runJobStep(jobId, jobKinds)).rejects.toThrow(/Injected/);
      } finally {
        jobFaults.failAfterWork = false;
      }
      await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
      const outcome = await runJobStep(jobId, jobKinds);
      if (outcome && outcome !== 'busy' && outcome.status === 'succeeded') break;
    }
    const job = (await getJob(jobId))!;
    expect(job.status).toBe('succeeded');
    expect(job.done).toBe(job.total);
    expect(job.total).toBe(2 * STEPS_PER_DELETE + 2);
    expect(await itemsOf(copyId)).toEqual([]);
    expect(await copyCountOf(originId)).toBe(0);

    // A duplicate run of the finished job (a redelivered stream record) writes nothing.
    expect(await runJobStep(jobId, jobKinds)).toBeNull();
    expect(await trackDeleteJob.step({ ...job, input: { trackTemplateId: copyId } })).toMatchObject({ finished: true });
    expect(await copyCountOf(originId)).toBe(0);
    expect((await call(jobHandler, CONFERENCE_ADMIN, `/api/job/${jobId}`)).body).toMatchObject({ kind: 'track.delete', status: 'succeeded' });
    // The origin's conference is free again.
    expect((await track(SUPERADMIN, `is-system-track-with-copies/${originId}`)).body).toBe(false);
  });
});
