import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { STEP_LOCKED_MESSAGE } from '../../../functions/core/tracks/step-editor';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/** Import Existing Step (SPEC.md sections 2, 4 and 7): `create-step-template-from-import` and `import-step-templates/phase/{id}`. */
let admin: string;
let superadmin: string;

const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };

async function newPhase(cookie: string, conferenceId: string = DEMO_LOCATION_IDS.conference1): Promise<{ trackId: string; phaseId: string }> {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Import target', description: 'Steps arrive here', conferenceId } });
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: track.body.id, name: 'Only phase' } });
  return { trackId: track.body.id, phaseId: phase.body.id };
}

const importStep = (cookie: string, phase: string, step: string) => invoke(steps, '/api/step/create-step-template-from-import', { method: 'POST', cookie, body: { phase, step } });

beforeAll(async () => {
  await seedDemo();
  [admin, superadmin] = await Promise.all([cookieFor('conference.admin@example.org'), cookieFor('superadmin@example.org')]);
});

describe('step import', () => {
  it('lists a phase of a readable track as the picker does: its steps in dependency order', async () => {
    const res = await invoke(steps, `/api/step/import-step-templates/phase/${DEMO_INSTANCE_IDS.discernmentPhase}`, { cookie: admin });
    expect(res.status).toBe(200);
    const ids = res.body.map((step: { id: string }) => step.id);
    expect(ids).toContain(DEMO_INSTANCE_IDS.callStoryTemplate);
    for (const step of res.body as Array<{ id: string; prerequisites: string[] }>) {
      for (const prerequisite of step.prerequisites) expect(ids.indexOf(prerequisite)).toBeLessThan(ids.indexOf(step.id));
    }
  });

  it('copies a system step with its contents and actions: origin kept, no prerequisites, locked except prerequisites', async () => {
    const { trackId, phaseId } = await newPhase(admin);
    const source = await invoke(steps, `/api/step/step-template/${DEMO_INSTANCE_IDS.systemStep}`, { cookie: admin });
    const res = await importStep(admin, phaseId, DEMO_INSTANCE_IDS.systemStep);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: source.body.name, description: source.body.description, phaseId, trackTemplateId: trackId, originStepTemplateId: DEMO_INSTANCE_IDS.systemStep, prerequisites: [] });
    const strip = (parts: Array<Record<string, unknown>>) => parts.map(({ id: _id, stepTemplateId: _s, ...rest }) => rest);
    expect(strip(res.body.contents)).toEqual(strip(source.body.contents));
    expect(strip(res.body.actions)).toEqual(strip(source.body.actions));
    expect(res.body.contents.map((c: { id: string }) => c.id)).not.toEqual(source.body.contents.map((c: { id: string }) => c.id));

    const outline = await invoke(tracks, `/api/track/track-template/${trackId}`, { cookie: admin });
    expect(outline.body.phases[0].steps.map((s: { id: string }) => s.id)).toEqual([res.body.id]);

    const edit = await invoke(steps, '/api/step/update-step-template', { method: 'POST', cookie: admin, body: { id: res.body.id, name: 'Changed', contents: [task], version: 1 } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(STEP_LOCKED_MESSAGE);
    const own = await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie: admin, body: { phaseId, name: 'Own step', contents: [task] } });
    const prerequisites = await invoke(steps, `/api/step/update-step-template-prerequisites/${res.body.id}`, { method: 'POST', cookie: admin, body: { prerequisites: [own.body.id] } });
    expect(prerequisites.status).toBe(200);
    expect(prerequisites.body.prerequisites).toEqual([own.body.id]);
  });

  it("refuses a step the caller cannot read, and a phase they cannot edit, writing nothing", async () => {
    const elsewhere = await newPhase(superadmin, DEMO_LOCATION_IDS.conference2);
    const hidden = await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie: superadmin, body: { phaseId: elsewhere.phaseId, name: 'Hidden', contents: [task] } });
    const { trackId, phaseId } = await newPhase(admin);
    expect((await importStep(admin, phaseId, hidden.body.id)).status).toBe(403);
    expect((await invoke(steps, `/api/step/import-step-templates/phase/${elsewhere.phaseId}`, { cookie: admin })).status).toBe(403);
    // The other way round: the superadmin's phase is not the conference admin's to edit.
    expect((await importStep(admin, elsewhere.phaseId, DEMO_INSTANCE_IDS.systemStep)).status).toBe(403);
    const advisor = await cookieFor('advisor@example.org');
    expect((await importStep(advisor, phaseId, DEMO_INSTANCE_IDS.systemStep)).status).toBe(403);
    expect((await importStep(admin, phaseId, 'no-such-step')).status).toBe(404);
    const outline = await invoke(tracks, `/api/track/track-template/${trackId}`, { cookie: admin });
    expect(outline.body.phases[0].steps).toEqual([]);
  });
});
