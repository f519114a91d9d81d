import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/** Every route that stores rich text stores it sanitised (forms: test/functions/http/form.test.ts). */
const DIRTY = '<p onclick="x()">Read <strong>this</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>';
const CLEAN = '<p>Read <strong>this</strong></p>';
let cookie = '';

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor('conference.admin@example.org');
});

it('a step’s description is stored through the sanitiser (create and update share it); its formatting stays', async () => {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Rich Track', description: 'Rich', conferenceId: DEMO_LOCATION_IDS.conference1 } });
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: track.body.id, name: 'Rich phase' } });
  const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };
  const created = await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId: phase.body.id, name: 'Rich step', description: DIRTY, contents: [task] } });
  expect(created.status).toBe(201);
  const read = await invoke(steps, `/api/step/step-template/${created.body.id}`, { cookie });
  expect(read.body.description).toBe(CLEAN);
});
