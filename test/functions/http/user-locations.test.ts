import { handler } from '../../../functions/http/user/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { LAST_CONFERENCE_MESSAGE } from '../../../shared/auth/policies';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const PARTICIPANT = 'participant@example.org';
const LAKESIDE_USER = 'lakeside-user';
const MOUNT_HOPE = 'loc-mount-hope-church';
const RIVERSIDE = 'loc-riverside-fellowship';

type Body = Record<string, unknown>;

async function call(email: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(email) });
}

const addLocation = (email: string, body: Body) => call(email, '/api/user/location', { method: 'POST', body });
const removeLocation = (email: string, permissionId: string) => call(email, `/api/user/location/${permissionId}`, { method: 'DELETE' });
const setPrimary = (email: string, body: Body) => call(email, '/api/user/location', { method: 'PATCH', body });

async function usersListed(scopeId: string): Promise<string[]> {
  const { data } = await db().entities.directoryEntry.query.byList({ scopeId, list: 'users' }).go();
  return data.map((entry) => entry.targetId);
}

async function usersCount(scopeId: string): Promise<number> {
  return (await db().entities.directoryCount.get({ scopeId, list: 'users' }).go()).data?.count ?? 0;
}

async function storedPermission(userId: string, permissionId: string) {
  return (await db().entities.permission.get({ userId, permissionId }).go()).data;
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

describe('adding a location', () => {
  it("makes the user appear in that scope's users list and its count, once however often it is added", async () => {
    expect(await usersListed(MOUNT_HOPE)).not.toContain('demo-interviewer');
    const districtCount = await usersCount(DEMO_LOCATION_IDS.district1);

    const res = await addLocation(CONFERENCE_ADMIN, { userId: 'demo-interviewer', entity: 'Church', entityId: MOUNT_HOPE });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: 'demo-interviewer', entity: 'Church', entityId: MOUNT_HOPE, name: 'Mount Hope Church', active: true, primary: true, denial: false, locationActive: true });
    expect(await usersListed(MOUNT_HOPE)).toEqual(['demo-interviewer']);
    expect(await usersCount(MOUNT_HOPE)).toBe(1);
    expect(await usersListed(DEMO_LOCATION_IDS.district1)).toContain('demo-interviewer');
    expect(await usersCount(DEMO_LOCATION_IDS.district1)).toBe(districtCount + 1);

    const again = await addLocation(CONFERENCE_ADMIN, { userId: 'demo-interviewer', entity: 'Church', entityId: MOUNT_HOPE });
    expect(again.body.id).toBe(res.body.id);
    expect(await usersCount(MOUNT_HOPE)).toBe(1);
  });

  it('reactivates a removed permission instead of adding another', async () => {
    const first = (await addLocation(SUPERADMIN, { userId: LAKESIDE_USER, entity: 'Church', entityId: RIVERSIDE })).body;
    expect((await removeLocation(SUPERADMIN, first.id)).body.active).toBe(false);
    expect(await usersListed(RIVERSIDE)).not.toContain(LAKESIDE_USER);
    const back = await addLocation(SUPERADMIN, { userId: LAKESIDE_USER, entity: 'Church', entityId: RIVERSIDE });
    expect(back.body).toMatchObject({ id: first.id, active: true, primary: true, version: 3 });
    const { data } = await db().entities.permission.query.byUser({ userId: LAKESIDE_USER }).go();
    expect(data.filter((p) => p.entityId === RIVERSIDE)).toHaveLength(1);
    expect(await usersListed(RIVERSIDE)).toContain(LAKESIDE_USER);
  });

  it('gives several users the same location in one call', async () => {
    const res = await call(CONFERENCE_ADMIN, '/api/user/locations', { method: 'POST', body: { userIds: ['demo-advisor', 'demo-mentor'], entity: 'District', entityId: DEMO_LOCATION_IDS.district2 } });
    expect(res.status).toBe(201);
    expect(res.body.map((p: { userId: string }) => p.userId)).toEqual(['demo-advisor', 'demo-mentor']);
    expect(res.body.every((p: { primary: boolean }) => !p.primary)).toBe(true);
    expect(await usersListed(DEMO_LOCATION_IDS.district2)).toEqual(expect.arrayContaining(['demo-advisor', 'demo-mentor']));
  });

  it('refuses a location outside the caller’s scope or a user they cannot see (403), and writes nothing', async () => {
    const outside = await addLocation(DISTRICT_ADMIN, { userId: 'demo-participant', entity: 'Church', entityId: RIVERSIDE });
    expect(outside.status).toBe(403);
    const unseen = await addLocation(DISTRICT_ADMIN, { userId: LAKESIDE_USER, entity: 'Church', entityId: DEMO_LOCATION_IDS.church1 });
    expect(unseen.status).toBe(403);
    const bulk = await call(DISTRICT_ADMIN, '/api/user/locations', { method: 'POST', body: { userIds: ['demo-participant', LAKESIDE_USER], entity: 'Church', entityId: MOUNT_HOPE } });
    expect(bulk.status).toBe(403);
    expect(await usersListed(MOUNT_HOPE)).not.toContain('demo-participant');
    expect((await addLocation(PARTICIPANT, { userId: 'demo-participant', entity: 'Church', entityId: MOUNT_HOPE })).status).toBe(403);
  });

  it('answers 400 Location is required for an unknown, inactive or mismatched location, and 404 for an unknown user', async () => {
    const unknown = await addLocation(SUPERADMIN, { userId: 'demo-participant', entity: 'Church', entityId: 'no-such-church' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Location is required');
    expect((await addLocation(SUPERADMIN, { userId: 'demo-participant', entity: 'District', entityId: MOUNT_HOPE })).status).toBe(400);
    await db().entities.location.create({ locationId: 'loc-closed-church', kind: 'Church', name: 'Closed Church', active: false, parentId: DEMO_LOCATION_IDS.district1, ancestorIds: [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1, DEMO_LOCATION_IDS.district1, 'loc-closed-church'] }).go();
    expect((await addLocation(SUPERADMIN, { userId: 'demo-participant', entity: 'Church', entityId: 'loc-closed-church' })).status).toBe(400);
    expect((await addLocation(SUPERADMIN, { userId: 'no-such-user', entity: 'Church', entityId: MOUNT_HOPE })).status).toBe(404);
  });
});

describe('removing a location', () => {
  it("keeps a user's last conference unless a superadmin removes it", async () => {
    const conference = 'demo-interviewer-permission-1';
    const refused = await removeLocation(CONFERENCE_ADMIN, conference);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(LAST_CONFERENCE_MESSAGE);
    expect((await storedPermission('demo-interviewer', conference))?.active).toBe(true);

    const removed = await removeLocation(SUPERADMIN, conference);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: conference, active: false, primary: false, name: 'Blue Ridge Conference' });
    expect(await usersListed(DEMO_LOCATION_IDS.conference1)).toContain('demo-interviewer'); // still in via Mount Hope Church
    expect((await removeLocation(SUPERADMIN, conference)).status).toBe(422); // only active ones are removed
  });

  it('lets a conference admin remove a conference that is not the last one', async () => {
    const second = (await addLocation(SUPERADMIN, { userId: LAKESIDE_USER, entity: 'Conference', entityId: DEMO_LOCATION_IDS.conference2 })).body;
    const first = (await addLocation(SUPERADMIN, { userId: LAKESIDE_USER, entity: 'Conference', entityId: DEMO_LOCATION_IDS.conference1 })).body;
    expect(second.primary).toBe(true);
    expect(first.primary).toBe(false);
    expect((await removeLocation(CONFERENCE_ADMIN, first.id)).status).toBe(200);
    // Prairie Rivers is outside the conference admin's scope.
    expect((await removeLocation(CONFERENCE_ADMIN, second.id)).status).toBe(403);
  });

  it('hands primary to another active location of the kind, and takes the user out of the scope', async () => {
    const extra = (await addLocation(SUPERADMIN, { userId: 'demo-participant', entity: 'District', entityId: DEMO_LOCATION_IDS.district2 })).body;
    expect(extra.primary).toBe(false);
    const res = await removeLocation(DISTRICT_ADMIN, 'demo-participant-permission-1');
    expect(res.status).toBe(200);
    expect((await storedPermission('demo-participant', extra.id))?.primary).toBe(true);
    expect(await usersListed(DEMO_LOCATION_IDS.district1)).not.toContain('demo-participant');
    // Restore for the tests below.
    const back = await addLocation(SUPERADMIN, { userId: 'demo-participant', entity: 'District', entityId: DEMO_LOCATION_IDS.district1 });
    expect(back.body).toMatchObject({ id: 'demo-participant-permission-1', primary: false, active: true });
  });

  it('answers 404 for an unknown permission', async () => {
    expect((await removeLocation(SUPERADMIN, 'no-such-permission')).status).toBe(404);
  });
});

describe('primary location', () => {
  it('switches primary and clears the old one in the same write', async () => {
    const before = (await storedPermission('demo-participant', 'demo-participant-permission-1'))!;
    expect(before.primary).toBe(false);
    const res = await setPrimary(DISTRICT_ADMIN, { permissionId: 'demo-participant-permission-1', userId: 'demo-participant' });
    expect(res.status).toBe(200);
    const districts = res.body.filter((p: { entity: string; active: boolean }) => p.entity === 'District' && p.active);
    expect(districts.map((p: { entityId: string; primary: boolean }) => [p.entityId, p.primary])).toEqual(
      expect.arrayContaining([
        [DEMO_LOCATION_IDS.district1, true],
        [DEMO_LOCATION_IDS.district2, false],
      ]),
    );
    const { data } = await db().entities.permission.query.byUser({ userId: 'demo-participant' }).go();
    expect(data.filter((p) => p.entity === 'District' && p.primary).map((p) => p.entityId)).toEqual([DEMO_LOCATION_IDS.district1]);
  });

  it('refuses a participant (403) and an inactive location (422)', async () => {
    expect((await setPrimary(PARTICIPANT, { permissionId: 'demo-participant-permission-1', userId: 'demo-participant' })).status).toBe(403);
    const inactive = await setPrimary(SUPERADMIN, { permissionId: 'demo-interviewer-permission-1', userId: 'demo-interviewer' });
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toBe('Only active locations can be primary.');
  });

  it("refuses an admin toggling a user outside their scope", async () => {
    expect((await setPrimary(DISTRICT_ADMIN, { permissionId: 'lakeside-user-permission', userId: LAKESIDE_USER })).status).toBe(403);
  });
});

describe('reading locations', () => {
  it('groups a user’s locations by kind, inactive ones flagged; 404 for a user out of sight, as for none', async () => {
    const own = await call(PARTICIPANT, '/api/user/demo-participant/locations-details');
    expect(own.status).toBe(200);
    expect(Object.keys(own.body)).toEqual(['Jurisdiction', 'EpiscopalArea', 'Conference', 'District', 'Church']);
    expect(own.body.District.map((p: { name: string }) => p.name).sort()).toEqual(['Foothills District', 'Lakeside District']);
    const interviewer = await call(SUPERADMIN, '/api/user/demo-interviewer/locations-details');
    expect(interviewer.body.Conference[0]).toMatchObject({ active: false, name: 'Blue Ridge Conference' });
    expect((await call(DISTRICT_ADMIN, `/api/user/${LAKESIDE_USER}/locations-details`)).status).toBe(404);
    expect((await call(SUPERADMIN, '/api/user/no-such-user/locations-details')).status).toBe(404);
  });

  it("shows only the user's locations at, inside or above the caller's; a user out of sight answers like a missing one", async () => {
    const lakeside = await call(DISTRICT_ADMIN, `/api/user/user-visible-locations/${LAKESIDE_USER}`);
    const missing = await call(DISTRICT_ADMIN, '/api/user/user-visible-locations/no-such-user');
    expect(lakeside.status).toBe(404);
    expect({ status: lakeside.status, body: lakeside.body }).toEqual({ status: missing.status, body: missing.body });
    const conferenceAdminView = await call(CONFERENCE_ADMIN, `/api/user/user-visible-locations/${LAKESIDE_USER}`);
    expect(conferenceAdminView.body.map((p: { entityId: string }) => p.entityId).sort()).toEqual([DEMO_LOCATION_IDS.district2, RIVERSIDE].sort());
    const superadminView = await call(SUPERADMIN, `/api/user/user-visible-locations/${LAKESIDE_USER}`);
    expect(superadminView.body.map((p: { entityId: string }) => p.entityId)).toContain(DEMO_LOCATION_IDS.conference2);
    // A district admin sees a user of their district there, not at the user's locations elsewhere.
    const participant = await call(DISTRICT_ADMIN, '/api/user/user-visible-locations/demo-participant');
    const seen = participant.body.map((p: { entityId: string }) => p.entityId);
    expect(seen).toContain(DEMO_LOCATION_IDS.district1);
    expect(seen).not.toContain(DEMO_LOCATION_IDS.district2);
  });

  it('leaves out the users the caller cannot see', async () => {
    const res = await call(DISTRICT_ADMIN, '/api/user/users-permissions', { query: `userIds=demo-participant,${LAKESIDE_USER},no-such-user` });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { userId: string }) => u.userId)).toEqual(['demo-participant']);
    expect(res.body[0].permissions.every((p: { active: boolean }) => p.active)).toBe(true);
  });

  it("gives the caller their own permissions, with names and chains", async () => {
    const own = await call(CONFERENCE_ADMIN, '/api/user/user-permissions');
    expect(own.body).toEqual([expect.objectContaining({ entityId: DEMO_LOCATION_IDS.conference1, name: 'Blue Ridge Conference', primary: true })]);
    const hierarchy = await call(CONFERENCE_ADMIN, '/api/user/permission-hierarchy');
    expect(hierarchy.body).toEqual([
      { entity: 'Conference', entityId: DEMO_LOCATION_IDS.conference1, active: true, denial: false, ancestorIds: [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1] },
    ]);
  });

  it("lists the caller's conferences, System first when asked", async () => {
    const superadmin = await call(SUPERADMIN, '/api/user/user-conferences/true');
    expect(superadmin.body).toEqual([
      { id: '0', name: 'System' },
      { id: DEMO_LOCATION_IDS.conference1, name: 'Blue Ridge Conference' },
      { id: DEMO_LOCATION_IDS.conference2, name: 'Prairie Rivers Conference' },
    ]);
    const participant = await call(PARTICIPANT, '/api/user/user-conferences/false');
    expect(participant.body).toEqual([{ id: DEMO_LOCATION_IDS.conference1, name: 'Blue Ridge Conference' }]);
  });
});
