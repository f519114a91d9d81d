import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { PHASE_LIST_NEEDS_TRACK } from '../../../shared/api/phase';
import { STEP_LIST_NEEDS_PHASE } from '../../../shared/api/step';
import { BULK_MAX } from '../../../shared/api/limits';
import { seedDemo } from '../../support/demo-table';
import { invoke, type Handler } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * The generic set of track, phase and step templates (SPEC.md section 7): each call answers
 * as the specific call it aliases, with the same scope refusals and version checks, and the
 * phase and step lists refuse a read without their parent.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const PARTICIPANT = 'participant@example.org';

const call = async (handler: Handler, path: string, as: string, options: { method?: string; body?: unknown; query?: string } = {}) =>
  invoke(handler, path, { ...options, cookie: await cookieFor(as) });

const trackBody = (name: string, conferenceId: string = DEMO_LOCATION_IDS.conference1) => ({ name, description: 'Generic set', conferenceId });
const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

beforeAll(async () => {
  await seedDemo();
});

describe('track generic set', () => {
  it('reads as the specific calls: get as track-template, list and query as quickSearch, count as its count', async () => {
    const trackId = DEMO_INSTANCE_IDS.trackTemplate;
    const specific = await call(tracks, `/api/track/track-template/${trackId}`, CONFERENCE_ADMIN);
    const generic = await call(tracks, `/api/track/${trackId}`, CONFERENCE_ADMIN);
    expect(generic.status).toBe(200);
    expect(generic.body).toEqual(specific.body);

    const page = await call(tracks, '/api/track/quickSearch', CONFERENCE_ADMIN, { query: 'limit=10' });
    const list = await call(tracks, '/api/track', CONFERENCE_ADMIN, { query: 'limit=10' });
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual(ids(page.body.data));

    const where = { conferenceId: DEMO_LOCATION_IDS.conference1, name: 'cand' };
    const filtered = await call(tracks, '/api/track/quickSearch', CONFERENCE_ADMIN, { query: `where[conferenceId]=${where.conferenceId}&where[name]=${where.name}` });
    const queried = await call(tracks, '/api/track/query', CONFERENCE_ADMIN, { method: 'POST', body: { where } });
    const searched = await call(tracks, '/api/track/search', CONFERENCE_ADMIN, { method: 'POST', body: { where } });
    expect(ids(filtered.body.data)).toContain(trackId);
    expect(ids(queried.body)).toEqual(ids(filtered.body.data));
    expect(ids(searched.body)).toEqual(ids(filtered.body.data));
    const count = await call(tracks, '/api/track/count', CONFERENCE_ADMIN, { query: `where[conferenceId]=${where.conferenceId}&where[name]=${where.name}` });
    expect(count.body).toBe(filtered.body.count);
  });

  it('refuses reads outside the scope as the specific calls do', async () => {
    const elsewhere = (await call(tracks, '/api/track', SUPERADMIN, { method: 'POST', body: trackBody('Far away', DEMO_LOCATION_IDS.conference2) })).body.id;
    const specific = await call(tracks, `/api/track/track-template/${elsewhere}`, CONFERENCE_ADMIN);
    const generic = await call(tracks, `/api/track/${elsewhere}`, CONFERENCE_ADMIN);
    expect(generic.status).toBe(specific.status);
    expect(generic.status).toBeGreaterThanOrEqual(403);
    expect((await call(tracks, '/api/track/count', CONFERENCE_ADMIN, { query: `where[conferenceId]=${DEMO_LOCATION_IDS.conference2}` })).status).toBe(403);
    expect((await call(tracks, '/api/track', PARTICIPANT, { method: 'POST', body: trackBody('Not mine') })).status).toBe(403);
  });

  it('creates, edits on the version read (409 when stale) and deletes through the generic calls', async () => {
    const created = await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'POST', body: trackBody('Generic track') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Generic track', version: 1 });
    const id = created.body.id;
    const edited = await call(tracks, `/api/track/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: { name: 'Generic track 2', version: 1 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Generic track 2', version: 2 });
    expect((await call(tracks, `/api/track/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: { name: 'Stale', version: 1 } })).status).toBe(409);
    expect((await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'PATCH', body: { id, name: 'Stale', version: 1 } })).status).toBe(409);
    expect((await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'PATCH', body: { id, name: 'Generic track 3', version: 2 } })).body.version).toBe(3);

    const removed = await call(tracks, `/api/track/${id}`, CONFERENCE_ADMIN, { method: 'DELETE' });
    expect(removed.status).toBeLessThan(300);
    const other = (await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'POST', body: trackBody('Generic gone') })).body.id;
    expect((await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'DELETE', body: { id: other } })).status).toBeLessThan(300);
    // The demo track has enrolments: refused as delete-track refuses it.
    const inUse = await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'DELETE', body: { id: DEMO_INSTANCE_IDS.trackTemplate } });
    expect(inUse.status).toBe((await call(tracks, `/api/track/delete-track/${DEMO_INSTANCE_IDS.trackTemplate}`, CONFERENCE_ADMIN, { method: 'POST' })).status);
  });

  it('bulk creates all or none, bounded by BULK_MAX', async () => {
    const made = await call(tracks, '/api/track/bulk', CONFERENCE_ADMIN, { method: 'POST', body: [trackBody('Bulk one'), trackBody('Bulk two')] });
    expect(made.status).toBe(201);
    expect(made.body.map((t: { name: string }) => t.name)).toEqual(['Bulk one', 'Bulk two']);
    // One track out of reach refuses the lot: nothing is written.
    const mixed = await call(tracks, '/api/track/bulk', CONFERENCE_ADMIN, { method: 'POST', body: [trackBody('Bulk never'), trackBody('Bulk far', DEMO_LOCATION_IDS.conference2)] });
    expect(mixed.status).toBe(403);
    const search = await call(tracks, '/api/track/search', CONFERENCE_ADMIN, { method: 'POST', body: { where: { name: 'Bulk never' } } });
    expect(search.body).toEqual([]);
    const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, i) => trackBody(`Bulk ${i}`));
    expect((await call(tracks, '/api/track/bulk', CONFERENCE_ADMIN, { method: 'POST', body: tooMany })).status).toBe(400);
  });
});

describe('phase generic set', () => {
  it('lists one track at a time as get-phases/track-template, and refuses a list without the track', async () => {
    const trackId = DEMO_INSTANCE_IDS.trackTemplate;
    const specific = await call(phases, `/api/phase/get-phases/track-template/${trackId}`, CONFERENCE_ADMIN);
    const list = await call(phases, '/api/phase', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${trackId}` });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(specific.body);
    const page = await call(phases, '/api/phase/quickSearch', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${trackId}&limit=10` });
    expect(page.body).toEqual({ data: specific.body, count: specific.body.length });
    expect((await call(phases, '/api/phase/count', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${trackId}` })).body).toBe(specific.body.length);
    const searched = await call(phases, '/api/phase/search', CONFERENCE_ADMIN, { method: 'POST', body: { where: { trackTemplateId: trackId, name: 'form' } } });
    expect(ids(searched.body)).toEqual([DEMO_INSTANCE_IDS.formationPhase]);
    const queried = await call(phases, '/api/phase/query', CONFERENCE_ADMIN, { method: 'POST', body: { where: { trackTemplateId: trackId }, limit: 10, offset: 1 } });
    expect(queried.body).toEqual(specific.body.slice(1));
    expect((await call(phases, `/api/phase/${DEMO_INSTANCE_IDS.formationPhase}`, CONFERENCE_ADMIN)).body).toEqual(
      (await call(phases, `/api/phase/get-phase/${DEMO_INSTANCE_IDS.formationPhase}`, CONFERENCE_ADMIN)).body,
    );

    for (const [path, options] of [['/api/phase', {}], ['/api/phase/count', {}], ['/api/phase/search', { method: 'POST', body: { where: { name: 'a' } } }]] as const) {
      const refused = await call(phases, path, CONFERENCE_ADMIN, options);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(PHASE_LIST_NEEDS_TRACK);
    }
  });

  it('refuses another conference as the specific calls do', async () => {
    const far = (await call(tracks, '/api/track', SUPERADMIN, { method: 'POST', body: trackBody('Far phases', DEMO_LOCATION_IDS.conference2) })).body.id;
    const specific = await call(phases, `/api/phase/get-phases/track-template/${far}`, CONFERENCE_ADMIN);
    expect((await call(phases, '/api/phase', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${far}` })).status).toBe(specific.status);
    expect((await call(phases, '/api/phase', CONFERENCE_ADMIN, { method: 'POST', body: { trackTemplateId: far, name: 'No' } })).status).toBe(403);
  });

  it('creates, bulk creates in one track, edits (409 when stale) and deletes', async () => {
    const trackId = (await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'POST', body: trackBody('Generic phases') })).body.id;
    const first = await call(phases, '/api/phase', CONFERENCE_ADMIN, { method: 'POST', body: { trackTemplateId: trackId, name: 'First' } });
    expect(first.body).toMatchObject({ name: 'First', order: 1 });
    const bulk = await call(phases, '/api/phase/bulk', CONFERENCE_ADMIN, { method: 'POST', body: [{ trackTemplateId: trackId, name: 'Second' }, { trackTemplateId: trackId, name: 'Third' }] });
    expect(bulk.status).toBe(201);
    expect(bulk.body.map((p: { order: number }) => p.order)).toEqual([2, 3]);
    const twoTracks = await call(phases, '/api/phase/bulk', CONFERENCE_ADMIN, { method: 'POST', body: [{ trackTemplateId: trackId, name: 'A' }, { trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate, name: 'B' }] });
    expect(twoTracks.status).toBe(400);
    const tooMany = Array.from({ length: 48 }, (_, i) => ({ trackTemplateId: trackId, name: `P${i}` }));
    expect((await call(phases, '/api/phase/bulk', CONFERENCE_ADMIN, { method: 'POST', body: tooMany })).status).toBe(400);
    expect((await call(phases, '/api/phase/count', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${trackId}` })).body).toBe(3);

    const id = first.body.id;
    expect((await call(phases, `/api/phase/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: { name: 'One', version: 1 } })).body).toMatchObject({ name: 'One', version: 2 });
    expect((await call(phases, `/api/phase/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: { name: 'Stale', version: 1 } })).status).toBe(409);
    expect((await call(phases, '/api/phase', CONFERENCE_ADMIN, { method: 'PATCH', body: { id, name: 'Stale', version: 1 } })).status).toBe(409);
    expect((await call(phases, `/api/phase/${id}`, CONFERENCE_ADMIN, { method: 'DELETE' })).status).toBe(204);
    expect((await call(phases, '/api/phase', CONFERENCE_ADMIN, { method: 'DELETE', body: { id: bulk.body[0].id } })).status).toBe(204);
    const left = await call(phases, '/api/phase', CONFERENCE_ADMIN, { query: `where[trackTemplateId]=${trackId}` });
    expect(left.body.map((p: { order: number; name: string }) => `${p.order}. ${p.name}`)).toEqual(['1. Third']);
  });
});

describe('step generic set', () => {
  it('lists one phase at a time as the import picker, reads as step-template, and refuses a list without the phase', async () => {
    const phaseId = DEMO_INSTANCE_IDS.formationPhase;
    const specific = await call(steps, `/api/step/import-step-templates/phase/${phaseId}`, CONFERENCE_ADMIN);
    const list = await call(steps, '/api/step', CONFERENCE_ADMIN, { query: `where[phaseId]=${phaseId}` });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(specific.body);
    expect((await call(steps, '/api/step/count', CONFERENCE_ADMIN, { query: `where[phaseId]=${phaseId}` })).body).toBe(specific.body.length);
    const searched = await call(steps, '/api/step/search', CONFERENCE_ADMIN, { method: 'POST', body: { where: { phaseId, name: 'readiness' } } });
    expect(ids(searched.body)).toEqual([DEMO_INSTANCE_IDS.interviewTemplate]);
    const step = DEMO_INSTANCE_IDS.questionnaireTemplate;
    expect((await call(steps, `/api/step/${step}`, CONFERENCE_ADMIN)).body).toEqual((await call(steps, `/api/step/step-template/${step}`, CONFERENCE_ADMIN)).body);

    const refused = await call(steps, '/api/step/quickSearch', CONFERENCE_ADMIN);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(STEP_LIST_NEEDS_PHASE);
  });

  it('creates and edits on the version read (409 when stale); refuses those who do not design', async () => {
    const trackId = (await call(tracks, '/api/track', CONFERENCE_ADMIN, { method: 'POST', body: trackBody('Generic steps') })).body.id;
    const phaseId = (await call(phases, '/api/phase', CONFERENCE_ADMIN, { method: 'POST', body: { trackTemplateId: trackId, name: 'Only' } })).body.id;
    const created = await call(steps, '/api/step', CONFERENCE_ADMIN, { method: 'POST', body: { phaseId, name: 'Generic step', contents: [task] } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const edit = { name: 'Generic step 2', contents: [task], version: 1 };
    const saved = await call(steps, `/api/step/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: edit });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Generic step 2', version: 2 });
    expect((await call(steps, `/api/step/${id}`, CONFERENCE_ADMIN, { method: 'PATCH', body: edit })).status).toBe(409);
    expect((await call(steps, '/api/step', CONFERENCE_ADMIN, { method: 'PATCH', body: { ...edit, id } })).status).toBe(409);
    expect((await call(steps, '/api/step', PARTICIPANT, { method: 'POST', body: { phaseId, name: 'No', contents: [task] } })).status).toBe(403);
  });
});
