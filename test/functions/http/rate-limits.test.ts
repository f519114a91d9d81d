import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '../../../functions/http/admin/handler';
import { handler as communication } from '../../../functions/http/communication/handler';
import { handler as conference } from '../../../functions/http/conference/handler';
import { handler as file } from '../../../functions/http/file/handler';
import { handler as security } from '../../../functions/http/security/handler';
import { handler as track } from '../../../functions/http/track/handler';
import { handler as user } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { callerNetwork, clientIp, rateLimitSeam } from '../../../functions/lib/http/rate-limit';
import { RATE_LIMITS, type RateLimitName } from '../../../shared/api/rate-limits';
import { ensureDemoSeeded, withCountedRequests } from '../../support/dynamo';
import { invoke, type Handler, type InvokeOptions } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * Per-caller rate limits (docs/security.md, "Rate limits"), through the real handlers and
 * DynamoDB Local. Each test lowers one limit through the seam and fixes the clock inside one
 * window, so it neither sends hundreds of requests nor waits, nor straddles a window's end.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const PARTICIPANT = 'participant@example.org';

/**
 * Each test runs in an hour of its own (all windows divide an hour), 10 seconds into its
 * windows, so no test sees another's counts.
 */
let windowStartMs = Date.UTC(2030, 0, 1, 12, 0, 0);

/** Lowers one limit and moves the clock 10 seconds into a fresh hour; returns that hour's start. */
function lower(name: RateLimitName, limit: number): number {
  rateLimitSeam.limits = { ...RATE_LIMITS, [name]: { ...RATE_LIMITS[name], limit } };
  windowStartMs += 3_600_000;
  const start = windowStartMs;
  rateLimitSeam.now = () => start + 10_000;
  return start;
}

/** Seconds from 10 seconds into a window to the end of the limit's window: what Retry-After must say. */
const secondsLeft = (name: RateLimitName) => RATE_LIMITS[name].windowSeconds - 10;

/** The same handler as called from another client address (API Gateway's sourceIp). */
function fromIp(handler: Handler, sourceIp: string): Handler {
  return (event: APIGatewayProxyEventV2, context: Context) =>
    handler({ ...event, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp } } }, context);
}

async function statuses(count: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await call()).status);
  return seen;
}

let superadmin: string;
let conferenceAdmin: string;
let participant: string;

beforeAll(async () => {
  await ensureDemoSeeded();
  [superadmin, conferenceAdmin, participant] = await Promise.all([cookieFor(SUPERADMIN), cookieFor(CONFERENCE_ADMIN), cookieFor(PARTICIPANT)]);
});

afterEach(() => {
  rateLimitSeam.limits = RATE_LIMITS;
  rateLimitSeam.now = () => Date.now();
});

describe('searches (per user)', () => {
  const search = (cookie: string) => invoke(conference, '/api/conference/quickSearch', { cookie });

  it('answer 429 with Retry-After and a readable message past the limit; another user is not affected; the next window starts afresh', async () => {
    const start = lower('search', 3);
    expect(await statuses(3, () => search(superadmin))).toEqual([200, 200, 200]);
    const refused = await search(superadmin);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(secondsLeft('search')));
    expect(refused.body).toEqual({ message: `Too many searches. Please try again in ${secondsLeft('search')} seconds.` });

    expect((await search(conferenceAdmin)).status).toBe(200);

    rateLimitSeam.now = () => start + RATE_LIMITS.search.windowSeconds * 1000;
    expect((await search(superadmin)).status).toBe(200);
  });

  it('share one budget across the search routes, the participants table included, and count before the body is read', async () => {
    lower('search', 2);
    const participants = (body: unknown) =>
      invoke(track, '/api/track/demo-track-candidacy/false/instances', { method: 'POST', cookie: conferenceAdmin, body });
    expect((await search(conferenceAdmin)).status).toBe(200);
    expect((await participants({ where: 'everyone' })).status).toBe(400); // counted, then refused by validation
    const refused = await participants({});
    expect(refused.status).toBe(429);
    expect((await search(conferenceAdmin)).status).toBe(429);
  });

  it('keep one counter item per caller and window, with a TTL just past the window', async () => {
    const windowStart = lower('search', 5) / 1000;
    expect(await statuses(2, () => search(superadmin))).toEqual([200, 200]);
    const { data } = await db().entities.rateCounter.query.byCallerWindow({ limitName: 'search', caller: 'user#demo-superadmin', windowStart }).go();
    expect(data).toEqual([expect.objectContaining({ windowStart, count: 2, ttl: windowStart + RATE_LIMITS.search.windowSeconds + 60 })]);
  });
});

describe('uploads (per user)', () => {
  it('answer 429 past the limit, whatever the body', async () => {
    lower('upload', 2);
    const requestUpload = (cookie: string) => invoke(file, '/api/file/upload', { method: 'POST', cookie, body: {} });
    expect(await statuses(3, () => requestUpload(participant))).toEqual([400, 400, 429]);
    const refused = await requestUpload(participant);
    expect(refused.headers['retry-after']).toBe(String(secondsLeft('upload')));
    expect(refused.body.message).toBe('Too many uploads started. Please try again in 10 minutes.');
    expect((await requestUpload(conferenceAdmin)).status).toBe(400);
  });
});

describe('invitations (per user)', () => {
  it('single invitations share one limit, batches and reinvites another', async () => {
    lower('invitation', 2);
    const post = (path: string, cookie = superadmin, body: unknown = {}) => invoke(path.startsWith('/api/admin') ? admin : user, path, { method: 'POST', cookie, body });
    expect((await post('/api/user')).status).toBe(400);
    expect((await post('/api/admin/sign-up-user')).status).toBe(400);
    const refused = await post('/api/admin/create-user/demo-participant');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(secondsLeft('invitation')));
    expect((await post('/api/user', conferenceAdmin)).status).toBe(400);

    lower('invitationBatch', 1);
    expect((await post('/api/admin/reinvite-user')).status).toBe(400);
    expect((await post('/api/user/bulk')).status).toBe(429);
    expect((await post('/api/admin/reinvite-user', conferenceAdmin)).status).toBe(400);
  });
});

describe('SMS verification (per user)', () => {
  it('answers 429 past the limit', async () => {
    lower('smsVerification', 1);
    const trigger = (cookie: string) => invoke(communication, '/api/communication/demo-participant/trigger-sms-verification', { method: 'POST', cookie });
    const first = await trigger(participant);
    expect(first.status).not.toBe(429);
    const refused = await trigger(participant);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many verification texts requested. Please try again in 60 minutes.');
    expect((await trigger(superadmin)).status).not.toBe(429);
  });
});

describe('the sign-in callback (per client IP)', () => {
  const callback = (handler: Handler, options: InvokeOptions = {}) =>
    invoke(handler, '/api/security/authenticate', { query: 'code=anything&state=no-such-sign-in', ...options });

  it('answers 429 as a page with Retry-After past the limit; another address is not affected; one write per request', async () => {
    lower('signInCallback', 2);
    const first = fromIp(security, '198.51.100.1');
    expect(await statuses(2, () => callback(first))).toEqual([400, 400]); // no sign-in cookie
    const { result: refused, requests } = await withCountedRequests(() => callback(first));
    expect(refused.status).toBe(429);
    expect(requests).toBe(1);
    expect(refused.headers['retry-after']).toBe(String(secondsLeft('signInCallback')));
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Too many sign-in attempts from this network. Please try again in 5 minutes.');

    expect((await callback(fromIp(security, '198.51.100.2'))).status).toBe(400);
  });

  it('off AWS counts the socket\'s peer: an X-Forwarded-For the client wrote changes nothing', async () => {
    lower('signInCallback', 1);
    const local = fromIp(security, '127.0.0.1');
    expect((await callback(local, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(400);
    expect((await callback(local, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    lower('signInCallback', 1);
    expect((await callback(fromIp(security, '2001:db8:1:2::10'))).status).toBe(400);
    expect((await callback(fromIp(security, '2001:db8:1:2:aaaa::1'))).status).toBe(429);
    expect((await callback(fromIp(security, '2001:db8:1:3::10'))).status).toBe(400);
  });
});

describe('clientIp behind CloudFront', () => {
  const event = (sourceIp: string, forwardedFor?: string) =>
    ({ headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

  it('is the address CloudFront appended to X-Forwarded-For, not what the client wrote before it, nor the edge', () => {
    expect(clientIp(event('130.176.0.1', '203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(event('130.176.0.1', '192.0.2.99, 10.0.0.1,203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(event('203.0.113.7', '192.0.2.99, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(event('130.176.0.1'), true)).toBe('130.176.0.1');
    expect(clientIp(event('127.0.0.1', '203.0.113.7'), false)).toBe('127.0.0.1');
  });
});

describe('callerNetwork', () => {
  it('keeps IPv4, reduces IPv6 to its /64 and IPv4-mapped IPv6 to IPv4', () => {
    expect(callerNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(callerNetwork('2001:0db8:0001:0002:0000:0000:0000:0010')).toBe('2001:db8:1:2::/64');
    expect(callerNetwork('2001:DB8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(callerNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(callerNetwork('::1')).toBe('0:0:0:0::/64');
    expect(callerNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});
