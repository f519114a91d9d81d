/**
 * `npm run bench:cost`: what a month costs in AWS, computed from measured request counts (issue 23, item 8).
 *
 * Starts the local runtime in memory with the demo data (as `npm run bench` does), then plays the
 * months of bin/bench/cost-mix.ts: each entry's case (bin/bench/cases.ts) is called a few times after a
 * warm-up, and everything those calls cost is counted: the handler's DynamoDB requests and capacity,
 * and what the stream worker then does for them (projections, job steps, outbox deliveries and the
 * emails they send), waiting until the stream has gone idle. The scheduled sweep is measured on its
 * own (a fixed item: it runs every five minutes with or without users), and kept out of the calls'
 * counts. Per call it also measures:
 * - the time from the request's arrival to the answer's last byte in this process (the local API
 *   gateway's work and the handler, against DynamoDB Local): an upper bound for the Lambda's billed
 *   duration at 512 MB arm64, and the stream worker's invocations and their time;
 * - the bytes the viewer receives (status line, headers, body; plus the headers CloudFront adds):
 *   CloudFront's data out;
 * - the log bytes: what the functions write at the deployed level (LOG_LEVEL is unset in AWS, so
 *   `info`), captured from this process's stdout and stderr while the call and its stream work run;
 *   plus what only AWS writes, built as AWS writes it and measured: the request-metrics EMF line
 *   (functions/lib/http/request-metrics.ts), Lambda's START, END and REPORT lines, the API's access
 *   log line (infra/constructs/api-access-log.ts), and 26 bytes of metadata per log event.
 * Then prices the months with bin/bench/cost-prices.ts and prints the active user-month by
 * component, the conference scenario and the idle month. Writes .bench/cost.json.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { contracts, services } from '../../shared/api';
import { dynamoClient, requestCounter } from '../../functions/db/client';
import { db } from '../../functions/db/service';
import { newId } from '../../functions/db/ids';
import { transact } from '../../functions/db/transact';
import { eventWrites, stepInstanceLink } from '../../functions/core/outbox/instance-events';
import { SWEEP_EVENT, handler as outboxWorker } from '../../functions/events/outbox-worker';
import { handler as jobWorker } from '../../functions/events/job-worker';
import { isSweepEvent, SWEEP_EVERY_MINUTES } from '../../functions/events/sweepers';
import { sweepMetrics } from '../../functions/events/sweep-metrics';
import { requestMetrics } from '../../functions/lib/http/request-metrics';
import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { accessLogFormat } from '../../infra/constructs/api-access-log';
import { startLocalRuntime, type LocalRuntime, type WorkerHandler } from '../local/runtime';
import { freePort } from '../local/ports';
import { AS } from './accounts';
import { addPeople } from './admin-cases';
import { BENCH_CASES } from './cases';
import { benchTarget, type BenchTarget } from './context';
import { caseCalls, type CallResult } from './measure';
import {
  ACTIVE_PARTICIPANT_MONTH,
  ADMIN_HOURS,
  BUSY_HOURS,
  DEPLOYS_PER_MONTH,
  EMAILS,
  PARTICIPANT_VISITS,
  ADVISOR_VISITS_PER_PARTICIPANT,
  RARE_USER_MONTH,
  SCENARIO,
  SMS,
  UPLOAD_MB,
  type MixEntry,
} from './cost-mix';
import { addUsage, COMPONENTS, PRICES, priceUsage, priceWithFreeTiers, scaleUsage, smsParts, total, type Costs, type Usage } from './cost-prices';

/** Calls measured per entry after its warm-up (the counts repeat; more calls only steady the times). */
const SAMPLES = Number(process.env.COST_SAMPLES ?? 3);
const GB = 1024 ** 3;
const HOURS_PER_MONTH = 730;
const SWEEPS_PER_MONTH = (HOURS_PER_MONTH * 60) / SWEEP_EVERY_MINUTES;
/** Lambda's memory for every function (infra/constructs/service-function.ts); the authorizer has 128 MB. */
const MEMORY_GB = PRICES.lambda.memoryGb;
/** What the deployed stack holds (infra/): the web ACL's rules (web-acl.ts), the secrets (api-stack.ts), alarm metrics and dashboards (operations*.ts, outbox-worker-wiring.ts). */
const FIXED = {
  webAcls: 1,
  wafRules: 5, // SignInRateLimit, ApiRateLimit, KnownBadInputs, CommonRuleSet, ApiTotalRateLimit
  secrets: 3, // origin-verify, cookie, unsubscribe
  alarmMetrics: 10, // 7 alarms in operations.ts (the 5xx rate reads two metrics) and the worker's 2
  dashboards: 1,
  alwaysOnCustomMetrics: 1, // StalledJobs, written by every sweep
};
/** Every function reads each of its secrets when its five-minute copy runs out (functions/lib/secrets.ts). */
const SECRET_REFRESHES_PER_HOUR = 12;
/** The origin authorizer: 128 MB, its answer cached five minutes by the header's value (infra/constructs/origin-authorizer.ts); its run taken at 10 ms. */
const AUTHORIZER = { gb: 0.125, ms: 10, perHour: 12 };
/** Item overhead DynamoDB bills per item and index entry (its storage pricing: 100 bytes). */
const ITEM_OVERHEAD = 100;
/** CloudFront adds Via, X-Cache, X-Amz-Cf-Pop and X-Amz-Cf-Id to every answer. */
const CLOUDFRONT_HEADERS = [
  'via: 1.1 0123456789abcdef0123456789abcdef.cloudfront.net (CloudFront)',
  'x-cache: Miss from cloudfront',
  'x-amz-cf-pop: IAD89-C1',
  'x-amz-cf-id: 5kKmAUwFv7xo9q8j4gTqS2cYl6nH1rQw0aEeBdZx3tUyVpOiLmNbGc==',
].reduce((sum, line) => sum + line.length + 2, 0);
/** CloudWatch Logs adds this much metadata to each event it bills. */
const LOG_EVENT_OVERHEAD = 26;
const USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// ---------------------------------------------------------------------------------------------
// What this process writes: the functions log to stdout and stderr, so both are captured while the
// runtime runs; the report goes to the saved writers.

const realOut = process.stdout.write.bind(process.stdout);
const realErr = process.stderr.write.bind(process.stderr);
const say = (line: string) => void realErr(`${line}\n`);
/** Set while the scheduled sweep runs (the runtime's timer): its requests and logs are not a call's. */
const inSweep = new AsyncLocalStorage<boolean>();
let logs: { bytes: number; lines: number } | undefined;

function tap(chunk: unknown): void {
  if (!logs || inSweep.getStore()) return;
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  logs.bytes += Buffer.byteLength(text);
  logs.lines += text.split('\n').length - 1 || 1;
}

function captureOutput(): () => void {
  const swallow = (chunk: unknown, ...rest: unknown[]) => {
    tap(chunk);
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  };
  process.stdout.write = swallow as typeof process.stdout.write;
  process.stderr.write = swallow as typeof process.stderr.write;
  return () => {
    process.stdout.write = realOut as typeof process.stdout.write;
    process.stderr.write = realErr as typeof process.stderr.write;
  };
}

/** Bytes and lines `fn` writes while it runs. */
async function logged(fn: () => Promise<unknown>): Promise<{ bytes: number; lines: number }> {
  const outer = logs;
  const own = (logs = { bytes: 0, lines: 0 });
  try {
    await fn();
    return own;
  } finally {
    logs = outer;
  }
}

/** Bytes and lines a synchronous `fn` writes (nothing else can write meanwhile). */
function loggedNow(fn: () => void): { bytes: number; lines: number } {
  const outer = logs;
  const own = (logs = { bytes: 0, lines: 0 });
  try {
    fn();
    return own;
  } finally {
    logs = outer;
  }
}

// ---------------------------------------------------------------------------------------------
// Lambda invocations: the API's (request arrival to the answer's end, in this process) and the
// stream worker's (each call of its handler by the local stream poller, as Lambda would invoke it).

const counting = { http: false, worker: false };
const httpRuns: number[] = [];
const workerRuns: number[] = [];
const arrivals = new WeakMap<object, number>();
dc.subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: IncomingMessage };
  if (request.url?.startsWith('/api/')) arrivals.set(request, performance.now());
});
dc.subscribe('http.server.response.finish', (message) => {
  const { request } = message as { request: IncomingMessage };
  const arrived = arrivals.get(request);
  if (arrived !== undefined && counting.http) httpRuns.push(performance.now() - arrived);
});

function wrapWorker(worker: WorkerHandler): WorkerHandler {
  return async (event) => {
    if (isSweepEvent(event)) return inSweep.run(true, () => worker(event));
    const started = performance.now();
    try {
      return await worker(event);
    } finally {
      if (counting.worker) workerRuns.push(performance.now() - started);
    }
  };
}

/** Lambda's START, END and REPORT lines of one invocation (text log format). */
function platformLines(ms: number): { bytes: number; lines: number } {
  const id = randomUUID();
  const lines = [
    `START RequestId: ${id} Version: $LATEST\n`,
    `END RequestId: ${id}\n`,
    `REPORT RequestId: ${id}\tDuration: ${ms.toFixed(2)} ms\tBilled Duration: ${Math.ceil(ms)} ms\tMemory Size: 512 MB\tMax Memory Used: 112 MB\t\n`,
  ];
  return { bytes: lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0), lines: lines.length };
}

/** The API's access log line for one request, as API Gateway fills the stage's format. */
function accessLogLine(service: string, method: string, call: CallResult, ms: number): number {
  const values: Record<string, string> = {
    '$context.requestId': 'Q1w2E3r4T5y6U7i=',
    '$context.requestTime': '05/Dec/2026:13:12:38 +0000',
    '$context.identity.sourceIp': '203.0.113.195',
    '$context.identity.userAgent': USER_AGENT,
    '$context.httpMethod': method,
    '$context.path': call.path,
    '$context.routeKey': `ANY /api/${service}/{proxy+}`,
    '$context.status': String(call.status),
    '$context.responseLength': String(call.bodyBytes),
    '$context.responseLatency': String(Math.ceil(ms)),
    '$context.integrationLatency': String(Math.ceil(ms)),
    '$context.integrationErrorMessage': '-',
  };
  return Buffer.byteLength(accessLogFormat().replace(/\$context\.[\w.]+/g, (key) => values[key] ?? '-')) + 1;
}

// ---------------------------------------------------------------------------------------------
// One entry measured.

/** What one call (or one email, one SMS, one sweep) costs, averaged over the measured samples. */
export interface Measured {
  dynamoRequests: number;
  rru: number;
  wru: number;
  byCommand: Record<string, number>;
  /** API requests (Lambda invocations of the services). */
  httpCalls: number;
  /** Billed ms of those invocations (each rounded up to the ms). */
  httpMs: number;
  workerInvocations: number;
  workerMs: number;
  /** Viewer bytes of the API's answers, CloudFront's headers included. */
  bytesOut: number;
  /** Everything CloudWatch Logs ingests for it (the functions' own lines, EMF, Lambda's lines, the access log, the events' metadata). */
  logBytes: number;
  /** Of which the functions' own lines, at the deployed level. */
  appLogBytes: number;
  emails: number;
  sms: number;
}

const zero = (): Measured => ({ dynamoRequests: 0, rru: 0, wru: 0, byCommand: {}, httpCalls: 0, httpMs: 0, workerInvocations: 0, workerMs: 0, bytesOut: 0, logBytes: 0, appLogBytes: 0, emails: 0, sms: 0 });

let runtime: LocalRuntime;
let target: BenchTarget;

const mailCount = async () => ((await (await fetch(`${runtime.mailUrl}/store`)).json()) as { emails: unknown[] }).emails.length;
const smsCount = () => {
  const file = process.env.SMS_OUTBOX_FILE;
  return file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
};

/** Until the stream worker has done everything earlier writes caused: idle twice in a row, with no new request meanwhile. */
async function settle(): Promise<void> {
  for (;;) {
    const before = requestCounter.snapshot().requests + workerRuns.length;
    await target.streamIdle();
    await target.streamIdle();
    if (requestCounter.snapshot().requests + workerRuns.length === before) return;
  }
}

/** Counts everything `work` and the stream work it causes cost; `perHttp` adds each API call's own lines (EMF, access log). */
async function counted(samples: number, work: () => Promise<{ bytesOut: number; extraLogBytes: number; extraLogLines: number }>): Promise<Measured> {
  await settle();
  const mailsBefore = await mailCount();
  const smsBefore = smsCount();
  httpRuns.length = 0;
  workerRuns.length = 0;
  requestCounter.reset();
  requestCounter.countOnlyWhile(() => !inSweep.getStore());
  counting.http = true;
  counting.worker = true;
  let result = { bytesOut: 0, extraLogBytes: 0, extraLogLines: 0 };
  const captured = await logged(async () => {
    result = await work();
    await settle();
  });
  counting.http = false;
  counting.worker = false;
  requestCounter.countOnlyWhile();
  const snapshot = requestCounter.snapshot();
  const platform = [...httpRuns, ...workerRuns].map(platformLines);
  const logBytes = captured.bytes + result.extraLogBytes + platform.reduce((sum, p) => sum + p.bytes, 0);
  const logEvents = captured.lines + result.extraLogLines + platform.reduce((sum, p) => sum + p.lines, 0);
  const per = (value: number) => value / samples;
  return {
    dynamoRequests: per(snapshot.requests),
    rru: per(snapshot.readCapacity),
    wru: per(snapshot.writeCapacity),
    byCommand: Object.fromEntries(Object.entries(snapshot.byCommand).map(([command, n]) => [command, per(n)])),
    httpCalls: per(httpRuns.length),
    httpMs: per(httpRuns.reduce((sum, ms) => sum + Math.ceil(ms), 0)),
    workerInvocations: per(workerRuns.length),
    workerMs: per(workerRuns.reduce((sum, ms) => sum + Math.ceil(ms), 0)),
    bytesOut: per(result.bytesOut),
    logBytes: per(logBytes + logEvents * LOG_EVENT_OVERHEAD),
    appLogBytes: per(captured.bytes),
    emails: per((await mailCount()) - mailsBefore),
    sms: per(smsCount() - smsBefore),
  };
}

async function measureRoute(id: string): Promise<Measured> {
  const contract = contracts.find((c) => c.id === id);
  const bench = BENCH_CASES[id];
  if (!contract || !bench) throw new Error(`${id}: no such route or benchmark case`);
  if (bench.skip) throw new Error(`${id}: its benchmark case is skipped (${bench.skip})`);
  const samples = Math.max(1, SAMPLES);
  const { call, cleanUp } = await caseCalls(target, bench, contract.method, samples);
  try {
    await call(0); // warm-up: module load, caches
    return await counted(samples, async () => {
      let bytesOut = 0;
      let extraLogBytes = 0;
      let extraLogLines = 0;
      for (let n = 1; n <= samples; n += 1) {
        const before = httpRuns.length;
        const answer = await call(n);
        const ms = httpRuns.slice(before).reduce((sum, run) => sum + run, 0);
        bytesOut += answer.bytes + CLOUDFRONT_HEADERS;
        // Written in AWS only: the request's metrics line (EMF) and the access log line.
        const emf = loggedNow(() => requestMetrics({ service: contract.service, route: id, status: answer.status, ms: Math.round(ms) }).publishStoredMetrics());
        extraLogBytes += emf.bytes + accessLogLine(contract.service, contract.method, answer, ms);
        extraLogLines += emf.lines + 1;
      }
      return { bytesOut, extraLogBytes, extraLogLines };
    });
  } finally {
    await cleanUp();
  }
}

const EVENT = { message: 'Your advisor approved Share your call story in Candidacy Pathway.', link: stepInstanceLink(DEMO_INSTANCE_IDS.callStoryStep) };

/** An email: a notification item for a person who takes email (as a route's or the scheduler's transaction writes it), delivered by the worker: the bell entry, the email item, the email. One person each (a busy hour turns emails into a digest). */
async function measureEmail(): Promise<Measured> {
  const people = await addPeople(target.ctx, SAMPLES + 1);
  const notify = (userId: string) => transact(eventWrites({ recipientIds: [userId], ...EVENT }));
  await notify(people[0]);
  return counted(SAMPLES, async () => {
    for (const userId of people.slice(1)) await notify(userId);
    return { bytesOut: 0, extraLogBytes: 0, extraLogLines: 0 };
  });
}

/** The text an SMS of EVENT carries (outbox-fanout.ts: the conference's name, the message, the link). */
const SMS_TEXT = `Blue Ridge Conference: ${EVENT.message} https://tracks.example.org${EVENT.link}`;

/** An SMS: the item the fan-out writes for a person with a verified number who opted in, delivered by the worker. */
async function measureSms(): Promise<Measured> {
  const people = await addPeople(target.ctx, SAMPLES + 1);
  const phone = (n: number) => `+1555010${1000 + n}`;
  for (const [n, userId] of people.entries()) await db().entities.user.patch({ userId }).set({ smsOptIn: true, isPhoneNumberVerified: true, phoneNumber: phone(n) }).go();
  const text = (n: number) => transact([(tx) => tx.outbox.create({ outboxId: newId(), kind: 'sms', payload: { to: phone(n), message: SMS_TEXT, userId: people[n], timeZone: 'America/New_York' } }).commit()]);
  await text(0);
  return counted(SAMPLES, async () => {
    for (let n = 1; n <= SAMPLES; n += 1) await text(n);
    return { bytesOut: 0, extraLogBytes: 0, extraLogLines: 0 };
  });
}

/** One scheduled sweep, as EventBridge invokes the two workers (two invocations); `hourly`: the first of the hour, which also runs the reminders. */
async function measureSweep(hourly: boolean): Promise<Measured> {
  if (hourly) await db().entities.reminderMark.delete({ markId: 'run:reminders', period: new Date().toISOString().slice(0, 13) }).go();
  return counted(1, async () => {
    for (const worker of [outboxWorker, jobWorker]) {
      const started = performance.now();
      await worker(SWEEP_EVENT);
      workerRuns.push(performance.now() - started);
    }
    // The job worker's sweep writes the job-stall metric.
    const emf = loggedNow(() => sweepMetrics(0).publishStoredMetrics());
    return { bytesOut: 0, extraLogBytes: emf.bytes, extraLogLines: emf.lines };
  });
}

interface TableSize {
  /** The table's and its indexes' data, with DynamoDB's per-item overhead. */
  bytes: number;
  items: number;
  users: number;
}

/** What DynamoDB Local reports of the table and its indexes, and how many people the table holds. */
async function tableSize(): Promise<TableSize> {
  const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME ?? 'formation' }));
  const items = Table?.ItemCount ?? 0;
  const indexes = Table?.GlobalSecondaryIndexes ?? [];
  const bytes = (Table?.TableSizeBytes ?? 0) + items * ITEM_OVERHEAD + indexes.reduce((sum, index) => sum + (index.IndexSizeBytes ?? 0) + (index.ItemCount ?? 0) * ITEM_OVERHEAD, 0);
  const users = await target.ctx.api<number>(AS.superadmin, 'GET', '/api/user/count');
  return { bytes, items, users };
}

// ---------------------------------------------------------------------------------------------
// From measurements to months.

function add(into: Measured, part: Measured, times: number): void {
  for (const key of ['dynamoRequests', 'rru', 'wru', 'httpCalls', 'httpMs', 'workerInvocations', 'workerMs', 'bytesOut', 'logBytes', 'appLogBytes', 'emails', 'sms'] as const) into[key] += part[key] * times;
  for (const [command, n] of Object.entries(part.byCommand)) into.byCommand[command] = (into.byCommand[command] ?? 0) + n * times;
}

/** The SPA's files a visitor downloads: index.html every visit; the hashed files after each deploy (all of them: an upper bound). */
function staticFiles(): { indexBytes: number; assetsBytes: number; assetFiles: number } {
  const dist = 'web/dist';
  if (!existsSync(join(dist, 'index.html'))) return { indexBytes: 2_000, assetsBytes: 1_500_000, assetFiles: 40 };
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  const assets = readdirSync(join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
  return { indexBytes: gz(join(dist, 'index.html')), assetsBytes: assets.reduce((sum, name) => sum + gz(join(dist, 'assets', name)), 0), assetFiles: assets.length };
}

interface Month {
  /** Everything counted (the mix's calls, the emails beyond those the calls sent). */
  counts: Measured;
  /** Emails the calls themselves sent (approvals, status changes); the email unit makes up the rest. */
  emailsByTheCalls: number;
  staticRequests: number;
  staticBytes: number;
  usage: Partial<Usage>;
  smsUsage: Partial<Usage>;
}

function monthOf(mix: MixEntry[], routes: Map<string, Measured>, email: Measured, sms: Measured, emails: number, texts: number, visits: number, files: ReturnType<typeof staticFiles>, tableMbPerUser: number): Month {
  const counts = zero();
  for (const entry of mix) add(counts, routes.get(entry.id)!, entry.count);
  // The calls sent some emails themselves (approvals, submissions); the rest of the month's come from elsewhere (reminders, announcements, others' work).
  const emailsByTheCalls = counts.emails;
  add(counts, email, Math.max(0, emails - emailsByTheCalls) / Math.max(email.emails, 1e-9));
  const uploads = mix.filter((e) => e.id === 'file.requestUpload').reduce((sum, e) => sum + e.count, 0);
  const fileGets = mix.filter((e) => e.id === 'file.download' || e.id === 'step.instanceAttachment').reduce((sum, e) => sum + e.count, 0);
  // The hashed files again after a deploy, at most once a visit.
  const downloads = Math.min(visits, DEPLOYS_PER_MONTH);
  const staticRequests = visits + downloads * files.assetFiles;
  const staticBytes = visits * files.indexBytes + downloads * files.assetsBytes;
  const edgeRequests = counts.httpCalls + staticRequests;
  const usage: Partial<Usage> = {
    dynamoRru: counts.rru,
    dynamoWru: counts.wru,
    tableGb: tableMbPerUser / 1024,
    lambdaInvocations: counts.httpCalls + counts.workerInvocations,
    lambdaGbSeconds: ((counts.httpMs + counts.workerMs) / 1000) * MEMORY_GB,
    httpApiRequests: counts.httpCalls,
    edgeRequests,
    edgeGbOut: (counts.bytesOut + staticBytes) / GB,
    edgeFunctionInvocations: staticRequests,
    wafRequests: edgeRequests,
    emails,
    logGb: counts.logBytes / GB,
    s3Puts: uploads,
    s3Gets: fileGets,
    s3GbStored: (uploads * UPLOAD_MB) / 1024,
    s3GbOut: (fileGets * UPLOAD_MB) / 1024,
    cognitoMau: 1,
  };
  const parts = smsParts(SMS_TEXT);
  const smsUsage: Partial<Usage> = {
    dynamoRru: sms.rru * texts,
    dynamoWru: sms.wru * texts,
    lambdaInvocations: sms.workerInvocations * texts,
    lambdaGbSeconds: ((sms.workerMs * texts) / 1000) * MEMORY_GB,
    logGb: (sms.logBytes * texts) / GB,
    smsParts: parts * texts,
  };
  return { counts, emailsByTheCalls, staticRequests, staticBytes, usage, smsUsage };
}

const usd = (value: number, digits = 4) => `$${value.toFixed(digits)}`;
const round = (value: number, digits = 1) => +value.toFixed(digits);

function costTable(columns: Record<string, Costs>, digits: number): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = COMPONENTS.map((component) => ({ component, ...Object.fromEntries(Object.entries(columns).map(([name, costs]) => [name, usd(costs[component], digits)])) }));
  rows.push({ component: 'Total', ...Object.fromEntries(Object.entries(columns).map(([name, costs]) => [name, usd(total(costs), digits)])) });
  return rows;
}

async function main() {
  process.env.LOG_LEVEL = 'info'; // the deployed level: infra sets no LOG_LEVEL, functions/lib/config.ts defaults to info
  const restore = captureOutput();
  const routes = new Map<string, Measured>();
  let email: Measured;
  let sms: Measured;
  let sweepHourly: Measured;
  let sweepSteady: Measured;
  let table: TableSize | undefined;
  let demoTable: TableSize | undefined;
  try {
    runtime = await startLocalRuntime({ port: await freePort(), inMemory: true, quiet: true, wrapWorker });
    target = benchTarget(runtime);
    demoTable = await tableSize();
    const ids = [...new Set([...ACTIVE_PARTICIPANT_MONTH, ...RARE_USER_MONTH].map((entry) => entry.id))];
    for (const id of ids) {
      say(`${id} ...`);
      routes.set(id, await measureRoute(id));
    }
    say('an email ...');
    email = await measureEmail();
    say('an SMS ...');
    sms = await measureSms();
    say('the sweep ...');
    sweepHourly = await measureSweep(true);
    sweepSteady = await measureSweep(false);
    table = await tableSize();
  } finally {
    await runtime?.stop();
    restore();
  }

  const files = staticFiles();
  // All the demo organisation's data (locations, tracks, forms too) counted as its people's: more than a person holds.
  const tableMbPerUser = demoTable!.bytes / demoTable!.users / 1024 ** 2;
  const active = monthOf(ACTIVE_PARTICIPANT_MONTH, routes, email, sms, EMAILS.activeParticipant, SMS.activeParticipant, PARTICIPANT_VISITS + ADVISOR_VISITS_PER_PARTICIPANT, files, tableMbPerUser);
  const rare = monthOf(RARE_USER_MONTH, routes, email, sms, EMAILS.rareUser, SMS.rareUser, 1, files, tableMbPerUser);

  // Fixed items: what the stack costs with nobody using it.
  const sweeps = zero();
  add(sweeps, sweepHourly, HOURS_PER_MONTH);
  add(sweeps, sweepSteady, SWEEPS_PER_MONTH - HOURS_PER_MONTH);
  const fixedUsage: Partial<Usage> = {
    webAcls: FIXED.webAcls,
    wafRules: FIXED.wafRules,
    secrets: FIXED.secrets,
    alarmMetrics: FIXED.alarmMetrics,
    dashboards: FIXED.dashboards,
    customMetricMonths: FIXED.alwaysOnCustomMetrics,
    dynamoRru: sweeps.rru,
    dynamoWru: sweeps.wru,
    lambdaInvocations: sweeps.workerInvocations,
    lambdaGbSeconds: (sweeps.workerMs / 1000) * MEMORY_GB,
    logGb: sweeps.logBytes / GB,
    // The worker reads its one secret (unsubscribe) when its five-minute copy has run out: about every sweep.
    secretApiCalls: SWEEPS_PER_MONTH,
  };

  // What traffic adds that does not grow with each user: the services' metrics and secrets while people use the app, the authorizer, the SMS number.
  const serviceOf = (id: string) => contracts.find((c) => c.id === id)!.service;
  const busyServices = new Set(ACTIVE_PARTICIPANT_MONTH.map((entry) => serviceOf(entry.id)));
  const adminServices = services.length - busyServices.size;
  const trafficUsage: Partial<Usage> = {
    customMetricMonths: (4 * (busyServices.size * BUSY_HOURS + adminServices * ADMIN_HOURS)) / HOURS_PER_MONTH,
    secretApiCalls: 3 * SECRET_REFRESHES_PER_HOUR * (busyServices.size * BUSY_HOURS + adminServices * ADMIN_HOURS),
    lambdaInvocations: AUTHORIZER.perHour * BUSY_HOURS,
    lambdaGbSeconds: (AUTHORIZER.perHour * BUSY_HOURS * AUTHORIZER.gb * AUTHORIZER.ms) / 1000,
  };

  const perUser = priceUsage(active.usage);
  const perUserTotal = total(perUser);
  const smsPerUser = total(priceUsage(active.smsUsage));
  const rareCosts = priceUsage(rare.usage);
  const others = SCENARIO.users - SCENARIO.activeParticipants;
  const scenarioUsage = addUsage(
    scaleUsage(active.usage, SCENARIO.activeParticipants),
    scaleUsage(rare.usage, others),
    scaleUsage(active.smsUsage, SCENARIO.activeParticipants),
    { smsNumbers: 1 },
    fixedUsage,
    trafficUsage,
  );
  const scenarioList = priceUsage(scenarioUsage);
  const scenarioFree = priceWithFreeTiers(scenarioUsage);
  const idleList = priceUsage(fixedUsage);
  const idleFree = priceWithFreeTiers(fixedUsage);
  const scenarioWithoutSmsAndFixed = total(priceUsage(addUsage(scaleUsage(active.usage, SCENARIO.activeParticipants), scaleUsage(rare.usage, others))));

  const perCall = [...routes.entries()].map(([id, m]) => ({
    route: id,
    requests: round(m.dynamoRequests, 2),
    RRU: round(m.rru, 2),
    WRU: round(m.wru, 2),
    'handler ms': round(m.httpMs, 1),
    'worker runs': round(m.workerInvocations, 2),
    'worker ms': round(m.workerMs, 1),
    'bytes out': Math.round(m.bytesOut),
    'log bytes': Math.round(m.logBytes),
    'app log bytes': Math.round(m.appLogBytes),
    emails: round(m.emails, 2),
  }));
  const unit = (name: string, m: Measured) => ({ route: name, requests: round(m.dynamoRequests, 2), RRU: round(m.rru, 2), WRU: round(m.wru, 2), 'handler ms': 0, 'worker runs': round(m.workerInvocations, 2), 'worker ms': round(m.workerMs, 1), 'bytes out': 0, 'log bytes': Math.round(m.logBytes), 'app log bytes': Math.round(m.appLogBytes), emails: round(m.emails, 2) });
  const monthCounts = (month: Month) => ({
    apiCalls: round(month.counts.httpCalls, 0),
    dynamoRequests: round(month.counts.dynamoRequests, 0),
    rru: round(month.counts.rru, 1),
    wru: round(month.counts.wru, 1),
    lambdaInvocations: round(month.counts.httpCalls + month.counts.workerInvocations, 0),
    lambdaMs: round(month.counts.httpMs + month.counts.workerMs, 0),
    apiBytesOut: Math.round(month.counts.bytesOut),
    staticRequests: month.staticRequests,
    staticBytesOut: month.staticBytes,
    logBytes: Math.round(month.counts.logBytes),
    appLogBytes: Math.round(month.counts.appLogBytes),
    emails: round(month.counts.emails, 1),
    emailsByTheCalls: round(month.emailsByTheCalls, 1),
  });

  const report = {
    at: new Date().toISOString(),
    samplesPerRoute: SAMPLES,
    note: 'Durations are this process against DynamoDB Local (in memory) on a shared machine: upper bounds for Lambda billed duration at 512 MB arm64.',
    prices: PRICES,
    mixes: { activeParticipantMonth: ACTIVE_PARTICIPANT_MONTH, rareUserMonth: RARE_USER_MONTH },
    perCall: Object.fromEntries(routes),
    email,
    sms: { ...sms, text: SMS_TEXT, parts: smsParts(SMS_TEXT) },
    sweep: { hourly: sweepHourly, steady: sweepSteady, perMonth: SWEEPS_PER_MONTH },
    table: { demo: demoTable, afterTheRun: table, mbPerUser: tableMbPerUser },
    staticFiles: files,
    activeUserMonth: { counts: monthCounts(active), usage: active.usage, costs: perUser, total: perUserTotal, budget: 0.03, withinBudget: perUserTotal < 0.03, sms: smsPerUser, cognitoBeyondFreeMau: PRICES.cognito.essentialsPerMau },
    rareUserMonth: { counts: monthCounts(rare), costs: rareCosts, total: total(rareCosts) },
    scenario: { ...SCENARIO, others, usage: scenarioUsage, listPrices: scenarioList, withFreeTiers: scenarioFree, total: total(scenarioList), totalWithFreeTiers: total(scenarioFree), usersWithoutSmsAndFixed: scenarioWithoutSmsAndFixed },
    idle: { usage: fixedUsage, listPrices: idleList, withFreeTiers: idleFree, total: total(idleList), totalWithFreeTiers: total(idleFree) },
    assumptions: { busyServices: [...busyServices], busyHours: BUSY_HOURS, adminHours: ADMIN_HOURS, deploysPerMonth: DEPLOYS_PER_MONTH, uploadMb: UPLOAD_MB, tableMbPerUser, authorizer: AUTHORIZER, cloudFrontHeaderBytes: CLOUDFRONT_HEADERS, logEventOverhead: LOG_EVENT_OVERHEAD },
  };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/cost.json', JSON.stringify(report, null, 2));

  console.log(`\nPer call (mean of ${SAMPLES} after a warm-up; DynamoDB Local in memory, this process; the stream worker's work included)`);
  console.table([...perCall, unit('an email (notification, fan-out, send)', email), unit('an SMS (delivery)', sms), unit('the sweep, first of the hour', sweepHourly), unit('the sweep, others', sweepSteady)]);
  console.log('\nCounted per month');
  console.table({ 'active participant': monthCounts(active), 'rare user': monthCounts(rare) });
  console.log(`\nPriced (${PRICES.region}, list prices checked ${PRICES.checked})`);
  console.table(costTable({ 'active user-month': perUser, 'rare user-month': rareCosts, 'idle month': idleList, 'idle, free tiers': idleFree, scenario: scenarioList, 'scenario, free tiers': scenarioFree }, 4));
  console.log(`\nActive user-month, excluding SMS and fixed items: ${usd(perUserTotal, 5)} (budget $0.03: ${perUserTotal < 0.03 ? 'within' : 'OVER'})`);
  console.log(`  Cognito is $0 within the pool's 10,000 free MAU, then ${usd(PRICES.cognito.essentialsPerMau, 3)} per MAU. SMS: ${usd(smsPerUser, 4)} for ${SMS.activeParticipant} texts of ${smsParts(SMS_TEXT)} part(s).`);
  console.log(`Conference scenario (${SCENARIO.activeParticipants} active participants, ${others} others, fixed items, SMS): ${usd(total(scenarioList), 2)} at list prices, ${usd(total(scenarioFree), 2)} with the always-free tiers`);
  console.log(`Idle month (fixed items only): ${usd(total(idleList), 2)} at list prices, ${usd(total(idleFree), 2)} with the always-free tiers`);
  console.log(`Table: the demo data ${demoTable!.bytes} bytes with its indexes, ${demoTable!.items} items, ${demoTable!.users} people (${tableMbPerUser.toFixed(3)} MB a person); after the run ${table!.bytes} bytes. Written .bench/cost.json`);
  if (perUserTotal >= 0.03) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
