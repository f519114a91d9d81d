import { handler as areas } from '../../../functions/http/episcopal-area/handler';
import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { handler as churches } from '../../../functions/http/church/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { settle } from '../../support/settle';

const ids = DEMO_LOCATION_IDS;
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, participant] = await Promise.all([
    cookieFor('superadmin@example.org'),
    cookieFor('conference.admin@example.org'),
    cookieFor('district.admin@example.org'),
    cookieFor('participant@example.org'),
  ]);
});

const names = (body: { data: Array<{ name: string }> }) => body.data.map((row) => row.name);
const churchCount = async (cookie: string, query = '') => (await invoke(churches, '/api/church/count', { cookie, query })).body as number;

describe('creating a location', () => {
  it('lets a conference admin create a church in their district, found by a word prefix and counted', async () => {
    const before = await churchCount(conferenceAdmin);
    const res = await invoke(churches, '/api/church', { method: 'POST', cookie: conferenceAdmin, body: { name: 'Bethel Springs Church', parentId: ids.district1 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'Church', name: 'Bethel Springs Church', active: true, version: 1, parent: { id: ids.district1, kind: 'District', name: 'Foothills District' } });
    expect(res.body.ancestorIds).toEqual([ids.jurisdiction1, ids.episcopalArea1, ids.conference1, ids.district1, res.body.id]);

    const found = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: 'where[name]=spri' });
    expect(found.body.data).toEqual([expect.objectContaining({ id: res.body.id, name: 'Bethel Springs Church', parentName: 'Foothills District' })]);
    expect(await churchCount(conferenceAdmin)).toBe(before + 1);
    expect(await churchCount(superadmin)).toBe(7);
    const inDistrict = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${ids.district1}` });
    expect(inDistrict.body.count).toBe(3);
  });

  it('refuses a conference admin a district in Prairie Rivers, and a participant anything', async () => {
    const other = await invoke(districts, '/api/district', { method: 'POST', cookie: conferenceAdmin, body: { name: 'Sandhills District', parentId: ids.conference2 } });
    expect(other.status).toBe(403);
    const byParticipant = await invoke(churches, '/api/church', { method: 'POST', cookie: participant, body: { name: 'Participant Chapel', parentId: ids.district1 } });
    expect(byParticipant.status).toBe(403);
    const search = await invoke(districts, '/api/district/quickSearch', { cookie: superadmin, query: 'where[name]=sandhills' });
    expect(search.body.count).toBe(0);
  });

  it('requires a parent of the kind just above, active, and a name unique among its siblings', async () => {
    const wrongKind = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: 'Somewhere', parentId: ids.conference1 } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.fieldErrors ?? wrongKind.body).toMatchObject({ parentId: ['Location is required'] });
    const missing = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: 'Somewhere', parentId: 'no-such-district' } });
    expect(missing.status).toBe(400);
    const noName = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: '   ', parentId: ids.district1 } });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('Name is required.');
    const duplicate = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: 'grace CHAPEL', parentId: ids.district1 } });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.body)).toContain('A church with this name already exists here.');
    // The same name under another district is fine.
    const elsewhere = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: 'Grace Chapel', parentId: ids.district2 } });
    expect(elsewhere.status).toBe(201);
  });

  it('adds a new conference to its episcopal area', async () => {
    const res = await invoke(conferences, '/api/conference', { method: 'POST', cookie: superadmin, body: { name: 'Appalachian Conference', parentId: ids.episcopalArea1 } });
    expect(res.status).toBe(201);
    const area = await invoke(areas, `/api/episcopal-area/${ids.episcopalArea1}`, { cookie: superadmin });
    expect(area.body.conferences).toEqual(['Appalachian Conference', 'Blue Ridge Conference']);
    const rows = await invoke(areas, '/api/episcopal-area/quickSearch', { cookie: superadmin, query: 'where[name]=piedmont' });
    expect(rows.body.data[0].conferences).toEqual(['Appalachian Conference', 'Blue Ridge Conference']);
  });
});

describe('bulk create', () => {
  it('writes nothing when one item is bad', async () => {
    const before = await churchCount(superadmin);
    const res = await invoke(churches, '/api/church/bulk', {
      method: 'POST',
      cookie: superadmin,
      body: [
        { name: 'Bulk One Church', parentId: ids.district2 },
        { name: 'Bulk Two Church', parentId: ids.conference1 },
        { name: 'Bulk One church', parentId: ids.district2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors ?? res.body).toMatchObject({ '1.parentId': ['Location is required'], '2.name': ['A church with this name already exists here.'] });
    expect(await churchCount(superadmin)).toBe(before);
    const search = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'where[name]=bulk' });
    expect(search.body.count).toBe(0);
  });

  it('creates every item when all are good', async () => {
    const before = await churchCount(superadmin);
    const res = await invoke(churches, '/api/church/bulk', {
      method: 'POST',
      cookie: superadmin,
      body: [
        { name: 'Bulk Alpha Church', parentId: ids.district2 },
        { name: 'Bulk Beta Church', parentId: ids.district3 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.map((view: { name: string }) => view.name)).toEqual(['Bulk Alpha Church', 'Bulk Beta Church']);
    expect(await churchCount(superadmin)).toBe(before + 2);
  });
});

describe('updating a location', () => {
  it('answers 409 to a stale version and keeps the newer change', async () => {
    const created = await invoke(churches, '/api/church', { method: 'POST', cookie: superadmin, body: { name: 'Stale Test Church', parentId: ids.district2 } });
    const first = await invoke(churches, `/api/church/${created.body.id}`, { method: 'PATCH', cookie: superadmin, body: { version: 1, name: 'Fresh Test Church' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Fresh Test Church', version: 2 });
    const stale = await invoke(churches, '/api/church', { method: 'PATCH', cookie: superadmin, body: { id: created.body.id, version: 1, name: 'Stale Again Church' } });
    expect(stale.status).toBe(409);
    const current = await invoke(churches, `/api/church/${created.body.id}`, { cookie: superadmin });
    expect(current.body).toMatchObject({ name: 'Fresh Test Church', version: 2 });
    const search = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'where[name]=stale' });
    expect(search.body.count).toBe(0);
  });

  it('renames a district: its rows, its churches parent name and their rows follow', async () => {
    const { data: district } = await db().entities.location.get({ locationId: ids.district2 }).go();
    const res = await invoke(districts, `/api/district/${ids.district2}`, { method: 'PATCH', cookie: conferenceAdmin, body: { version: district!.version, name: 'Lakeshore District' } });
    expect(res.status).toBe(200);
    // The churches' copies of the name follow in a background job, run here by the stream worker.
    expect(res.body.jobId).toEqual(expect.any(String));
    await settle();
    const found = await invoke(districts, '/api/district/quickSearch', { cookie: conferenceAdmin, query: 'where[name]=lakes' });
    expect(names(found.body)).toEqual(['Lakeshore District']);
    const old = await invoke(districts, '/api/district/quickSearch', { cookie: conferenceAdmin, query: 'where[name]=lakesi' });
    expect(old.body.count).toBe(0);
    const children = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: `where[parentId]=${ids.district2}&limit=50` });
    expect(children.body.data.length).toBeGreaterThan(1);
    expect(children.body.data.every((row: { parentName: string }) => row.parentName === 'Lakeshore District')).toBe(true);
    const byParent = await invoke(churches, '/api/church/quickSearch', { cookie: superadmin, query: 'orderBy[parentName]=DESC&limit=50' });
    const parentNames = byParent.body.data.map((row: { parentName: string }) => row.parentName);
    expect(parentNames).not.toContain('Lakeside District');
    expect(parentNames[0]).toBe('Lakeshore District');
    const { data: church } = await db().entities.location.get({ locationId: 'loc-riverside-fellowship' }).go();
    expect(church!.parentName).toBe('Lakeshore District');
  });

  it('refuses a rename to a sibling name and a church id on the district route', async () => {
    const { data: district } = await db().entities.location.get({ locationId: ids.district1 }).go();
    const clash = await invoke(districts, `/api/district/${ids.district1}`, { method: 'PATCH', cookie: superadmin, body: { version: district!.version, name: 'LAKESHORE district' } });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.body)).toContain('A district with this name already exists here.');
    expect((await invoke(districts, `/api/district/${ids.church1}`, { cookie: superadmin })).status).toBe(404);
    expect((await invoke(districts, `/api/district/${ids.church1}`, { method: 'PATCH', cookie: superadmin, body: { version: 1, active: false } })).status).toBe(404);
    expect((await invoke(districts, '/api/district/no-such-id', { cookie: superadmin })).status).toBe(404);
  });

  it("renaming a church renames it on its members' memberships", async () => {
    const { data: church } = await db().entities.location.get({ locationId: ids.church1 }).go();
    const res = await invoke(churches, `/api/church/${ids.church1}`, { method: 'PATCH', cookie: districtAdmin, body: { version: church!.version, name: 'Grace Chapel on the Hill' } });
    expect(res.status).toBe(200);
    await settle();
    const { data: members } = await db().entities.churchMembership.query.byChurch({ churchId: ids.church1 }).go();
    expect(members.length).toBeGreaterThan(0);
    expect(members.map((membership) => membership.churchName)).toEqual(members.map(() => 'Grace Chapel on the Hill'));
  });

  it('renaming a conference renames it in its episcopal area', async () => {
    const { data: conference } = await db().entities.location.get({ locationId: ids.conference2 }).go();
    const res = await invoke(conferences, `/api/conference/${ids.conference2}`, { method: 'PATCH', cookie: superadmin, body: { version: conference!.version, name: 'Great Prairie Conference' } });
    expect(res.status).toBe(200);
    await settle();
    const area = await invoke(areas, `/api/episcopal-area/${ids.episcopalArea2}`, { cookie: superadmin });
    expect(area.body.conferences).toEqual(['Great Prairie Conference']);
    const districtsOf = await invoke(districts, '/api/district/quickSearch', { cookie: superadmin, query: `where[parentId]=${ids.conference2}` });
    expect(districtsOf.body.data[0].parentName).toBe('Great Prairie Conference');
    // The byKind index sorts by the new name (its key was rebuilt with the rename).
    const active = await invoke(conferences, '/api/conference/active-conferences', { cookie: superadmin });
    expect(active.body.map((row: { name: string }) => row.name)).toEqual(['Appalachian Conference', 'Blue Ridge Conference', 'Great Prairie Conference']);
  });
  it('ten conferences created at once under one area all land in its conference names', async () => {
    const names = Array.from({ length: 10 }, (_, index) => `Concurrent Conference ${index + 1}`);
    const results = await Promise.all(names.map((name) => invoke(conferences, '/api/conference', { method: 'POST', cookie: superadmin, body: { name, parentId: ids.episcopalArea1 } })));
    expect(results.map((res) => res.status)).toEqual(names.map(() => 201));
    // Ten at once contend for the area's projection: the stream finishes what the fast paths left.
    await settle();
    const area = await invoke(areas, `/api/episcopal-area/${ids.episcopalArea1}`, { cookie: superadmin });
    expect(area.body.conferences).toEqual(expect.arrayContaining(names));
  });

});

describe('deactivating a location', () => {
  it('moves it to the inactive list, the counts follow, and repeating it changes nothing', async () => {
    const activeBefore = await churchCount(conferenceAdmin);
    const inactiveBefore = await churchCount(conferenceAdmin, 'where[active]=false');
    const res = await invoke(churches, `/api/church/loc-mount-hope-church`, { method: 'DELETE', cookie: districtAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: false });
    const again = await invoke(churches, '/api/church', { method: 'DELETE', cookie: districtAdmin, body: { id: 'loc-mount-hope-church' } });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(res.body.version);

    expect(await churchCount(conferenceAdmin)).toBe(activeBefore - 1);
    expect(await churchCount(conferenceAdmin, 'where[active]=false')).toBe(inactiveBefore + 1);
    const inactive = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: 'where[active]=false' });
    expect(names(inactive.body)).toContain('Mount Hope Church');
    const active = await invoke(churches, '/api/church/quickSearch', { cookie: conferenceAdmin, query: 'limit=50' });
    expect(names(active.body)).not.toContain('Mount Hope Church');
    const filter = await invoke(churches, `/api/church/${ids.district1}/filter`, { cookie: conferenceAdmin });
    expect(filter.body.map((row: { name: string }) => row.name)).not.toContain('Mount Hope Church');
  });

  it('reactivates by PATCH active=true', async () => {
    const { data: church } = await db().entities.location.get({ locationId: 'loc-mount-hope-church' }).go();
    const res = await invoke(churches, '/api/church', { method: 'PATCH', cookie: districtAdmin, body: { id: 'loc-mount-hope-church', version: church!.version, active: true } });
    expect(res.status).toBe(200);
    const active = await invoke(churches, '/api/church/quickSearch', { cookie: districtAdmin, query: 'where[name]=hope' });
    expect(names(active.body)).toEqual(['Mount Hope Church']);
  });

  it('drops a deactivated conference from its area, and refuses a district admin deleting districts', async () => {
    const created = await invoke(conferences, '/api/conference', { method: 'POST', cookie: superadmin, body: { name: 'Short Lived Conference', parentId: ids.episcopalArea2 } });
    expect((await invoke(areas, `/api/episcopal-area/${ids.episcopalArea2}`, { cookie: superadmin })).body.conferences).toContain('Short Lived Conference');
    await invoke(conferences, `/api/conference/${created.body.id}`, { method: 'DELETE', cookie: superadmin });
    expect((await invoke(areas, `/api/episcopal-area/${ids.episcopalArea2}`, { cookie: superadmin })).body.conferences).not.toContain('Short Lived Conference');
    expect((await invoke(districts, `/api/district/${ids.district1}`, { method: 'DELETE', cookie: districtAdmin })).status).toBe(403);
  });
});
