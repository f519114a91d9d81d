/**
 * The figures of docs/benchmarks.md, "Lambda bundles under Node 22", without the test's stand-ins:
 * builds the bundles into a temporary folder and imports each in fresh Node 22 processes (importing
 * connects to nothing, so the endpoints below are never reached).
 *
 *   npx tsx test/functions/bundles/measure-loads.ts [runs] [--compare]
 *
 * runs: samples per bundle (default 5). --compare: the machine's Node too, in alternate rounds, so
 * both meet the same load from other work (written to .bench/local-node-bundles.json).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFunctions } from '../../../bin/build-functions';
import type { BundleLoad } from '../../support/node22-lambda';
import { lambdaEnvironment, type StandIns } from './lambda-env';
import { loadReport, sampleLoads } from './load-report';

const runs = Math.max(1, Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5));
const compare = process.argv.includes('--compare');
const scratch = await mkdtemp(join(tmpdir(), 'node22-loads-'));
try {
  const started = performance.now();
  const built = await buildFunctions({ outDir: join(scratch, 'functions'), quiet: true });
  const buildMs = performance.now() - started;
  const unreachable = 'http://127.0.0.1:9';
  const standIns: StandIns = {
    dynamoEndpoint: unreachable,
    tableName: 'formation',
    s3Endpoint: unreachable,
    sesEndpoint: unreachable,
    smsOutboxFile: join(scratch, 'sms-outbox.jsonl'),
    appUrl: 'http://localhost:3000',
  };
  const environmentOf = (name: string) => lambdaEnvironment(name, standIns);
  const node22 = new Map<string, BundleLoad[]>();
  const local = new Map<string, BundleLoad[]>();
  for (let round = 1; round <= runs; round++) {
    await sampleLoads(built, environmentOf, round, node22);
    if (compare) await sampleLoads(built, environmentOf, round, local, process.execPath);
  }
  const figures = (samples: Map<string, BundleLoad[]>) => built.map(({ name, bytes }) => ({ name, bytes, samples: samples.get(name)! }));
  console.log(loadReport(figures(node22), node22.get(built[0].name)![0].node, buildMs));
  if (compare) console.log(`\n${loadReport(figures(local), process.version, buildMs, 'local-node-bundles.json')}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
