import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { config } from '../lib/config';
import { RefusedRequest, assertThroughOrigin } from '../lib/http/request-guards';
import { loadSecrets } from '../lib/secrets';

/**
 * The HTTP API's Lambda authorizer (payload 2.0, simple responses; docs/deploy.md, "How requests
 * reach the app"): a request reaches a service function only when its origin header carries the
 * secret CloudFront adds. API Gateway itself refuses a request without the header (401) before
 * calling this; a wrong value is refused here (403), and API Gateway caches either answer by the
 * header's value. The services keep their own check (service-handler.ts) as defence in depth.
 */
type Headers = Record<string, string | undefined>;

/**
 * The same constant-time comparison the services run, over the values they accept (the current
 * secret, and the previous one during a rotation). Unlike theirs, no secret refuses everything:
 * in AWS it is always set, so its absence is a broken deploy, never an open door.
 */
export function cameThroughOrigin(headers: Headers, accepted: readonly string[]): boolean {
  if (!accepted.some(Boolean)) return false;
  try {
    assertThroughOrigin(headers, accepted);
    return true;
  } catch (error) {
    if (error instanceof RefusedRequest) return false;
    throw error;
  }
}

let warnedNoSecret = false;

export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerResult> {
  // Read from Secrets Manager as the services read it: at a cold start, then every few minutes.
  await loadSecrets();
  const accepted = config.originVerifySecrets;
  if (!accepted.length && !warnedNoSecret) {
    warnedNoSecret = true;
    console.error(JSON.stringify({ level: 'ERROR', message: 'ORIGIN_VERIFY_SECRET is not set: every /api request is refused' }));
  }
  return { isAuthorized: cameThroughOrigin(event.headers ?? {}, accepted) };
}
