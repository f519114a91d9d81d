import { handler } from '../../../functions/http/announcement/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { getLocation } from '../../../functions/db/access/location-store';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { cookieOf, customRole, placeUser } from './access-fixtures';

/**
 * Announcement audiences beyond conference permissions (issue 13): a custom role granting
 * Announcement at a jurisdiction or an episcopal area manages the conferences under it; a church
 * membership puts a person in the audience of the church's conference.
 */
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const BLUE_RIDGE = ids.conference1;
const PRAIRIE = ids.conference2;
const ANNOUNCER = 'role-announcer';
const READER = 'role-announcement-reader';

let superadmin: string;
let blueLive: string;
let prairieLive: string;

const create = (cookie: string, body: Record<string, unknown>) => invoke(handler, '/api/announcement', { method: 'POST', cookie, body: { title: 'Notice', ...body } });
const tab = async (cookie: string) => (await invoke(handler, '/api/announcement/quickSearch', { cookie, query: 'limit=50' })).body.data.map((row: { id: string }) => row.id) as string[];
const shown = async (cookie: string) => ((await invoke(handler, '/api/announcement/announcements', { cookie })).body as Array<{ id: string }>).map((item) => item.id);
const conferences = async (cookie: string) => ((await invoke(users, '/api/user/user-conferences/false', { cookie })).body as Array<{ id: string }>).map((c) => c.id);

async function placed(placement: { roleIds: string[]; locations: string[]; denied?: string[] }): Promise<{ userId: string; cookie: string }> {
  const userId = `audience-${newId().toLowerCase()}`;
  await placeUser(userId, placement);
  return { userId, cookie: await cookieOf(userId) };
}

async function member(userId: string, churchId: string, active = true) {
  const church = (await getLocation(churchId))!;
  await db().entities.churchMembership.create({ userId, membershipId: newId(), churchId, churchName: church.name, ancestorIds: church.ancestorIds, active }).go();
}

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
  await customRole(ANNOUNCER, [{ actions: ['create', 'read', 'update', 'delete'], subjects: ['Announcement'] }]);
  await customRole(READER, [{ actions: ['read'], subjects: ['Announcement'] }]);
  blueLive = (await create(superadmin, { message: 'Blue Ridge audience', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).body.id;
  prairieLive = (await create(superadmin, { message: 'Prairie audience', conferenceId: PRAIRIE, startsAt: at(-1) })).body.id;
});

describe('a custom role granting Announcement above the conferences', () => {
  it.each([
    ['a jurisdiction', ids.jurisdiction1],
    ['an episcopal area', ids.episcopalArea1],
  ])('at %s manages the conferences under it: listed on the tab, offered in the dialog, published there; not elsewhere', async (_, placeId) => {
    const { cookie } = await placed({ roleIds: [ANNOUNCER], locations: [placeId] });
    const rows = await tab(cookie);
    expect(rows).toContain(blueLive);
    expect(rows).not.toContain(prairieLive);
    expect(await conferences(cookie)).toContain(BLUE_RIDGE);
    expect(await conferences(cookie)).not.toContain(PRAIRIE);
    const made = await create(cookie, { message: 'From above', conferenceId: BLUE_RIDGE, startsAt: at(-1) });
    expect(made.status).toBe(201);
    expect((await create(cookie, { message: 'Elsewhere', conferenceId: PRAIRIE, startsAt: at(-1) })).status).toBe(403);
    expect((await create(cookie, { message: 'Everyone', conferenceId: null, startsAt: at(-1) })).status).toBe(403);
    const edited = await invoke(handler, `/api/announcement/${made.body.id}`, { method: 'PATCH', cookie, body: { message: 'From above, edited', version: made.body.version } });
    expect(edited.status).toBe(200);
  });

  it('does not manage a conference denied under it, nor anything when its policy only reads', async () => {
    const denied = await placed({ roleIds: [ANNOUNCER], locations: [ids.jurisdiction1], denied: [BLUE_RIDGE] });
    expect(await tab(denied.cookie)).not.toContain(blueLive);
    expect((await create(denied.cookie, { message: 'Denied', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).status).toBe(403);
    const reader = await placed({ roleIds: [READER], locations: [ids.jurisdiction1] });
    expect((await create(reader.cookie, { message: 'Reader', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).status).toBe(403);
  });

  it("shows a person placed at an episcopal area its conferences' announcements in the dialog", async () => {
    const { cookie } = await placed({ roleIds: [], locations: [ids.episcopalArea1] });
    const ids_ = await shown(cookie);
    expect(ids_).toContain(blueLive);
    expect(ids_).not.toContain(prairieLive);
  });
});

describe('church memberships', () => {
  it("put a person in the audience of their church's conference: the dialog and the announcement itself", async () => {
    const { userId, cookie } = await placed({ roleIds: [], locations: [] });
    expect(await shown(cookie)).not.toContain(blueLive);
    expect((await invoke(handler, `/api/announcement/${blueLive}`, { cookie })).status).toBe(403);
    await member(userId, ids.church1);
    const ids_ = await shown(cookie);
    expect(ids_).toContain(blueLive);
    expect(ids_).not.toContain(prairieLive);
    expect((await invoke(handler, `/api/announcement/${blueLive}`, { cookie })).status).toBe(200);
    expect((await invoke(handler, `/api/announcement/${prairieLive}`, { cookie })).status).toBe(403);
  });

  it('an ended membership, or one in a denied place, does not', async () => {
    const ended = await placed({ roleIds: [], locations: [] });
    await member(ended.userId, 'loc-prairie-light-church', false);
    expect(await shown(ended.cookie)).not.toContain(prairieLive);
    const denied = await placed({ roleIds: [], locations: [], denied: [PRAIRIE] });
    await member(denied.userId, 'loc-prairie-light-church');
    expect(await shown(denied.cookie)).not.toContain(prairieLive);
  });
});
