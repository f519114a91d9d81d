import { handler as users } from '../../../functions/http/user/handler';
import { handler as notifications } from '../../../functions/http/notification/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { createLocalAccount, verifyLocalCredentials } from '../../../functions/core/identity/local-accounts';
import { confirmEmail } from '../../../functions/core/people/email-change';
import { EMAIL_IN_USE } from '../../../shared/schemas/user';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** Changing a user's email: claimed at once, confirmed by a single-use link (SPEC.md sections 2, 4 and 7). */
let districtAdmin: string;

beforeAll(async () => {
  process.env.IDENTITY_ADAPTER = 'local';
  await seedDemo();
  districtAdmin = await cookieFor('district.admin@example.org');
});

const storedUser = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;
const claimOf = async (email: string) => (await db().entities.userEmail.get({ email }).go({ consistent: true })).data?.userId;
const save = async (userId: string, body: Record<string, unknown>) => invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: districtAdmin, body: { version: (await storedUser(userId)).version, ...body } });

/** The token of the newest confirmation mailed to `to`. */
async function linkTo(to: string): Promise<string> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const mail = data.filter((item) => item.kind === 'email' && (item.payload as { to: string }).to === to).at(-1);
  const link = (mail!.payload as { content: { action: { url: string } } }).content.action.url;
  return new URL(link).searchParams.get('data')!;
}

const follow = (token: string) => invoke(notifications, '/api/notification/confirm-email-unauthed', { query: `data=${encodeURIComponent(token)}` });

describe('changing the email on the details card', () => {
  it('claims the new address, mails a link to it, and swaps the email (and the local account) when the link is followed, once', async () => {
    const userId = await putTestUser({ firstName: 'Em', lastName: 'Change', locationId: ids.district1 });
    const { email: old } = await storedUser(userId);
    await db().entities.userEmail.put({ email: old, userId }).go();
    await createLocalAccount({ email: old, password: 'correct horse battery', userId });
    const next = `em.new.${userId.slice(-6)}@example.org`;

    const saved = await save(userId, { email: next.toUpperCase() });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: old, pendingEmail: next });
    expect(await claimOf(next)).toBe(userId);
    const token = await linkTo(next);

    const res = await follow(token);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/users/email-verification?isVerified=true&user=${userId}`);
    const user = await storedUser(userId);
    expect(user.email).toBe(next);
    expect(user.pendingEmail).toBeUndefined();
    expect(await claimOf(old)).toBeUndefined();
    expect(await claimOf(next)).toBe(userId);
    expect(await verifyLocalCredentials(next, 'correct horse battery')).toMatchObject({ userId });
    expect(await verifyLocalCredentials(old, 'correct horse battery')).toBeNull();

    expect((await follow(token)).headers.location).toBe('/users/email-verification?isVerified=false');
  });

  it('refuses an address another user holds with a field message, changing nothing', async () => {
    const userId = await putTestUser({ firstName: 'In', lastName: 'Use', locationId: ids.district1 });
    const before = await storedUser(userId);
    const res = await save(userId, { email: 'participant@example.org', middleName: 'Kept' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ email: [EMAIL_IN_USE] });
    expect(await storedUser(userId)).toMatchObject({ email: before.email, version: before.version });
    expect((await storedUser(userId)).middleName).toBeUndefined();
  });

  it('makes an older link useless and releases its claim when the email changes again; the current email cancels the change', async () => {
    const userId = await putTestUser({ firstName: 'Twice', lastName: 'Changed', locationId: ids.district1 });
    const first = `first.${userId.slice(-6)}@example.org`;
    const second = `second.${userId.slice(-6)}@example.org`;
    await save(userId, { email: first });
    const firstToken = await linkTo(first);
    await save(userId, { email: second });
    expect(await claimOf(first)).toBeUndefined();
    expect((await follow(firstToken)).headers.location).toBe(`/users/email-verification?isVerified=false&user=${userId}`);

    const { email: current } = await storedUser(userId);
    const back = await save(userId, { email: current });
    expect(back.body.pendingEmail).toBeUndefined();
    expect(await claimOf(second)).toBeUndefined();
    expect((await follow(await linkTo(second))).headers.location).toContain('isVerified=false');
    expect((await storedUser(userId)).email).toBe(current);
  });

  it('refuses an expired link', async () => {
    const userId = await putTestUser({ firstName: 'Late', lastName: 'Link', locationId: ids.district1 });
    const next = `late.${userId.slice(-6)}@example.org`;
    await save(userId, { email: next });
    expect(await confirmEmail(await linkTo(next), Date.now() + 25 * 3_600_000)).toEqual({ isVerified: false, userId });
    expect((await storedUser(userId)).pendingEmail).toBe(next);
  });

  it('confirms through confirm-email for a signed-in caller too; an unknown token is not verified', async () => {
    const userId = await putTestUser({ firstName: 'Signed', lastName: 'In', locationId: ids.district1 });
    const next = `signed.${userId.slice(-6)}@example.org`;
    await save(userId, { email: next });
    const res = await invoke(notifications, '/api/notification/confirm-email', { cookie: districtAdmin, query: `data=${await linkTo(next)}` });
    expect(res.headers.location).toBe(`/users/email-verification?isVerified=true&user=${userId}`);
    expect((await invoke(notifications, '/api/notification/confirm-email', { cookie: districtAdmin, query: 'data=nothing' })).headers.location).toBe('/users/email-verification?isVerified=false');
  });
});
