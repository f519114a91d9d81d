import { handler as users } from '../../../functions/http/user/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { requestCounter } from '../../../functions/db/client';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { userApi } from '../../../shared/api/user';
import { putTestUser } from '../../support/test-users';

/**
 * The users table (SPEC.md section 2, /users): visibility of section 5, sorts, filters and
 * search on the server, and ARCHITECTURE.md section 5's promise that a page costs the same
 * reads at any size (a district of 12 users against one of 48).
 */
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
const scaleDistricts = { small: '', big: '' };
let inactiveUserId: string;
let otherConferenceUserId: string;

const page = (cookie: string, query = '') => invoke(users, '/api/user/quickSearch', { cookie, query });
const idsOf = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((row) => row.id);

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin] = await Promise.all(['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org'].map(cookieFor));
  for (const [size, count] of [['small', 12], ['big', 48]] as const) {
    const res = await invoke(districts, '/api/district', { method: 'POST', cookie: superadmin, body: { name: `Users ${size} District`, parentId: ids.conference1 } });
    scaleDistricts[size] = res.body.id;
    for (let start = 0; start < count; start += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, count - start) }, (_, index) =>
          putTestUser({ firstName: `Ada${start + index}`, lastName: `Scaleperson ${size}`, locationId: res.body.id, role: (start + index) % 3 ? 'Participant' : 'Advisor' }),
        ),
      );
    }
  }
  inactiveUserId = await putTestUser({ firstName: 'Ina', lastName: 'Gone', locationId: ids.district1, inactive: true });
  otherConferenceUserId = await putTestUser({ firstName: 'Otto', lastName: 'Prairie', locationId: ids.conference2 });
});

describe('GET /api/user/quickSearch', () => {
  it('shows a superadmin everyone with roles, status, conference and district names and the total', async () => {
    const res = await page(superadmin, 'limit=50&where[name]=raman');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        email: 'participant@example.org',
        status: 'Active',
        roles: [{ id: systemRoleByName('Participant').id, name: 'Participant' }],
        conferences: [{ id: ids.conference1, name: 'Blue Ridge Conference' }],
        districts: [{ id: ids.district1, name: 'Foothills District' }],
      }),
    ]);
    const all = await page(superadmin, 'limit=10');
    expect(all.body.count).toBeGreaterThanOrEqual(7 + 12 + 48 + 2);
  });

  it('limits a conference admin to their conference; another conference is 403', async () => {
    const listed = await page(conferenceAdmin, 'limit=50&where[name]=prairie');
    expect(idsOf(listed)).not.toContain(otherConferenceUserId);
    expect((await page(conferenceAdmin, `where[conferenceId]=${ids.conference2}`)).status).toBe(403);
    expect(idsOf(await page(superadmin, `where[conferenceId]=${ids.conference2}`))).toContain(otherConferenceUserId);
  });

  it('limits a district admin to their district, and a filter on their conference to it', async () => {
    const res = await page(districtAdmin, `limit=50&where[conferenceId]=${ids.conference1}`);
    expect(res.status).toBe(200);
    expect(res.body.data.every((row: { districts: Array<{ id: string }> }) => row.districts.some((d) => d.id === ids.district1))).toBe(true);
    expect((await page(districtAdmin, `where[districtId]=${scaleDistricts.big}`)).status).toBe(403);
  });

  it('sorts by name, email and creation time in both directions', async () => {
    const query = `limit=50&where[districtId]=${scaleDistricts.small}`;
    const byName = (await page(superadmin, `${query}&orderBy[name]=DESC`)).body.data.map((row: { firstName: string; lastName: string }) => `${row.lastName} ${row.firstName}`.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    const byEmail = (await page(superadmin, `${query}&orderBy[email]=ASC`)).body.data.map((row: { email: string }) => row.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byCreated = (await page(superadmin, `${query}&orderBy[createdAt]=DESC`)).body.data.map((row: { createdAt: string }) => row.createdAt);
    expect(byCreated).toEqual([...byCreated].sort().reverse());
    expect((await page(superadmin, 'orderBy[roles]=ASC')).status).toBe(400);
  });

  it('filters by status, role and district, and searches by word prefix', async () => {
    const inactive = await page(superadmin, `limit=50&where[status]=Inactive&where[districtId]=${ids.district1}`);
    expect(idsOf(inactive)).toEqual([inactiveUserId]);
    expect(inactive.body.count).toBe(1);
    expect(idsOf(await page(superadmin, `limit=50&where[status]=Active&where[districtId]=${ids.district1}`))).not.toContain(inactiveUserId);
    expect(idsOf(await page(superadmin, `limit=50&where[districtId]=${ids.district1}`))).toContain(inactiveUserId);

    const advisors = await page(superadmin, `limit=50&where[roleId]=${systemRoleByName('Advisor').id}&where[districtId]=${scaleDistricts.small}`);
    expect(advisors.body.count).toBe(4);
    expect(advisors.body.data.every((row: { roles: Array<{ name: string }> }) => row.roles.some((role) => role.name === 'Advisor'))).toBe(true);

    const searched = await page(superadmin, `limit=50&where[name]=scaleperson sm`);
    expect(searched.body.data).toHaveLength(12);
    expect((await page(superadmin, `where[name]=caleperson`)).body.data).toEqual([]);
    // Email starts too (the email list beside the names), each person once.
    const byEmail = await page(superadmin, `limit=50&where[name]=${encodeURIComponent('participant@exa')}`);
    expect(byEmail.body.data.map((row: { email: string }) => row.email)).toEqual(['participant@example.org']);
    const both = idsOf(await page(superadmin, `limit=50&where[name]=ada1`));
    expect(both.length).toBeGreaterThan(2);
    expect(new Set(both).size).toBe(both.length);
    expect((await page(superadmin, `where[status]=Gone`)).status).toBe(400);
  });

  it('lists nobody for a district outside the named conference', async () => {
    const res = await page(superadmin, `where[conferenceId]=${ids.conference2}&where[districtId]=${ids.district1}`);
    expect(res.body).toEqual({ data: [], count: 0 });
  });
});

describe('users table page cost', () => {
  async function measure(cookie: string, query: string) {
    // Warm: the role cache, filled afresh so no entry lapses between the two calls (15 s).
    clearRoleCache();
    await page(cookie, query);
    requestCounter.reset();
    const res = await page(cookie, query);
    return { res, counted: requestCounter.snapshot() };
  }

  const queries: Array<[string, string]> = [
    ['by name', ''],
    ['by name, descending', '&orderBy[name]=DESC'],
    ['by email', '&orderBy[email]=ASC'],
    ['by creation, descending', '&orderBy[createdAt]=DESC'],
    ['a later page', '&offset=5'],
    ['one role', `&where[roleId]=${systemRoleByName('Participant').id}`],
    ['active only', '&where[status]=Active'],
    ['a word search', '&where[name]=scale'],
  ];

  for (const [label, query] of queries) {
    it(`costs the same for 12 and 48 users: ${label}`, async () => {
      for (const cookie of [superadmin, conferenceAdmin]) {
        const small = await measure(cookie, `limit=5&where[districtId]=${scaleDistricts.small}${query}`);
        const big = await measure(cookie, `limit=5&where[districtId]=${scaleDistricts.big}${query}`);
        expect(small.res.status).toBe(200);
        expect(big.res.body.data.length).toBeGreaterThan(0);
        expect(big.counted.byCommand).toEqual(small.counted.byCommand);
        expect(big.counted.readCapacity).toBe(small.counted.readCapacity);
        // The session, the filtered district, one Query per status list (a search: its name and its email list), the counters
        // (descending: one BatchGet) and the search rate limit's one counter write. The rows' names come with their entries.
        expect(big.counted.requests).toBeLessThanOrEqual(label === 'a word search' ? 7 : 6);
      }
    });
  }
});

/**
 * ARCHITECTURE.md section 12: a call reads with at most 3 DynamoDB requests. The users table's first
 * page (SPEC.md section 2, as the page opens: no filter, 10 rows) is the session's one Query and one
 * Query each of the caller's active and inactive lists: every row's role, conference and district names
 * come with its entry (functions/db/directory.ts), so nothing else is read. For every role that can open
 * the table, through both of its routes; a route with a rate limit (quickSearch: searches) adds its
 * counter's one write and nothing else. Those who cannot open the table are refused before any list is read.
 */
describe('users table first page: within the read budget for every role that opens it', () => {
  const BUDGET = 3;
  const OPENERS = ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'mentor@example.org', 'interviewer@example.org'];
  const firstPages = [
    {
      route: 'POST get-users-by-current-user',
      writes: userApi.getUsersByCurrentUser.rateLimit ? 1 : 0,
      call: (cookie: string) => invoke(users, '/api/user/get-users-by-current-user', { method: 'POST', cookie, body: { conditions: {}, limit: 10, offset: 0 } }),
    },
    { route: 'GET quickSearch', writes: userApi.quickSearch.rateLimit ? 1 : 0, call: (cookie: string) => page(cookie, 'limit=10&offset=0') },
  ];

  async function firstPageCost(cookie: string, call: (cookie: string) => Promise<{ status: number; body: any }>) {
    // Warm: the role cache, filled afresh so no entry lapses between the two calls (15 s).
    clearRoleCache();
    await call(cookie);
    requestCounter.reset();
    const res = await call(cookie);
    return { res, counted: requestCounter.snapshot() };
  }

  const others = async () => ({
    Bishop: await cookieForUser(await putTestUser({ firstName: 'Bea', lastName: 'Budget', locationId: ids.episcopalArea1, role: 'Bishop' })),
    'District Superintendent': await cookieForUser(await putTestUser({ firstName: 'Dov', lastName: 'Budget', locationId: ids.district1, role: 'DistrictSuperintendent' })),
  });

  for (const { route, call, writes } of firstPages) {
    it(`${route}: ${BUDGET} reads or fewer, names included`, async () => {
      const callers: Record<string, string> = { ...Object.fromEntries(await Promise.all(OPENERS.map(async (email) => [email, await cookieFor(email)]))), ...(await others()) };
      for (const [who, cookie] of Object.entries(callers)) {
        const { res, counted } = await firstPageCost(cookie, call);
        expect(res.status, who).toBe(200);
        expect(res.body.data.length, who).toBeGreaterThan(0);
        // The names are on the rows: the read budget was not met by leaving them out.
        expect(res.body.data.some((row: { roles: unknown[]; districts: unknown[] }) => row.roles.length > 0 && row.districts.length > 0), who).toBe(true);
        const cost = `${who}: ${JSON.stringify(counted.byCommand)}`;
        expect(counted.byCommand.UpdateItemCommand ?? 0, cost).toBe(writes);
        expect(counted.requests - writes, cost).toBeLessThanOrEqual(BUDGET);
      }
    });
  }

  it('refuses those who cannot open the table before reading a list', async () => {
    const { res, counted } = await firstPageCost(await cookieFor('participant@example.org'), firstPages[0].call);
    expect(res.status).toBe(403);
    // The session alone.
    expect(counted.requests).toBe(1);
  });
});
