import { handler as users } from '../../../functions/http/user/handler';
import { requestCounter } from '../../../functions/db/client';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { seedLarge, type LargeSizes } from '../../../functions/db/seed/large';
import { seedDemo } from '../../support/demo-table';
import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { invoke, type InvokeOptions } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';

/**
 * People search and Add Mentor's options cost the same on the demo organisation as on a few
 * hundred generated people of the large seed's shape (functions/db/seed/large*.ts: names from
 * its word lists, emails `first.last.n@`, a conference and a district each, some of them a
 * church), and on a thousand: the same requests, and once the page is full the same read units,
 * whatever the matches behind it (issue 9: "with the same cost at 50,000 users as at demo scale").
 * Before the name lists held names only, a user's email and both name orders came back as
 * repeats, each Query short by them, and the search read on: 2 requests on the demo, 5 here.
 */
const sizes = (users: number): LargeSizes => ({ jurisdictions: 4, episcopalAreas: 5, conferences: 7, districts: 13, churches: 66, users });
const FEW_HUNDRED = sizes(400);
const THOUSAND = sizes(1000);

interface Case {
  name: string;
  as: 'superadmin@example.org' | 'conference.admin@example.org';
  path: string;
  options: InvokeOptions;
  /** SPEC.md section 9's limit. */
  limit: number;
  /** Matches enough to fill the page many times over at 400 people: from then on the read stops at its Limit. */
  saturated?: boolean;
}

const search = (purpose: keyof typeof AUTOCOMPLETE_LIMITS, text: string, as: Case['as'] = 'superadmin@example.org'): Case => ({
  name: `people search ${purpose} "${text}" as ${as}`,
  as,
  limit: AUTOCOMPLETE_LIMITS[purpose],
  path: '/api/user/people-search',
  options: { query: `text=${text}&purpose=${purpose}` },
});

const usersPage = (as: Case['as']): Case => ({ name: `users table page as ${as}`, as, limit: 10, path: '/api/user/quickSearch', options: { query: 'limit=10&offset=0' } });

const USERS_PAGES: Case[] = [usersPage('superadmin@example.org'), usersPage('conference.admin@example.org')];

const SEARCHES: Case[] = [
  search('user', 'ma'),
  search('user', 'ma', 'conference.admin@example.org'),
  { ...search('user', 'm'), saturated: true },
  search('advisor', 'ma'),
  search('mentor', 'ma'),
  search('merge', 'm'),
  {
    name: 'mentor options "m" as superadmin',
    as: 'superadmin@example.org',
    limit: AUTOCOMPLETE_LIMITS.mentor,
    path: '/api/user/get-mentor-options',
    options: { method: 'POST', body: { userId: demoUser('participant@example.org').id, mentorSearch: 'm' } },
  },
];

const CASES = [...USERS_PAGES, ...SEARCHES];

interface Measured {
  requests: number;
  readCapacity: number;
  byCommand: Record<string, number>;
  found: number;
  /** The users table: distinct conferences and districts its page names. */
  places?: number;
}

async function measure(item: Case): Promise<Measured> {
  const cookie = await cookieFor(item.as);
  // Warm: the role cache, filled afresh so no entry lapses between the two calls (15 s).
  clearRoleCache();
  await invoke(users, item.path, { ...item.options, cookie });
  requestCounter.reset();
  const res = await invoke(users, item.path, { ...item.options, cookie });
  expect(res.status, item.name).toBe(200);
  const { requests, readCapacity, byCommand } = requestCounter.snapshot();
  if (!Array.isArray(res.body)) {
    const rows = (res.body as { data: Array<{ conferences: Array<{ id: string }>; districts: Array<{ id: string }> }> }).data;
    return { requests, readCapacity, byCommand, found: rows.length, places: new Set(rows.flatMap((row) => [...row.conferences, ...row.districts].map((place) => place.id))).size };
  }
  return { requests, readCapacity, byCommand, found: res.body.length };
}

const measured: Record<'demo' | 'fewHundred' | 'thousand', Map<string, Measured>> = { demo: new Map(), fewHundred: new Map(), thousand: new Map() };

async function measureAll(at: keyof typeof measured): Promise<void> {
  for (const item of CASES) measured[at].set(item.name, await measure(item));
}

beforeAll(async () => {
  await seedDemo();
  await measureAll('demo');
  // The same generator: the thousand begin with the few hundred.
  await seedLarge({ sizes: FEW_HUNDRED, concurrency: 4 });
  await measureAll('fewHundred');
  await seedLarge({ sizes: THOUSAND, concurrency: 4 });
  await measureAll('thousand');
  if (process.env.SHOW_COSTS) for (const item of CASES) console.log(item.name, [measured.demo, measured.fewHundred, measured.thousand].map((at) => JSON.stringify(at.get(item.name))).join(' / '));
});

const costs = (item: Case) => [measured.demo, measured.fewHundred, measured.thousand].map((at) => at.get(item.name)!);

describe('people search cost: the demo organisation, 400 and 1,000 people of the large seed', () => {
  for (const item of SEARCHES) {
    it(`${item.name}: the same requests; a full page reads the same units`, () => {
      const [demo, fewHundred, thousand] = costs(item);
      expect(fewHundred.found).toBeGreaterThanOrEqual(demo.found);
      expect(fewHundred.byCommand, 'demo against 400').toEqual(demo.byCommand);
      expect(thousand.byCommand, '400 against 1,000').toEqual(fewHundred.byCommand);
      // Entries differ in length by their names: half a unit either way is the rounding of one Query.
      if (item.saturated) expect(thousand.readCapacity, JSON.stringify({ fewHundred, thousand })).toBeLessThanOrEqual(fewHundred.readCapacity + 0.5);
    });
  }

  it('fills the pages it measures (else the comparisons above prove little)', () => {
    const full = (at: Map<string, Measured>) => SEARCHES.filter((item) => at.get(item.name)!.found === item.limit).map((item) => item.name);
    const names = (...texts: string[]) => texts.map((text) => SEARCHES.find((item) => item.name.startsWith(text))!.name);
    expect(full(measured.fewHundred)).toEqual(expect.arrayContaining(names('people search user "ma" as superadmin', 'people search user "m"')));
    expect(full(measured.thousand)).toEqual(expect.arrayContaining(names('people search user "ma" as conference', 'people search merge')));
  });
});

/**
 * The users table's page reads its lists and nothing else: each entry carries its user's role,
 * conference and district names (functions/db/directory.ts), so the page is the session and one
 * Query per status list at any size, within ARCHITECTURE.md section 12's 3 reads (and the search
 * rate limit's one write). Before, one BatchGet of the places the rows name followed, half a unit
 * per place: generated people each have their own, so the superadmin's page read 11.5 units at
 * 50,000 users against 4 on the demo. Now a row that names more places is a longer entry, read in
 * the same Queries: the units grow with the page's rows, never with the table.
 */
describe('users table page cost: its lists alone, at any size', () => {
  for (const item of USERS_PAGES) {
    it(`${item.name}: the same requests, within the budget; the units of a page of entries`, () => {
      const [demo, fewHundred, thousand] = costs(item);
      expect(fewHundred.byCommand).toEqual(demo.byCommand);
      expect(thousand.byCommand).toEqual(demo.byCommand);
      expect(demo.byCommand.BatchGetItemCommand ?? 0).toBe(0);
      expect(demo.requests - (demo.byCommand.UpdateItemCommand ?? 0)).toBeLessThanOrEqual(3);
      for (const at of [fewHundred, thousand]) {
        expect(at.places!).toBeLessThanOrEqual(2 * at.found);
        // Two Queries (active and inactive) of at most a page of entries each: a unit either way of the demo's.
        expect(at.readCapacity, JSON.stringify({ demo, at })).toBeLessThanOrEqual(demo.readCapacity + 1);
      }
    });
  }
});

describe('people matched on both name orders', () => {
  it('fill the page in at most two Queries, however many there are', async () => {
    // `mabNN mabNNx` and `mabNNx mabNN`: each person's two names sort side by side, so the first read comes back half repeats.
    const put = (from: number, to: number) =>
      Promise.all(Array.from({ length: to - from }, (_, n) => putTestUser({ firstName: `Mab${from + n}`, lastName: `Mab${from + n}x`, locationId: DEMO_LOCATION_IDS.district1 })));
    const cost = async () => {
      const found = await measure({ ...search('user', 'mab'), name: 'both orders' });
      return { requests: found.requests, found: found.found };
    };
    await put(10, 40);
    const thirty = await cost();
    await put(40, 90);
    // The session, two Queries, and the search rate limit's one counter write.
    expect(thirty).toEqual({ requests: 4, found: AUTOCOMPLETE_LIMITS.user });
    expect(await cost()).toEqual(thirty);
  });
});
