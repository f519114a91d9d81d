import { handler as trackHandler } from '../../../functions/http/track/handler';
import { handler as phaseHandler } from '../../../functions/http/phase/handler';
import { handler as stepHandler } from '../../../functions/http/step/handler';
import { handler as jobHandler } from '../../../functions/http/job/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { getJob, jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { SOURCE_GONE_MESSAGE, copyTrackId } from '../../../functions/core/jobs/track-copy-job';
import { SOURCE_PHASE_GONE_MESSAGE } from '../../../functions/core/jobs/phase-import-job';
import { STEPS_PER_CHUNK } from '../../../functions/core/tracks/design-copy';
import { NOT_A_SYSTEM_TRACK_MESSAGE, SYSTEM_TRACK_IMPORT_MESSAGE } from '../../../functions/core/tracks/track-copy';
import { CONFERENCE_LOCKED_MESSAGE } from '../../../functions/core/tracks/track-editor';
import { PHASE_LOCKED_MESSAGE, TRACK_PHASES_FULL_MESSAGE } from '../../../functions/core/tracks/phase-editor';
import { TRACK_PHASES_MAX } from '../../../shared/api/limits';
import { seedDemo } from '../../support/demo-table';
import { invoke, type Handler } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * Copy from Existing, Import from Existing and phase import (SPEC.md sections 2, 4 to 7):
 * background jobs whose copy is hidden until complete, safe to retry, with the origins kept.
 * Jobs are run here step by step, as the stream worker runs them.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const PARTICIPANT = 'participant@example.org';
const HOME = DEMO_LOCATION_IDS.conference1;
const ELSEWHERE = DEMO_LOCATION_IDS.conference2;
const SYSTEM_TRACK = DEMO_INSTANCE_IDS.systemTrack;

async function call(handler: Handler, as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(as) });
}
const track = (as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) => call(trackHandler, as, `/api/track/${path}`, options);
const texts = (name: string) => ({ name, description: 'A copy for the test' });
const copyTrack = (as: string, sourceId: string, conferenceId: string, name: string) => track(as, `copy-track/${sourceId}/${conferenceId}`, { method: 'POST', body: texts(name) });
const importTrack = (as: string, sourceId: string, conferenceId: string, name: string) =>
  track(as, `import-track-template/track-template/${sourceId}/conference/${conferenceId}`, { method: 'POST', body: texts(name) });

async function finish(jobId: string) {
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job?.status).toBe('succeeded');
  return job!.result as { trackTemplateId: string; phaseId?: string };
}

/** Every item of a track's partition: outline and detail. */
async function itemsOf(trackTemplateId: string) {
  const [outline, detail] = await Promise.all([
    db().collections.trackTemplateAggregate({ trackTemplateId }).go({ pages: 'all' }),
    db().collections.trackTemplateDetail({ trackTemplateId }).go({ pages: 'all' }),
  ]);
  return { ...outline.data, ...detail.data };
}

async function copyCountOf(trackTemplateId: string) {
  const { data } = await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true });
  return data!.copyCount;
}

/** A system track of `phases` x `steps` (each step a task and an approval; each step after the first needs the one before). */
async function systemTrackOf(name: string, phases: number, steps: number): Promise<string> {
  const { body } = await track(SUPERADMIN, 'create-track-template', { method: 'POST', body: { name, description: 'Made for the copy tests', conferenceId: '0' } });
  const trackTemplateId = body.id as string;
  const phaseItems = Array.from({ length: phases }, (_, p) => ({ trackTemplateId, phaseId: `${trackTemplateId}-p${p}`, name: `Phase ${p + 1}`, order: p + 1 }));
  const stepItems = phaseItems.flatMap((phase) =>
    Array.from({ length: steps }, (_, s) => ({
      trackTemplateId,
      phaseId: phase.phaseId,
      stepTemplateId: `${phase.phaseId}-s${String(s).padStart(3, '0')}`,
      name: `Step ${s + 1}`,
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

describe('Copy from Existing', () => {
  it("copies a system track into the caller's conference as a job: phases, steps, contents and actions with their origins; the origin counts the copy", async () => {
    const before = await copyCountOf(SYSTEM_TRACK);
    const res = await copyTrack(CONFERENCE_ADMIN, SYSTEM_TRACK, HOME, '  Licensing Copy ');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String) });
    const { trackTemplateId } = await finish(res.body.jobId);

    const job = await call(jobHandler, CONFERENCE_ADMIN, `/api/job/${res.body.jobId}`);
    expect(job.body).toMatchObject({ kind: 'track.copy', status: 'succeeded', result: { trackTemplateId } });
    expect(job.body.done).toBe(job.body.total);
    expect((await call(jobHandler, PARTICIPANT, `/api/job/${res.body.jobId}`)).status).toBe(404);

    const outline = await track(CONFERENCE_ADMIN, `track-template/${trackTemplateId}`);
    expect(outline.status).toBe(200);
    expect(outline.body).toMatchObject({ name: 'Licensing Copy', description: 'A copy for the test', conference: { id: HOME }, originTrackTemplateId: SYSTEM_TRACK, copyCount: 0, canEdit: true });
    expect(outline.body.phases).toMatchObject([{ order: 1, name: 'Foundations', originPhaseId: DEMO_INSTANCE_IDS.systemPhase, steps: [{ name: 'Reading reflection', originStepTemplateId: DEMO_INSTANCE_IDS.systemStep }] }]);
    const step = await call(stepHandler, CONFERENCE_ADMIN, `/api/step/step-template/${outline.body.phases[0].steps[0].id}`);
    expect(step.body.contents).toMatchObject([{ type: 'Task', name: 'Reflection', task: { name: 'Write a reflection' } }]);
    expect(step.body.contents[0].id).not.toBe('demo-content-licensing-reading');

    expect(await copyCountOf(SYSTEM_TRACK)).toBe(before + 1);
    expect((await track(SUPERADMIN, `is-system-track-with-copies/${SYSTEM_TRACK}`)).body).toBe(true);
    const move = await track(SUPERADMIN, `update-track-template/${SYSTEM_TRACK}`, { method: 'PATCH', body: { conferenceId: HOME, version: outline.body.version } });
    expect(move.status).toBe(422);
    expect(move.body.message).toBe(CONFERENCE_LOCKED_MESSAGE);

    // Copied phases are locked (SPEC.md section 4).
    const phase = outline.body.phases[0];
    const edit = await call(phaseHandler, CONFERENCE_ADMIN, '/api/phase/update-phase', { method: 'POST', body: { id: phase.id, name: 'Renamed', version: phase.version } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(PHASE_LOCKED_MESSAGE);
  });

  it('keeps the copy hidden (not listed, not readable) until the job is complete, with its progress counted', async () => {
    const sourceId = await systemTrackOf('Hidden Until Done', 1, STEPS_PER_CHUNK + 5);
    const res = await copyTrack(CONFERENCE_ADMIN, sourceId, HOME, 'Hidden Copy');
    const jobId = res.body.jobId as string;
    await runJobStep(jobId, jobKinds);
    const progress = await call(jobHandler, CONFERENCE_ADMIN, `/api/job/${jobId}`);
    expect(progress.body).toMatchObject({ status: 'running', done: STEPS_PER_CHUNK, total: STEPS_PER_CHUNK + 6 });
    expect(progress.body.result).toBeUndefined();
    const listed = async () => (await track(CONFERENCE_ADMIN, 'quickSearch', { query: `where[conferenceId]=${HOME}&where[name]=hidden` })).body.data;
    expect(await listed()).toEqual([]);
    const { data: running } = await db().entities.job.get({ jobId }).go();
    expect((await track(CONFERENCE_ADMIN, `track-template/${copyTrackId(running as never)}`)).status).toBe(404);

    const { trackTemplateId } = await finish(jobId);
    expect((await listed()).map((t: { name: string }) => t.name)).toEqual(['Hidden Copy']);
    const outline = await track(CONFERENCE_ADMIN, `track-template/${trackTemplateId}`);
    expect(outline.body.phases.map((p: { steps: unknown[] }) => p.steps.length)).toEqual([STEPS_PER_CHUNK + 5]);
    // Prerequisites point at the copies of the same phase, in the same dependency order.
    const steps = outline.body.phases[0].steps as Array<{ id: string; name: string; prerequisites: string[] }>;
    expect(steps.map((s) => s.name).slice(0, 3)).toEqual(['Step 1', 'Step 2', 'Step 3']);
    expect(steps[1].prerequisites).toEqual([steps[0].id]);
  });

  it('writes nothing twice when every step of the job crashes after its work and runs again; the count moves once', async () => {
    const sourceId = await systemTrackOf('Retried Source', 1, STEPS_PER_CHUNK + 5);
    const res = await copyTrack(CONFERENCE_ADMIN, sourceId, HOME, 'Retried Copy');
    const jobId = res.body.jobId as string;
    for (let step = 0; step < 10; step++) {
      jobFaults.failAfterWork = true;
      try {
        await expect(runJobStep(jobId, jobKinds)).rejects.toThrow(/Injected/);
      } finally {
        jobFaults.failAfterWork = false;
      }
      await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go(); // the crashed step's lease runs out
      const outcome = await runJobStep(jobId, jobKinds);
      if (outcome && outcome !== 'busy' && outcome.status === 'succeeded') break;
    }
    const { data: job } = await db().entities.job.get({ jobId }).go();
    expect(job!.status).toBe('succeeded');
    const { trackTemplateId } = job!.result as { trackTemplateId: string };
    const [source, copy] = await Promise.all([itemsOf(sourceId), itemsOf(trackTemplateId)]);
    for (const entity of ['phaseTemplate', 'stepTemplate', 'stepContentTemplate', 'stepActionTemplate'] as const) expect(copy[entity].length).toBe(source[entity].length);
    expect(copy.trackTemplate).toHaveLength(1);
    expect(await copyCountOf(sourceId)).toBe(1);
  });

  it('fails the job with a message when the source is deleted before the copy completes, and removes what it had copied', async () => {
    const sourceId = await systemTrackOf('Soon Gone', 1, 3);
    const res = await copyTrack(CONFERENCE_ADMIN, sourceId, HOME, 'Orphan Copy');
    // The first step copies the steps; then the source goes.
    await runJobStep(res.body.jobId, jobKinds);
    const started = (await getJob(res.body.jobId))!;
    const copyId = copyTrackId(started as Parameters<typeof copyTrackId>[0]);
    expect((await itemsOf(copyId)).stepTemplate).toHaveLength(3);
    expect((await track(SUPERADMIN, `delete-track/${sourceId}`, { method: 'POST' })).status).toBe(202);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job).toMatchObject({ status: 'failed', error: SOURCE_GONE_MESSAGE });
    const left = await itemsOf(copyId);
    expect([left.trackTemplate, left.phaseTemplate, left.stepTemplate, left.stepContentTemplate, left.stepActionTemplate].flat()).toEqual([]);
  });

  it("lists a copy's steps as the source lists them where prerequisites leave the order open", async () => {
    const { body: source } = await track(SUPERADMIN, 'create-track-template', { method: 'POST', body: { name: 'Open Order', description: 'Steps without prerequisites', conferenceId: '0' } });
    const phase = await call(phaseHandler, SUPERADMIN, '/api/phase/create-phase', { method: 'POST', body: { trackTemplateId: source.id, name: 'Only' } });
    for (const name of ['Zeta', 'Alpha', 'Mu', 'Beta', 'Omega', 'Kappa']) {
      const step = await call(stepHandler, SUPERADMIN, '/api/step/template/create-step-template', { method: 'POST', body: { phaseId: phase.body.id, name, actions: [{ type: 'Approval', name: 'Approve' }] } });
      expect(step.status).toBe(201);
    }
    const names = async (id: string) => (await track(SUPERADMIN, `track-template/${id}`)).body.phases[0].steps.map((step: { name: string }) => step.name);
    expect(await names(source.id)).toEqual(['Zeta', 'Alpha', 'Mu', 'Beta', 'Omega', 'Kappa']);
    const first = await finish((await copyTrack(SUPERADMIN, source.id, HOME, 'Open Order Copy')).body.jobId);
    expect(await names(first.trackTemplateId)).toEqual(['Zeta', 'Alpha', 'Mu', 'Beta', 'Omega', 'Kappa']);
  });

  it('refuses, from every side: a conference out of reach, no conference, a conference track, a missing one, callers who cannot design, bad texts', async () => {
    expect((await copyTrack(CONFERENCE_ADMIN, SYSTEM_TRACK, ELSEWHERE, 'Elsewhere')).status).toBe(403);
    const system = await copyTrack(SUPERADMIN, SYSTEM_TRACK, '0', 'No conference');
    expect(system.status).toBe(400);
    expect(system.body.fieldErrors).toMatchObject({ conferenceId: ['Conference is required.'] });
    const notSystem = await copyTrack(CONFERENCE_ADMIN, DEMO_INSTANCE_IDS.trackTemplate, HOME, 'Not system');
    expect(notSystem.status).toBe(422);
    expect(notSystem.body.message).toBe(NOT_A_SYSTEM_TRACK_MESSAGE);
    expect((await copyTrack(CONFERENCE_ADMIN, 'no-such-track', HOME, 'Missing')).status).toBe(404);
    expect((await copyTrack(DISTRICT_ADMIN, SYSTEM_TRACK, HOME, 'District')).status).toBe(403);
    expect((await copyTrack(PARTICIPANT, SYSTEM_TRACK, HOME, 'Participant')).status).toBe(403);
    const short = await track(CONFERENCE_ADMIN, `copy-track/${SYSTEM_TRACK}/${HOME}`, { method: 'POST', body: { name: ' A ', description: '' } });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toMatchObject({ name: ['Name must be at least 2 characters.'], description: ['Description is required.'] });
  });
});

describe('Import from Existing', () => {
  it("imports another conference's track the caller reads; refuses one they cannot read, a system track, and a conference out of reach", async () => {
    const { body: theirs } = await track(SUPERADMIN, 'create-track-template', { method: 'POST', body: { name: 'Prairie Pathway', description: 'Theirs', conferenceId: ELSEWHERE } });
    expect((await importTrack(CONFERENCE_ADMIN, theirs.id, HOME, 'Mine now')).status).toBe(403);
    const system = await importTrack(CONFERENCE_ADMIN, SYSTEM_TRACK, HOME, 'System import');
    expect(system.status).toBe(422);
    expect(system.body.message).toBe(SYSTEM_TRACK_IMPORT_MESSAGE);
    expect((await importTrack(CONFERENCE_ADMIN, DEMO_INSTANCE_IDS.trackTemplate, ELSEWHERE, 'Out of reach')).status).toBe(403);

    const res = await importTrack(SUPERADMIN, DEMO_INSTANCE_IDS.trackTemplate, ELSEWHERE, 'Candidacy for Prairie');
    expect(res.status).toBe(202);
    const { trackTemplateId } = await finish(res.body.jobId);
    const outline = await track(SUPERADMIN, `track-template/${trackTemplateId}`);
    expect(outline.body).toMatchObject({ conference: { id: ELSEWHERE }, originTrackTemplateId: DEMO_INSTANCE_IDS.trackTemplate, instanceCount: 0 });
    expect(outline.body.phases.map((p: { name: string; originPhaseId: string }) => [p.name, p.originPhaseId])).toEqual([
      ['Discernment', DEMO_INSTANCE_IDS.discernmentPhase],
      ['Formation', DEMO_INSTANCE_IDS.formationPhase],
    ]);
    const source = await track(SUPERADMIN, `track-template/${DEMO_INSTANCE_IDS.trackTemplate}`);
    const stepNames = (body: { phases: Array<{ steps: Array<{ name: string }> }> }) => body.phases.map((p) => p.steps.map((s) => s.name).sort());
    expect(stepNames(outline.body)).toEqual(stepNames(source.body));
  });
});

describe('phase import', () => {
  it('copies a phase with its steps to the end of a track the caller edits, hidden until complete; refuses a track out of reach', async () => {
    const { body: mine } = await track(CONFERENCE_ADMIN, 'create-track-template', { method: 'POST', body: { name: 'Phase Receiver', description: 'Gets a phase', conferenceId: HOME } });
    await call(phaseHandler, CONFERENCE_ADMIN, '/api/phase/create-phase', { method: 'POST', body: { trackTemplateId: mine.id, name: 'Own phase' } });
    const path = `/api/phase/import-phase/phase/${DEMO_INSTANCE_IDS.systemPhase}/track-template/${mine.id}`;
    const res = await call(phaseHandler, CONFERENCE_ADMIN, path, { method: 'POST' });
    expect(res.status).toBe(202);
    expect((await track(CONFERENCE_ADMIN, `track-template/${mine.id}`)).body.phases).toHaveLength(1);
    const { phaseId } = await finish(res.body.jobId);
    const outline = await track(CONFERENCE_ADMIN, `track-template/${mine.id}`);
    expect(outline.body.phases).toMatchObject([
      { order: 1, name: 'Own phase', originPhaseId: null },
      { id: phaseId, order: 2, name: 'Foundations', originPhaseId: DEMO_INSTANCE_IDS.systemPhase, steps: [{ name: 'Reading reflection', originStepTemplateId: DEMO_INSTANCE_IDS.systemStep }] },
    ]);

    const { body: theirs } = await track(SUPERADMIN, 'create-track-template', { method: 'POST', body: { name: 'Prairie Receiver', description: 'Theirs', conferenceId: ELSEWHERE } });
    expect((await call(phaseHandler, CONFERENCE_ADMIN, `/api/phase/import-phase/phase/${DEMO_INSTANCE_IDS.systemPhase}/track-template/${theirs.id}`, { method: 'POST' })).status).toBe(403);
    expect((await call(phaseHandler, CONFERENCE_ADMIN, `/api/phase/import-phase/phase/no-such-phase/track-template/${mine.id}`, { method: 'POST' })).status).toBe(404);
    expect((await call(phaseHandler, PARTICIPANT, path, { method: 'POST' })).status).toBe(403);
  });

  it('removes the steps it had written when the phase to import goes before the import completes', async () => {
    const sourceId = await systemTrackOf('Phase Soon Gone', 1, 3);
    const { body: mine } = await track(CONFERENCE_ADMIN, 'create-track-template', { method: 'POST', body: { name: 'Phase Orphans', description: 'Gets nothing', conferenceId: HOME } });
    const res = await call(phaseHandler, CONFERENCE_ADMIN, `/api/phase/import-phase/phase/${sourceId}-p0/track-template/${mine.id}`, { method: 'POST' });
    await runJobStep(res.body.jobId, jobKinds);
    expect((await itemsOf(mine.id)).stepTemplate).toHaveLength(3);
    expect((await track(SUPERADMIN, `delete-track/${sourceId}`, { method: 'POST' })).status).toBe(202);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job).toMatchObject({ status: 'failed', error: SOURCE_PHASE_GONE_MESSAGE });
    const left = await itemsOf(mine.id);
    expect([left.phaseTemplate, left.stepTemplate, left.stepContentTemplate, left.stepActionTemplate].flat()).toEqual([]);
  });

  it('keeps the design bound: no import into a track that already has 50 phases', async () => {
    const { body: full } = await track(CONFERENCE_ADMIN, 'create-track-template', { method: 'POST', body: { name: 'Full Receiver', description: 'No room', conferenceId: HOME } });
    await db().entities.phaseTemplate.put(Array.from({ length: TRACK_PHASES_MAX }, (_, p) => ({ trackTemplateId: full.id, phaseId: `${full.id}-p${p}`, name: `Phase ${p + 1}`, order: p + 1 }))).go();
    const res = await call(phaseHandler, CONFERENCE_ADMIN, `/api/phase/import-phase/phase/${DEMO_INSTANCE_IDS.systemPhase}/track-template/${full.id}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TRACK_PHASES_FULL_MESSAGE);
  });
});
