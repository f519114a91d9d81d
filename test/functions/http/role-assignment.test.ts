import { handler } from '../../../functions/http/role/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { SYSTEM_LOCATION_ID } from '../../../functions/db/entities/location';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const PARTICIPANT = 'participant@example.org';
/** A user in Lakeside District: inside the conference admin's scope, outside the district admin's. */
const LAKESIDE_USER = 'lakeside-user';

async function assignment(method: 'POST' | 'DELETE', email: string, userIds: string[], roleId: string) {
  return invoke(handler, '/api/role/roles', { method, cookie: await cookieFor(email), body: { userIds, roleId } });
}

async function countOf(scopeId: string, list: string): Promise<number> {
  return (await db().entities.directoryCount.get({ scopeId, list }).go()).data?.count ?? 0;
}

async function listed(scopeId: string, list: string): Promise<string[]> {
  const { data } = await db().entities.directoryEntry.query.byList({ scopeId, list }).go();
  return data.map((entry) => entry.targetId);
}

async function holds(userId: string, roleId: string): Promise<boolean> {
  return Boolean((await db().entities.userRole.get({ userId, roleId }).go()).data);
}

beforeAll(async () => {
  await seedDemo();
  await db().entities.user.create({ userId: LAKESIDE_USER, firstName: 'Lena', lastName: 'Lake', email: 'lena.lake@example.org' }).go();
  await db().entities.userRole.create({ userId: LAKESIDE_USER, roleId: 'role-participant', roleName: 'Participant' }).go();
  await db()
    .entities.permission.create({
      userId: LAKESIDE_USER,
      permissionId: 'lakeside-user-permission',
      entity: 'District',
      entityId: DEMO_LOCATION_IDS.district2,
      ancestorIds: [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1, DEMO_LOCATION_IDS.district2],
      primary: true,
    })
    .go();
});

describe('assigning and unassigning roles', () => {
  it("moves the Advisor role's directory count, and assigning twice changes nothing", async () => {
    const list = 'users:role-advisor';
    expect(await countOf(DEMO_LOCATION_IDS.district1, list)).toBe(1);
    const systemBefore = await countOf(SYSTEM_LOCATION_ID, list);

    const first = await assignment('POST', CONFERENCE_ADMIN, ['demo-participant'], 'role-advisor');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ userIds: ['demo-participant'], roleId: 'role-advisor' });
    expect(await countOf(DEMO_LOCATION_IDS.district1, list)).toBe(2);
    expect(await countOf(DEMO_LOCATION_IDS.conference1, list)).toBe(2);
    expect(await countOf(SYSTEM_LOCATION_ID, list)).toBe(systemBefore + 1);
    expect(await listed(DEMO_LOCATION_IDS.district1, list)).toContain('demo-participant');

    expect((await assignment('POST', CONFERENCE_ADMIN, ['demo-participant'], 'role-advisor')).status).toBe(200);
    expect(await countOf(DEMO_LOCATION_IDS.district1, list)).toBe(2);

    const removed = await assignment('DELETE', CONFERENCE_ADMIN, ['demo-participant'], 'role-advisor');
    expect(removed.body).toEqual({ userIds: ['demo-participant'], roleId: 'role-advisor', menteesRemoved: 0, advisorAssignmentsRemoved: 0 });
    expect(await countOf(DEMO_LOCATION_IDS.district1, list)).toBe(1);
    expect(await countOf(SYSTEM_LOCATION_ID, list)).toBe(systemBefore);
    expect(await listed(DEMO_LOCATION_IDS.district1, list)).not.toContain('demo-participant');
    expect(await holds('demo-participant', 'role-advisor')).toBe(false);
    // Taking a role nobody holds is a no-op.
    expect((await assignment('DELETE', CONFERENCE_ADMIN, ['demo-participant'], 'role-advisor')).status).toBe(200);
    expect(await countOf(DEMO_LOCATION_IDS.district1, list)).toBe(1);
  });

  it("taking Mentor ends the mentor's mentorships, in the response counts", async () => {
    const { data: before } = await db().entities.mentorAssignment.query.byMentor({ mentorId: 'demo-mentor' }).go();
    expect(before.map((m) => m.userId)).toEqual(['demo-participant']);
    const res = await assignment('DELETE', CONFERENCE_ADMIN, ['demo-mentor'], 'role-mentor');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ menteesRemoved: 1, advisorAssignmentsRemoved: 0 });
    expect((await db().entities.mentorAssignment.get({ userId: 'demo-participant', mentorId: 'demo-mentor' }).go()).data).toBeNull();
    expect(await holds('demo-mentor', 'role-mentor')).toBe(false);
    expect(await listed(DEMO_LOCATION_IDS.district1, 'users:role-mentor')).not.toContain('demo-mentor');
  });

  it('taking Advisor removes the advisor from the demo enrolment', async () => {
    const trackInstanceId = DEMO_INSTANCE_IDS.trackInstance;
    expect((await db().entities.trackAssignee.get({ trackInstanceId, roleId: 'role-advisor', assigneeId: 'demo-advisor' }).go()).data).not.toBeNull();
    const res = await assignment('DELETE', SUPERADMIN, ['demo-advisor'], 'role-advisor');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ menteesRemoved: 0, advisorAssignmentsRemoved: 1 });
    expect((await db().entities.trackAssignee.get({ trackInstanceId, roleId: 'role-advisor', assigneeId: 'demo-advisor' }).go()).data).toBeNull();
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go();
    expect(instance?.assignees.map((a) => a.userId)).not.toContain('demo-advisor');
    expect(instance?.version).toBe(2);
    expect(await countOf(DEMO_LOCATION_IDS.district1, 'users:role-advisor')).toBe(0);
  });

  it('refuses a district admin assigning to a user outside their district, and writes nothing for anyone', async () => {
    const alone = await assignment('POST', DISTRICT_ADMIN, [LAKESIDE_USER], 'role-mentor');
    expect(alone.status).toBe(403);
    const mixed = await assignment('POST', DISTRICT_ADMIN, ['demo-participant', LAKESIDE_USER], 'role-mentor');
    expect(mixed.status).toBe(403);
    expect(await holds('demo-participant', 'role-mentor')).toBe(false);
    expect(await holds(LAKESIDE_USER, 'role-mentor')).toBe(false);
    // Inside the district it works; the conference admin reaches Lakeside too.
    expect((await assignment('POST', DISTRICT_ADMIN, ['demo-participant'], 'role-mentor')).status).toBe(200);
    expect((await assignment('POST', CONFERENCE_ADMIN, [LAKESIDE_USER], 'role-mentor')).status).toBe(200);
    expect(await holds(LAKESIDE_USER, 'role-mentor')).toBe(true);
  });

  it('refuses giving a role whose policies the caller could not grant', async () => {
    const res = await assignment('POST', DISTRICT_ADMIN, ['demo-participant'], 'role-conference-admin');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot grant create Conference.');
    expect(await holds('demo-participant', 'role-conference-admin')).toBe(false);
  });

  it('lets only a superadmin give or take Superadmin', async () => {
    expect((await assignment('POST', CONFERENCE_ADMIN, [LAKESIDE_USER], 'role-superadmin')).status).toBe(403);
    expect(await holds(LAKESIDE_USER, 'role-superadmin')).toBe(false);
    expect((await assignment('POST', SUPERADMIN, [LAKESIDE_USER], 'role-superadmin')).status).toBe(200);
    expect((await assignment('DELETE', CONFERENCE_ADMIN, [LAKESIDE_USER], 'role-superadmin')).status).toBe(403);
    expect(await holds(LAKESIDE_USER, 'role-superadmin')).toBe(true);
    expect((await assignment('DELETE', SUPERADMIN, [LAKESIDE_USER], 'role-superadmin')).status).toBe(200);
    expect(await holds(LAKESIDE_USER, 'role-superadmin')).toBe(false);
  });

  it('answers 404 for an unknown role or user, 400 for an empty selection, 403 for a participant', async () => {
    expect((await assignment('POST', SUPERADMIN, ['demo-participant'], 'no-such-role')).status).toBe(404);
    expect((await assignment('POST', SUPERADMIN, ['demo-participant', 'no-such-user'], 'role-mentor')).status).toBe(404);
    const empty = await assignment('POST', SUPERADMIN, [], 'role-mentor');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Select at least one user.');
    expect((await assignment('POST', PARTICIPANT, ['demo-participant'], 'role-mentor')).status).toBe(403);
  });
});

describe('assignable roles', () => {
  async function assignable(email: string, userId: string) {
    return invoke(handler, `/api/role/assignable-roles/${userId}`, { cookie: await cookieFor(email) });
  }
  const names = (body: Array<{ name: string }>) => body.map((role) => role.name);

  it('offers what the user lacks and the caller could grant; Superadmin only from a superadmin', async () => {
    const byConferenceAdmin = names((await assignable(CONFERENCE_ADMIN, 'demo-interviewer')).body);
    expect(byConferenceAdmin).toContain('Advisor');
    expect(byConferenceAdmin).not.toContain('Interviewer');
    expect(byConferenceAdmin).not.toContain('Superadmin');
    expect(byConferenceAdmin).not.toContain('Bishop');

    const bySuperadmin = names((await assignable(SUPERADMIN, 'demo-interviewer')).body);
    expect(bySuperadmin).toContain('Superadmin');
    expect(bySuperadmin).toContain('Bishop');
    expect(bySuperadmin).not.toContain('Interviewer');

    const byDistrictAdmin = names((await assignable(DISTRICT_ADMIN, 'demo-participant')).body);
    expect(byDistrictAdmin).toContain('Advisor');
    expect(byDistrictAdmin).not.toContain('ConferenceAdmin');
  });

  it('answers 403 for a user the caller cannot see and 404 for no such user', async () => {
    expect((await assignable(DISTRICT_ADMIN, LAKESIDE_USER)).status).toBe(403);
    expect((await assignable(SUPERADMIN, 'no-such-user')).status).toBe(404);
  });
});

describe('assignable roles for the selected rows (Assign Role to Users)', () => {
  async function forUsers(email: string, userIds: string[], name?: string) {
    return invoke(handler, '/api/role/assignable-roles', { method: 'POST', body: { userIds, name }, cookie: await cookieFor(email) });
  }
  const names = (body: Array<{ name: string }>) => body.map((role) => role.name);

  it('offers a conference admin only what they could hold, by name; a superadmin everything', async () => {
    const byConferenceAdmin = await forUsers(CONFERENCE_ADMIN, ['demo-interviewer', 'demo-participant']);
    expect(byConferenceAdmin.status).toBe(200);
    expect(names(byConferenceAdmin.body)).toContain('Advisor');
    expect(names(byConferenceAdmin.body)).not.toContain('Superadmin');
    expect(names(byConferenceAdmin.body)).not.toContain('Bishop');
    // Interviewer is held by one of the two: still offered (the other lacks it).
    expect(names(byConferenceAdmin.body)).toContain('Interviewer');
    expect(names((await forUsers(CONFERENCE_ADMIN, ['demo-participant'], 'adv')).body)).toEqual(['Advisor']);
    expect(names((await forUsers(SUPERADMIN, ['demo-participant'])).body)).toEqual(expect.arrayContaining(['Superadmin', 'Bishop']));
  });

  it('refuses when any selected user is out of reach, and bounds the selection', async () => {
    expect((await forUsers(DISTRICT_ADMIN, ['demo-participant', LAKESIDE_USER])).status).toBe(403);
    expect((await forUsers(SUPERADMIN, Array.from({ length: 51 }, (_, i) => `u${i}`))).status).toBe(400);
  });
});
