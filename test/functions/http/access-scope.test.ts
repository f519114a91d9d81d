import { DEMO_LOCATION_IDS as IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { handler as conference } from '../../../functions/http/conference/handler';
import { handler as district } from '../../../functions/http/district/handler';
import { handler as church } from '../../../functions/http/church/handler';
import { handler as user } from '../../../functions/http/user/handler';
import { handler as role } from '../../../functions/http/role/handler';
import { ROLE_EDIT_MAX_HOLDERS, ROLE_EDIT_TOO_MANY_HOLDERS } from '../../../functions/core/roles/grant-rules';
import { invoke } from '../../support/invoke';
import { cookieOf, customRole, placeUser } from './access-fixtures';

/**
 * "Access you can trust": each block is a defect that was open, seen through the routes.
 * Demo organisation: Blue Ridge Conference (C1) > Foothills (D1) > Grace Chapel, Mount Hope;
 * C1 > Lakeside (D2) > Riverside, Cedar Grove; Prairie Rivers (C2) > High Plains (D3).
 */
const MOUNT_HOPE = 'loc-mount-hope-church';
const RIVERSIDE = 'loc-riverside-fellowship';
const CEDAR_GROVE = 'loc-cedar-grove-church';

const cookies: Record<string, string> = {};
const as = (who: string) => cookies[who];

async function version(locationId: string): Promise<number> {
  return (await db().entities.location.get({ locationId }).go()).data!.version;
}

async function roleVersion(roleId: string): Promise<number> {
  return (await db().entities.role.get({ roleId }).go()).data!.version;
}

beforeAll(async () => {
  await seedDemo();
  // A sign-up gives a district and its conference (SPEC.md section 7).
  await placeUser('dual-district-admin', { roleIds: ['role-district-admin', 'role-user'], locations: [IDS.district1, IDS.conference1] });
  await placeUser('lakeside-member', { roleIds: ['role-participant'], locations: [IDS.district2] });
  await placeUser('foothills-member', { roleIds: ['role-participant'], locations: [IDS.district1] });
  await placeUser('two-conference-member', { roleIds: ['role-participant'], locations: [IDS.conference1, IDS.conference2] });
  await placeUser('conference-admin-in-district', { roleIds: ['role-conference-admin'], locations: [IDS.conference1, IDS.district1] });
  await customRole('custom-church-reader', [{ actions: ['read'], subjects: ['Church'] }]);
  await placeUser('reader-in-two-conferences', { roleIds: ['custom-church-reader'], locations: [IDS.district1, IDS.district3] });
  await customRole('custom-district-remover', [{ actions: ['delete'], subjects: ['District'] }]);
  await placeUser('remover-in-foothills', { roleIds: ['custom-district-remover'], locations: [IDS.district1] });
  // A conference admin denied one district of their conference.
  await placeUser('denied-conference-admin', { roleIds: ['role-conference-admin'], locations: [IDS.conference1], denied: [IDS.district2] });
  await placeUser('foothills-advisor', { roleIds: ['role-advisor'], locations: [IDS.district1], firstName: 'Rowan' });
  await placeUser('lakeside-advisor', { roleIds: ['role-advisor'], locations: [IDS.district2], firstName: 'Robin' });
  for (const who of ['dual-district-admin', 'denied-conference-admin', 'demo-conference-admin', 'demo-district-admin', 'demo-participant', 'demo-advisor']) {
    cookies[who] = await cookieOf(who);
  }
});

describe('a District Admin who also holds their conference administers only their district', () => {
  it('cannot rename or deactivate the conference', async () => {
    const rename = await invoke(conference, `/api/conference/${IDS.conference1}`, { method: 'PATCH', cookie: as('dual-district-admin'), body: { version: await version(IDS.conference1), name: 'Renamed' } });
    expect(rename.status).toBe(403);
    const deactivate = await invoke(conference, '/api/conference', { method: 'DELETE', cookie: as('dual-district-admin'), body: { id: IDS.conference1 } });
    expect(deactivate.status).toBe(403);
  });

  it("cannot edit another district of the conference, its people or their locations, but can edit their own district", async () => {
    const other = await invoke(district, `/api/district/${IDS.district2}`, { method: 'PATCH', cookie: as('dual-district-admin'), body: { version: await version(IDS.district2), active: true } });
    expect(other.status).toBe(403);
    const addLocation = await invoke(user, '/api/user/location', { method: 'POST', cookie: as('dual-district-admin'), body: { userId: 'lakeside-member', entity: 'Church', entityId: RIVERSIDE } });
    expect(addLocation.status).toBe(403);
    const own = await invoke(district, `/api/district/${IDS.district1}`, { method: 'PATCH', cookie: as('dual-district-admin'), body: { version: await version(IDS.district1), active: true } });
    expect(own.status).toBe(200);
  });

  it('lists and counts only their own district', async () => {
    const listed = await invoke(district, '/api/district/quickSearch', { cookie: as('dual-district-admin') });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([IDS.district1]);
    expect(listed.body.count).toBe(1);
  });
});

describe('no escalation through assignment', () => {
  it('a Conference Admin cannot make a Conference Admin whose power would apply in another conference', async () => {
    const body = { userIds: ['two-conference-member'], roleId: 'role-conference-admin' };
    const res = await invoke(role, '/api/role/roles', { method: 'POST', cookie: as('demo-conference-admin'), body });
    expect(res.status).toBe(403);
    const assignable = await invoke(role, '/api/role/assignable-roles/two-conference-member', { cookie: as('demo-conference-admin') });
    expect(assignable.body.map((r: { id: string }) => r.id)).not.toContain('role-conference-admin');
    const inside = await invoke(role, '/api/role/roles', { method: 'POST', cookie: as('demo-conference-admin'), body: { userIds: ['foothills-member'], roleId: 'role-advisor' } });
    expect(inside.status).toBe(200);
  });

  it("a District Admin cannot strip a Conference Admin's role", async () => {
    const body = { userIds: ['conference-admin-in-district'], roleId: 'role-conference-admin' };
    const res = await invoke(role, '/api/role/roles', { method: 'DELETE', cookie: as('demo-district-admin'), body });
    expect(res.status).toBe(403);
  });

  it("a role edit is checked against where the role's holders are", async () => {
    const body = { version: await roleVersion('custom-church-reader'), policies: [{ actions: ['read', 'update'], subjects: ['Church'] }] };
    const res = await invoke(role, '/api/role/custom-church-reader', { method: 'PATCH', cookie: as('demo-conference-admin'), body });
    expect(res.status).toBe(403);
  });

  it('a role edit with more holders than can be checked in one request is refused with a clear message', async () => {
    await customRole('custom-crowded', [{ actions: ['read'], subjects: ['Church'] }]);
    const holders = Array.from({ length: ROLE_EDIT_MAX_HOLDERS + 1 }, (_, index) => ({ userId: `crowd-${index}`, roleId: 'custom-crowded', roleName: 'Custom custom-crowded' }));
    await db().entities.userRole.put(holders).go();
    const body = { version: await roleVersion('custom-crowded'), policies: [{ actions: ['read'], subjects: ['Church', 'District'] }] };
    const res = await invoke(role, '/api/role/custom-crowded', { method: 'PATCH', cookie: as('demo-conference-admin'), body });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ROLE_EDIT_TOO_MANY_HOLDERS);
  });

  it("adding a location extends the user's roles: only where the caller holds their power", async () => {
    const res = await invoke(user, '/api/user/location', { method: 'POST', cookie: as('demo-district-admin'), body: { userId: 'remover-in-foothills', entity: 'Church', entityId: MOUNT_HOPE } });
    expect(res.status).toBe(403);
  });
});

describe('permission hierarchies and visible locations are scoped like the user they describe', () => {
  it("a user the caller may not see answers exactly like a missing one", async () => {
    const hidden = await invoke(role, '/api/role/hierarchy/User/lakeside-member', { cookie: as('demo-participant') });
    const missing = await invoke(role, '/api/role/hierarchy/User/no-such-user', { cookie: as('demo-participant') });
    expect(hidden.status).toBe(404);
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
  });

  it("another person's church membership chain is not readable without read on memberships there", async () => {
    const res = await invoke(role, '/api/role/hierarchy/ChurchMembership/demo-participant-membership-1', { cookie: as('demo-advisor') });
    expect(res.status).toBe(404);
    const admin = await invoke(role, '/api/role/hierarchy/ChurchMembership/demo-participant-membership-1', { cookie: as('demo-district-admin') });
    expect(admin.status).toBe(200);
  });

  it("a visible user's hierarchy holds only links in the caller's reach", async () => {
    const res = await invoke(role, '/api/role/hierarchy/User/reader-in-two-conferences', { cookie: as('demo-district-admin') });
    expect(res.status).toBe(200);
    const ids = res.body.map((node: { id: string }) => node.id);
    expect(ids).toContain(IDS.district1);
    expect(ids).not.toContain(IDS.district3);
    expect(ids).not.toContain(IDS.conference2);
  });
});

describe('a location denied inside a granted subtree leaves that user’s lists', () => {
  it('districts: the denied one is neither listed nor counted', async () => {
    const listed = await invoke(district, '/api/district/quickSearch', { cookie: as('denied-conference-admin') });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([IDS.district1]);
    expect(listed.body.count).toBe(1);
    const counted = await invoke(district, '/api/district/count', { cookie: as('denied-conference-admin') });
    expect(counted.body).toBe(1);
  });

  it('churches: none of the denied district, in lists, counts and searches', async () => {
    const listed = await invoke(church, '/api/church/quickSearch', { cookie: as('denied-conference-admin') });
    const ids = listed.body.data.map((row: { id: string }) => row.id);
    expect(ids).toContain(MOUNT_HOPE);
    expect(ids).not.toContain(RIVERSIDE);
    expect(ids).not.toContain(CEDAR_GROVE);
    expect(listed.body.count).toBe(ids.length);
    const searched = await invoke(church, '/api/church/quickSearch', { cookie: as('denied-conference-admin'), query: 'where[name]=r' });
    expect(searched.body.data.map((row: { id: string }) => row.id)).not.toContain(RIVERSIDE);
  });

  it('pages of one row walk the same list, in both directions', async () => {
    for (const direction of ['ASC', 'DESC']) {
      const order = `orderBy[name]=${direction}`;
      const whole = await invoke(church, '/api/church/quickSearch', { cookie: as('denied-conference-admin'), query: order });
      const ids = whole.body.data.map((row: { id: string }) => row.id);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.body.count; offset++) {
        const page = await invoke(church, '/api/church/quickSearch', { cookie: as('denied-conference-admin'), query: `${order}&limit=1&offset=${offset}` });
        paged.push(page.body.data[0].id);
      }
      expect(paged).toEqual(ids);
    }
  });

  it('people: the advisors of the denied district are left out', async () => {
    const listed = await invoke(user, '/api/user/advisors', { cookie: as('denied-conference-admin') });
    const ids = listed.body.data.map((row: { id: string }) => row.id);
    expect(ids).toContain('foothills-advisor');
    expect(ids).not.toContain('lakeside-advisor');
    expect(listed.body.count).toBe(ids.length);
    const searched = await invoke(user, '/api/user/advisors', { cookie: as('denied-conference-admin'), query: 'where[name]=ro' });
    expect(searched.body.data.map((row: { id: string }) => row.id)).toEqual(['foothills-advisor']);
  });

  it('reads by id refuse it too', async () => {
    expect((await invoke(district, `/api/district/${IDS.district2}`, { cookie: as('denied-conference-admin') })).status).toBe(403);
  });
});
