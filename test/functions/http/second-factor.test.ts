import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as security } from '../../../functions/http/security/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { createLocalAccount } from '../../../functions/core/identity/local-accounts';
import { openSession } from '../../../functions/core/session/open-session';
import { WRONG_CODE } from '../../../functions/core/session/second-factor';
import { totpCode } from '../../../functions/core/identity/totp';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { DEMO_LOCATION_IDS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../../functions/db/seed/demo';
import { SECOND_FACTOR_REQUIRED } from '../../../shared/auth/mfa';
import { ensureDemoSeeded, withCountedRequests } from '../../support/dynamo';
import { invoke } from '../../support/invoke';
import { reachCallback, startSignInServer } from '../../support/sign-in-server';
import type { TestBrowser } from '../../support/test-browser';
import { placeUser } from './access-fixtures';

/**
 * Authenticator apps: superadmins and conference admins are refused everything but who-am-I,
 * setup and sign-out until their session proved a second factor; the local provider asks
 * for codes as Cognito does; setting one up in a session gives that session the flag.
 */
const LOCATION_ROUTE = '/api/conference/quickSearch';

async function cookieOf(userId: string, secondFactor: boolean): Promise<string> {
  return `${sessionCookieName()}=${(await openSession(userId, { secondFactor })).token}`;
}

let server: Awaited<ReturnType<typeof startSignInServer>>;

beforeAll(async () => {
  await ensureDemoSeeded();
  server = await startSignInServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('enforcement on every request', () => {
  it('refuses a superadmin session without a second factor everything but who-am-I, with one DynamoDB read', async () => {
    const cookie = await cookieOf('demo-superadmin', false);
    const refused = await invoke(conferences, LOCATION_ROUTE, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SECOND_FACTOR_REQUIRED);

    expect((await invoke(users, '/api/user/user', { cookie })).status).toBe(200);
    const status = await invoke(security, '/api/security/mfa', { cookie });
    expect(status.body).toEqual({ required: true, secondFactor: false });

    // The check reads nothing more than the session lookup already did.
    const { result, requests } = await withCountedRequests(() => invoke(conferences, LOCATION_ROUTE, { cookie }));
    expect(result.status).toBe(403);
    expect(requests).toBe(1);
  });

  it('lets a session with the flag through', async () => {
    const cookie = await cookieOf('demo-superadmin', true);
    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).status).toBe(200);
    expect((await invoke(security, '/api/security/mfa', { cookie })).body).toEqual({ required: true, secondFactor: true });
  });

  it('asks nothing of roles that do not need it', async () => {
    const cookie = await cookieOf('demo-district-admin', false);
    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).status).toBe(200);
  });

  it('refuses at once a session whose user is granted conference admin mid-session', async () => {
    const userId = 'mfa-promoted-mid-session';
    await placeUser(userId, { roleIds: ['role-district-admin'], locations: [DEMO_LOCATION_IDS.district1] });
    const cookie = await cookieOf(userId, false);
    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).status).toBe(200);

    await db().entities.userRole.create({ userId, roleId: 'role-conference-admin', roleName: 'ConferenceAdmin' }).go();
    const refused = await invoke(conferences, LOCATION_ROUTE, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SECOND_FACTOR_REQUIRED);
  });
});

/** The password step, then the answer of the code page for `code`. */
async function signInWithCode(browser: TestBrowser, email: string, password: string) {
  const authorize = await browser.redirectTarget('/api/security/login');
  const signInPage = await browser.followWhile(authorize, (url) => !url.pathname.startsWith('/oidc/interaction/'));
  const codePage = await browser.request(`${signInPage}/login`, { method: 'POST', form: { email, password } });
  return { codePage, submit: (code: string) => browser.request(`${signInPage}/code`, { method: 'POST', form: { code } }) };
}

function sessionCookie(browser: TestBrowser): string {
  return browser.cookieHeader(new URL('/api/user/user', server.appUrl));
}

describe('the local provider asks for the code as Cognito does', () => {
  it('asks a superadmin for a code after the password, refuses a wrong one, and the right one gives a session with the flag', async () => {
    const browser = server.browser();
    const { codePage, submit } = await signInWithCode(browser, 'superadmin@example.org', DEMO_PASSWORD);
    expect(codePage.status).toBe(200);
    const page = await codePage.text();
    expect(page).toContain('Authenticator code');
    expect(page).toMatch(/Demo account: the current code is <strong>\d{6}<\/strong>/);

    const wrong = String((Number(totpCode(DEMO_TOTP_SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await submit(wrong);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Incorrect code.');

    const accepted = await submit(totpCode(DEMO_TOTP_SECRET));
    expect(accepted.status).toBe(303);
    const callback = await browser.followWhile(new URL(accepted.headers.get('location')!, server.appUrl).toString(), (url) => url.pathname !== '/api/security/authenticate');
    await browser.redirectTarget(callback);
    expect((await browser.request(LOCATION_ROUTE)).status).toBe(200);
    expect(await (await browser.request('/api/security/mfa')).json()).toEqual({ required: true, secondFactor: true });
  });

  it('sends the user back to the password after five wrong codes', async () => {
    const browser = server.browser();
    const { submit } = await signInWithCode(browser, 'conference.admin@example.org', DEMO_PASSWORD);
    for (let attempt = 1; attempt < 5; attempt += 1) expect(await (await submit('000000')).text()).toContain('Incorrect code.');
    const last = await submit('000000');
    expect(await last.text()).toContain('Too many incorrect codes. Sign in again.');
    expect((await submit(totpCode(DEMO_TOTP_SECRET))).status).toBe(401); // the password step is needed again
  });

  it('asks no code of an account without an authenticator app', async () => {
    const browser = server.browser();
    const callback = await reachCallback(browser, { email: 'participant@example.org', password: DEMO_PASSWORD });
    await browser.redirectTarget(callback);
    expect(await (await browser.request('/api/security/mfa')).json()).toEqual({ required: false, secondFactor: false });
  });
});

describe('setting up an authenticator app', () => {
  it('begins, refuses a wrong code, accepts the right one (flag set), and the next sign-in asks for the code', async () => {
    const userId = 'mfa-new-conference-admin';
    const email = `${userId}@example.org`;
    await placeUser(userId, { roleIds: ['role-conference-admin'], locations: [DEMO_LOCATION_IDS.conference1] });
    await createLocalAccount({ email, password: 'a-long-password', userId });

    const browser = server.browser();
    await browser.redirectTarget(await reachCallback(browser, { email, password: 'a-long-password' }));
    const cookie = sessionCookie(browser);
    const post = (path: string, body?: unknown) => invoke(security, path, { method: 'POST', body, cookie, headers: { origin: server.appUrl } });

    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).body.message).toBe(SECOND_FACTOR_REQUIRED);
    const setup = await post('/api/security/mfa/setup');
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const { secret, uri } = setup.body as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Formation%20Tracks:${encodeURIComponent(email)}?secret=${secret}&issuer=Formation%20Tracks&algorithm=SHA1&digits=6&period=30`);

    const badShape = await post('/api/security/mfa/verify', { code: '12ab56' });
    expect(badShape.status).toBe(400);
    const wrong = await post('/api/security/mfa/verify', { code: totpCode(secret, Date.now() + 5 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ code: [WRONG_CODE] });
    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).status).toBe(403);

    const right = await post('/api/security/mfa/verify', { code: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ required: true, secondFactor: true });
    expect((await invoke(conferences, LOCATION_ROUTE, { cookie })).status).toBe(200);
    const [session] = (await db().entities.session.query.byUser({ userId }).go()).data;
    expect(session.secondFactor).toBe(true);
    expect(session.sealedAccessToken).toBeUndefined();

    const next = server.browser();
    const { codePage, submit } = await signInWithCode(next, email, 'a-long-password');
    const page = await codePage.text();
    expect(page).toContain('Authenticator code');
    expect(page).not.toContain('Demo account'); // the hint is for the public demo secret only
    expect((await submit(totpCode(secret))).status).toBe(303);
  });

  it('keeps the sign-in access token on the server, sealed, only while setup may need it', async () => {
    const browser = server.browser();
    await browser.redirectTarget(await reachCallback(browser, { email: 'participant@example.org', password: DEMO_PASSWORD }));
    const sessions = (await db().entities.session.query.byUser({ userId: 'demo-participant' }).go()).data;
    const sealed = sessions.map((s) => s.sealedAccessToken).filter(Boolean);
    expect(sealed.length).toBeGreaterThan(0);
    // A JWE (five parts), not the provider's token, and no cookie carries it.
    expect(sealed[0]!.split('.')).toHaveLength(5);
    expect(browser.cookieNames().filter((name) => name.startsWith('fm_'))).toEqual(['fm_session']);
  });
});
