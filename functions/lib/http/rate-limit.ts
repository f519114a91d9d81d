import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Contract } from '../../../shared/api/contract';
import { RATE_LIMITS, type RateLimit, type RateLimitName } from '../../../shared/api/rate-limits';
import { db } from '../../db/service';
import { runsInAws } from '../config';
import { TooManyRequestsError } from '../errors';
import { securityEvent } from '../security-event';
import { errorResponse, pageResponse } from './responses';

/** Kept a minute past its window, so a Lambda whose clock runs a little behind still finds it. */
const TTL_MARGIN_SECONDS = 60;

/**
 * What tests change instead of waiting or sending hundreds of requests: the clock and the
 * limits in force. Production code never writes to it.
 */
export const rateLimitSeam: { now: () => number; limits: Record<RateLimitName, RateLimit> } = {
  now: () => Date.now(),
  limits: RATE_LIMITS,
};

/** A caller over a route's limit: 429 with Retry-After (seconds to the window's end). */
export class RateLimitedError extends TooManyRequestsError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** The route is a browser navigation (it answers a redirect): the 429 is a page, not JSON. */
    readonly asPage: boolean,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/**
 * Counts this request against the contract's limit, if it has one: one UpdateItem on the
 * counter of (limit, caller, window) that adds 1 and returns the new count. Over the limit
 * it throws RateLimitedError. Routes without a limit cost nothing here.
 */
export async function enforceRateLimit(contract: Contract, event: APIGatewayProxyEventV2, userId: string | undefined): Promise<void> {
  if (!contract.rateLimit) return;
  const rule = rateLimitSeam.limits[contract.rateLimit];
  const caller = rule.key === 'user' && userId ? `user#${userId}` : `ip#${callerNetwork(clientIp(event))}`;
  const nowSeconds = rateLimitSeam.now() / 1000;
  const windowStart = Math.floor(nowSeconds / rule.windowSeconds) * rule.windowSeconds;
  const windowEnd = windowStart + rule.windowSeconds;
  const { data } = await db()
    .entities.rateCounter.update({ limitName: contract.rateLimit, caller, windowStart })
    .add({ count: 1 })
    .set({ ttl: windowEnd + TTL_MARGIN_SECONDS })
    .go({ response: 'all_new' });
  const count = data.count ?? 0;
  if (count <= rule.limit) return;
  // Once per window and caller, not once per refused request: a flood would flood the log too.
  if (count === rule.limit + 1) securityEvent('rate.limited', { outcome: 'denied', status: 429, reason: contract.rateLimit });
  const retryAfterSeconds = Math.max(1, Math.ceil(windowEnd - nowSeconds));
  throw new RateLimitedError(`Too many ${rule.what}. Please try again in ${waitText(retryAfterSeconds)}.`, retryAfterSeconds, contract.status === 302);
}

/** The 429 answer: JSON for the app's calls, a small page for a browser navigation. */
export function rateLimitedResponse(error: RateLimitedError): APIGatewayProxyStructuredResultV2 {
  const retryAfter = { 'retry-after': String(error.retryAfterSeconds) };
  if (error.asPage) {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Please wait</title></head><body><main><h1>Please wait a moment</h1><p>${error.message}</p><p><a href="/">Back to Formation Tracks</a></p></main></body></html>`;
    return pageResponse(429, html, retryAfter);
  }
  const response = errorResponse(429, error.message);
  return { ...response, headers: { ...response.headers, ...retryAfter } };
}

/**
 * The client's address. In AWS only CloudFront reaches the functions (its origin header is
 * checked before any service runs), and it is the last X-Forwarded-For entry: CloudFront
 * appends the viewer's address there, while the entries before it are whatever the client
 * sent, and `sourceIp` may be CloudFront's edge, shared by everyone behind it. Anywhere else
 * (the local runtime) nobody trusted wrote that header: the socket's peer.
 */
export function clientIp(event: APIGatewayProxyEventV2, behindCloudFront = runsInAws()): string {
  const source = event.requestContext?.http?.sourceIp ?? 'unknown';
  if (!behindCloudFront) return source;
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return forwarded.at(-1) ?? source;
}

/**
 * Who is counted for an address: an IPv4 address itself, an IPv6 address by its /64 (one
 * household or device gets a whole /64 and could rotate through it).
 */
export function callerNetwork(address: string): string {
  if (!address.includes(':')) return address;
  if (address.includes('.')) return address.slice(address.lastIndexOf(':') + 1); // IPv4-mapped
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
