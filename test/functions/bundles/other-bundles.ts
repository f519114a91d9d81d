import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { buildApiGatewayEvent } from '../../../bin/local/apigw-event';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/http/request-guards';
import type { BundleProcess } from '../../support/node22-lambda';
import { RUN_SECRETS } from './lambda-env';

/**
 * The checks of bundles that are neither an HTTP service nor the outbox worker, by bundle name.
 * A bundle with no check here fails the test: every bundle is served at least once under Node 22.
 */
type BundleCheck = (bundle: BundleProcess) => Promise<void>;

/** The request authorizer event (payload 2.0) API Gateway sends for a call with these headers. */
function authorizerEvent(headers: Record<string, string>) {
  const request = { method: 'GET', url: '/api/app/health', rawHeaders: Object.entries(headers).flat(), body: Buffer.alloc(0), sourceIp: '127.0.0.1', requestId: randomUUID() };
  return {
    ...buildApiGatewayEvent(request, 'app'),
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:us-east-1:000000000000:local/$default/GET/api/app/health',
    identitySource: [headers[ORIGIN_VERIFY_HEADER] ?? ''],
  };
}

export const OTHER_BUNDLE_CHECKS: Record<string, BundleCheck> = {
  // Lets through only what carries CloudFront's origin secret.
  'origin-authorizer': async (bundle) => {
    const host = { host: 'localhost:3000' };
    expect(await bundle.invoke(authorizerEvent({ ...host, [ORIGIN_VERIFY_HEADER]: RUN_SECRETS.originVerify }))).toEqual({ isAuthorized: true });
    expect(await bundle.invoke(authorizerEvent({ ...host, [ORIGIN_VERIFY_HEADER]: 'not-the-secret' }))).toEqual({ isAuthorized: false });
  },
};
