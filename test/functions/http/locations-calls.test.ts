import { handler as areas } from '../../../functions/http/episcopal-area/handler';
import { handler as jurisdictions } from '../../../functions/http/jurisdiction/handler';
import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { handler as churches } from '../../../functions/http/church/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { listAdvisors } from '../../../functions/core/users/advisors';
import { openSession } from '../../../functions/core/session/open-session';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { desiredUserEntries } from '../../../functions/core/users/user-projector';
import { applyCountDeltas, directoryChanges, writeDirectoryEntries } from '../../support/directory-writes';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

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

const rowNames = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

describe('reading one location', () => {
  it('answers with the parent and the area conferences', async () => {
    const res = await invoke(districts, `/api/district/${ids.district1}`, { cookie: conferenceAdmin, query: 'relations=parent' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.district1, kind: 'District', name: 'Foothills District', parent: { id: ids.conference1, kind: 'Conference', name: 'Blue Ridge Conference' } });
    const jurisdiction = await invoke(jurisdictions, `/api/jurisdiction/${ids.jurisdiction1}`, { cookie: superadmin });
    expect(jurisdiction.body.parent).toBeNull();
    const area = await invoke(areas, `/api/episcopal-area/${ids.episcopalArea1}`, { cookie: superadmin });
    expect(area.body.conferences).toEqual(['Blue Ridge Conference']);
  });

  it('lets a district admin read their conference (upwards) but not another district or conference', async () => {
    expect((await invoke(conferences, `/api/conference/${ids.conference1}`, { cookie: districtAdmin })).status).toBe(200);
    expect((await invoke(districts, `/api/district/${ids.district2}`, { cookie: districtAdmin })).status).toBe(403);
    expect((await invoke(conferences, `/api/conference/${ids.conference2}`, { cookie: districtAdmin })).status).toBe(403);
  });
});

describe('list scopes from below', () => {
  it('shows a district admin their own conference and district, filtered by parents above them', async () => {
    const ownConference = await invoke(conferences, '/api/conference/quickSearch', { cookie: districtAdmin });
    expect(ownConference.body).toMatchObject({ data: [{ id: ids.conference1 }], count: 1 });
    const viaParent = await invoke(districts, '/api/district/quickSearch', { cookie: districtAdmin, query: `where[parentId]=${ids.conference1}` });
    expect(viaParent.status).toBe(200);
    expect(viaParent.body).toMatchObject({ data: [{ id: ids.district1 }], count: 1 });
    const churchesOwn = await invoke(churches, '/api/church/quickSearch', { cookie: districtAdmin, query: 'where[name]=church' });
    expect(rowNames(churchesOwn.body.data)).toEqual(['Mount Hope Church']);
    const elsewhere = await invoke(districts, '/api/district/quickSearch', { cookie: districtAdmin, query: `where[parentId]=${ids.conference2}` });
    expect(elsewhere.status).toBe(403);
  });

  it('refuses kinds the role cannot read', async () => {
    expect((await invoke(districts, '/api/district/quickSearch', { cookie: participant })).status).toBe(403);
    expect((await invoke(areas, '/api/episcopal-area/quickSearch', { cookie: conferenceAdmin })).status).toBe(403);
  });

  it('serves the plain list, query and search calls from the same lists', async () => {
    const list = await invoke(churches, '/api/church', { cookie: conferenceAdmin, query: 'limit=2' });
    expect(rowNames(list.body)).toEqual(['Cedar Grove Church', 'Grace Chapel']);
    const query = await invoke(churches, '/api/church/query', { method: 'POST', cookie: conferenceAdmin, body: { where: { parentId: ids.district2 }, orderBy: { name: 'DESC' } } });
    expect(rowNames(query.body)).toEqual(['Riverside Fellowship', 'Cedar Grove Church']);
    const search = await invoke(churches, '/api/church/search', { method: 'POST', cookie: conferenceAdmin, body: { where: { name: 'mount h' } } });
    expect(rowNames(search.body)).toEqual(['Mount Hope Church']);
    const badQuery = await invoke(churches, '/api/church/query', { method: 'POST', cookie: conferenceAdmin, body: { where: { kind: 'x' } } });
    expect(badQuery.status).toBe(400);
  });
});

describe('church.filter', () => {
  it("lists a district's active churches by name, or by a word prefix", async () => {
    const all = await invoke(churches, `/api/church/${ids.district1}/filter`, { cookie: districtAdmin });
    expect(all.status).toBe(200);
    expect(rowNames(all.body)).toEqual(['Grace Chapel', 'Mount Hope Church']);
    const some = await invoke(churches, `/api/church/${ids.district1}/filter`, { cookie: districtAdmin, query: 'name=hop' });
    expect(rowNames(some.body)).toEqual(['Mount Hope Church']);
    const limited = await invoke(churches, `/api/church/${ids.district1}/filter`, { cookie: districtAdmin, query: 'limit=1' });
    expect(rowNames(limited.body)).toEqual(['Grace Chapel']);
  });

  it('refuses a district the caller cannot read', async () => {
    expect((await invoke(churches, `/api/church/${ids.district3}/filter`, { cookie: conferenceAdmin })).status).toBe(403);
    expect((await invoke(churches, `/api/church/${ids.church1}/filter`, { cookie: superadmin })).status).toBe(404);
  });
});

describe('conference calls', () => {
  it('findMany searches the caller conferences', async () => {
    const mine = await invoke(conferences, '/api/conference/find-many', { method: 'POST', cookie: conferenceAdmin, body: {} });
    expect(rowNames(mine.body)).toEqual(['Blue Ridge Conference']);
    const all = await invoke(conferences, '/api/conference/find-many', { method: 'POST', cookie: superadmin, body: { name: 'con' } });
    expect(rowNames(all.body)).toEqual(['Blue Ridge Conference', 'Prairie Rivers Conference']);
    const one = await invoke(conferences, '/api/conference/find-many', { method: 'POST', cookie: superadmin, body: { name: 'prai' } });
    expect(rowNames(one.body)).toEqual(['Prairie Rivers Conference']);
  });

  it('byIds leaves out what the caller cannot read and ids of other kinds', async () => {
    const res = await invoke(conferences, `/api/conference/conferences/${ids.conference1},${ids.conference2},${ids.district1}`, { cookie: conferenceAdmin });
    expect(res.status).toBe(200);
    expect(res.body.map((view: { id: string }) => view.id)).toEqual([ids.conference1]);
    const districtsRes = await invoke(districts, `/api/district/getDistrictsByIds/${ids.district3},${ids.district1}`, { method: 'POST', cookie: superadmin });
    expect(districtsRes.body.map((view: { id: string }) => view.id)).toEqual([ids.district3, ids.district1]);
  });

  it('active lists the visible active conferences', async () => {
    const created = await invoke(conferences, '/api/conference', { method: 'POST', cookie: superadmin, body: { name: 'Closed Conference', parentId: ids.episcopalArea2 } });
    await invoke(conferences, `/api/conference/${created.body.id}`, { method: 'DELETE', cookie: superadmin });
    const all = await invoke(conferences, '/api/conference/active-conferences', { cookie: superadmin });
    expect(rowNames(all.body)).toEqual(['Blue Ridge Conference', 'Prairie Rivers Conference']);
    const mine = await invoke(conferences, '/api/conference/active-conferences', { cookie: participant });
    expect(rowNames(mine.body)).toEqual(['Blue Ridge Conference']);
    const inactive = await invoke(conferences, '/api/conference/find-many', { method: 'POST', cookie: superadmin, body: { name: 'closed', includeInactive: true } });
    expect(rowNames(inactive.body)).toEqual(['Closed Conference']);
  });
});

describe('listAdvisors', () => {
  async function authOf(userId: string) {
    const { token } = await openSession(userId);
    const auth = await resolveSession(token);
    if (!auth) throw new Error('no session');
    return auth;
  }

  async function addAdvisor(userId: string, firstName: string, lastName: string, locationId: string) {
    const { data: place } = await db().entities.location.get({ locationId }).go();
    await db().entities.user.create({ userId, firstName, lastName, email: `${userId}@example.org` }).go();
    await db().entities.userRole.create({ userId, roleId: 'role-advisor', roleName: 'Advisor' }).go();
    await db().entities.permission.create({ userId, permissionId: `${userId}-p`, entity: place!.kind as 'District', entityId: locationId, ancestorIds: place!.ancestorIds }).go();
    const changes = directoryChanges([], (await desiredUserEntries(userId)).entries);
    await applyCountDeltas(changes);
    await writeDirectoryEntries(changes);
  }

  beforeAll(async () => {
    await addAdvisor('advisor-zed', 'Zed', 'Adams', ids.district2);
    await addAdvisor('advisor-pia', 'Pia', 'Young', ids.district3);
  });

  it('lists the advisors in the caller scopes by last name, with the total', async () => {
    const all = await listAdvisors(await authOf('demo-superadmin'), { limit: 10, offset: 0 });
    expect(all.data.map((row) => row.lastName)).toEqual(['Adams', 'Nguyen', 'Young']);
    expect(all.count).toBe(3);
    expect(all.data[1]).toEqual({ id: 'demo-advisor', firstName: 'Abigail', lastName: 'Nguyen', email: 'advisor@example.org' });
    const desc = await listAdvisors(await authOf('demo-superadmin'), { limit: 2, offset: 0, orderBy: { column: 'lastName', direction: 'DESC' } });
    expect(desc.data.map((row) => row.lastName)).toEqual(['Young', 'Nguyen']);
    expect(desc.count).toBe(3);

    const blueRidge = await listAdvisors(await authOf('demo-conference-admin'), { limit: 10, offset: 0 });
    expect(blueRidge.data.map((row) => row.lastName)).toEqual(['Adams', 'Nguyen']);
    expect(blueRidge.count).toBe(2);
    const foothills = await listAdvisors(await authOf('demo-district-admin'), { limit: 10, offset: 0 });
    expect(foothills.data.map((row) => row.lastName)).toEqual(['Nguyen']);
    expect(foothills.count).toBe(1);
  });

  it('searches names and emails by word prefix within the scopes', async () => {
    const byFirst = await listAdvisors(await authOf('demo-conference-admin'), { limit: 10, offset: 0, where: { name: 'abi' } });
    expect(byFirst.data.map((row) => row.id)).toEqual(['demo-advisor']);
    expect(byFirst.count).toBe(1);
    const outOfScope = await listAdvisors(await authOf('demo-conference-admin'), { limit: 10, offset: 0, where: { name: 'young' } });
    expect(outOfScope).toEqual({ data: [], count: 0 });
    const byEmail = await listAdvisors(await authOf('demo-superadmin'), { limit: 10, offset: 0, where: { name: 'advisor-p' } });
    expect(byEmail.data.map((row) => row.id)).toEqual(['advisor-pia']);
  });
});
