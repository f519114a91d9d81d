import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as roleHandler } from '../../../functions/http/role/handler';
import { handler as appHandler } from '../../../functions/http/app/handler';
import { handler as securityHandler } from '../../../functions/http/security/handler';
import { handler as userHandler } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { endUserSessions } from '../../../functions/core/session/end-sessions';
import { parseSessionToken } from '../../../functions/core/session/session-token';
import { ensureDemoSeeded } from '../../support/dynamo';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/** Request defences (origin, CSRF, content type) and session lifetimes, against DynamoDB Local. */
const APP_ORIGIN = 'http://localhost:3000';
let superadmin: string;

beforeAll(async () => {
  process.env.OIDC_LOGOUT_URL = 'http://localhost/oidc/session/end';
  await ensureDemoSeeded();
  superadmin = await cookieFor('superadmin@example.org');
});

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
});

const queryRoles = (options: Parameters<typeof invoke>[2] = {}) =>
  invoke(roleHandler, '/api/role/query', { method: 'POST', body: {}, cookie: superadmin, ...options });

describe('unsafe methods come from the app only', () => {
  it('refuses another origin with 403 and a clear message', async () => {
    const answer = await queryRoles({ headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Cross-origin request refused: changes must come from the app itself.');
  });

  it('refuses Origin: null (sandboxed frames, some redirects)', async () => {
    expect((await queryRoles({ headers: { origin: 'null' } })).status).toBe(403);
  });

  it('without Origin, refuses a cross-site or same-site Sec-Fetch-Site and accepts same-origin', async () => {
    expect((await queryRoles({ headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await queryRoles({ headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    expect((await queryRoles({ headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
  });

  it("accepts the app's own origin, and a client that is not a browser (neither header)", async () => {
    expect((await queryRoles({ headers: { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await queryRoles()).status).toBe(200);
  });

  it('leaves safe methods alone', async () => {
    expect((await invoke(appHandler, '/api/app/health', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('answers 415 to a body that is not declared as JSON (a cross-site form post)', async () => {
    const form = await queryRoles({ rawBody: '{}', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(form.body.message).toBe('Send the request body as JSON with content-type application/json.');
    expect((await queryRoles({ headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await queryRoles({ headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200);
  });
});

describe('only through CloudFront when an origin secret is configured', () => {
  it('answers 403 without the x-origin-verify header or with a wrong value, and serves the right one', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'a-shared-secret-cloudfront-sends';
    expect((await invoke(appHandler, '/api/app/health')).status).toBe(403);
    expect((await invoke(appHandler, '/api/app/health', { headers: { 'x-origin-verify': 'a-shared-secret-cloudfront-send' } })).status).toBe(403);
    const through = await invoke(appHandler, '/api/app/health', { headers: { 'x-origin-verify': 'a-shared-secret-cloudfront-sends' } });
    expect(through.status).toBe(200);
  });
});

async function sessionItem(cookie: string) {
  const { userId, sessionId } = parseSessionToken(cookie.slice(cookie.indexOf('=') + 1))!;
  return { key: { userId, sessionId }, item: (await db().entities.session.get({ userId, sessionId }).go()).data! };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();

describe('sessions', () => {
  it('end after SESSION_IDLE_HOURS (default 8) without use, even before their absolute expiry', async () => {
    const cookie = await cookieFor('participant@example.org');
    const { key } = await sessionItem(cookie);
    await db().entities.session.patch(key).set({ lastSeenAt: hoursAgo(7.9) }).go();
    expect((await invoke(userHandler, '/api/user/user', { cookie })).status).toBe(200);
    await db().entities.session.patch(key).set({ lastSeenAt: hoursAgo(8.1) }).go();
    expect((await invoke(userHandler, '/api/user/user', { cookie })).status).toBe(401);
  });

  it('refresh lastSeenAt only when it is a few minutes old, not on every request', async () => {
    const cookie = await cookieFor('participant@example.org');
    const { key, item } = await sessionItem(cookie);
    await invoke(userHandler, '/api/user/user', { cookie });
    expect((await sessionItem(cookie)).item.lastSeenAt).toBe(item.lastSeenAt);

    const tenMinutesAgo = hoursAgo(1 / 6);
    await db().entities.session.patch(key).set({ lastSeenAt: tenMinutesAgo }).go();
    await invoke(userHandler, '/api/user/user', { cookie });
    const touched = (await sessionItem(cookie)).item;
    expect(Date.parse(touched.lastSeenAt!)).toBeGreaterThan(Date.parse(tenMinutesAgo));
    expect(touched.ttl).toBeLessThanOrEqual(Math.floor(Date.parse(touched.expiresAt) / 1000));
  });

  it('endUserSessions ends every session of the user; reactivating the user does not revive them', async () => {
    const userId = demoUser('mentor@example.org').id;
    const [phone, laptop] = [await cookieFor('mentor@example.org'), await cookieFor('mentor@example.org')];
    await db().entities.user.patch({ userId }).set({ inactive: true }).go();
    expect(await endUserSessions(userId)).toBeGreaterThanOrEqual(2);
    await db().entities.user.patch({ userId }).set({ inactive: false }).go();
    for (const cookie of [phone, laptop]) expect((await invoke(userHandler, '/api/user/user', { cookie })).status).toBe(401);
  });

  it('"sign out everywhere" ends the sessions of every browser of the user and clears this cookie', async () => {
    const [here, elsewhere] = [await cookieFor('advisor@example.org'), await cookieFor('advisor@example.org')];
    const other = await cookieFor('interviewer@example.org');
    const answer = await invoke(securityHandler, '/api/security/logout-everywhere', { method: 'POST', cookie: here, headers: { origin: APP_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(typeof answer.body.url).toBe('string');
    expect(answer.cookies[0]).toMatch(/^fm_session=;.*Max-Age=0/);
    for (const cookie of [here, elsewhere]) expect((await invoke(userHandler, '/api/user/user', { cookie })).status).toBe(401);
    expect((await invoke(userHandler, '/api/user/user', { cookie: other })).status).toBe(200);
  });

  it('"sign out everywhere" needs a session', async () => {
    expect((await invoke(securityHandler, '/api/security/logout-everywhere', { method: 'POST' })).status).toBe(401);
  });
});
