import { handler as jurisdictions } from '../../../functions/http/jurisdiction/handler';
import { handler as areas } from '../../../functions/http/episcopal-area/handler';
import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { handler as churches } from '../../../functions/http/church/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const ids = DEMO_LOCATION_IDS;
let superadmin: string;
let conferenceAdmin: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, participant] = await Promise.all([
    cookieFor('superadmin@example.org'),
    cookieFor('conference.admin@example.org'),
    cookieFor('participant@example.org'),
  ]);
});

const names = (body: { data: Array<{ name: string }> }) => body.data.map((row) => row.name);

describe('quickSearch as superadmin', () => {
  it('pages every kind by name with the real totals', async () => {
    const expected: Array<[typeof churches, string, string[]]> = [
      [jurisdictions, '/api/jurisdiction/quickSearch', ['South Central Jurisdiction', 'Southeastern Jurisdiction']],
      [areas, '/api/episcopal-area/quickSearch', ['Gulf Plains Episcopal Area', 'Piedmont Episcopal Area']],
      [conferences, '/api/conference/quickSearch', ['Blue Ridge Conference', 'Prairie Rivers Conference']],
      [districts, '/api/district/quickSearch', ['Foothills District', 'High Plains District', 'Lakeside District']],
      [
        churches,
        '/api/church/quickSearch',
        ['Cedar Grove Church', 'Grace Chapel', 'Mount Hope Church', 'Prairie Light Church', 'Riverside Fellowship', 'Wesley Crossing Church'],
      ],
    ];
    for (const [handler, path, all] of expected) {
      const res = await invoke(handler, path, { cookie: superadmin });
      expect(res.status, path).toBe(200);
      expect(names(res.body), path).toEqual(all);
      expect(res.body.count, path).toBe(all.length);
    }
  });

  it('pages with limit and offset, and sorts descending', async () => {
    const page2 = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'limit=10&offset=4' });
    expect(names(page2.body)).toEqual(['Riverside Fellowship', 'Wesley Crossing Church']);
    expect(page2.body.count).toBe(6);
    const desc = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'orderBy[name]=DESC&limit=10' });
    expect(names(desc.body)).toEqual(['Wesley Crossing Church', 'Riverside Fellowship', 'Prairie Light Church', 'Mount Hope Church', 'Grace Chapel', 'Cedar Grove Church']);
    expect(desc.body.count).toBe(6);
  });

  it('sorts by the parent name, then the name, with the parent in each row', async () => {
    const res = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'orderBy[parentName]=ASC' });
    expect(res.body.data.map((row: { parentName: string; name: string }) => `${row.parentName}/${row.name}`)).toEqual([
      'Foothills District/Grace Chapel',
      'Foothills District/Mount Hope Church',
      'High Plains District/Prairie Light Church',
      'High Plains District/Wesley Crossing Church',
      'Lakeside District/Cedar Grove Church',
      'Lakeside District/Riverside Fellowship',
    ]);
    expect(res.body.data[0]).toMatchObject({ id: ids.church1, kind: 'Church', active: true, parentId: ids.district1 });
    expect(res.body.count).toBe(6);
  });

  it('finds locations by a word prefix of their name', async () => {
    const res = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'where[name]=Gr' });
    expect(names(res.body).sort()).toEqual(['Cedar Grove Church', 'Grace Chapel']);
    expect(res.body.count).toBe(2);
    const none = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'where[name]=ace' });
    expect(none.body).toEqual({ data: [], count: 0 });
  });

  it('narrows to one parent', async () => {
    const res = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: `where[parentId]=${ids.district3}` });
    expect(names(res.body)).toEqual(['Prairie Light Church', 'Wesley Crossing Church']);
    expect(res.body.count).toBe(2);
    const count = await invoke(districts, '/api/district/count', { cookie: superadmin, query: `where[parentId]=${ids.conference1}` });
    expect(count.body).toBe(2);
  });

  it('searches, filters by parent and by status for every kind', async () => {
    const cases: Array<[typeof churches, string, string, string, string[]]> = [
      [jurisdictions, 'jurisdiction', 'central', 'system', ['South Central Jurisdiction', 'Southeastern Jurisdiction']],
      [areas, 'episcopal-area', 'gulf', ids.jurisdiction1, ['Piedmont Episcopal Area']],
      [conferences, 'conference', 'rivers', ids.episcopalArea2, ['Prairie Rivers Conference']],
      [districts, 'district', 'plains', ids.conference1, ['Foothills District', 'Lakeside District']],
      [churches, 'church', 'wesley', ids.district2, ['Cedar Grove Church', 'Riverside Fellowship']],
    ];
    for (const [handler, service, word, parentId, children] of cases) {
      const search = await invoke(handler, `/api/${service}/quickSearch`, { cookie: superadmin, query: `where[name]=${word}` });
      expect(search.body.count, service).toBe(1);
      expect(search.body.data[0].name.toLowerCase(), service).toContain(word);
      const underParent = await invoke(handler, `/api/${service}/quickSearch`, { cookie: superadmin, query: `where[parentId]=${parentId}` });
      expect(names(underParent.body), service).toEqual(children);
      expect(underParent.body.count, service).toBe(children.length);
      const inactive = await invoke(handler, `/api/${service}/quickSearch`, { cookie: superadmin, query: 'where[active]=false' });
      expect(inactive.body, service).toEqual({ data: [], count: 0 });
      const count = await invoke(handler, `/api/${service}/count`, { cookie: superadmin, query: `where[name]=${word}` });
      expect(count.body, service).toBe(1);
    }
  });

  it('shows an episcopal area with its conferences', async () => {
    const res = await invoke(areas, '/api/episcopal-area/quickSearch', { cookie: superadmin });
    expect(res.body.data[1]).toMatchObject({ name: 'Piedmont Episcopal Area', parentName: 'Southeastern Jurisdiction', conferences: ['Blue Ridge Conference'] });
  });
});

describe('quickSearch as a conference admin', () => {
  it('sees only Blue Ridge districts and churches', async () => {
    const res = await invoke(districts, '/api/district/quickSearch', { cookie: conferenceAdmin });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Foothills District', 'Lakeside District']);
    expect(res.body.count).toBe(2);
    const all = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: 'limit=50' });
    expect(names(all.body)).toEqual(['Cedar Grove Church', 'Grace Chapel', 'Mount Hope Church', 'Riverside Fellowship']);
    expect(all.body.count).toBe(4);
    expect((await invoke(churches, '/api/church/count', { cookie: conferenceAdmin })).body).toBe(4);
  });

  it('sees their own conference but not the other one', async () => {
    const res = await invoke(conferences, '/api/conference/quickSearch', { cookie: conferenceAdmin });
    expect(names(res.body)).toEqual(['Blue Ridge Conference']);
    expect(res.body.count).toBe(1);
  });

  it('is refused a filter on Prairie Rivers', async () => {
    const res = await invoke(districts, '/api/district/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${ids.conference2}` });
    expect(res.status).toBe(403);
  });
});

describe('quickSearch as a participant', () => {
  it('is refused the admin tables', async () => {
    expect((await invoke(churches, '/api/church/quickSearch', { cookie: participant })).status).toBe(403);
    expect((await invoke(conferences, '/api/conference/count', { cookie: participant })).status).toBe(403);
  });
});

describe('list parameters outside the designed lists', () => {
  it('answers 400 with what is accepted', async () => {
    const cases: Array<[string, string]> = [
      ['where[email]=x', 'where accepts name, parentId, active'],
      ['orderBy[createdAt]=ASC', 'orderBy accepts name, parentName'],
      ['relations=children', 'relations accepts parent'],
      ['offset=1001', 'Narrow the list with search or a filter to go past row 1000.'],
    ];
    for (const [query, message] of cases) {
      const res = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    const jurisdictionSort = await invoke(jurisdictions, '/api/jurisdiction/quickSearch', { cookie: superadmin, query: 'orderBy[name]=ASC' });
    expect(jurisdictionSort.status).toBe(400);
    expect(JSON.stringify(jurisdictionSort.body)).toContain('orderBy accepts nothing');
  });
});
