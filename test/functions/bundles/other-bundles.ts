import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { buildApiGatewayEvent } from '../../../bin/local/apigw-event';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/http/request-guards';
import { getJob, newJob } from '../../../functions/db/jobs';
import { newId } from '../../../functions/db/ids';
import { transact } from '../../../functions/db/transact';
import { SWEEP_EVENT } from '../../../functions/events/sweep-run';
import type { BundleProcess } from '../../support/node22-lambda';
import { RUN_SECRETS } from './lambda-env';

/**
 * The checks of bundles that are neither an HTTP service nor the outbox worker (the job worker, the origin authorizer), by bundle name.
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
  // Runs a job's step from its stream record (a kind it does not know: the step fails the job, as a
  // JobFailure does, and the record is handled), and the job sweepers on the sweep event.
  'job-worker': async (bundle) => {
    const { jobId, write } = newJob({ kind: 'node22.unknown', ownerId: 'system', title: 'Node 22 job worker', input: {}, jobId: `node22-${newId()}` });
    await transact([write]);
    const record = { eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: { __edb_e__: { S: 'job' }, jobId: { S: jobId }, status: { S: 'queued' } } } };
    expect(await bundle.invoke({ Records: [record] }), bundle.output()).toEqual({ batchItemFailures: [] });
    expect(await getJob(jobId)).toMatchObject({ status: 'failed', error: 'Unknown job kind node22.unknown' });
    expect(await bundle.invoke(SWEEP_EVENT), bundle.output()).toEqual({ jobs: expect.any(Number) });
  },
  'origin-authorizer': async (bundle) => {
    const host = { host: 'localhost:3000' };
    expect(await bundle.invoke(authorizerEvent({ ...host, [ORIGIN_VERIFY_HEADER]: RUN_SECRETS.originVerify }))).toEqual({ isAuthorized: true });
    expect(await bundle.invoke(authorizerEvent({ ...host, [ORIGIN_VERIFY_HEADER]: 'not-the-secret' }))).toEqual({ isAuthorized: false });
  },
};
