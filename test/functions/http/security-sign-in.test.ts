import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/db/service';
import { createLocalAccount } from '../../../functions/core/identity/local-accounts';
import { findUserForIdentity } from '../../../functions/core/session/find-user';
import { DEMO_PASSWORD } from '../../../functions/db/seed/demo';
import { ensureDemoSeeded, withCountedRequests } from '../../support/dynamo';
import { demoUser } from '../../support/session';
import { reachCallback, startSignInServer } from '../../support/sign-in-server';

/** Sign-in end to end: the real OpenID provider, the real API, a cookie-keeping "browser". */
let server: Awaited<ReturnType<typeof startSignInServer>>;
const participant = { email: demoUser('participant@example.org').email, password: DEMO_PASSWORD };

beforeAll(async () => {
  await ensureDemoSeeded();
  server = await startSignInServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('sign-in', () => {
  it('signs in through the provider, lands on the requested app path and the session works', async () => {
    const browser = server.browser();
    const callback = await reachCallback(browser, participant, `redirect-uri=${encodeURIComponent('/users/demo-participant?tab=tracks')}`);
    const landing = await browser.redirectTarget(callback);
    expect(landing).toBe(`${server.appUrl}/users/demo-participant?tab=tracks`);
    const me = await browser.request('/api/user/user');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('participant@example.org');
    // The sign-in cookie is spent; only the session cookie is left.
    expect(browser.cookieNames().filter((name) => name.startsWith('fm_'))).toEqual(['fm_session']);
  });

  it.each([
    ['tab', '/%09/evil.example'],
    ['CR LF', '/%0d%0a/evil.example'],
    ['backslash', '/%5Cevil.example'],
    ['protocol-relative', '//evil.example'],
    ['absolute', 'https://evil.example/'],
  ])('a %s redirect target after sign-in goes to the app root, never to another site', async (_, target) => {
    const browser = server.browser();
    const callback = await reachCallback(browser, participant, `redirect-uri=${target}`);
    expect(await browser.redirectTarget(callback)).toBe(`${server.appUrl}/`);
  });

  it('login/spa returns the provider URL and sets an HttpOnly sign-in cookie, writing nothing to the table', async () => {
    const browser = server.browser();
    const { result: response, requests } = await withCountedRequests(() => browser.request('/api/security/login/spa?redirect-uri=%2Ftracks'));
    expect(response.status).toBe(200);
    expect((await response.json()).url).toMatch(/\/oidc\/auth\?/);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^fm_signin_[\w-]{16}=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/security/authenticate');
    expect(requests).toBe(0);
  });

  it("an attacker's callback URL opened in the victim's browser signs nobody in (login CSRF)", async () => {
    const attacker = server.browser();
    const forged = await reachCallback(attacker, { email: 'advisor@example.org', password: DEMO_PASSWORD });

    const victim = server.browser();
    const answer = await victim.request(forged);
    expect(answer.status).toBe(400);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith('fm_session=') && !c.startsWith('fm_session=;'))).toBe(false);
    expect((await victim.request('/api/user/user')).status).toBe(401);

    // Not even when the victim has a sign-in of their own in progress.
    await victim.request('/api/security/login/spa');
    expect((await victim.request(forged)).status).toBe(400);
  });

  it('a sign-in cookie that was altered is refused', async () => {
    const browser = server.browser();
    const callback = await reachCallback(browser, participant);
    const name = browser.cookieNames().find((n) => n.startsWith('fm_signin_'))!;
    const header = browser.cookieHeader(new URL(callback)).replace(new RegExp(`${name}=([^;]+)`), (_, value: string) => `${name}=${value.slice(0, -4)}AAAA`);
    const answer = await fetch(callback, { headers: { cookie: header }, redirect: 'manual' });
    expect(answer.status).toBe(400);
  });
});

describe('binding a sign-in to a user', () => {
  it('binds a first sign-in with a verified email to the matching user, and keeps that binding', async () => {
    const userId = 'binding-first-sign-in';
    await db().entities.user.put({ userId, firstName: 'Ada', lastName: 'First', email: 'ada.first@example.org' }).go();
    await createLocalAccount({ email: 'ada.first@example.org', password: 'a-long-password', userId });

    const browser = server.browser();
    const callback = await reachCallback(browser, { email: 'ada.first@example.org', password: 'a-long-password' });
    expect(await browser.redirectTarget(callback)).toBe(`${server.appUrl}/`);
    // The local provider's subject is the account's user id.
    const { data } = await db().entities.user.get({ userId }).go();
    expect(data?.cognitoUsername).toBe(userId);
  });

  it('refuses an identity whose subject differs from the one the user is bound to, even with the same email', async () => {
    const userId = 'binding-other-subject';
    await db().entities.user.put({ userId, firstName: 'Bo', lastName: 'Bound', email: 'bo.bound@example.org', cognitoUsername: 'some-other-subject' }).go();
    await createLocalAccount({ email: 'bo.bound@example.org', password: 'a-long-password', userId });

    const browser = server.browser();
    const callback = await reachCallback(browser, { email: 'bo.bound@example.org', password: 'a-long-password' });
    const answer = await browser.request(callback);
    expect(answer.status).toBe(403);
    expect((await answer.json()).message).toBe('No active account is linked to this sign-in. Please contact an admin.');
  });

  it('never links by an email the provider did not verify, and finds a bound user by subject even after an email change', async () => {
    const userId = 'binding-unverified';
    await db().entities.user.put({ userId, firstName: 'Cy', lastName: 'Unverified', email: 'cy@example.org' }).go();
    const identity = { subject: 'provider-subject-cy', email: 'cy@example.org' };
    expect(await findUserForIdentity({ ...identity, emailVerified: false })).toEqual({ refused: 'email-unverified' });
    expect((await db().entities.user.get({ userId }).go()).data?.cognitoUsername).toBeUndefined();

    const bound = await findUserForIdentity({ ...identity, emailVerified: true });
    expect('user' in bound && bound.user.userId).toBe(userId);
    const later = await findUserForIdentity({ ...identity, email: 'cy.new@example.org', emailVerified: false });
    expect('user' in later && later.user.userId).toBe(userId);
  });
});
