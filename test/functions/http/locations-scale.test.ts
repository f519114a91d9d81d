import { handler as churches } from '../../../functions/http/church/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { requestCounter } from '../../../functions/db/client';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * ARCHITECTURE.md section 5: a page costs the same reads at any table size. Two districts,
 * one with 10 churches and one with 60 (six times as many), must cost the same DynamoDB requests per page.
 */
let superadmin: string;
let conferenceAdmin: string;
const districtIds: Record<'small' | 'big', string> = { small: '', big: '' };

async function addChurches(districtId: string, count: number, label: string): Promise<void> {
  const items = Array.from({ length: count }, (_, index) => ({ name: `${label} Church ${String(index).padStart(3, '0')}`, parentId: districtId }));
  for (let start = 0; start < items.length; start += 25) {
    const res = await invoke(churches, '/api/church/bulk', { method: 'POST', cookie: superadmin, body: items.slice(start, start + 25) });
    expect(res.status).toBe(201);
  }
}

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin] = await Promise.all([cookieFor('superadmin@example.org'), cookieFor('conference.admin@example.org')]);
  for (const [size, count] of [['small', 10], ['big', 60]] as const) {
    const res = await invoke(districts, '/api/district', { method: 'POST', cookie: superadmin, body: { name: `Scale ${size} District`, parentId: DEMO_LOCATION_IDS.conference1 } });
    districtIds[size] = res.body.id;
    await addChurches(res.body.id, count, `Scale ${size}`);
  }
});

async function measure(cookie: string, query: string) {
  await invoke(churches, '/api/church/quickSearch', { cookie, query }); // warm: role cache
  requestCounter.reset();
  const res = await invoke(churches, '/api/church/quickSearch', { cookie, query });
  return { res, counted: requestCounter.snapshot() };
}

describe('quickSearch page cost', () => {
  const queries: Array<[string, (districtId: string) => string]> = [
    ['by name', (id) => `where[parentId]=${id}&limit=10`],
    ['by name, descending', (id) => `where[parentId]=${id}&limit=10&orderBy[name]=DESC`],
    ['by parent name', (id) => `where[parentId]=${id}&limit=10&orderBy[parentName]=ASC`],
    ['a later page', (id) => `where[parentId]=${id}&limit=10&offset=5`],
    ['a word search', (id) => `where[parentId]=${id}&limit=10&where[name]=church`],
  ];

  for (const [label, query] of queries) {
    it(`costs the same for 10 and 60 churches: ${label}`, async () => {
      for (const cookie of [superadmin, conferenceAdmin]) {
        const small = await measure(cookie, query(districtIds.small));
        const big = await measure(cookie, query(districtIds.big));
        expect(small.res.status).toBe(200);
        expect(big.res.status).toBe(200);
        expect(big.res.body.data.length).toBeGreaterThanOrEqual(small.res.body.data.length);
        expect(big.res.body.data.length).toBeGreaterThan(0);
        expect(big.counted.byCommand).toEqual(small.counted.byCommand);
        expect(big.counted.requests).toBe(small.counted.requests);
        // Capacity follows the bytes read: an unbounded Query would read six times as much here.
        expect(big.counted.readCapacity).toBe(small.counted.readCapacity);
        // Four reads and the search rate limit's one counter write.
        expect(big.counted.requests).toBeLessThanOrEqual(5);
      }
    });
  }

  it('still reports the real totals', async () => {
    const small = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${districtIds.small}` });
    const big = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${districtIds.big}` });
    expect(small.body.count).toBe(10);
    expect(big.body.count).toBe(60);
    const search = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${districtIds.big}&where[name]=church&limit=10&offset=20` });
    // A search counts what it found: this page and one more while more matches exist.
    expect(search.body.data).toHaveLength(10);
    expect(search.body.count).toBe(31);
  });
});
