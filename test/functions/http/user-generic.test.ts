import { handler as admin } from '../../../functions/http/admin/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { CANNOT_DEACTIVATE_SELF, EMAIL_IN_USE } from '../../../shared/schemas/user';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** The generic user set (SPEC.md section 7): each call answers as its specific twin, with the same scope rules. */
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let advisor: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, advisor] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org'].map(cookieFor),
  );
});

const storedUser = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;
const ids_ = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

/** The outbox emails to an address (a Scan of this file's small table: test only). */
async function emailsTo(email: string): Promise<number> {
  const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
  return data.filter((item) => item.kind === 'email' && (item.payload as { to: string }).to === email).length;
}

describe('the generic user reads', () => {
  it('list, query, search and get-users-by-current-user answer the users table read, visible users only', async () => {
    const inScope = await putTestUser({ firstName: 'Gina', lastName: 'Genericread', locationId: ids.district1 });
    const outside = await putTestUser({ firstName: 'Gino', lastName: 'Genericread', locationId: ids.conference2 });
    const where = { name: 'genericread' };
    const table = await invoke(users, '/api/user/quickSearch', { cookie: districtAdmin, query: 'where[name]=genericread' });
    expect(ids_(table.body.data)).toEqual([inScope]);

    const query = await invoke(users, '/api/user/query', { method: 'POST', cookie: districtAdmin, body: { where } });
    const search = await invoke(users, '/api/user/search', { method: 'POST', cookie: districtAdmin, body: { where } });
    const byCaller = await invoke(users, '/api/user/get-users-by-current-user', { method: 'POST', cookie: districtAdmin, body: { conditions: where, limit: 10, orderBy: { name: 'DESC' } } });
    expect(query.body).toEqual(table.body.data);
    expect(search.body).toEqual(table.body.data);
    expect(byCaller.body).toEqual(table.body);
    const count = await invoke(users, '/api/user/count', { cookie: districtAdmin, query: 'where[name]=genericread' });
    expect(count.body).toBe(table.body.count);
    expect((await invoke(users, '/api/user/count', { cookie: superadmin, query: 'where[name]=genericread' })).body).toBe(2);
    expect(ids_((await invoke(users, '/api/user/query', { method: 'POST', cookie: superadmin, body: { where } })).body).sort()).toEqual([inScope, outside].sort());

    const page = await invoke(users, '/api/user', { cookie: districtAdmin, query: 'limit=5' });
    const firstPage = await invoke(users, '/api/user/quickSearch', { cookie: districtAdmin, query: 'limit=5' });
    expect(page.body).toEqual(firstPage.body.data);
    // A participant sees nobody's list, as in the users table.
    expect((await invoke(users, '/api/user', { cookie: await cookieFor('participant@example.org') })).status).toBe(403);
    // Conditions the designed lists cannot serve are a 400, never a full read.
    expect((await invoke(users, '/api/user/query', { method: 'POST', cookie: districtAdmin, body: { where: { middleName: 'x' } } })).status).toBe(400);
  });

  it('active-interviewers lists active Interviewers the caller sees, as the users table filtered to them', async () => {
    const active = await putTestUser({ firstName: 'Ivy', lastName: 'Interviewsactive', locationId: ids.district1, role: 'Interviewer' });
    const inactive = await putTestUser({ firstName: 'Ian', lastName: 'Interviewsgone', locationId: ids.district1, role: 'Interviewer', inactive: true });
    const outside = await putTestUser({ firstName: 'Ira', lastName: 'Interviewsfar', locationId: ids.conference2, role: 'Interviewer' });
    const listed = ids_((await invoke(users, '/api/user/active-interviewers', { cookie: districtAdmin })).body);
    expect(listed).toContain(active);
    expect(listed).not.toContain(inactive);
    expect(listed).not.toContain(outside);
  });

  it('GET /user/{id} and get-users/{ids} answer as get-user/{id}: unseen users are 404, or simply absent', async () => {
    const inScope = await putTestUser({ firstName: 'Ida', lastName: 'Idread', locationId: ids.church1 });
    const outside = await putTestUser({ firstName: 'Otto', lastName: 'Idread', locationId: ids.conference2 });
    const twin = await invoke(users, `/api/user/get-user/${inScope}`, { cookie: districtAdmin });
    const generic = await invoke(users, `/api/user/${inScope}`, { cookie: districtAdmin });
    expect(generic.status).toBe(200);
    expect(generic.body).toEqual(twin.body);
    expect((await invoke(users, `/api/user/${outside}`, { cookie: districtAdmin })).status).toBe(404);
    expect((await invoke(users, '/api/user/no-such-user', { cookie: districtAdmin })).status).toBe(404);
    // Literal routes still win over {id}.
    expect((await invoke(users, '/api/user/advisors', { cookie: districtAdmin })).body).toHaveProperty('data');

    const many = await invoke(users, `/api/user/get-users/${outside},${inScope},no-such-user`, { cookie: districtAdmin });
    expect(many.status).toBe(200);
    expect(many.body).toEqual([twin.body]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    expect((await invoke(users, `/api/user/get-users/${tooMany}`, { cookie: districtAdmin })).status).toBe(400);
  });
});

describe('the generic user writes', () => {
  it('PATCH /user saves as PATCH /user/{id}: scope-checked, and a stale version is 409', async () => {
    const userId = await putTestUser({ firstName: 'Pat', lastName: 'Patched', locationId: ids.church1 });
    const first = await invoke(users, '/api/user', { method: 'PATCH', cookie: districtAdmin, body: { id: userId, version: 1, middleName: 'Ann' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: userId, middleName: 'Ann', version: 2 });
    const stale = await invoke(users, '/api/user', { method: 'PATCH', cookie: conferenceAdmin, body: { id: userId, version: 1, middleName: 'Other' } });
    expect(stale.status).toBe(409);
    expect((await storedUser(userId)).middleName).toBe('Ann');
    expect((await invoke(users, '/api/user', { method: 'PATCH', cookie: advisor, body: { id: userId, version: 2, middleName: 'X' } })).status).toBe(403);
    const outside = await putTestUser({ firstName: 'Far', lastName: 'Patched', locationId: ids.conference2 });
    expect((await invoke(users, '/api/user', { method: 'PATCH', cookie: conferenceAdmin, body: { id: outside, version: 1, middleName: 'X' } })).status).toBe(404);
  });

  it('POST /user adds a user as sign-up-user does (claim, location, invitation); bulk is all or nothing', async () => {
    const created = await invoke(users, '/api/user', { method: 'POST', cookie: conferenceAdmin, body: { firstName: 'Cara', lastName: 'Created', email: 'cara.created@example.org', districtLocation: ids.district1 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ firstName: 'Cara', email: 'cara.created@example.org', registered: false });
    expect(await emailsTo('cara.created@example.org')).toBe(1);
    const taken = await invoke(users, '/api/user', { method: 'POST', cookie: conferenceAdmin, body: { firstName: 'Cara', lastName: 'Again', email: 'CARA.created@example.org', districtLocation: ids.district1 } });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain(EMAIL_IN_USE);
    expect((await invoke(users, '/api/user', { method: 'POST', cookie: districtAdmin, body: { firstName: 'O', lastName: 'S', email: 'o.s@example.org', conferenceLocation: ids.conference2 } })).status).toBe(403);

    const bulk = (body: unknown[]) => invoke(users, '/api/user/bulk', { method: 'POST', cookie: conferenceAdmin, body });
    const person = (name: string, extra: Record<string, string> = {}) => ({ firstName: name, lastName: 'Bulk', email: `${name.toLowerCase()}.bulk@example.org`, districtLocation: ids.district1, ...extra });
    // One taken email, or one location out of scope, adds nobody.
    const withTaken = await bulk([person('Bea'), person('Cara', { email: 'cara.created@example.org' })]);
    expect(withTaken.status).toBe(400);
    expect(JSON.stringify(withTaken.body)).toContain('1.email');
    expect((await bulk([person('Bea'), { firstName: 'Bo', lastName: 'Bulk', email: 'bo.bulk@example.org', conferenceLocation: ids.conference2 }])).status).toBe(403);
    expect((await bulk([person('Bea'), person('Bea')])).status).toBe(400);
    expect((await db().entities.userEmail.get({ email: 'bea.bulk@example.org' }).go()).data).toBeNull();
    const added = await bulk([person('Bea'), person('Bo')]);
    expect(added.status).toBe(201);
    expect(added.body.map((user: { email: string }) => user.email)).toEqual(['bea.bulk@example.org', 'bo.bulk@example.org']);
    expect(await emailsTo('bo.bulk@example.org')).toBe(1);
    expect((await bulk(Array.from({ length: 26 }, (_, i) => person(`P${i}`)))).status).toBe(400);
  });

  it('DELETE /user/{id} and DELETE /user deactivate (never erase, never oneself), with deactive-user rules', async () => {
    const [one, two] = await Promise.all(['One', 'Two'].map((lastName) => putTestUser({ firstName: 'Del', lastName, locationId: ids.church1 })));
    const byId = await invoke(users, `/api/user/${one}`, { method: 'DELETE', cookie: districtAdmin });
    expect(byId.status).toBe(204);
    expect(await storedUser(one)).toMatchObject({ inactive: true });
    expect((await invoke(users, '/api/user', { method: 'DELETE', cookie: districtAdmin, body: { id: two } })).status).toBe(204);
    expect(await storedUser(two)).toMatchObject({ inactive: true });
    // Still there: the profile answers, as Inactive.
    expect((await invoke(users, `/api/user/${one}`, { cookie: districtAdmin })).body).toMatchObject({ id: one, inactive: true });

    const self = await invoke(users, `/api/user/${demoUser('district.admin@example.org').id}`, { method: 'DELETE', cookie: districtAdmin });
    expect(self.status).toBe(400);
    expect(JSON.stringify(self.body)).toContain(CANNOT_DEACTIVATE_SELF);
    const outside = await putTestUser({ firstName: 'Del', lastName: 'Far', locationId: ids.conference2 });
    expect((await invoke(users, `/api/user/${outside}`, { method: 'DELETE', cookie: conferenceAdmin })).status).toBe(404);
    expect((await invoke(users, `/api/user/${outside}`, { method: 'DELETE', cookie: advisor })).status).toBe(403);
    expect((await storedUser(outside)).inactive).toBe(false);
  });
});

describe('POST /api/admin/create-user/{userId}', () => {
  it('creates the provider account with its invitation for an unregistered user in scope; refuses others', async () => {
    const userId = await putTestUser({ firstName: 'Acc', lastName: 'Ount', locationId: ids.district1 });
    const { email } = await storedUser(userId);
    const res = await invoke(admin, `/api/admin/create-user/${userId}`, { method: 'POST', cookie: districtAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: userId, registered: false });
    expect(await emailsTo(email)).toBe(1);
    expect((await db().entities.localAccount.get({ email }).go()).data).toMatchObject({ userId });

    const outside = await putTestUser({ firstName: 'Acc', lastName: 'Far', locationId: ids.conference2 });
    expect((await invoke(admin, `/api/admin/create-user/${outside}`, { method: 'POST', cookie: conferenceAdmin })).status).toBe(404);
    expect((await invoke(admin, `/api/admin/create-user/${userId}`, { method: 'POST', cookie: advisor })).status).toBe(403);
  });

  it('answers a registered user as they are, with no invitation', async () => {
    const registered = demoUser('participant@example.org');
    const before = await emailsTo(registered.email);
    const res = await invoke(admin, `/api/admin/create-user/${registered.id}`, { method: 'POST', cookie: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: registered.id });
    expect(await emailsTo(registered.email)).toBe(before);
  });
});
