import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { putTestUser } from '../../support/test-users';

/**
 * The dashboard tests' track and enrolments: Prairie Rivers' track of three phases, one step each
 * (a participant's task), enrolled through the route as a conference admin does it.
 */
export const DASHBOARD_PHASES = ['dash-p1', 'dash-p2', 'dash-p3'];

export async function putDashboardTrack(trackTemplateId: string, name = 'Dashboard Pathway'): Promise<void> {
  await db().entities.trackTemplate.put({ trackTemplateId, name, description: 'Dashboard tests', conferenceId: places.conference2, status: 'active', disabled: false }).go();
  await db().entities.phaseTemplate.put(DASHBOARD_PHASES.map((phaseId, index) => ({ trackTemplateId, phaseId, name: `Phase ${index + 1}`, order: index + 1 }))).go();
  const steps = DASHBOARD_PHASES.map((phaseId) => ({ trackTemplateId, phaseId, stepTemplateId: `${phaseId}-s`, name: `Step of ${phaseId}`, required: true, prerequisites: [] }));
  await db().entities.stepTemplate.put(steps).go();
  await db().entities.stepContentTemplate
    .put(steps.map((step) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, contentTemplateId: `${step.stepTemplateId}-c`, type: 'Task' as const, name: 'Task', roleId: 'role-participant', task: { name: 'Read', description: 'A chapter' } })))
    .go();
}

/** `count` new people enrolled in the track (20 at a time, as the route takes them) with one advisor; their enrolments' ids. */
export async function enrolNewPeople(options: { trackTemplateId: string; count: number; cookie: string; advisorId: string; districtId?: string }): Promise<string[]> {
  const districtId = options.districtId ?? places.district3;
  const participantIds: string[] = [];
  for (let index = 0; index < options.count; index++) participantIds.push(await putTestUser({ firstName: `Dana${index}`, lastName: `Board${districtId.length}`, locationId: districtId }));
  for (let start = 0; start < participantIds.length; start += 20) {
    const body = { trackId: options.trackTemplateId, participantIds: participantIds.slice(start, start + 20), advisorIds: [options.advisorId] };
    const response = await invoke(tracks, '/api/track/instance', { method: 'POST', body, cookie: options.cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  const { data } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId: options.trackTemplateId }).go({ pages: 'all' });
  return data.filter((item) => participantIds.includes(item.participantId)).map((item) => item.trackInstanceId);
}

/** Every page of a cursor-paged dashboard list (`read` asks for the page after `cursor`), to the end or 20 pages. */
export async function walkPages<P extends { data: unknown[]; cursor: string | null }>(read: (cursor: string | null) => Promise<{ status: number; body: unknown }>): Promise<{ pages: P[]; rows: P['data'] }> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const response = await read(cursor);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = response.body as P;
    pages.push(page);
    cursor = page.cursor;
  } while (cursor && pages.length < 20);
  return { pages, rows: pages.flatMap((page) => page.data) as P['data'] };
}
