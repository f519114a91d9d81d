import { handler as users } from '../../../functions/http/user/handler';
import { handler as churches } from '../../../functions/http/church/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { MISSING_CONFERENCE_WARNING } from '../../../shared/schemas/user-profile';
import { PHONE_COUNTRY_MESSAGE, PHONE_LENGTH_MESSAGE } from '../../../shared/forms/phone';
import { ONLY_ACTIVE_MEMBERSHIPS } from '../../../shared/schemas/church-membership';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** The profile's details card and church memberships (SPEC.md sections 2 to 6), each rule from both sides. */
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let advisor: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, advisor, participant] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(cookieFor),
  );
});

const details = (userId: string, cookie: string) => invoke(users, `/api/user/user-profile-basic-info/${userId}/true`, { cookie });
const save = (userId: string, cookie: string, body: Record<string, unknown>) => invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie, body });
const storedUser = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;

describe('GET /api/user/user-profile-basic-info/{userId}/{canEdit}', () => {
  it('answers every detail to a caller who sees the user, with canEdit decided by the server; 404 to anyone else', async () => {
    const userId = await putTestUser({ firstName: 'Dana', lastName: 'Details', locationId: ids.district1 });
    const byAdmin = await details(userId, districtAdmin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: userId, firstName: 'Dana', canEdit: true, canManageAll: false, missingConference: false, version: 1 });
    expect(byAdmin.body).not.toHaveProperty('salesforceId');
    expect((await details(userId, advisor)).body).toMatchObject({ canEdit: false });
    expect((await details(userId, participant)).status).toBe(404);
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Away', locationId: ids.conference2 });
    expect((await details(elsewhere, conferenceAdmin)).status).toBe(404);
  });

  it('shows Salesforce ID, PID and the missing-conference flag to manage-all callers only', async () => {
    const userId = await putTestUser({ firstName: 'Nora', lastName: 'Noconf', locationId: ids.episcopalArea1 });
    await db().entities.user.patch({ userId }).set({ salesforceId: 'SF-1', pid: 'P-1' }).go();
    expect((await details(userId, superadmin)).body).toMatchObject({ salesforceId: 'SF-1', pid: 'P-1', canManageAll: true, missingConference: true });
    expect(MISSING_CONFERENCE_WARNING).toMatch(/no conferences/);
  });
});

describe('PATCH /api/user/{id}', () => {
  it('saves the details of a user the caller may update, conditioned on the version: the second stale save is a 409 and changes nothing', async () => {
    const userId = await putTestUser({ firstName: 'Eve', lastName: 'Edited', locationId: ids.church1 });
    const first = await save(userId, districtAdmin, { version: 1, title: 'Rev.', middleName: 'Ann', gender: 'Female', primaryLanguage: 'Korean', address: { city: 'Asheville', state: 'NC', zipCode: '28801' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Rev.', middleName: 'Ann', gender: 'Female', primaryLanguage: 'Korean', address: { city: 'Asheville', state: 'NC', zipCode: '28801' }, version: 2 });
    const stale = await save(userId, conferenceAdmin, { version: 1, middleName: 'Other' });
    expect(stale.status).toBe(409);
    expect((await storedUser(userId)).middleName).toBe('Ann');
    // An empty text clears the field.
    expect((await save(userId, conferenceAdmin, { version: 2, middleName: '' })).body).not.toHaveProperty('middleName');
  });

  it("renames in the users table too (the directory is projected on save)", async () => {
    const userId = await putTestUser({ firstName: 'Old', lastName: 'Name', locationId: ids.district1 });
    expect((await save(userId, districtAdmin, { version: 1, firstName: 'Zelda', lastName: 'Renamed' })).status).toBe(200);
    const page = await invoke(users, '/api/user/quickSearch', { cookie: districtAdmin, query: 'where[name]=zelda' });
    expect(page.body.data.map((row: { id: string }) => row.id)).toContain(userId);
  });

  it('refuses bad input with the SPEC messages and keeps the user as it was', async () => {
    const userId = await putTestUser({ firstName: 'Bad', lastName: 'Input', locationId: ids.district1 });
    const res = await save(userId, districtAdmin, { version: 1, firstName: ' ', phoneNumber: '12345', secondPhoneNumber: '+44 828 555 0100', title: 'Sir' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ firstName: ['First Name is required'], phoneNumber: [PHONE_LENGTH_MESSAGE], secondPhoneNumber: [PHONE_COUNTRY_MESSAGE] });
    expect(res.body.fieldErrors.title).toBeDefined();
    expect((await storedUser(userId)).firstName).toBe('Bad');
  });

  it("refuses more than ten digits and an empty number as 'Invalid phone number length' (SPEC.md section 5): nothing is cleared", async () => {
    const userId = await putTestUser({ firstName: 'Long', lastName: 'Number', locationId: ids.district1 });
    await db().entities.user.patch({ userId }).set({ phoneNumber: '828-555-0100' }).go();
    for (const phoneNumber of ['18285550100', '44 828 555 0100', '', ' ']) {
      const res = await save(userId, districtAdmin, { version: 1, phoneNumber });
      expect(res.status, phoneNumber).toBe(400);
      expect(res.body.fieldErrors, phoneNumber).toEqual({ phoneNumber: [PHONE_LENGTH_MESSAGE] });
    }
    expect((await save(userId, districtAdmin, { version: 1, secondPhoneNumber: '+52 55 1234 5678' })).body.fieldErrors).toEqual({ secondPhoneNumber: [PHONE_COUNTRY_MESSAGE] });
    expect((await storedUser(userId)).phoneNumber).toBe('828-555-0100');
  });

  it('formats a US phone 3-3-4; a new number is not verified, and SMS opt-in needs a verified number', async () => {
    const userId = await putTestUser({ firstName: 'Pho', lastName: 'Ne', locationId: ids.district1 });
    await db().entities.user.patch({ userId }).set({ phoneNumber: '828-555-0100', isPhoneNumberVerified: true }).go();
    expect((await save(userId, districtAdmin, { version: 1, smsOptIn: true })).body).toMatchObject({ smsOptIn: true, isPhoneNumberVerified: true });
    const changed = await save(userId, districtAdmin, { version: 2, phoneNumber: '+1 (828) 555 0199' });
    expect(changed.body).toMatchObject({ phoneNumber: '+1 828-555-0199', isPhoneNumberVerified: false, smsOptIn: false });
    expect((await save(userId, districtAdmin, { version: 3, smsOptIn: true })).status).toBe(403);
  });

  it('lets anyone edit their own details, but not those of a user they only read; Salesforce ID and PID are for manage-all callers', async () => {
    const me = demoUser('advisor@example.org').id;
    const mine = (await details(me, advisor)).body;
    expect((await save(me, advisor, { version: mine.version, secondEmail: 'abby@example.net' })).status).toBe(200);
    const someone = await putTestUser({ firstName: 'Read', lastName: 'Only', locationId: ids.district1 });
    expect((await save(someone, advisor, { version: 1, middleName: 'X' })).status).toBe(403);
    // A participant may update no one else anywhere: refused before anything is read (docs/security.md, Request handling), whoever the id names.
    expect((await save(someone, participant, { version: 1, middleName: 'X' })).status).toBe(403);
    expect((await save(someone, districtAdmin, { version: 1, salesforceId: 'SF-2' })).status).toBe(403);
    expect((await save(someone, superadmin, { version: 1, salesforceId: 'SF-2', pid: 'P-2' })).body).toMatchObject({ salesforceId: 'SF-2', pid: 'P-2' });
  });
});

describe('church memberships', () => {
  const add = (cookie: string, body: Record<string, unknown>) => invoke(churches, '/api/church/add-church-memberships', { method: 'POST', cookie, body });
  const list = (userId: string, cookie: string) => invoke(churches, `/api/church/church-memberships/${userId}`, { cookie });

  it("adds with 'Home' on by default, the first active one primary; re-adding keeps one membership", async () => {
    const userId = await putTestUser({ firstName: 'Mem', lastName: 'Ber', locationId: ids.district1 });
    const res = await add(districtAdmin, { userIds: [userId], churchId: ids.church1 });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ church: { id: ids.church1, name: 'Grace Chapel' }, active: true, primary: true, constituent: true });
    await add(districtAdmin, { userIds: [userId], churchId: ids.church1 });
    const second = await add(districtAdmin, { userIds: [userId], churchId: 'loc-mount-hope-church', constituent: false });
    expect(second.body[0]).toMatchObject({ primary: false, constituent: false });
    expect((await list(userId, districtAdmin)).body).toHaveLength(2);
  });

  it('refuses a church outside the caller\'s scope, a user they cannot see, and a missing church', async () => {
    const userId = await putTestUser({ firstName: 'Out', lastName: 'Side', locationId: ids.district1 });
    expect((await add(districtAdmin, { userIds: [userId], churchId: 'loc-riverside-fellowship' })).status).toBe(403);
    const hidden = await putTestUser({ firstName: 'Hid', lastName: 'Den', locationId: ids.district3 });
    expect((await add(conferenceAdmin, { userIds: [hidden], churchId: ids.church1 })).status).toBe(403);
    expect((await add(districtAdmin, { userIds: [userId], churchId: 'loc-nowhere' })).status).toBe(400);
    expect((await list(hidden, conferenceAdmin)).status).toBe(404);
  });

  it("removing clears active, primary and Home and passes primary on; only active ones change; 'Home' is the admins' toggle", async () => {
    const userId = await putTestUser({ firstName: 'Re', lastName: 'Moved', locationId: ids.district1 });
    const [first] = (await add(districtAdmin, { userIds: [userId], churchId: ids.church1 })).body;
    const [second] = (await add(districtAdmin, { userIds: [userId], churchId: 'loc-mount-hope-church' })).body;

    const advisorToggle = await invoke(churches, `/api/church/church-membership-constituent/${second.id}/false`, { method: 'PATCH', cookie: advisor });
    expect(advisorToggle.status).toBe(403);
    const toggled = await invoke(churches, `/api/church/church-membership-constituent/${second.id}/false`, { method: 'PATCH', cookie: districtAdmin });
    expect(toggled.body).toMatchObject({ constituent: false, active: true });

    const removed = await invoke(churches, `/api/church/church-membership-deactivate/${first.id}`, { method: 'PATCH', cookie: districtAdmin });
    expect(removed.body).toMatchObject({ active: false, primary: false, constituent: false });
    const after = (await list(userId, districtAdmin)).body;
    expect(after.find((item: { id: string }) => item.id === second.id)).toMatchObject({ primary: true });

    const again = await invoke(churches, `/api/church/church-membership-deactivate/${first.id}`, { method: 'PATCH', cookie: districtAdmin });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ONLY_ACTIVE_MEMBERSHIPS);
    expect((await invoke(churches, `/api/church/church-membership-constituent/${first.id}/true`, { method: 'PATCH', cookie: districtAdmin })).status).toBe(422);
    // Someone who cannot see the user learns nothing about the membership: the same 404 as a missing one.
    const outsider = await invoke(churches, `/api/church/church-membership-deactivate/${second.id}`, { method: 'PATCH', cookie: participant });
    expect(outsider.status).toBe(403); // no update ChurchMembership at all: refused before any read
    const elsewhere = await putTestUser({ firstName: 'Else', lastName: 'Where', locationId: ids.district3 });
    const [far] = (await add(superadmin, { userIds: [elsewhere], churchId: 'loc-prairie-light-church' })).body;
    const hidden = await invoke(churches, `/api/church/church-membership-deactivate/${far.id}`, { method: 'PATCH', cookie: districtAdmin });
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('Prairie');
  });
});
