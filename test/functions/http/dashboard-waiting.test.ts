import { handler as conferences } from '../../../functions/http/conference/handler';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import type { Dashboard, WaitingPage } from '../../../shared/schemas/dashboard';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { settle } from '../../support/settle';
import { withCountedRequests } from '../../support/dynamo';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { placeUser } from './access-fixtures';
import { enrolNewPeople, putDashboardTrack, walkPages } from './dashboard-fixtures';

/**
 * The waiting list behind the dashboard's figures (issue 27: every figure links to the list behind
 * it): a place's waiting steps, longest first, narrowed by status, by days waiting or by the person
 * they wait on, paged with a cursor; each filter's whole list is exactly as long as the figure that
 * links to it.
 */
const SUPERADMIN = 'superadmin@example.org';
const TRACK = 'wait-track';
const STEPS = 30;
const DAY = 86_400_000;

let conferenceAdmin: string;
let advisor: string;
let other: string;
const cookies = new Map<string, string>();
const cookieOf = async (who: string) => cookies.get(who) ?? cookies.set(who, who.includes('@') ? await cookieFor(who) : await cookieForUser(who)).get(who)!;
const waitingOf = async (who: string, scopeId: string, query = '') => invoke(conferences, `/api/conference/dashboard/${scopeId}/waiting`, { cookie: await cookieOf(who), query });

/** Every page of a list, following the cursor to the end. */
async function walk(who: string, scopeId: string, query = ''): Promise<{ pages: WaitingPage[]; rows: WaitingPage['data'] }> {
  return walkPages<WaitingPage>(async (cursor) => waitingOf(who, scopeId, [query, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&')));
}

const dashboardOf = async (who: string, scopeId: string) => (await invoke(conferences, `/api/conference/dashboard/${scopeId}`, { cookie: await cookieOf(who) })).body as Dashboard;

beforeAll(async () => {
  await seedDemo();
  await putDashboardTrack(TRACK, 'Waiting Pathway');
  conferenceAdmin = await putTestUser({ firstName: 'Rhea', lastName: 'Registrar', locationId: places.conference2, role: 'ConferenceAdmin' });
  advisor = await putTestUser({ firstName: 'Ada', lastName: 'Advisor', locationId: places.district3, role: 'Advisor' });
  other = await putTestUser({ firstName: 'Otto', lastName: 'Other', locationId: places.district3, role: 'Advisor' });
  // Each enrolment has three Ready steps (one a phase, all open from the start).
  const enrolments = await enrolNewPeople({ trackTemplateId: TRACK, count: STEPS / 3, cookie: await cookieOf(conferenceAdmin), advisorId: advisor });
  // The n-th step has waited n + 1 days; every third is Overdue; the even ones wait on the advisor, the odd ones on the participant.
  const advisorRole = systemRoleByName('Advisor').id;
  const participantRole = systemRoleByName('Participant').id;
  let n = 0;
  for (const trackInstanceId of enrolments) {
    const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId }).go();
    for (const step of steps.filter((candidate) => candidate.status === 'Ready')) {
      await db()
        .entities.stepInstance.patch({ trackInstanceId, stepInstanceId: step.stepInstanceId })
        .set({ remindSince: new Date(Date.now() - (n + 1) * DAY - 60_000).toISOString(), status: n % 3 === 0 ? 'Overdue' : 'Ready', responsibleRoleIds: [n % 2 === 0 ? advisorRole : participantRole] })
        .go();
      n++;
    }
  }
  expect(n).toBe(STEPS);
  await settle();
}, 600_000);

describe('the waiting list', () => {
  it('pages every waiting step of the place once, longest waiting first, 25 a page', async () => {
    const { pages, rows } = await walk(conferenceAdmin, places.district3);
    expect(pages[0].data).toHaveLength(25);
    expect(pages[0].scope).toEqual({ id: places.district3, name: 'High Plains District', kind: 'District' });
    expect(rows).toHaveLength(STEPS);
    expect(new Set(rows.map((row) => row.stepInstanceId)).size).toBe(STEPS);
    expect(rows.map((row) => row.since)).toEqual(rows.map((row) => row.since).sort());
    expect(pages.at(-1)!.cursor).toBeNull();
    // The newest step is the first: Overdue, on the advisor (n = 0).
    expect(rows.at(-1)).toMatchObject({ trackName: 'Waiting Pathway', status: 'Overdue', waitsOn: [{ kind: 'person', id: advisor, name: 'Ada Advisor' }] });
    expect(rows.at(-1)!.stepName).toMatch(/^Step of dash-p/);
    // The dashboard's "Who is stuck" is this list's first page.
    expect((await dashboardOf(conferenceAdmin, places.district3)).stuck).toEqual(pages[0].data);
  });

  it('has, for each figure that links to it, exactly as many steps as the figure counts', async () => {
    const dashboard = await dashboardOf(conferenceAdmin, places.conference2);
    for (const { days, count } of dashboard.steps.waiting) {
      const { rows } = await walk(conferenceAdmin, places.conference2, `olderThanDays=${days}`);
      expect(rows.length, `more than ${days} days`).toBe(count);
      expect(rows.every((row) => Date.parse(row.since) < Date.now() - days * DAY)).toBe(true);
    }
    expect(dashboard.steps.waiting.find((row) => row.days === 14)?.count).toBe(STEPS - 14);
    for (const status of ['Ready', 'Overdue'] as const) {
      const { rows } = await walk(conferenceAdmin, places.conference2, `status=${status}`);
      expect(rows.length, status).toBe(dashboard.steps.byStatus[status]);
      expect(rows.every((row) => row.status === status)).toBe(true);
    }
    expect(dashboard.steps.byStatus.Overdue).toBe(STEPS / 3);
    const load = dashboard.workload.find((row) => row.userId === advisor)!;
    expect(load.openItems).toBe(STEPS / 2);
    const mine = await walk(conferenceAdmin, places.conference2, `userId=${advisor}`);
    expect(mine.rows).toHaveLength(load.openItems);
    expect(mine.pages[0].person).toEqual({ id: advisor, name: 'Ada Advisor' });
    expect(mine.rows.every((row) => row.waitsOn.some((on) => on.kind === 'person' && on.id === advisor))).toBe(true);
    // Filters combine: Overdue, waiting on the advisor, more than 14 days.
    const narrow = await walk(conferenceAdmin, places.conference2, `status=Overdue&userId=${advisor}&olderThanDays=14`);
    expect(narrow.rows.map((row) => row.since)).toEqual(mine.rows.filter((row) => row.status === 'Overdue' && Date.parse(row.since) < Date.now() - 14 * DAY).map((row) => row.since));
    expect(narrow.rows.length).toBeGreaterThan(0);
    expect((await walk(conferenceAdmin, places.conference2, `userId=${other}`)).rows).toEqual([]);
  });

  it('costs a bounded read whatever the filter leaves out', async () => {
    clearRoleCache();
    const { counted } = await withCountedRequests(() => waitingOf(conferenceAdmin, places.conference2, `userId=${other}`));
    // The session (a Query and a Get), the place (a Get), at most three Queries of the list; the person's name (a BatchGet); the roles when the cache is cold.
    expect(counted.byCommand.QueryCommand).toBeLessThanOrEqual(4);
    expect(counted.byCommand.BatchGetItemCommand ?? 0).toBeLessThanOrEqual(2);
  });

  it('refuses bad filters with the field named', async () => {
    for (const query of ['status=Completed', 'olderThanDays=0', 'olderThanDays=abc', `olderThanDays=${10_000}`, `cursor=${'x'.repeat(201)}`]) {
      const response = await waitingOf(conferenceAdmin, places.district3, query);
      expect(response.status, query).toBe(400);
    }
  });

  it('is read by those who may read the dashboard, less what lies in a district they are denied', async () => {
    expect((await waitingOf(advisor, places.district3)).status).toBe(403);
    expect((await waitingOf(conferenceAdmin, places.conference1)).status).toBe(403);
    expect((await waitingOf(conferenceAdmin, 'system')).status).toBe(403);
    expect((await waitingOf(SUPERADMIN, places.church1)).status).toBe(404);
    expect((await invoke(conferences, `/api/conference/dashboard/${places.district3}/waiting`)).status).toBe(401);
    const denied = 'wait-denied-admin';
    await placeUser(denied, { roleIds: [systemRoleByName('ConferenceAdmin').id], locations: [places.conference2], denied: [places.district3] });
    const seen = await walk(denied, places.conference2);
    expect(seen.rows).toEqual([]);
    expect((await walk(SUPERADMIN, 'system')).rows.filter((row) => row.trackTemplateId === TRACK)).toHaveLength(STEPS);
  });
});
