import { handler as notifications } from '../../../functions/http/notification/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { handler as roles } from '../../../functions/http/role/handler';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { unsubscribeToken, UNSUBSCRIBE_INVALID } from '../../../functions/core/notifications/unsubscribe';
import { CONFIRM_BUTTON, CONFIRM_HEADING, INVALID_HEADING, UNSUBSCRIBED_HEADING } from '../../../functions/core/notifications/unsubscribe-page';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** The routes of delivery policy: the unsubscribe link (GET page and one-click POST) and trigger-email-notifications. */
let superadmin: string;
let participant: string;
let districtAdmin: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, participant, districtAdmin] = await Promise.all([cookieFor('superadmin@example.org'), cookieFor('participant@example.org'), cookieFor('district.admin@example.org')]);
});

const storedUser = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;

async function subscriber() {
  const userId = await putTestUser({ firstName: 'Una', lastName: 'Subscribe', locationId: ids.district1 });
  await db().entities.user.patch({ userId }).set({ emailNotificationsOptIn: true }).go();
  return { userId, email: (await storedUser(userId)).email };
}

const page = (token: string) => invoke(notifications, '/api/notification/unsubscribe', { query: `token=${encodeURIComponent(token)}` });
/** As a mail provider posts it (RFC 8058): a form body, no session, no JSON. */
const oneClick = (token: string) =>
  invoke(notifications, '/api/notification/unsubscribe', {
    method: 'POST',
    query: `token=${encodeURIComponent(token)}`,
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('GET and POST /api/notification/unsubscribe', () => {
  it('the link asks first (a GET changes nothing: mail scanners open links); its button turns email notifications off without a session', async () => {
    const { userId, email } = await subscriber();
    const version = (await storedUser(userId)).version;
    const token = unsubscribeToken(userId, email);
    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain(`<h1>${CONFIRM_HEADING}</h1>`);
    expect(res.body).toContain(`<form method="post" action="/api/notification/unsubscribe?token=${encodeURIComponent(token)}">`);
    expect(res.body).toContain(`<button type="submit">${CONFIRM_BUTTON}</button>`);
    expect(await storedUser(userId)).toMatchObject({ emailNotificationsOptIn: true, version });

    // The button posts the form, as a mail provider's one-click does.
    const done = await oneClick(token);
    expect(done.status).toBe(200);
    expect(done.body).toContain(`<h1>${UNSUBSCRIBED_HEADING}</h1>`);
    expect(done.body).toContain('Sign in to Formation Tracks');
    expect(await storedUser(userId)).toMatchObject({ emailNotificationsOptIn: false, version: version + 1 });
    // Following it again is harmless.
    expect((await oneClick(token)).status).toBe(200);
    expect((await page(token)).status).toBe(200);
  });

  it('a tampered token, one for another user, or one for an old address answers the 400 page and changes nothing', async () => {
    const { userId, email } = await subscriber();
    const other = await subscriber();
    const token = unsubscribeToken(userId, email);
    const mac = token.split('.')[1];
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // The same MAC spelt differently: the last character's spare bits flipped (it decodes to the same bytes).
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${token.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(token.at(-1)!) ^ 1]}`;
    const otherUser = `${Buffer.from(other.userId).toString('base64url')}.${mac}`;
    const oldAddress = unsubscribeToken(userId, `old-${email}`);
    for (const bad of [tampered, respelt, otherUser, oldAddress, 'not-a-token', `${token}"><script>`]) {
      for (const res of [await page(bad), await oneClick(bad)]) {
        expect(res.status, bad).toBe(400);
        expect(res.body).toContain(`<h1>${INVALID_HEADING}</h1>`);
        expect(res.body).toContain(UNSUBSCRIBE_INVALID);
        expect(res.body).not.toContain('<script>');
      }
    }
    expect((await storedUser(userId)).emailNotificationsOptIn).toBe(true);
    expect((await storedUser(other.userId)).emailNotificationsOptIn).toBe(true);
  });

  it('one-click: a mail provider posts the form and the token alone decides', async () => {
    const { userId, email } = await subscriber();
    expect((await oneClick(`${unsubscribeToken(userId, email)}x`)).status).toBe(400);
    expect((await storedUser(userId)).emailNotificationsOptIn).toBe(true);
    expect((await oneClick(unsubscribeToken(userId, email))).status).toBe(200);
    expect((await storedUser(userId)).emailNotificationsOptIn).toBe(false);
  });
});

describe('POST /api/notification/trigger-email-notifications', () => {
  it('sends every waiting digest now for a superadmin and answers how many; others are refused', async () => {
    const { userId } = await subscriber();
    for (const text of ['First waiting line', 'Second waiting line']) {
      await db().entities.emailDigestLine.create({ userId, lineId: newId(), text, link: '/tracks', dueAt: Date.now() + 86_400_000 }).go();
    }
    expect((await invoke(notifications, '/api/notification/trigger-email-notifications', { method: 'POST', cookie: participant })).status).toBe(403);
    expect(await invoke(notifications, '/api/notification/trigger-email-notifications', { method: 'POST', cookie: superadmin })).toMatchObject({ status: 200, body: { sent: 1 } });
    expect((await db().entities.emailDigestLine.query.byUser({ userId }).go()).data).toEqual([]);
    const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
    const digest = data.find((item) => item.kind === 'email' && (item.payload as { userId?: string }).userId === userId);
    expect(digest?.payload).toMatchObject({ subject: 'Your daily digest: 2 notifications', content: { items: [{ text: 'First waiting line' }, { text: 'Second waiting line' }] } });
    expect(await invoke(notifications, '/api/notification/trigger-email-notifications', { method: 'POST', cookie: superadmin })).toMatchObject({ status: 200, body: { sent: 0 } });
  });
});

describe('the profile\'s notification settings', () => {
  it('saves the daily digest choice on the version read and shows it, with a suppressed address\'s reason and date', async () => {
    const { userId, email } = await subscriber();
    const details = () => invoke(users, `/api/user/user-profile-basic-info/${userId}/true`, { cookie: districtAdmin });
    const before = await details();
    expect(before.body).toMatchObject({ emailDigest: false, emailSuppressed: false });
    expect(before.body.emailSuppression).toBeUndefined();

    const saved = await invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: districtAdmin, body: { emailDigest: true, version: before.body.version } });
    expect(saved).toMatchObject({ status: 200, body: { emailDigest: true, version: before.body.version + 1 } });
    const stale = await invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: districtAdmin, body: { emailDigest: false, version: before.body.version } });
    expect(stale.status).toBe(409);
    expect((await storedUser(userId)).emailDigest).toBe(true);

    await db().entities.emailSuppression.put({ email, reason: 'complaint', createdAt: '2026-11-20T10:00:00.000Z' }).go();
    expect((await details()).body).toMatchObject({ emailSuppressed: true, emailSuppression: { reason: 'complaint', since: '2026-11-20T10:00:00.000Z' } });
  });
});

describe('people events reach the people concerned', () => {
  /** The bell items waiting for `userId` (the worker then adds their email and SMS). */
  async function bellItemsFor(userId: string): Promise<string[]> {
    const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
    return data.filter((item) => item.kind === 'notification' && (item.payload as { userId: string }).userId === userId).map((item) => (item.payload as { message: string }).message);
  }

  it('a mentor assignment tells the mentee and the mentor, not the administrator who made it', async () => {
    const { userId: menteeId } = await subscriber();
    const res = await invoke(users, `/api/user/${menteeId}/assign`, { method: 'POST', cookie: districtAdmin, body: { mentorId: 'demo-mentor' } });
    expect(res.status).toBe(201);
    const mentor = await storedUser('demo-mentor');
    expect(await bellItemsFor(menteeId)).toEqual([`${mentor.firstName} ${mentor.lastName} is now your mentor.`]);
    expect(await bellItemsFor('demo-mentor')).toContain('You are now the mentor of Una Subscribe.');
    expect(await bellItemsFor('demo-district-admin')).toEqual([]);
  });

  it('a role granted tells the user once; granting it again tells nothing more', async () => {
    const { userId } = await subscriber();
    for (let round = 0; round < 2; round++) {
      const res = await invoke(roles, '/api/role/roles', { method: 'POST', cookie: superadmin, body: { userIds: [userId], roleId: 'role-mentor' } });
      expect(res.status).toBe(200);
    }
    expect(await bellItemsFor(userId)).toEqual(['You were given the Mentor role.']);
  });

  it('a mentor link ended tells the mentee and the mentor, not the administrator; ending it again, or a refused end, tells nothing', async () => {
    const { userId: menteeId } = await subscriber();
    await invoke(users, `/api/user/${menteeId}/assign`, { method: 'POST', cookie: districtAdmin, body: { mentorId: 'demo-mentor' } });
    const mentorBefore = (await bellItemsFor('demo-mentor')).length;
    const end = () => invoke(users, `/api/user/${menteeId}/unassign-mentors-from-user`, { method: 'DELETE', cookie: districtAdmin, body: { mentorIds: ['demo-mentor'] } });
    // A participant may not end it: nothing is told.
    expect((await invoke(users, `/api/user/${menteeId}/unassign-mentors-from-user`, { method: 'DELETE', cookie: participant, body: { mentorIds: ['demo-mentor'] } })).status).toBe(403);
    expect(await bellItemsFor(menteeId)).toHaveLength(1);

    expect((await end()).body).toEqual({ removed: 1 });
    const mentor = await storedUser('demo-mentor');
    expect(await bellItemsFor(menteeId)).toEqual([`${mentor.firstName} ${mentor.lastName} is now your mentor.`, `${mentor.firstName} ${mentor.lastName} is no longer your mentor.`]);
    const mentorTold = await bellItemsFor('demo-mentor');
    expect(mentorTold.slice(mentorBefore)).toEqual(['You are no longer the mentor of Una Subscribe.']);
    expect(await bellItemsFor('demo-district-admin')).toEqual([]);

    expect((await end()).body).toEqual({ removed: 0 });
    expect(await bellItemsFor(menteeId)).toHaveLength(2);
    expect(await bellItemsFor('demo-mentor')).toHaveLength(mentorTold.length);
  });

  it("a role taken away tells its holder, and taking Mentor tells each mentee; again, or refused, tells nothing more", async () => {
    const { userId: mentorId } = await subscriber();
    const { userId: menteeId } = await subscriber();
    const give = await invoke(roles, '/api/role/roles', { method: 'POST', cookie: superadmin, body: { userIds: [mentorId], roleId: 'role-mentor' } });
    expect(give.status).toBe(200);
    expect((await invoke(users, `/api/user/${menteeId}/assign`, { method: 'POST', cookie: superadmin, body: { mentorId } })).status).toBe(201);
    const take = (cookie: string) => invoke(roles, '/api/role/roles', { method: 'DELETE', cookie, body: { userIds: [mentorId], roleId: 'role-mentor' } });

    expect((await take(participant)).status).toBe(403);
    expect(await bellItemsFor(mentorId)).toEqual(['You were given the Mentor role.', 'You are now the mentor of Una Subscribe.']);

    const taken = await take(superadmin);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ menteesRemoved: 1 });
    expect(await bellItemsFor(mentorId)).toEqual(['You were given the Mentor role.', 'You are now the mentor of Una Subscribe.', 'You no longer have the Mentor role.']);
    expect(await bellItemsFor(menteeId)).toEqual(['Una Subscribe is now your mentor.', 'Una Subscribe is no longer your mentor.']);

    expect((await take(superadmin)).status).toBe(200);
    expect(await bellItemsFor(mentorId)).toHaveLength(3);
    expect(await bellItemsFor(menteeId)).toHaveLength(2);
  });
});
