import { handler as conferences } from '../../../functions/http/conference/handler';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import type { Dashboard, EnrolledPage } from '../../../shared/schemas/dashboard';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { settle } from '../../support/settle';
import { withCountedRequests } from '../../support/dynamo';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { placeUser } from './access-fixtures';
import { DASHBOARD_PHASES, enrolNewPeople, putDashboardTrack, walkPages } from './dashboard-fixtures';

/**
 * The enrolments behind the dashboard's enrolment and phase figures (issue 27: every figure links
 * to the list behind it): a place's enrolments of one status, or its Open enrolments in one current
 * phase, oldest first, paged with a cursor; each list is exactly as long as the figure linking to it.
 */
const SUPERADMIN = 'superadmin@example.org';
const TRACK = 'enrolled-track';
const ENROLMENTS = 40;
const withdrawnAtStart = (n: number) => n % 5 === 0;
const pastPhaseOne = (n: number) => !withdrawnAtStart(n) && n % 3 === 0;
const indexes = [...Array(ENROLMENTS).keys()];
const OPEN = indexes.filter((n) => !withdrawnAtStart(n)).length;
const IN_PHASE_TWO = indexes.filter(pastPhaseOne).length;

let conferenceAdmin: string;
let advisor: string;
const cookies = new Map<string, string>();
const cookieOf = async (who: string) => cookies.get(who) ?? cookies.set(who, who.includes('@') ? await cookieFor(who) : await cookieForUser(who)).get(who)!;
const enrolledOf = async (who: string, scopeId: string, query: string) => invoke(conferences, `/api/conference/dashboard/${scopeId}/enrolments`, { cookie: await cookieOf(who), query });
const dashboardOf = async (who: string, scopeId: string) => (await invoke(conferences, `/api/conference/dashboard/${scopeId}`, { cookie: await cookieOf(who) })).body as Dashboard;

/** Every page of a list, following the cursor to the end. */
async function walk(who: string, scopeId: string, query: string): Promise<{ pages: EnrolledPage[]; rows: EnrolledPage['data'] }> {
  return walkPages<EnrolledPage>(async (cursor) => enrolledOf(who, scopeId, [query, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&')));
}

beforeAll(async () => {
  await seedDemo();
  await putDashboardTrack(TRACK, 'Enrolled Pathway');
  conferenceAdmin = await putTestUser({ firstName: 'Rhea', lastName: 'Registrar', locationId: places.conference2, role: 'ConferenceAdmin' });
  advisor = await putTestUser({ firstName: 'Ada', lastName: 'Advisor', locationId: places.district3, role: 'Advisor' });
  const enrolments = await enrolNewPeople({ trackTemplateId: TRACK, count: ENROLMENTS, cookie: await cookieOf(conferenceAdmin), advisorId: advisor });
  // Every fifth withdrawn; of the rest, every third past phase 1 (its step completed), so the lists differ.
  for (const [n, trackInstanceId] of enrolments.entries()) {
    if (withdrawnAtStart(n)) {
      await db().entities.trackInstance.patch({ trackInstanceId }).set({ status: 'Withdrawn', statusAt: new Date().toISOString() }).composite({ trackTemplateId: TRACK }).add({ version: 1 }).go();
    } else if (pastPhaseOne(n)) {
      await db().entities.stepInstance.patch({ trackInstanceId, stepInstanceId: (await stepOf(trackInstanceId, DASHBOARD_PHASES[0])).stepInstanceId }).set({ status: 'Completed' }).go();
    }
  }
  await settle();
}, 600_000);

async function stepOf(trackInstanceId: string, phaseId: string) {
  const { data } = await db().entities.stepInstance.query.byInstance({ trackInstanceId }).go();
  return data.find((step) => step.phaseId === phaseId)!;
}

describe('the enrolments behind the figures', () => {
  it('has, for each status figure and each phase figure, exactly the enrolments it counts, oldest first', async () => {
    const dashboard = await dashboardOf(conferenceAdmin, places.conference2);
    expect(dashboard.enrolments.byStatus.Withdrawn).toBeGreaterThanOrEqual(ENROLMENTS - OPEN);
    for (const status of TRACK_INSTANCE_STATUSES) {
      const { rows, pages } = await walk(conferenceAdmin, places.conference2, `status=${status}`);
      expect(rows.length, status).toBe(dashboard.enrolments.byStatus[status]);
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(new Set(rows.map((row) => row.trackInstanceId)).size).toBe(rows.length);
      // Oldest first: by when they were made, an ended status's by when they ended.
      const times = rows.map((row) => (['Completed', 'Withdrawn', 'Discontinued'].includes(status) ? row.endedAt! : row.enrolledAt));
      expect(times).toEqual([...times].sort());
      expect(pages[0].scope).toEqual({ id: places.conference2, name: 'Prairie Rivers Conference', kind: 'Conference' });
    }
    const track = dashboard.enrolments.tracks.find((candidate) => candidate.trackTemplateId === TRACK)!;
    expect(track.phases.map((phase) => phase.open)).toEqual([OPEN - IN_PHASE_TWO, IN_PHASE_TWO]); // a phase nobody is in is not listed
    for (const phase of track.phases) {
      const { rows, pages } = await walk(conferenceAdmin, places.conference2, `trackTemplateId=${TRACK}&phaseId=${phase.phaseId}`);
      expect(rows.length, phase.name).toBe(phase.open);
      expect(rows.every((row) => row.status === 'Open' && row.phase?.id === phase.phaseId && row.phase.name === phase.name && row.trackName === 'Enrolled Pathway')).toBe(true);
      expect(pages[0]).toMatchObject({ track: { id: TRACK, name: 'Enrolled Pathway' }, phase: { id: phase.phaseId, name: phase.name } });
    }
  });

  it('has, for each month of the last 12, the enrolments made and ended in it, as many as the figures', async () => {
    const dashboard = await dashboardOf(conferenceAdmin, places.conference2);
    expect(dashboard.trends.at(-1)!.enrolled).toBeGreaterThanOrEqual(ENROLMENTS);
    for (const month of dashboard.trends) {
      const made = await walk(conferenceAdmin, places.conference2, `month=${month.month}`);
      expect(made.rows.length, `made in ${month.month}`).toBe(month.enrolled);
      expect(made.rows.every((row) => row.enrolledAt.startsWith(month.month))).toBe(true);
      for (const status of ['Completed', 'Withdrawn', 'Discontinued'] as const) {
        const ended = await walk(conferenceAdmin, places.conference2, `status=${status}&month=${month.month}`);
        expect(ended.rows.length, `${status} in ${month.month}`).toBe(month[status]);
        expect(ended.rows.every((row) => row.status === status && row.endedAt?.startsWith(month.month))).toBe(true);
      }
    }
  });

  it('pages 25 at a time, each enrolment once, and names the participant', async () => {
    const { pages, rows } = await walk(conferenceAdmin, places.district3, 'status=Open');
    expect(pages[0].data).toHaveLength(25);
    expect(pages.at(-1)!.cursor).toBeNull();
    expect(new Set(rows.map((row) => row.trackInstanceId)).size).toBe(rows.length);
    const ours = rows.filter((row) => row.trackTemplateId === TRACK);
    expect(ours).toHaveLength(OPEN);
    expect(ours[0].participant.name).toMatch(/^Dana\d+ Board/);
  });

  it('follows a change of the enrolment: withdrawn, it leaves Open and its phase and joins Withdrawn', async () => {
    const open = (await walk(conferenceAdmin, places.conference2, `trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[1]}`)).rows;
    const leaving = open[0].trackInstanceId;
    await db().entities.trackInstance.patch({ trackInstanceId: leaving }).set({ status: 'Withdrawn', statusAt: new Date().toISOString() }).composite({ trackTemplateId: TRACK }).add({ version: 1 }).go();
    await settle();
    expect((await walk(conferenceAdmin, places.conference2, `trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[1]}`)).rows.map((row) => row.trackInstanceId)).not.toContain(leaving);
    expect((await walk(conferenceAdmin, places.conference2, 'status=Open')).rows.map((row) => row.trackInstanceId)).not.toContain(leaving);
    const withdrawn = (await walk(conferenceAdmin, places.conference2, 'status=Withdrawn')).rows.find((row) => row.trackInstanceId === leaving);
    expect(withdrawn).toMatchObject({ status: 'Withdrawn', trackName: 'Enrolled Pathway' });
    expect(withdrawn!.phase).toBeUndefined();
  });

  it('costs a bounded read', async () => {
    clearRoleCache();
    const { counted } = await withCountedRequests(() => enrolledOf(conferenceAdmin, places.conference2, 'status=Open'));
    // The session (a Query and a Get), the place (a Get), at most three Queries of the list; the names (a BatchGet per kind); the roles when the cache is cold.
    expect(counted.byCommand.QueryCommand).toBeLessThanOrEqual(5);
    expect(counted.byCommand.BatchGetItemCommand ?? 0).toBeLessThanOrEqual(4);
  });

  it('refuses a bad filter with the field named', async () => {
    for (const [query, field] of [
      ['', 'status'],
      ['month=2026-13', 'month'],
      [`month=2026-01&trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[0]}`, 'month'],
      ['status=Paused', 'status'],
      [`status=Open&trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[0]}`, 'status'],
      [`phaseId=${DASHBOARD_PHASES[0]}`, 'trackTemplateId'],
      [`trackTemplateId=${TRACK}`, 'phaseId'],
      [`status=Open&cursor=${'x'.repeat(201)}`, 'cursor'],
    ] as const) {
      const response = await enrolledOf(conferenceAdmin, places.district3, query);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body), query).toContain(field);
    }
  });

  it('is read by those who may read the dashboard, less what lies in a district they are denied', async () => {
    expect((await enrolledOf(advisor, places.district3, 'status=Open')).status).toBe(403);
    expect((await enrolledOf(conferenceAdmin, places.conference1, 'status=Open')).status).toBe(403);
    expect((await enrolledOf(conferenceAdmin, 'system', 'status=Open')).status).toBe(403);
    expect((await enrolledOf(SUPERADMIN, places.church1, 'status=Open')).status).toBe(404);
    expect((await invoke(conferences, `/api/conference/dashboard/${places.district3}/enrolments`, { query: 'status=Open' })).status).toBe(401);
    const denied = 'enrolled-denied-admin';
    await placeUser(denied, { roleIds: [systemRoleByName('ConferenceAdmin').id], locations: [places.conference2], denied: [places.district3] });
    expect((await walk(denied, places.conference2, 'status=Open')).rows.filter((row) => row.trackTemplateId === TRACK)).toEqual([]);
    expect((await walk(SUPERADMIN, 'system', `trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[0]}`)).rows).toHaveLength(OPEN - IN_PHASE_TWO);
    // A phase nobody of the place is in: an empty page that names neither the track nor the phase.
    const empty = (await enrolledOf(conferenceAdmin, places.conference2, `trackTemplateId=${TRACK}&phaseId=${DASHBOARD_PHASES[2]}`)).body as EnrolledPage;
    expect(empty).toEqual({ scope: expect.objectContaining({ id: places.conference2 }), data: [], cursor: null });
  });
});
