import { randomBytes } from 'node:crypto';
import { cameThroughOrigin } from '../../functions/edge/origin-authorizer';
import { config } from '../../functions/lib/config';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/request-guards';

/**
 * The local runtime's part of CloudFront and of the HTTP API's authorizer (docs/deploy.md, "How
 * requests reach the app"): the origin header is added to every /api request as CloudFront adds it,
 * then checked as API Gateway and the authorizer check it, with the authorizer's own code.
 */
let generated: string | undefined;

/** ORIGIN_VERIFY_SECRET when set (the services then check it too), else one made for this process. */
export function localOriginSecret(): string {
  return config.originVerifySecret ?? (generated ??= randomBytes(24).toString('base64url'));
}

/** CloudFront's custom origin header: set to the secret, replacing whatever value the viewer sent. */
export function withOriginHeader(rawHeaders: readonly string[], secret: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() !== ORIGIN_VERIFY_HEADER) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return [...kept, ORIGIN_VERIFY_HEADER, secret];
}

export interface GateRefusal {
  status: 401 | 403;
  message: string;
}

/**
 * What API Gateway answers before any service runs: 401 when the identity source (the header) is
 * missing or empty, without calling the authorizer; 403 when the authorizer refuses the value.
 */
export function originGate(headers: Record<string, string | undefined>, secret: string): GateRefusal | undefined {
  if (!headers[ORIGIN_VERIFY_HEADER]) return { status: 401, message: 'Unauthorized' };
  return cameThroughOrigin(headers, [secret]) ? undefined : { status: 403, message: 'Forbidden' };
}
