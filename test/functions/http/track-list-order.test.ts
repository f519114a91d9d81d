import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * The Track Templates table merges keyed lists read to `offset + limit + 1` rows: its rows must be
 * merged in the lists' own order (the keys'), or a row the keys put late but the merge puts early
 * falls before the offset of the page that first reads it, and no page ever shows it.
 */
let superadmin: string;
const NAMES = ['Émile Pathway', 'Zeta Pathway', '~ Tilde Pathway', 'Pathway 10', 'Pathway 9', 'Path-way', 'Path way', 'Ab', 'Ab c', 'ab d'];

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
  const body = NAMES.map((name, index) => ({ name, description: 'Order', conferenceId: index % 2 ? ids.conference1 : ids.conference2 }));
  expect((await invoke(tracks, '/api/track/bulk', { method: 'POST', cookie: superadmin, body })).status).toBe(201);
});

async function everyPage(query: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; offset < 200; offset += 3) {
    const res = await invoke(tracks, '/api/track/quickSearch', { cookie: superadmin, query: `limit=3&offset=${offset}${query}` });
    expect(res.status).toBe(200);
    names.push(...res.body.data.map((row: { name: string }) => row.name));
    if (res.body.count <= offset + 3) break;
  }
  return names;
}

describe('paging through the Track Templates table', () => {
  it('shows every track exactly once, whatever its name', async () => {
    for (const query of ['', `&where[conferenceId]=${ids.conference1}`]) {
      const names = await everyPage(query);
      const wanted = query ? NAMES.filter((_, index) => index % 2) : NAMES;
      for (const name of wanted) expect({ query, name, times: names.filter((shown) => shown === name).length }).toEqual({ query, name, times: 1 });
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
