import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { projectDashboard } from '../../../functions/core/dashboard/dashboard-projector';
import { projectionFaults } from '../../../functions/db/directory-projection';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { STEP_STATUSES } from '../../../shared/tracks/statuses';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { settle } from '../../support/settle';
import { withCountedRequests } from '../../support/dynamo';
import { placeUser } from './access-fixtures';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { rebuildDirectory } from '../../../bin/maintenance/directory-rebuild';
import { DASHBOARD_PHASES, enrolNewPeople, putDashboardTrack } from './dashboard-fixtures';

/**
 * The registrar's dashboard (issue 27, items 1 and 2) through its route: figures kept by the
 * stream's projector as enrolments and steps change, read from counters at the same cost whatever
 * the number of enrolments, for those who govern the place and no one else.
 */
const SUPERADMIN = 'superadmin@example.org';
const TRACK = 'dash-track';
const PHASES = DASHBOARD_PHASES;

let conferenceAdmin: string;
let districtAdmin: string;
let advisor: string;
const cookies = new Map<string, string>();
const cookieOf = async (who: string) => cookies.get(who) ?? cookies.set(who, who.includes('@') ? await cookieFor(who) : await cookieForUser(who)).get(who)!;
const dashboardOf = async (who: string, scopeId: string) => invoke(conferences, `/api/conference/dashboard/${scopeId}`, { cookie: await cookieOf(who) });
const figures = async (who: string, scopeId: string) => {
  const response = await dashboardOf(who, scopeId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Dashboard;
};

const putTrack = () => putDashboardTrack(TRACK);
const enrolNew = async (count: number) => enrolNewPeople({ trackTemplateId: TRACK, count, cookie: await cookieOf(conferenceAdmin), advisorId: advisor });

/** The steps of the track's Open enrolments in a district, by status, read from the steps themselves. */
async function stepsByStatus(districtId: string) {
  const { data } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId: TRACK }).go({ pages: 'all' });
  const counts = Object.fromEntries(STEP_STATUSES.map((status) => [status, 0]));
  for (const enrolment of data.filter((item) => item.status === 'Open' && item.districtId === districtId)) {
    const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: enrolment.trackInstanceId }).go();
    for (const step of steps) counts[step.status]++;
  }
  return counts;
}

const trackOf = (dashboard: Dashboard) => dashboard.enrolments.tracks.find((track) => track.trackTemplateId === TRACK);

beforeAll(async () => {
  await seedDemo();
  await putTrack();
  conferenceAdmin = await putTestUser({ firstName: 'Rhea', lastName: 'Registrar', locationId: places.conference2, role: 'ConferenceAdmin' });
  districtAdmin = await putTestUser({ firstName: 'Dion', lastName: 'District', locationId: places.district3, role: 'DistrictAdmin' });
  advisor = await putTestUser({ firstName: 'Ada', lastName: 'Advisor', locationId: places.district3, role: 'Advisor' });
  await settle();
});

describe('the figures', () => {
  let enrolments: string[];

  it('count each enrolment by status, track and current phase in its district, conference, area, jurisdiction and the organisation', async () => {
    const before = await figures(SUPERADMIN, 'system');
    enrolments = await enrolNew(3);
    await settle();
    for (const scopeId of [places.district3, places.conference2, places.episcopalArea2, places.jurisdiction2]) {
      const dashboard = await figures(SUPERADMIN, scopeId);
      expect(trackOf(dashboard)?.byStatus, scopeId).toMatchObject({ Open: 3, Withdrawn: 0 });
      expect(trackOf(dashboard)?.phases.map((phase) => [phase.name, phase.open]), scopeId).toEqual([['Phase 1', 3]]);
      expect(dashboard.steps.byStatus, scopeId).toEqual(await stepsByStatus(places.district3));
    }
    const after = await figures(SUPERADMIN, 'system');
    expect(after.enrolments.byStatus.Open - before.enrolments.byStatus.Open).toBe(3);
    expect(after.trends.at(-1)!.enrolled - before.trends.at(-1)!.enrolled).toBe(3);
    expect(after.trends.at(-1)!.month).toBe(new Date().toISOString().slice(0, 7));
    // Another conference's figures do not move.
    expect(trackOf(await figures(SUPERADMIN, places.conference1))).toBeUndefined();
  });

  it('follow a step completed (the phase moves on), an enrolment withdrawn (this month) and one removed', async () => {
    const [first, second, third] = enrolments;
    const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: first }).go();
    const phaseOne = steps.find((step) => step.phaseId === PHASES[0])!;
    await db().entities.stepInstance.patch({ trackInstanceId: first, stepInstanceId: phaseOne.stepInstanceId }).set({ status: 'Completed' }).remove(['remindSince']).go();
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: second }).go();
    const withdrawn = await invoke(tracks, '/api/track/instance', { method: 'PATCH', body: { id: second, status: 'Withdrawn', version: instance!.version }, cookie: await cookieOf(conferenceAdmin) });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    await settle();
    const dashboard = await figures(conferenceAdmin, places.conference2);
    expect(trackOf(dashboard)?.byStatus).toMatchObject({ Open: 2, Withdrawn: 1 });
    expect(trackOf(dashboard)?.phases.map((phase) => [phase.name, phase.open])).toEqual([
      ['Phase 1', 1],
      ['Phase 2', 1],
    ]);
    expect(dashboard.trends.at(-1)).toMatchObject({ Withdrawn: 1 });
    expect(dashboard.steps.byStatus).toEqual(await stepsByStatus(places.district3));

    await db().entities.trackInstance.delete({ trackInstanceId: third }).go();
    await settle();
    expect(trackOf(await figures(conferenceAdmin, places.conference2))?.byStatus).toMatchObject({ Open: 1, Withdrawn: 1 });
  });

  it('count the waiting steps each assignee is responsible for, and how long steps have waited', async () => {
    const [first] = enrolments;
    const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: first }).go();
    const waiting = steps.filter((step) => step.status === 'Ready');
    expect(waiting.length).toBeGreaterThan(0);
    // Waiting for 20 days, on the advisor's role.
    const advisor = systemRoleByName('Advisor').id;
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: first }).go();
    await db().entities.trackInstance.patch({ trackInstanceId: first }).set({ assignees: [{ userId: districtAdmin, roleId: advisor, roleName: 'Advisor', firstName: 'Dion', lastName: 'District' }] }).add({ version: 1 }).go();
    const since = new Date(Date.now() - 20 * 86_400_000).toISOString();
    for (const step of waiting) await db().entities.stepInstance.patch({ trackInstanceId: first, stepInstanceId: step.stepInstanceId }).set({ remindSince: since, responsibleRoleIds: [advisor] }).go();
    await settle();
    const dashboard = await figures(conferenceAdmin, places.conference2);
    expect(dashboard.workload).toEqual([{ userId: districtAdmin, name: 'Dion District', openItems: waiting.length }]);
    expect(dashboard.steps.waiting.find((row) => row.days === 14)?.count).toBe(waiting.length);
    expect(dashboard.steps.waiting.find((row) => row.days === 30)?.count).toBe(0);
    expect(instance).toBeTruthy();
    // Who is stuck: those steps first (the oldest), each waiting on the advisor assigned.
    const stuck = dashboard.stuck.filter((row) => row.trackInstanceId === first);
    expect(stuck.map((row) => row.stepInstanceId).sort()).toEqual(waiting.map((step) => step.stepInstanceId).sort());
    expect(dashboard.stuck.slice(0, waiting.length).map((row) => row.trackInstanceId)).toEqual(waiting.map(() => first));
    expect(stuck[0]).toMatchObject({ trackTemplateId: TRACK, trackName: 'Dashboard Pathway', status: 'Ready', since, waitsOn: [{ kind: 'person', id: districtAdmin, name: 'Dion District' }] });
    expect(stuck[0].stepName).toMatch(/^Step of dash-p/);
    expect(stuck[0].participant.name).toMatch(/^Dana\d+ Board/);
    // A step of the participant's own work waits on the participant, named.
    const participantRole = systemRoleByName('Participant').id;
    await db().entities.stepInstance.patch({ trackInstanceId: first, stepInstanceId: waiting[0].stepInstanceId }).set({ responsibleRoleIds: [participantRole] }).go();
    await settle();
    const mine = (await figures(districtAdmin, places.district3)).stuck.find((row) => row.stepInstanceId === waiting[0].stepInstanceId);
    expect(mine?.waitsOn).toEqual([{ kind: 'participant', id: mine!.participant.id, name: mine!.participant.name }]);
    // Nobody else's conference lists it.
    expect((await figures(SUPERADMIN, places.conference1)).stuck.some((row) => row.trackInstanceId === first)).toBe(false);
  });

  it('are exact after a projection that crashed half way, and unchanged by running it again', async () => {
    const [first] = enrolments;
    const read = async () => JSON.stringify(await figures(SUPERADMIN, places.conference2));
    const settled = await read();
    await db().entities.trackInstance.patch({ trackInstanceId: first }).set({ status: 'Discontinued', statusAt: new Date().toISOString() }).composite({ trackTemplateId: TRACK }).add({ version: 1 }).go();
    projectionFaults.failAt = 'afterCounts';
    await expect(projectDashboard(first)).rejects.toThrow(/Injected/);
    projectionFaults.failAt = undefined;
    await settle();
    await projectDashboard(first);
    const dashboard = await figures(SUPERADMIN, places.conference2);
    expect(trackOf(dashboard)?.byStatus).toMatchObject({ Open: 0, Withdrawn: 1, Discontinued: 1 });
    expect(dashboard.workload).toEqual([]);
    expect(dashboard.stuck.some((row) => row.trackInstanceId === first)).toBe(false);
    expect(await read()).not.toBe(settled);
    await projectDashboard(first);
    expect(JSON.stringify(await figures(SUPERADMIN, places.conference2))).toBe(JSON.stringify(dashboard));
  });
});

describe('the drift check', () => {
  const figureDrift = async () => (await checkDirectory()).differences.filter((line) => line.startsWith('figure ') || line.startsWith('dashboard ') || line.includes('| stuck |'));

  it('finds no figure out of step with the enrolments, finds one a restore left behind, and rebuild:directory repairs it', async () => {
    await settle();
    expect(await figureDrift()).toEqual([]);
    await db().entities.scopeTally.update({ scopeId: places.district3, metric: 'status:Open' }).add({ count: 5 }).go();
    expect(await figureDrift()).toEqual([expect.stringMatching(new RegExp(`^figure ${places.district3} \\| status:Open is \\d+, should be \\d+$`))]);
    await rebuildDirectory();
    expect(await figureDrift()).toEqual([]);
  });

  it('finds a "who is stuck" entry lost or left behind, and rebuild:directory repairs both', async () => {
    await enrolNew(1);
    await settle();
    const { data } = await db().entities.directoryEntry.query.byList({ scopeId: places.district3, list: 'stuck' }).go({ limit: 1 });
    expect(data).toHaveLength(1);
    const [entry] = data;
    await db().entities.directoryEntry.delete(entry).go();
    await db().entities.directoryEntry.put({ ...entry, term: '2001-01-01T00:00:00.000Z|gone', targetId: 'ti-gone' }).go();
    const drift = await figureDrift();
    expect(drift).toContainEqual(expect.stringMatching(/^missing entry .*\| stuck \|/));
    expect(drift).toContainEqual(expect.stringMatching(/^extra entry .*\| stuck \| 2001-01-01/));
    await rebuildDirectory();
    expect(await figureDrift()).toEqual([]);
  });
});

describe('the cost', () => {
  it('is the same requests at 1 and at 21 open enrolments', async () => {
    // Reads only: the session's occasional touch (a write) is not the dashboard's; the role cache
    // starts cold each time, as it may have expired between the two.
    const measure = async () => {
      clearRoleCache();
      const { byCommand } = (await withCountedRequests(() => figures(conferenceAdmin, places.conference2))).counted;
      return ['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand'].map((command) => `${command} ${byCommand[command] ?? 0}`).join(', ');
    };
    // One open enrolment whose advisor has a step waiting on them: every kind of name is read (a
    // track's, a phase's, a person's; a kind nothing needs is not read at all).
    const [enrolment] = await enrolNew(1);
    const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: enrolment }).go();
    const ready = steps.find((step) => step.status === 'Ready')!;
    await db().entities.stepInstance.patch({ trackInstanceId: enrolment, stepInstanceId: ready.stepInstanceId }).set({ responsibleRoleIds: [systemRoleByName('Advisor').id] }).go();
    await settle();
    const dashboard = await figures(conferenceAdmin, places.conference2);
    expect(trackOf(dashboard)?.phases.length).toBeGreaterThan(0);
    expect(dashboard.workload.length).toBeGreaterThan(0);
    const openBefore = trackOf(await figures(conferenceAdmin, places.conference2))?.byStatus.Open ?? 0;
    const small = await measure();
    await enrolNew(20);
    await settle();
    const large = await measure();
    expect(trackOf(await figures(conferenceAdmin, places.conference2))?.byStatus.Open).toBe(openBefore + 20);
    expect(large).toBe(small);
    // The session and the place (a Query and a Get; the roles a BatchGet when the cache is cold), the figures and who is stuck (a Query each), the names of tracks, phases, people, steps and roles (a BatchGet each).
    expect(dashboard.stuck.length).toBeGreaterThan(0);
    expect(small).toBe('QueryCommand 3, GetItemCommand 1, BatchGetItemCommand 6');
  }, 600_000);
});

describe('who reads it', () => {
  it('is those who govern the place: the organisation superadmins only, a conference its admins, a district its admins too', async () => {
    expect((await dashboardOf(conferenceAdmin, 'system')).status).toBe(403);
    expect((await dashboardOf(conferenceAdmin, places.conference1)).status).toBe(403);
    expect((await dashboardOf(conferenceAdmin, places.district3)).status).toBe(200);
    expect((await dashboardOf(conferenceAdmin, places.episcopalArea2)).status).toBe(403);
    expect((await dashboardOf(districtAdmin, places.district3)).status).toBe(200);
    expect((await dashboardOf(districtAdmin, places.conference2)).status).toBe(403);
    expect((await dashboardOf('participant@example.org', places.district1)).status).toBe(403);
    expect((await dashboardOf(SUPERADMIN, places.church1)).status).toBe(404);
    expect((await dashboardOf(SUPERADMIN, 'no-such-place')).status).toBe(404);
    expect((await invoke(conferences, `/api/conference/dashboard/${places.conference2}`)).status).toBe(401);
  });

  it('leaves out what lies in a district the reader is denied', async () => {
    const whole = await figures(SUPERADMIN, places.conference2);
    const highPlains = await figures(SUPERADMIN, places.district3);
    expect(trackOf(highPlains)?.byStatus.Open).toBeGreaterThan(0);
    const denied = 'dash-denied-admin';
    await placeUser(denied, { roleIds: [systemRoleByName('ConferenceAdmin').id], locations: [places.conference2], denied: [places.district3] });
    const seen = await figures(denied, places.conference2);
    expect(seen.enrolments.byStatus.Open).toBe(whole.enrolments.byStatus.Open - highPlains.enrolments.byStatus.Open);
    // Every enrolment of the track is in High Plains: nothing of it is left to show.
    expect(trackOf(seen)).toBeUndefined();
    expect(seen.workload).toEqual([]);
    expect(highPlains.stuck.length).toBeGreaterThan(0);
    expect(seen.stuck.filter((row) => highPlains.stuck.some((hidden) => hidden.stepInstanceId === row.stepInstanceId))).toEqual([]);
    expect((await dashboardOf(denied, places.district3)).status).toBe(403);
  });
});
