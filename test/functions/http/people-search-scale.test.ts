import { handler as users } from '../../../functions/http/user/handler';
import { requestCounter } from '../../../functions/db/client';
import { seedLarge, type LargeSizes } from '../../../functions/db/seed/large';
import { seedDemo } from '../../support/demo-table';
import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { invoke, type InvokeOptions } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

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

const CASES: Case[] = [
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

interface Measured {
  requests: number;
  readCapacity: number;
  byCommand: Record<string, number>;
  found: number;
}

async function measure(item: Case): Promise<Measured> {
  const cookie = await cookieFor(item.as);
  await invoke(users, item.path, { ...item.options, cookie }); // warm: the role cache
  requestCounter.reset();
  const res = await invoke(users, item.path, { ...item.options, cookie });
  expect(res.status, item.name).toBe(200);
  const { requests, readCapacity, byCommand } = requestCounter.snapshot();
  return { requests, readCapacity, byCommand, found: (res.body as unknown[]).length };
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
}, 300_000);

describe('people search cost: the demo organisation, 400 and 1,000 people of the large seed', () => {
  for (const item of CASES) {
    it(`${item.name}: the same requests; a full page reads the same units`, () => {
      const [demo, fewHundred, thousand] = [measured.demo, measured.fewHundred, measured.thousand].map((at) => at.get(item.name)!);
      expect(fewHundred.found).toBeGreaterThanOrEqual(demo.found);
      expect(fewHundred.byCommand, 'demo against 400').toEqual(demo.byCommand);
      expect(thousand.byCommand, '400 against 1,000').toEqual(fewHundred.byCommand);
      // Entries differ in length by their names: half a unit either way is the rounding of one Query.
      if (item.saturated) expect(thousand.readCapacity, JSON.stringify({ fewHundred, thousand })).toBeLessThanOrEqual(fewHundred.readCapacity + 0.5);
    });
  }

  it('fills the pages it measures (else the comparisons above prove little)', () => {
    const full = (at: Map<string, Measured>) => CASES.filter((item) => at.get(item.name)!.found === item.limit).map((item) => item.name);
    expect(full(measured.fewHundred)).toEqual(expect.arrayContaining([CASES[0].name, CASES[2].name]));
    expect(full(measured.thousand)).toEqual(expect.arrayContaining([CASES[0].name, CASES[1].name, CASES[2].name, CASES[5].name]));
  });
});
