import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../errors';

/**
 * Checks every request passes before any session or body is read (docs/security.md
 * "Request defences"). Pure: headers in, an HttpError out.
 */
type Headers = Record<string, string | undefined>;

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const NOT_THROUGH_CLOUDFRONT = 'Requests must come through the app address.';
export const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused: changes must come from the app itself.';
export const JSON_REQUIRED = 'Send the request body as JSON with content-type application/json.';

/** A request refused before it reached a route; `reason` is what the security log records. */
export class RefusedRequest extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly reason: 'origin-verify' | 'cross-origin' | 'content-type',
  ) {
    super(status, message);
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * In AWS the API answers only requests that came through CloudFront, which adds the shared secret.
 * During a rotation two values are accepted, the current and the previous (docs/deploy.md, "Secrets").
 */
export function assertThroughOrigin(headers: Headers, secret: string | readonly string[] | undefined): void {
  const accepted = (typeof secret === 'string' ? [secret] : (secret ?? [])).filter(Boolean);
  if (!accepted.length) return;
  const given = headers[ORIGIN_VERIFY_HEADER];
  // Every value is compared, so the time taken does not tell which one matched.
  const matches = given === undefined ? [] : accepted.map((value) => sameSecret(given, value));
  if (!matches.includes(true)) throw new RefusedRequest(403, NOT_THROUGH_CLOUDFRONT, 'origin-verify');
}

/**
 * Unsafe methods must come from the app's own origin. Browsers send `Origin` on every
 * POST, PUT, PATCH and DELETE, and `Sec-Fetch-Site` on every request; without `Origin`,
 * `Sec-Fetch-Site: same-origin` is accepted. A request with neither comes from a client
 * that is not a browser (curl, a script, a webhook): it carries no ambient browser
 * cookies an attacker could ride on, so it is let through to the session check.
 */
export function assertSameOrigin(method: string, headers: Headers, appOrigin: string): void {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return;
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin !== appOrigin) throw new RefusedRequest(403, CROSS_ORIGIN_REFUSED, 'cross-origin');
    return;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw new RefusedRequest(403, CROSS_ORIGIN_REFUSED, 'cross-origin');
}

/** A request with a body must say it is JSON: a cross-site form cannot, without a CORS preflight the API never grants. */
export function assertJsonBody(headers: Headers, hasBody: boolean): void {
  if (!hasBody) return;
  const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json') throw new RefusedRequest(415, JSON_REQUIRED, 'content-type');
}
