import { join } from 'node:path';

/** The stream workers' bundle names (functions/events/stream-routing.ts `StreamWorker`); the bundles of the HTTP services are named after their service. */
export const OUTBOX_WORKER = 'outbox-worker';
/** Runs every background job's steps, from the stream and the sweep (functions/events/job-worker.ts). */
export const JOB_WORKER = 'job-worker';
/** The HTTP API's Lambda authorizer: lets through only requests that carry CloudFront's origin secret. */
export const ORIGIN_AUTHORIZER = 'origin-authorizer';

/** Where `bin/build-functions.ts` writes bundles and where the CDK app picks them up. */
export const DEFAULT_BUNDLES_DIR = 'dist/functions';

/** Every bundle's file inside its folder; the Lambda handler is therefore `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

export interface FunctionEntry {
  name: string;
  /** Source file exporting `handler`, relative to the project root. */
  entry: string;
}

/** One Lambda per HTTP service, the outbox worker, the job worker and the origin authorizer (ARCHITECTURE.md section 2). */
export function functionEntries(services: readonly string[]): FunctionEntry[] {
  return [
    ...services.map((service) => ({ name: service, entry: `functions/http/${service}/handler.ts` })),
    { name: OUTBOX_WORKER, entry: 'functions/events/outbox-worker.ts' },
    { name: JOB_WORKER, entry: 'functions/events/job-worker.ts' },
    { name: ORIGIN_AUTHORIZER, entry: 'functions/edge/origin-authorizer.ts' },
  ];
}

export function bundleFolder(bundlesDir: string, name: string): string {
  return join(bundlesDir, name);
}
