import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalDynamo } from './dynamodb-local';
import { startLocalS3 } from './s3-local';
import { startLocalSes } from './ses-local';
import { assertPortFree, freePort } from './ports';
import { startStreamPoller } from './stream-poller';
import { startSweepTimer } from './sweep-timer';
import { startAppServer } from './server';
import { localEdgeHeaders } from './edge-headers';
import { createLocalOidcProvider } from './oidc';
import { SMS_PAGE_PATH } from './sms-page';
import { localSnsPublicKey } from './sns-signer';
import { ProcessSettings } from './settings';
import { assertSafeToExpose } from './exposure';
import { DEFAULT_DATA_DIR } from './paths';
import { dynamoClient } from '../../functions/db/client';
import { ensureTable } from '../../functions/db/table';
import { seedDemoIfEmpty } from '../../functions/db/seed/demo';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverPendingOutbox, handler as outboxHandler } from '../../functions/events/outbox-worker';
import { handler as jobHandler } from '../../functions/events/job-worker';
import { SWEEP_EVENT, SWEEP_EVERY_MINUTES, type SweepEvent, type SweepReport } from '../../functions/events/sweep-run';
import { passesFilterOf } from '../../functions/events/stream-filter';
import type { StreamWorker } from '../../functions/events/stream-routing';

/**
 * `npm start` in one function: every AWS stand-in, the two stream workers (outbox, jobs) and the app on one
 * origin. Also what the Playwright suite starts (free port, in-memory database). Each
 * stand-in is skipped when its endpoint variable is already set (README "Configuration").
 */
export interface LocalRuntimeOptions {
  /** The app's port (default PORT or 3000); 0 picks a free one. */
  port?: number;
  /** Where data is kept (default `.data/` at the project root). */
  dataDir?: string;
  /** Nothing on disk: DynamoDB in memory, temporary S3 and SMS folders, keys in memory. */
  inMemory?: boolean;
  /** Vite with hot reload instead of the built web app. */
  dev?: boolean;
  /** No progress lines (tests). */
  quiet?: boolean;
  /**
   * Wraps each stream worker's handler (the outbox worker's, the job worker's) as the stream poller
   * and the sweep timer call it, each call one Lambda invocation in AWS (measurements:
   * bin/bench/cost-model.ts counts them and their time).
   */
  wrapWorker?: (worker: WorkerHandler, name: StreamWorker) => WorkerHandler;
}

/** A stream worker's entry as the runtime calls it: a stream batch or the sweep event. */
export type WorkerHandler = (event: DynamoDBStreamEvent | SweepEvent) => Promise<DynamoDBBatchResponse | SweepReport>;

export interface LocalRuntime {
  url: string;
  mailUrl: string;
  smsUrl: string;
  /** Resolves once the stream worker has caught up (a round found nothing new): for measurements. */
  streamIdle(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_PORT = 3000;
/** The sweep runs as often as the EventBridge rule runs it in AWS (ARCHITECTURE.md section 5). */
const SWEEP_EVERY_MS = SWEEP_EVERY_MINUTES * 60_000;

type Stopper = () => Promise<void>;

/**
 * Like Promise.all, but waits for every start to settle before failing, so a stand-in
 * that was still starting when another failed is registered and stopped too.
 */
async function allStarted<T extends readonly unknown[]>(starts: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const started = Date.now();
  const say = (message: string) => {
    if (!options.quiet) console.log(`[local] ${message}`);
  };
  const settings = new ProcessSettings();
  const stoppers: Stopper[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      await stop().catch((error) => console.error('[local] stop failed:', error));
    }
    settings.restore();
  };

  try {
    const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
    const scratch = options.inMemory ? await mkdtemp(join(tmpdir(), 'formation-local-')) : undefined;
    if (scratch) stoppers.push(() => rm(scratch, { recursive: true, force: true }));
    else await mkdir(dataDir, { recursive: true });
    const keptIn = (name: string) => (scratch ? undefined : join(dataDir, name));

    // The app's port comes first: it is part of the issuer and of the S3 CORS origin.
    const requestedPort = options.port ?? Number(settings.get('PORT') ?? DEFAULT_PORT);
    const appPort = requestedPort === 0 ? await freePort() : requestedPort;
    const host = settings.get('HOST') ?? '127.0.0.1';
    await assertPortFree(appPort, host);
    const appUrl = settings.default('APP_URL', `http://localhost:${appPort}`).replace(/\/$/, '');

    // What the functions read (functions/lib/config.ts), set before any of them runs.
    settings.default('AWS_REGION', 'us-east-1');
    settings.default('AWS_ACCESS_KEY_ID', 'local');
    settings.default('AWS_SECRET_ACCESS_KEY', 'local');
    const tableName = settings.default('TABLE_NAME', 'formation');
    const bucket = settings.default('UPLOADS_BUCKET', 'formation-uploads');
    settings.default('MAIL_FROM', 'no-reply@example.org');
    settings.default('SMS_ADAPTER', 'local');
    settings.default('SMS_OUTBOX_FILE', join(scratch ?? dataDir, 'sms-outbox.jsonl'));
    settings.default('FEEDBACK_FILE', join(scratch ?? dataDir, 'feedback.jsonl'));
    settings.default('LOG_LEVEL', options.quiet ? 'warn' : 'info');
    // New at every start: a sign-in in progress across a restart simply starts again.
    settings.default('COOKIE_SECRET', randomBytes(32).toString('base64url'));
    // The simulated SNS messages (SMS replies) are signed with this process's key; only local functions trust it.
    process.env.LOCAL_SNS_SIGNING_KEY = localSnsPublicKey();

    // The independent stand-ins start side by side; Java is the slow one.
    const [dynamoEndpoint, s3Endpoint, sesEndpoint, oidc] = await allStarted([
      settings.get('DYNAMODB_ENDPOINT') ??
        (async () => {
          const dynamo = await startLocalDynamo({ port: await freePort(), directory: keptIn('dynamodb') });
          stoppers.push(dynamo.stop);
          return dynamo.endpoint;
        })(),
      settings.get('S3_ENDPOINT') ??
        (async () => {
          const s3 = await startLocalS3({ port: await freePort(), bucket, appOrigin: new URL(appUrl).origin, directory: keptIn('s3') });
          stoppers.push(s3.stop);
          return s3.url;
        })(),
      settings.get('SES_ENDPOINT') ??
        (async () => {
          const ses = await startLocalSes(await freePort());
          stoppers.push(ses.stop);
          return ses.url;
        })(),
      settings.get('OIDC_ISSUER') ? undefined : createLocalOidcProvider({ appUrl, jwksFile: keptIn('oidc-jwks.json') }),
    ] as const);
    settings.set('DYNAMODB_ENDPOINT', dynamoEndpoint);
    settings.set('S3_ENDPOINT', s3Endpoint);
    settings.set('SES_ENDPOINT', sesEndpoint);
    if (oidc) {
      settings.set('OIDC_ISSUER', oidc.issuer);
      settings.set('OIDC_CLIENT_ID', oidc.clientId);
      settings.set('OIDC_CLIENT_SECRET', oidc.clientSecret);
      settings.default('IDENTITY_ADAPTER', 'local');
    }
    say(`stand-ins ready after ${Date.now() - started} ms`);

    if ((await ensureTable(dynamoClient(), tableName)) === 'created') say(`table ${tableName} created`);
    const seeded = await seedDemoIfEmpty({ living: true });
    if (seeded) say('demo data seeded');
    await assertSafeToExpose(host);

    const handlers: Record<StreamWorker, WorkerHandler> = { 'outbox-worker': outboxHandler as WorkerHandler, 'job-worker': jobHandler as WorkerHandler };
    const workers = (Object.keys(handlers) as StreamWorker[]).map((name) => ({ name, handle: options.wrapWorker ? options.wrapWorker(handlers[name], name) : handlers[name] }));
    const poller = await startStreamPoller({
      endpoint: dynamoEndpoint,
      region: settings.get('AWS_REGION')!,
      tableName,
      // One per event source mapping: each worker gets the records its filter lets through in AWS, and no others.
      consumers: workers.map(({ name, handle }) => ({ handler: (event) => handle(event) as Promise<DynamoDBBatchResponse>, filter: passesFilterOf(name) })),
    });
    stoppers.push(poller.stop);
    // The seed's bell items were written while no worker ran (the stream is read from "now" on). The sweep
    // would send them 25 every five minutes, leaving a newcomer's bell and the mail viewer short for a
    // quarter of an hour: they go now, a page at a time (their emails follow through the stream).
    if (seeded) say(`demo notifications delivered: ${await deliverBacklog()}`);
    // The scheduled sweep, as EventBridge sends it in AWS, to both workers. Its first run, now, also
    // sends items written while no worker ran (the stream is read from "now" on).
    const sweeps = startSweepTimer({ everyMs: SWEEP_EVERY_MS, sweep: () => Promise.all(workers.map(({ handle }) => handle(SWEEP_EVENT))) });
    stoppers.push(sweeps.stop);

    // CloudFront's security headers, with the local uploads stand-in in place of the bucket's hosts.
    const edgeHeaders = localEdgeHeaders({ appUrl, uploadsUrl: s3Endpoint, reportOnly: options.dev });
    const server = await startAppServer({ port: appPort, host, dev: options.dev ?? false, oidc, edgeHeaders });
    stoppers.push(server.stop);
    say(`ready after ${Date.now() - started} ms`);

    let stopping: Promise<void> | undefined;
    return {
      url: appUrl,
      mailUrl: sesEndpoint,
      smsUrl: `${appUrl}${SMS_PAGE_PATH}`,
      streamIdle: () => poller.idle(),
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Delivers the outbox's pending items a page at a time until a page sends nothing (at most 40 pages). */
async function deliverBacklog(): Promise<number> {
  let total = 0;
  for (let page = 0; page < 40; page++) {
    const sent = await deliverPendingOutbox(100);
    total += sent;
    if (sent === 0) break;
  }
  return total;
}
