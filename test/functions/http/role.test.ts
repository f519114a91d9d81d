import { handler } from '../../../functions/http/role/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { settle } from '../../support/settle';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const PARTICIPANT = 'participant@example.org';

const churchReader = (name: string) => ({ name, policies: [{ actions: ['read'], subjects: ['Church'] }] });

async function as(email: string) {
  return cookieFor(email);
}

async function create(email: string, body: unknown) {
  return invoke(handler, '/api/role', { method: 'POST', body, cookie: await as(email) });
}

beforeAll(async () => {
  await seedDemo();
});

describe('role editor: create', () => {
  it('creates a custom role that any reader then finds by id and by list', async () => {
    const res = await create(CONFERENCE_ADMIN, churchReader('Church Visitor'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Church Visitor', label: 'Church Visitor', system: false, version: 1, policies: [{ actions: ['read'], subjects: ['Church'] }] });

    const one = await invoke(handler, `/api/role/role/${res.body.id}`, { cookie: await as(PARTICIPANT) });
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('Church Visitor');
    const list = await invoke(handler, '/api/role', { query: 'limit=50', cookie: await as(DISTRICT_ADMIN) });
    expect(list.body.map((r: { name: string }) => r.name)).toContain('Church Visitor');
  });

  it('answers the schema messages for a missing name and an empty policy', async () => {
    const res = await create(SUPERADMIN, { name: ' ', policies: [{ actions: [], subjects: ['Church'] }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Name is required.');
    expect(JSON.stringify(res.body)).toContain('Select at least one action.');
  });

  it('refuses a name another role has, whatever the case, also on system roles', async () => {
    await create(SUPERADMIN, churchReader('Youth Leader'));
    const clash = await create(SUPERADMIN, churchReader('youth LEADER'));
    expect(clash.status).toBe(400);
    expect(clash.body.fieldErrors ?? clash.body.errors ?? clash.body).toMatchObject({ name: ['A role with this name already exists.'] });
    expect((await create(SUPERADMIN, churchReader('advisor'))).status).toBe(400);
  });

  it('refuses a conference admin granting all, or an action they lack, and writes nothing', async () => {
    const all = await create(CONFERENCE_ADMIN, { name: 'Everything', policies: [{ actions: ['read'], subjects: ['all'] }] });
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('You cannot grant read all.');
    const jurisdiction = await create(CONFERENCE_ADMIN, { name: 'Jurisdiction Editor', policies: [{ actions: ['read', 'update'], subjects: ['Church', 'Jurisdiction'] }] });
    expect(jurisdiction.status).toBe(403);
    expect(jurisdiction.body.message).toBe('You cannot grant read Jurisdiction.');
    const names = (await invoke(handler, '/api/role', { query: 'limit=50', cookie: await as(SUPERADMIN) })).body.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Everything');
    expect(names).not.toContain('Jurisdiction Editor');
    // The same policies from a superadmin are fine.
    expect((await create(SUPERADMIN, { name: 'Jurisdiction Editor', policies: [{ actions: ['read', 'update'], subjects: ['Jurisdiction'] }] })).status).toBe(201);
  });

  it('creates several roles in one bulk call, all or nothing', async () => {
    const cookie = await as(SUPERADMIN);
    const clash = await invoke(handler, '/api/role/bulk', { method: 'POST', cookie, body: [churchReader('Bulk One'), churchReader('BULK one')] });
    expect(clash.status).toBe(400);
    const ok = await invoke(handler, '/api/role/bulk', { method: 'POST', cookie, body: [churchReader('Bulk One'), churchReader('Bulk Two')] });
    expect(ok.status).toBe(201);
    expect(ok.body.map((r: { name: string }) => r.name)).toEqual(['Bulk One', 'Bulk Two']);
  });

  it('refuses a participant (no create Role)', async () => {
    expect((await create(PARTICIPANT, churchReader('Nope'))).status).toBe(403);
  });
});

describe('role editor: lists', () => {
  it('searches word prefixes of name and label, sorts both ways and counts', async () => {
    const cookie = await as(SUPERADMIN);
    const admins = await invoke(handler, '/api/role/quickSearch', { query: 'where[name]=adm&orderBy[name]=DESC', cookie });
    expect(admins.status).toBe(200);
    // 'adm' starts a word of the labels 'District Admin' and 'Conference Admin', not of 'Superadmin'.
    expect(admins.body.data.map((r: { label: string }) => r.label)).toEqual(['District Admin', 'Conference Admin']);
    expect(admins.body.count).toBe(2);

    const page = await invoke(handler, '/api/role/quickSearch', { query: 'limit=10&offset=0', cookie });
    const ascending = page.body.data.map((r: { name: string }) => r.name);
    expect(ascending).toEqual([...ascending].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(page.body.count).toBeGreaterThan(10);
    expect(page.body.data).toHaveLength(10);

    const count = await invoke(handler, '/api/role/count', { query: 'where[system]=true', cookie });
    expect(count.body).toBe(10);
    const search = await invoke(handler, '/api/role/search', { method: 'POST', cookie, body: { where: { name: 'super' } } });
    expect(search.body.map((r: { name: string }) => r.name)).toEqual(['DistrictSuperintendent', 'Superadmin']);
  });

  it('refuses a sort column without a list (400)', async () => {
    const res = await invoke(handler, '/api/role/quickSearch', { query: 'orderBy[createdAt]=ASC', cookie: await as(SUPERADMIN) });
    expect(res.status).toBe(400);
  });

  it('lists the system roles, and reads several roles by id leaving unknown ones out', async () => {
    const cookie = await as(PARTICIPANT);
    const system = await invoke(handler, '/api/role/system', { cookie });
    expect(system.body).toHaveLength(10);
    expect(system.body.every((r: { system: boolean }) => r.system)).toBe(true);
    expect(system.body.find((r: { name: string }) => r.name === 'ConferenceAdmin').label).toBe('Conference Admin');
    const some = await invoke(handler, '/api/role/roles/role-advisor,no-such-role,role-mentor', { cookie });
    expect(some.body.map((r: { id: string }) => r.id)).toEqual(['role-advisor', 'role-mentor']);
    expect((await invoke(handler, '/api/role/role/no-such-role', { cookie })).status).toBe(404);
    expect((await invoke(handler, '/api/role/no-such-role', { cookie: await as(SUPERADMIN) })).status).toBe(404);
  });
});

describe('role editor: update and delete', () => {
  it('updates on the version read and answers 409 to a stale version', async () => {
    const cookie = await as(CONFERENCE_ADMIN);
    const created = (await create(CONFERENCE_ADMIN, churchReader('Greeter'))).body;
    const renamed = await invoke(handler, `/api/role/${created.id}`, { method: 'PATCH', cookie, body: { name: 'Church Greeter', version: 1 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Church Greeter', version: 2 });
    const stale = await invoke(handler, '/api/role', { method: 'PATCH', cookie, body: { id: created.id, name: 'Lost Update', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await invoke(handler, `/api/role/${created.id}`, { cookie })).body.name).toBe('Church Greeter');
  });

  it('keeps its own name on update but refuses another role’s', async () => {
    const cookie = await as(SUPERADMIN);
    const created = (await create(SUPERADMIN, churchReader('Usher'))).body;
    expect((await invoke(handler, `/api/role/${created.id}`, { method: 'PATCH', cookie, body: { name: 'USHER', version: 1 } })).status).toBe(200);
    const clash = await invoke(handler, `/api/role/${created.id}`, { method: 'PATCH', cookie, body: { name: 'Mentor', version: 2 } });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.body)).toContain('A role with this name already exists.');
  });

  it("renames a role in the list and in its holders' copies", async () => {
    const cookie = await as(SUPERADMIN);
    const created = (await create(SUPERADMIN, churchReader('Elder'))).body;
    await invoke(handler, '/api/role/roles', { method: 'POST', cookie, body: { userIds: ['demo-participant'], roleId: created.id } });
    expect((await invoke(handler, `/api/role/${created.id}`, { method: 'PATCH', cookie, body: { name: 'Ruling Elder', version: 1 } })).status).toBe(200);
    // Holders' copies of the name follow in a background job, run here by the stream worker.
    await settle();
    const found = await invoke(handler, '/api/role/quickSearch', { query: 'where[name]=ruling', cookie });
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([created.id]);
    expect((await db().entities.userRole.get({ userId: 'demo-participant', roleId: created.id }).go()).data?.roleName).toBe('Ruling Elder');
  });

  it('refuses escalation on update too', async () => {
    const created = (await create(CONFERENCE_ADMIN, churchReader('Scribe'))).body;
    const res = await invoke(handler, `/api/role/${created.id}`, {
      method: 'PATCH',
      cookie: await as(CONFERENCE_ADMIN),
      body: { policies: [{ actions: ['delete'], subjects: ['EpiscopalArea'] }], version: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot grant delete EpiscopalArea.');
  });

  it('never edits or deletes a system role (422), not even for a superadmin', async () => {
    const cookie = await as(SUPERADMIN);
    const edit = await invoke(handler, '/api/role/role-participant', { method: 'PATCH', cookie, body: { name: 'Candidate', version: 1 } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe('System roles cannot be edited.');
    const remove = await invoke(handler, '/api/role', { method: 'DELETE', cookie, body: { id: 'role-participant' } });
    expect(remove.status).toBe(422);
    expect(remove.body.message).toBe('System roles cannot be deleted.');
  });

  it('deletes a custom role and takes it from its holders (their directory list goes too)', async () => {
    const cookie = await as(SUPERADMIN);
    const created = (await create(SUPERADMIN, churchReader('Temporary'))).body;
    expect((await invoke(handler, '/api/role/roles', { method: 'POST', cookie, body: { userIds: ['demo-participant'], roleId: created.id } })).status).toBe(200);
    const list = { scopeId: DEMO_LOCATION_IDS.district1, list: `users:${created.id}` };
    expect((await db().entities.directoryCount.get(list).go()).data?.count).toBe(1);

    expect((await invoke(handler, `/api/role/${created.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await invoke(handler, `/api/role/${created.id}`, { cookie })).status).toBe(404);
    expect((await db().entities.userRole.get({ userId: 'demo-participant', roleId: created.id }).go()).data).toBeNull();
    expect((await db().entities.directoryCount.get(list).go()).data?.count).toBe(0);
    expect((await db().entities.directoryEntry.query.byList(list).go()).data).toHaveLength(0);
  });

  it('refuses to delete a role held by more than 100 users', async () => {
    const created = (await create(SUPERADMIN, churchReader('Crowd'))).body;
    const holders = Array.from({ length: 101 }, (_, i) => ({ userId: `crowd-${i}`, roleId: created.id, roleName: 'Crowd' }));
    await db().entities.userRole.put(holders).go();
    const res = await invoke(handler, `/api/role/${created.id}`, { method: 'DELETE', cookie: await as(SUPERADMIN) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Remove this role from its 101 users before deleting it.');
  });
});

describe('role hierarchy', () => {
  it('gives a church its chain, outermost first', async () => {
    const res = await invoke(handler, `/api/role/hierarchy/Church/${DEMO_LOCATION_IDS.church1}`, { cookie: await as(PARTICIPANT) });
    expect(res.status).toBe(200);
    expect(res.body.map((n: { entity: string }) => n.entity)).toEqual(['Jurisdiction', 'EpiscopalArea', 'Conference', 'District', 'Church']);
    expect(res.body[2]).toEqual({ entity: 'Conference', id: DEMO_LOCATION_IDS.conference1, ancestorIds: [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1] });
    expect(res.body[4].ancestorIds).toHaveLength(5);
  });

  it("gives a user the nodes of their active locations, each once", async () => {
    const res = await invoke(handler, '/api/role/hierarchy/User/demo-district-admin', { cookie: await as(SUPERADMIN) });
    expect(res.body.map((n: { id: string }) => n.id)).toEqual([
      DEMO_LOCATION_IDS.jurisdiction1,
      DEMO_LOCATION_IDS.episcopalArea1,
      DEMO_LOCATION_IDS.conference1,
      DEMO_LOCATION_IDS.district1,
    ]);
    const superadmin = await invoke(handler, '/api/role/hierarchy/User/demo-superadmin', { cookie: await as(SUPERADMIN) });
    expect(superadmin.body).toEqual([]);
  });

  it('answers 404 for a missing entity or a location of another kind, 400 for a subject without a hierarchy', async () => {
    const cookie = await as(SUPERADMIN);
    expect((await invoke(handler, '/api/role/hierarchy/Church/no-such-church', { cookie })).status).toBe(404);
    expect((await invoke(handler, `/api/role/hierarchy/District/${DEMO_LOCATION_IDS.church1}`, { cookie })).status).toBe(404);
    expect((await invoke(handler, '/api/role/hierarchy/User/no-such-user', { cookie })).status).toBe(404);
    const track = await invoke(handler, '/api/role/hierarchy/TrackTemplate/anything', { cookie });
    expect(track.status).toBe(400);
    expect(JSON.stringify(track.body)).toContain('No permission hierarchy for TrackTemplate.');
    expect((await invoke(handler, '/api/role/hierarchy/Nonsense/anything', { cookie })).status).toBe(400);
  });

  it('gives a permission its location chain', async () => {
    const res = await invoke(handler, '/api/role/hierarchy/Permission/demo-participant-permission-1', { cookie: await as(SUPERADMIN) });
    expect(res.body.map((n: { id: string }) => n.id).at(-1)).toBe(DEMO_LOCATION_IDS.district1);
  });
});
