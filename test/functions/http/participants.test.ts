import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as roles } from '../../../functions/http/role/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { parallelWriter } from '../../../functions/db/seed/large-writer';
import { enrolmentTableItems } from '../../../functions/db/seed/large-enrolments';
import { requestCounter } from '../../../functions/db/client';
import { PARTICIPANT_FILTER_READS_MAX } from '../../../shared/api/limits';
import type { InstanceAssignees, ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * The participants table and assignments (SPEC.md sections 2, 5, 6 and 7): who sees which rows,
 * filters and paging, the same requests at 10 and 2,000 enrolments (10,000 in the bench), and every assignment rule
 * from both sides.
 */
const ADVISOR = 'role-advisor';
const INTERVIEWER = 'role-interviewer';
let superadmin: string;
let conferenceAdmin: string;
let advisorCookie: string;
let interviewerCookie: string;
let participantCookie: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, advisorCookie, interviewerCookie, participantCookie] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'advisor@example.org', 'interviewer@example.org', 'participant@example.org'].map(cookieFor),
  );
});

async function trackIn(conferenceId: string, name = `Participants ${newId()}`): Promise<string> {
  const trackTemplateId = `participants-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name, description: 'Participants', conferenceId, disabled: false, status: 'active' }).go();
  return trackTemplateId;
}

type Person = { userId: string; firstName: string; lastName: string; email: string };
async function person(userId: string): Promise<Person> {
  const { data } = await db().entities.user.get({ userId }).go();
  return { userId, firstName: data!.firstName, lastName: data!.lastName, email: data!.email };
}

const enrol = (trackTemplateId: string, participantId: string, advisorIds: string[] = [], status: 'Open' | 'Withdrawn' = 'Open') =>
  putEnrolment({ trackTemplateId, participantId, advisorIds, status, districtId: ids.district1 });

const page = (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) =>
  invoke(tracks, `/api/track/${trackTemplateId}/true/instances`, { method: 'POST', cookie, body: { limit: 10, offset: 0, ...body } });
const rowIds = async (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) => ((await page(cookie, trackTemplateId, body)).body as ParticipantPage).data.map((row) => row.id);

describe('the participants table', () => {
  let track: string;
  const people: Record<string, string> = {};
  const instances: Record<string, string> = {};

  beforeAll(async () => {
    track = await trackIn(ids.conference1);
    const advisor = demoUser('advisor@example.org').id;
    for (const [key, first, last] of [
      ['ann', 'Ann', 'Abbott'],
      ['bob', 'Bob', 'Baker'],
      ['cy', 'Cy', 'Baxter'],
      ['dee', 'Dee', 'Carter'],
    ] as const) {
      people[key] = await putTestUser({ firstName: first, lastName: last, locationId: ids.district1 });
    }
    instances.ann = await enrol(track, people.ann, [advisor]);
    instances.bob = await enrol(track, people.bob, [], 'Withdrawn');
    instances.cy = await enrol(track, people.cy, [advisor]);
    instances.dee = await enrol(track, people.dee);
    instances.participant = await enrol(track, demoUser('participant@example.org').id);
  });

  it('shows a conference admin of the track’s conference every enrolment, sorted by last then first name, with SPEC’s row fields', async () => {
    const res = await page(conferenceAdmin, track);
    expect(res.status).toBe(200);
    const body = res.body as ParticipantPage;
    expect(body.data.map((row) => row.participant.lastName)).toEqual(['Abbott', 'Baker', 'Baxter', 'Carter', demoUser('participant@example.org').lastName].sort());
    const ann = body.data.find((row) => row.id === instances.ann)!;
    expect(ann).toMatchObject({ status: 'Open', version: 1, participant: { id: people.ann, firstName: 'Ann', lastName: 'Abbott' }, interviewers: [] });
    expect(ann.advisors).toEqual([{ id: demoUser('advisor@example.org').id, firstName: demoUser('advisor@example.org').firstName, lastName: demoUser('advisor@example.org').lastName }]);
    expect(ann.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body).toMatchObject({ count: 5, partial: false });
  });

  it('filters by status, last name, first name and email prefixes, without case', async () => {
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Withdrawn' } })).toEqual([instances.bob]);
    expect(await rowIds(conferenceAdmin, track, { where: { lastName: 'BA' } })).toEqual([instances.bob, instances.cy]);
    expect(await rowIds(conferenceAdmin, track, { where: { lastName: 'ba', status: 'Open' } })).toEqual([instances.cy]);
    expect(await rowIds(conferenceAdmin, track, { where: { firstName: 'de' } })).toEqual([instances.dee]);
    const email = (await person(people.cy)).email;
    expect(await rowIds(conferenceAdmin, track, { where: { email: email.slice(0, 6).toUpperCase() } })).toEqual([instances.cy]);
    expect(await rowIds(conferenceAdmin, track, { where: { firstName: 'zz' } })).toEqual([]);
  });

  it('pages: count is exact up to the page and one more while rows follow', async () => {
    const first = (await page(conferenceAdmin, track, { limit: 2 })).body as ParticipantPage;
    expect(first.data).toHaveLength(2);
    expect(first.count).toBe(3);
    const last = (await page(conferenceAdmin, track, { limit: 2, offset: 4 })).body as ParticipantPage;
    expect(last.data).toHaveLength(1);
    expect(last.count).toBe(5);
  });

  it('shows an advisor only the participants they are assigned to, the participant only themselves, others nothing', async () => {
    expect((await rowIds(advisorCookie, track)).sort()).toEqual([instances.ann, instances.cy].sort());
    expect(await rowIds(advisorCookie, track, { where: { firstName: 'cy' } })).toEqual([instances.cy]);
    expect(await rowIds(participantCookie, track)).toEqual([instances.participant]);
    expect(await rowIds(interviewerCookie, track)).toEqual([]);
  });

  it('refuses a track outside the caller’s reach, and bad filters', async () => {
    const far = await trackIn(ids.conference2);
    await enrol(far, people.ann);
    expect((await page(conferenceAdmin, far)).status).toBe(403);
    expect(((await page(superadmin, far)).body as ParticipantPage).data).toHaveLength(1);
    expect((await page(conferenceAdmin, track, { where: { status: 'Sleeping' } })).status).toBe(400);
    expect((await page(conferenceAdmin, track, { where: { phone: '1' } })).status).toBe(400);
    expect((await page(conferenceAdmin, 'no-such-track')).status).toBe(404);
  });
});

describe('district admins and superintendents see the enrolments of their districts (SPEC.md section 6)', () => {
  let track: string;
  const rows: Record<string, string> = {};
  let districtAdmin: string;
  let superintendent: string;
  let elsewhere: string;

  beforeAll(async () => {
    track = await trackIn(ids.conference1);
    const inDistrict = (districtId: string, first: string, last: string) =>
      putTestUser({ firstName: first, lastName: last, locationId: districtId }).then((participantId) => putEnrolment({ trackTemplateId: track, participantId, districtId }));
    rows.one = await inDistrict(ids.district1, 'Una', 'Able');
    rows.two = await inDistrict(ids.district1, 'Tess', 'Bishop');
    rows.withdrawn = await putEnrolment({
      trackTemplateId: track,
      participantId: await putTestUser({ firstName: 'Wes', lastName: 'Cole', locationId: ids.district1 }),
      districtId: ids.district1,
      status: 'Withdrawn',
    });
    rows.lakeside = await inDistrict(ids.district2, 'Lara', 'Lake');
    const superintendentId = await putTestUser({ firstName: 'Sue', lastName: 'Perintendent', locationId: ids.district2, role: 'DistrictSuperintendent' });
    // An enrolment outside the superintendent's district that they advise: still theirs to see.
    rows.advised = await putEnrolment({
      trackTemplateId: track,
      participantId: await putTestUser({ firstName: 'Ada', lastName: 'Zed', locationId: ids.district1 }),
      districtId: ids.district1,
      advisorIds: [superintendentId],
    });
    const elsewhereId = await putTestUser({ firstName: 'Eli', lastName: 'Else', locationId: ids.district3, role: 'DistrictAdmin' });
    [districtAdmin, superintendent, elsewhere] = await Promise.all([cookieFor('district.admin@example.org'), cookieForUser(superintendentId), cookieForUser(elsewhereId)]);
  });

  it('a district admin sees every enrolment in their district and none in another, with filters and paging', async () => {
    expect(await rowIds(districtAdmin, track)).toEqual([rows.one, rows.two, rows.withdrawn, rows.advised]);
    expect(await rowIds(districtAdmin, track, { where: { status: 'Withdrawn' } })).toEqual([rows.withdrawn]);
    expect(await rowIds(districtAdmin, track, { where: { lastName: 'bi' } })).toEqual([rows.two]);
    expect(await rowIds(districtAdmin, track, { where: { firstName: 'TE' } })).toEqual([rows.two]);
    const second = (await page(districtAdmin, track, { limit: 2, offset: 2 })).body as ParticipantPage;
    expect(second.data.map((row) => row.id)).toEqual([rows.withdrawn, rows.advised]);
    expect(second).toMatchObject({ count: 4, partial: false });
  });

  it('a superintendent sees their district’s enrolments and those they are assigned to, not the rest', async () => {
    expect(await rowIds(superintendent, track)).toEqual([rows.lakeside, rows.advised]);
    expect(await rowIds(superintendent, track, { where: { lastName: 'la' } })).toEqual([rows.lakeside]);
  });

  it('a district admin manages an enrolment of their district (track-assignees, reassign), not one of another district', async () => {
    const listed = (await invoke(tracks, `/api/track/track-assignees/${rows.one},${rows.lakeside}`, { cookie: districtAdmin })).body as InstanceAssignees[];
    expect(listed.map((x) => x.trackInstanceId)).toEqual([rows.one]);
    const version = listed[0].version;
    const body = (trackInstanceId: string, v: number) => ({ method: 'PATCH', cookie: districtAdmin, body: { trackInstanceId, roleId: ADVISOR, assigneeIds: [], version: v } });
    expect((await invoke(tracks, '/api/track/reassign', body(rows.one, version))).status).toBe(200);
    const lakesideVersion = (await db().entities.trackInstance.get({ trackInstanceId: rows.lakeside }).go()).data!.version;
    expect((await invoke(tracks, '/api/track/reassign', body(rows.lakeside, lakesideVersion))).status).toBe(403);
  });

  it('a district admin of another conference’s district is refused the track', async () => {
    expect((await page(elsewhere, track)).status).toBe(403);
  });
});

describe('the table’s cost does not grow with the track', () => {
  const tracks_: Record<'small' | 'large', string> = { small: '', large: '' };

  // 2,000 is 200 pages of the table and far past every read bound; each enrolment is 15 items,
  // so 10,000 took 250 s to write on a quiet machine and timed out in CI under load.
  // `npm run bench -- --scale large` measures the same reads at 10,000.
  beforeAll(async () => {
    const advisor = await person(demoUser('advisor@example.org').id);
    for (const [size, count] of [['small', 10], ['large', 2_000]] as const) {
      tracks_[size] = await trackIn(ids.conference1, `Scale ${size}`);
      const writer = parallelWriter({ concurrency: 8 });
      await writer.put(enrolmentTableItems({ trackTemplateId: tracks_[size], trackName: `Scale ${size}`, conferenceId: ids.conference1, districtId: ids.district1, count, advisors: [advisor] }));
      await writer.flush();
    }
  });

  async function measure(trackTemplateId: string, body: Record<string, unknown>, cookie = conferenceAdmin) {
    await page(cookie, trackTemplateId, body); // warm: role cache
    requestCounter.reset();
    const res = await page(cookie, trackTemplateId, body);
    return { body: res.body as ParticipantPage, counted: requestCounter.snapshot() };
  }

  const keyed: Array<[string, Record<string, unknown>]> = [
    ['first page', {}],
    ['a later page', { offset: 5 }],
    ['by status', { where: { status: 'Withdrawn' } }],
    ['by last name', { where: { lastName: 'a' } }],
    ['by status and last name', { where: { status: 'Open', lastName: 'a' } }],
  ];
  for (const [label, body] of keyed) {
    it(`makes the same requests at 10 and 2,000 enrolments: ${label}`, async () => {
      const small = await measure(tracks_.small, body);
      const large = await measure(tracks_.large, body);
      expect(large.body.data.length).toBeGreaterThan(0);
      expect(large.counted.byCommand).toEqual(small.counted.byCommand);
    });
  }

  // The fixture's enrolments are all in the demo district admin's district: their page is its gsi4 list.
  for (const [label, body] of keyed.filter(([, b]) => !('status' in ((b.where as object | undefined) ?? {})))) {
    it(`a district admin's page makes the same requests at 10 and 2,000 enrolments: ${label}`, async () => {
      const districtAdmin = await cookieFor('district.admin@example.org');
      const small = await measure(tracks_.small, body, districtAdmin);
      const large = await measure(tracks_.large, body, districtAdmin);
      expect(large.body.data).toHaveLength(10);
      expect(large.counted.byCommand).toEqual(small.counted.byCommand);
    });
  }

  it('a first-name filter reads at most its bound, and fills the page when matches are common', async () => {
    const large = await measure(tracks_.large, { where: { firstName: 'a' } });
    expect(large.counted.byCommand.QueryCommand ?? 0).toBeLessThanOrEqual(PARTICIPANT_FILTER_READS_MAX);
    expect(large.body.data).toHaveLength(10);
    expect(large.body.data.every((row) => row.participant.firstName.toLowerCase().startsWith('a'))).toBe(true);
  });
});

describe('assignments', () => {
  let track: string;
  let participant: string;
  let advisorA: string;
  let advisorB: string;
  let interviewer: string;
  let plain: string;

  beforeAll(async () => {
    track = await trackIn(ids.conference1, 'Assignment track');
    participant = await putTestUser({ firstName: 'Pia', lastName: 'Pupil', locationId: ids.district1 });
    advisorA = await putTestUser({ firstName: 'Ada', lastName: 'Advisor', locationId: ids.district1, role: 'Advisor' });
    advisorB = await putTestUser({ firstName: 'Ben', lastName: 'Advisor', locationId: ids.district1, role: 'Advisor' });
    interviewer = await putTestUser({ firstName: 'Ivy', lastName: 'Interviewer', locationId: ids.district1, role: 'Interviewer' });
    plain = await putTestUser({ firstName: 'Pat', lastName: 'Plain', locationId: ids.district1 });
  });

  const assign = (cookie: string, body: Record<string, unknown>) => invoke(tracks, '/api/track/assign', { method: 'POST', cookie, body });
  const reassign = (cookie: string, body: Record<string, unknown>) => invoke(tracks, '/api/track/reassign', { method: 'PATCH', cookie, body });
  const stored = async (trackInstanceId: string) => (await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true })).data!;
  const assigneeItems = async (trackInstanceId: string) =>
    (await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go()).data.map((a) => `${a.roleId}:${a.assigneeId}`).sort();
  const bells = async (userId: string) =>
    (await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' })).data.filter((o) => o.kind === 'notification' && (o.payload as { userId: string }).userId === userId);

  it('assigns an interviewer: the assignee item, the instance’s copy and version, and bell events for the assignee and the participant, in one go', async () => {
    const instance = await enrol(track, participant, [advisorA]);
    const res = await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [interviewer], roleId: INTERVIEWER, version: 1 });
    expect(res.status).toBe(200);
    expect((res.body as InstanceAssignees).version).toBe(2);
    expect((res.body as InstanceAssignees).assignees.map((a) => a.id).sort()).toEqual([advisorA, interviewer].sort());
    expect(await assigneeItems(instance)).toEqual([`${ADVISOR}:${advisorA}`, `${INTERVIEWER}:${interviewer}`].sort());
    expect((await stored(instance)).version).toBe(2);
    const told = await bells(interviewer);
    expect(told.some((o) => (o.payload as { message: string }).message === 'You were assigned as Interviewer to Pia Pupil in Assignment track.')).toBe(true);
    expect((await bells(participant)).some((o) => (o.payload as { message: string }).message.includes('Ivy Interviewer was assigned as your Interviewer'))).toBe(true);
  });

  it('refuses people without the role, inactive or unknown people, the participant themselves, and a stale version', async () => {
    const instance = await enrol(track, participant, [advisorA]);
    const noRole = await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [plain], roleId: ADVISOR });
    expect(noRole.status).toBe(400);
    expect(JSON.stringify(noRole.body)).toContain('Only users with the Advisor role can be assigned as Advisor.');
    expect((await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [interviewer], roleId: ADVISOR })).status).toBe(400);
    expect((await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: ['nobody-here'], roleId: ADVISOR })).status).toBe(400);
    expect((await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [participant], roleId: ADVISOR })).status).toBe(400);
    expect((await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [advisorB], roleId: 'role-mentor' })).status).toBe(400);
    expect((await assign(conferenceAdmin, { trackInstanceId: instance, assigneeIds: [advisorB], roleId: ADVISOR, version: 7 })).status).toBe(409);
    expect(await assigneeItems(instance)).toEqual([`${ADVISOR}:${advisorA}`]);
  });

  it('lets only administrators of the enrolment assign: not its advisor, not the participant, not another conference’s admin', async () => {
    const instance = await enrol(track, participant, [advisorA]);
    const body = { trackInstanceId: instance, assigneeIds: [advisorB], roleId: ADVISOR };
    expect((await assign(advisorCookie, body)).status).toBe(403);
    expect((await assign(participantCookie, body)).status).toBe(403);
    const far = await trackIn(ids.conference2);
    const farInstance = await enrol(far, participant);
    expect((await assign(conferenceAdmin, { ...body, trackInstanceId: farInstance })).status).toBe(403);
    expect((await assign(superadmin, body)).status).toBe(200);
    expect((await assign(conferenceAdmin, { ...body, trackInstanceId: 'no-such-instance' })).status).toBe(404);
  });

  it('reassign makes the role’s people exactly the list on the version read; a concurrent save loses with 409', async () => {
    const instance = await enrol(track, participant, [advisorA]);
    const res = await reassign(conferenceAdmin, { trackInstanceId: instance, roleId: ADVISOR, assigneeIds: [advisorB], version: 1 });
    expect(res.status).toBe(200);
    expect(await assigneeItems(instance)).toEqual([`${ADVISOR}:${advisorB}`]);
    expect((await stored(instance)).assignees.map((a) => a.userId)).toEqual([advisorB]);
    expect((await reassign(conferenceAdmin, { trackInstanceId: instance, roleId: ADVISOR, assigneeIds: [advisorA], version: 1 })).status).toBe(409);
    const [a, b] = await Promise.all([
      reassign(conferenceAdmin, { trackInstanceId: instance, roleId: ADVISOR, assigneeIds: [advisorA], version: 2 }),
      reassign(conferenceAdmin, { trackInstanceId: instance, roleId: INTERVIEWER, assigneeIds: [interviewer], version: 2 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await stored(instance);
    expect(after.version).toBe(3);
    expect(await assigneeItems(instance)).toEqual(after.assignees.map((x) => `${x.roleId}:${x.userId}`).sort());
  });

  it('unassign and removeAdvisorFromInstances take people off; the advisors list and track-assignees read them', async () => {
    const one = await enrol(track, participant, [advisorA, advisorB]);
    const other = await putTestUser({ firstName: 'Oli', lastName: 'Other', locationId: ids.district1 });
    const two = await enrol(track, other, [advisorA]);
    const advisors = await invoke(tracks, `/api/track/${track}/advisors`, { cookie: conferenceAdmin });
    expect(advisors.status).toBe(200);
    expect((advisors.body as Array<{ id: string }>).map((a) => a.id)).toEqual(expect.arrayContaining([advisorA, advisorB]));
    expect((await invoke(tracks, `/api/track/${track}/advisors`, { cookie: advisorCookie })).status).toBe(403);

    const un = await invoke(tracks, `/api/track/${one}/unassign`, { method: 'DELETE', cookie: conferenceAdmin, body: { assigneeIds: [advisorB], roleId: ADVISOR } });
    expect(un.status).toBe(200);
    expect(await assigneeItems(one)).toEqual([`${ADVISOR}:${advisorA}`]);

    expect((await invoke(tracks, '/api/track/removeAdvisorFromInstances', { method: 'DELETE', cookie: advisorCookie, body: { advisorId: advisorA, trackInstanceIds: [one, two] } })).status).toBe(403);
    const removed = await invoke(tracks, '/api/track/removeAdvisorFromInstances', { method: 'DELETE', cookie: conferenceAdmin, body: { advisorId: advisorA, trackInstanceIds: [one, two] } });
    expect(removed.body).toEqual({ removed: 2 });
    expect(await assigneeItems(one)).toEqual([]);
    expect((await stored(two)).assignees).toEqual([]);

    const listed = await invoke(tracks, `/api/track/track-assignees/${one},${two},${DEMO_INSTANCE_IDS.trackInstance}`, { cookie: participantCookie });
    expect(listed.status).toBe(200);
    // The demo participant sees their own instance only; Pia's and Oli's are left out.
    expect((listed.body as InstanceAssignees[]).map((x) => x.trackInstanceId)).toEqual([DEMO_INSTANCE_IDS.trackInstance]);
    const both = (await invoke(tracks, `/api/track/track-assignees/${one},${two}`, { cookie: conferenceAdmin })).body as InstanceAssignees[];
    expect(both.map((x) => x.trackInstanceId)).toEqual([one, two]);
    // Manage Participant's status selector starts from the status on the version it read.
    expect(both.map((x) => [x.status, x.version])).toEqual([['Open', (await stored(one)).version], ['Open', (await stored(two)).version]]);
  });
});

describe('taking the Advisor role (SPEC.md section 4)', () => {
  it('removes the advisor from every instance, each instance’s item and copy together, past one transaction', async () => {
    const track = await trackIn(ids.conference1, 'Role removal track');
    const advisorId = await putTestUser({ firstName: 'Rae', lastName: 'Removed', locationId: ids.district1, role: 'Advisor' });
    const keeper = await putTestUser({ firstName: 'Kit', lastName: 'Kept', locationId: ids.district1, role: 'Advisor' });
    const writer = parallelWriter({ concurrency: 4 });
    const count = 120;
    await writer.put(enrolmentTableItems({ trackTemplateId: track, trackName: 'Role removal track', conferenceId: ids.conference1, districtId: ids.district1, count, advisors: [await person(advisorId)] }));
    await writer.flush();
    // One instance also has another advisor, who stays.
    const first = `${track}-instance-000000`;
    expect((await invoke(tracks, '/api/track/assign', { method: 'POST', cookie: conferenceAdmin, body: { trackInstanceId: first, assigneeIds: [keeper], roleId: ADVISOR } })).status).toBe(200);

    const res = await invoke(roles, '/api/role/roles', { method: 'DELETE', cookie: superadmin, body: { userIds: [advisorId], roleId: ADVISOR } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ advisorAssignmentsRemoved: count });
    expect((await db().entities.trackAssignee.query.byAssignee({ assigneeId: advisorId }).go()).data).toEqual([]);
    const rows = (await page(conferenceAdmin, track, { limit: 50 })).body as ParticipantPage;
    expect(rows.data.flatMap((row) => row.advisors.map((a) => a.id))).toEqual([keeper]);
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: first }).go();
    expect(instance!.assignees.map((a) => a.userId)).toEqual([keeper]);
    expect(instance!.version).toBe(3);
  });
});
