import { handler as admin } from '../../../functions/http/admin/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { CANNOT_DEACTIVATE_SELF } from '../../../shared/schemas/user';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** Confirm User Deactivation and reactivation (SPEC.md sections 2, 4 and 8). */
let conferenceAdmin: string;
let districtAdmin: string;

beforeAll(async () => {
  await seedDemo();
  [conferenceAdmin, districtAdmin] = await Promise.all([cookieFor('conference.admin@example.org'), cookieFor('district.admin@example.org')]);
});

const post = (path: string, cookie: string, ids: string[]) => invoke(admin, `/api/admin/${path}`, { method: 'POST', cookie, body: { ids } });
const statusIn = async (userId: string, status: 'Active' | 'Inactive') => {
  const res = await invoke(users, '/api/user/quickSearch', { cookie: conferenceAdmin, query: `limit=50&where[status]=${status}&where[districtId]=${ids.district1}` });
  return res.body.data.some((row: { id: string }) => row.id === userId);
};

describe('GET /api/user/get-user/{id}', () => {
  it('answers the profile basics and status to a caller who sees the user, and 404 to anyone else', async () => {
    const userId = await putTestUser({ firstName: 'Gia', lastName: 'Seen', locationId: ids.district1 });
    const res = await invoke(users, `/api/user/get-user/${userId}`, { cookie: districtAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: userId, firstName: 'Gia', inactive: false, registered: false, roles: [{ name: 'Participant', system: true }] });
    expect((await invoke(users, `/api/user/get-user/${userId}`, { cookie: await cookieFor('participant@example.org') })).status).toBe(404);
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Hidden', locationId: ids.conference2 });
    expect((await invoke(users, `/api/user/get-user/${elsewhere}`, { cookie: conferenceAdmin })).status).toBe(404);
  });
});

describe('POST /api/admin/deactive-user and reactivate-user', () => {
  it('deactivates: the open session is refused on its next request, the user moves to the inactive list; reactivation moves them back', async () => {
    const userId = await putTestUser({ firstName: 'Dee', lastName: 'Activated', locationId: ids.church1 });
    const { token } = await openSession(userId, { secondFactor: false });
    const theirCookie = `${sessionCookieName()}=${token}`;
    expect((await invoke(users, '/api/user/user', { cookie: theirCookie })).status).toBe(200);

    const res = await post('deactive-user', districtAdmin, [userId]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ids: [userId] });
    expect((await invoke(users, '/api/user/user', { cookie: theirCookie })).status).toBe(401);
    expect(await statusIn(userId, 'Inactive')).toBe(true);
    expect(await statusIn(userId, 'Active')).toBe(false);

    expect((await post('reactivate-user', conferenceAdmin, [userId])).status).toBe(200);
    const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
    expect(data?.inactive).toBe(false);
    expect(await statusIn(userId, 'Active')).toBe(true);
    // Reactivation does not bring old cookies back.
    expect((await invoke(users, '/api/user/user', { cookie: theirCookie })).status).toBe(401);
  });

  it("refuses the caller's own account with SPEC's message and changes nobody", async () => {
    const other = await putTestUser({ firstName: 'Not', lastName: 'Changed', locationId: ids.district1 });
    const res = await post('deactive-user', conferenceAdmin, [other, demoUser('conference.admin@example.org').id]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(CANNOT_DEACTIVATE_SELF);
    expect(await statusIn(other, 'Active')).toBe(true);
  });

  it('refuses users outside the caller scope (404) and callers without the right (403), changing nobody', async () => {
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Away', locationId: ids.conference2 });
    const near = await putTestUser({ firstName: 'Near', lastName: 'By', locationId: ids.district1 });
    expect((await post('deactive-user', conferenceAdmin, [near, elsewhere])).status).toBe(404);
    expect(await statusIn(near, 'Active')).toBe(true);
    expect((await post('deactive-user', await cookieFor('advisor@example.org'), [near])).status).toBe(403);
    expect((await post('deactive-user', await cookieFor('participant@example.org'), [near])).status).toBe(403);
  });
});
