import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { PHASE_CANNOT_MOVE_MESSAGE, PHASE_HAS_STEPS_MESSAGE, PHASE_LOCKED_MESSAGE } from '../../../functions/core/tracks/phase-editor';
import { db } from '../../../functions/db/service';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const PARTICIPANT = 'participant@example.org';

async function phase(as: string, path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(phases, `/api/phase/${path}`, { ...options, cookie: await cookieFor(as) });
}

async function newTrack(as = CONFERENCE_ADMIN, conferenceId: string = DEMO_LOCATION_IDS.conference1): Promise<string> {
  const res = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', body: { name: 'Phased Track', description: 'With phases', conferenceId }, cookie: await cookieFor(as) });
  return res.body.id;
}

const addPhase = (trackTemplateId: string, name: string, as = CONFERENCE_ADMIN) => phase(as, 'create-phase', { method: 'POST', body: { trackTemplateId, name } });

async function namesInOrder(trackTemplateId: string): Promise<string[]> {
  const res = await phase(CONFERENCE_ADMIN, `get-phases/track-template/${trackTemplateId}`);
  return res.body.map((p: { order: number; name: string }) => `${p.order}. ${p.name}`);
}

beforeAll(async () => {
  await seedDemo();
});

describe('phases', () => {
  it('adds phases at the end, in order, and answers "Name is required."', async () => {
    const trackId = await newTrack();
    expect((await addPhase(trackId, 'Call')).body).toMatchObject({ name: 'Call', order: 1, version: 1 });
    await addPhase(trackId, 'Study');
    expect(await namesInOrder(trackId)).toEqual(['1. Call', '2. Study']);
    const blank = await addPhase(trackId, '  ');
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ name: ['Name is required.'] });
  });

  it('numbers concurrent adds 1, 2, 3 ... without gaps or twins', async () => {
    const trackId = await newTrack();
    const added = await Promise.all(['A', 'B', 'C', 'D'].map((name) => addPhase(trackId, name)));
    expect(added.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const orders = (await phase(CONFERENCE_ADMIN, `get-phases/track-template/${trackId}`)).body.map((p: { order: number }) => p.order);
    expect(orders).toEqual([1, 2, 3, 4]);
  });

  it('reads phases by id in the order asked, leaving out the unknown and those out of reach', async () => {
    const elsewhere = await newTrack(SUPERADMIN, DEMO_LOCATION_IDS.conference2);
    const hidden = (await addPhase(elsewhere, 'Hidden', SUPERADMIN)).body.id;
    const ids = [DEMO_INSTANCE_IDS.formationPhase, 'no-such-phase', hidden, DEMO_INSTANCE_IDS.discernmentPhase];
    const res = await phase(CONFERENCE_ADMIN, `get-phases/${ids.join(',')}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([DEMO_INSTANCE_IDS.formationPhase, DEMO_INSTANCE_IDS.discernmentPhase]);
    expect((await phase(SUPERADMIN, `get-phases/${hidden}`)).body.map((p: { name: string }) => p.name)).toEqual(['Hidden']);
  });

  it('moves left only from order > 1 and right only before the last', async () => {
    const trackId = await newTrack();
    const first = (await addPhase(trackId, 'First')).body;
    const second = (await addPhase(trackId, 'Second')).body;
    const left = await phase(CONFERENCE_ADMIN, 'update-phase-order', { method: 'POST', body: { phaseId: second.id, direction: 'LEFT' } });
    expect(left.status).toBe(200);
    expect(left.body.map((p: { name: string }) => p.name)).toEqual(['Second', 'First']);
    expect(await namesInOrder(trackId)).toEqual(['1. Second', '2. First']);
    const tooFar = await phase(CONFERENCE_ADMIN, 'update-phase-order', { method: 'POST', body: { phaseId: second.id, direction: 'LEFT' } });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.message).toBe(PHASE_CANNOT_MOVE_MESSAGE);
    expect((await phase(CONFERENCE_ADMIN, 'update-phase-order', { method: 'POST', body: { phaseId: first.id, direction: 'RIGHT' } })).status).toBe(422);
  });

  it('edits a phase on the version read (409 when stale), and refuses to edit or delete a copied one', async () => {
    const trackId = await newTrack();
    const created = (await addPhase(trackId, 'Draft')).body;
    const saved = await phase(CONFERENCE_ADMIN, 'update-phase', { method: 'POST', body: { id: created.id, name: 'Final', description: 'Done', version: 1 } });
    expect(saved.body).toMatchObject({ name: 'Final', description: 'Done', version: 2 });
    expect((await phase(CONFERENCE_ADMIN, 'update-phase', { method: 'POST', body: { id: created.id, name: 'Lost', version: 1 } })).status).toBe(409);

    await db().entities.phaseTemplate.patch({ trackTemplateId: trackId, phaseId: created.id }).set({ originPhaseId: 'somewhere' }).go();
    const edit = await phase(CONFERENCE_ADMIN, 'update-phase', { method: 'POST', body: { id: created.id, name: 'Changed', version: 2 } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(PHASE_LOCKED_MESSAGE);
    expect((await phase(CONFERENCE_ADMIN, `delete-phase/${created.id}`, { method: 'DELETE' })).status).toBe(422);
  });

  it('deletes only an empty phase and renumbers the rest from 1', async () => {
    const trackId = await newTrack();
    const [one, two] = [(await addPhase(trackId, 'One')).body, (await addPhase(trackId, 'Two')).body];
    await addPhase(trackId, 'Three');
    await db().entities.stepTemplate.create({ trackTemplateId: trackId, phaseId: two.id, stepTemplateId: `${two.id}-step`, name: 'A step' }).go();
    const refused = await phase(CONFERENCE_ADMIN, `delete-phase/${two.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(PHASE_HAS_STEPS_MESSAGE);
    expect((await phase(CONFERENCE_ADMIN, `delete-phase/${one.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await namesInOrder(trackId)).toEqual(['1. Two', '2. Three']);
  });

  it('lets only a superadmin add phases to a system track, and nobody outside the conference', async () => {
    expect((await addPhase(DEMO_INSTANCE_IDS.systemTrack, 'Extra')).status).toBe(403);
    const systemTrack = await newTrack(SUPERADMIN, '0');
    expect((await addPhase(systemTrack, 'Shared phase', SUPERADMIN)).status).toBe(201);
    expect((await addPhase(await newTrack(SUPERADMIN, DEMO_LOCATION_IDS.conference2), 'Theirs')).status).toBe(403);
    expect((await addPhase(DEMO_INSTANCE_IDS.trackTemplate, 'Reader', PARTICIPANT)).status).toBe(403);
    expect((await phase(PARTICIPANT, `get-phase/${DEMO_INSTANCE_IDS.discernmentPhase}`)).body.name).toBe('Discernment');
  });
});
