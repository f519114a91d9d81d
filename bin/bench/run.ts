/**
 * `npm run bench`: the figures of ARCHITECTURE.md section 12, measured, never asserted in tests.
 * - DynamoDB requests and consumed read/write capacity per call of every implemented route
 * - latency p50/p99 at 10 concurrent clients against the local runtime (HTTP, one origin)
 * - each service's bundle size and module load time
 * - the first screen's gzipped JavaScript
 * Writes .bench/latest.json and prints a table. How each route is called: ./cases.ts.
 *
 * `npm run bench -- --scale large`: the admin lists on demo data and on the large seed,
 * side by side (./scale.ts). See docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { contracts } from '../../shared/api';
import { buildFunctions } from '../build-functions';
import { freePort } from '../local/ports';
import { startLocalRuntime } from '../local/runtime';
import { BENCH_CASES } from './cases';
import { benchTarget } from './context';
import { firstScreenJs } from './first-screen';
import { CONCURRENCY, measureCase } from './measure';
import { runAtScale } from './scale';
import { kb } from './stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);

function moduleLoadMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' } }).toString().trim()));
  return runs.sort((a, b) => a - b)[1];
}

async function measureRoutes(): Promise<Array<Record<string, unknown>>> {
  process.env.LOG_LEVEL = 'silent';
  const runtime = await startLocalRuntime({ port: await freePort(), inMemory: true, quiet: true });
  const target = benchTarget(runtime.url);
  const routes: Array<Record<string, unknown>> = [];
  try {
    for (const contract of contracts) {
      const bench = BENCH_CASES[contract.id];
      if (bench.skip) {
        routes.push({ route: contract.id, skipped: bench.skip });
        continue;
      }
      try {
        routes.push({ route: contract.id, ...(await measureCase(target, bench, contract.method, CALLS)), singleItem: Boolean(bench.singleItem) });
      } catch (error) {
        // One broken route must not hide the others' figures; the run still fails at the end.
        routes.push({ route: contract.id, failed: (error as Error).message });
        process.exitCode = 1;
      }
    }
  } finally {
    await runtime.stop();
  }
  return routes;
}

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' } } });
  if (values.scale === 'large') return runAtScale();
  if (values.scale !== 'demo') throw new Error(`--scale ${values.scale} is unknown: leave it out (demo data) or use --scale large.`);

  const missing = contracts.filter((c) => !BENCH_CASES[c.id]).map((c) => c.id);
  if (missing.length) throw new Error(`No benchmark case for: ${missing.join(', ')} (add them to bin/bench/cases.ts)`);
  const routes = await measureRoutes();

  const bundles = (await buildFunctions()).map((b) => ({ name: b.name, bytes: b.bytes, loadMs: +moduleLoadMs(b.outfile).toFixed(1) }));
  const screen = firstScreenJs();
  const report = { at: new Date().toISOString(), calls: CALLS, concurrency: CONCURRENCY, routes, bundles, firstScreen: screen };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/latest.json', JSON.stringify(report, null, 2));

  console.log(`\nRoutes (${CALLS} calls each, ${CONCURRENCY} concurrent clients, local runtime over HTTP)`);
  console.table(
    routes.map((r) => {
      if (r.skipped) return { route: r.route, note: `skipped: ${r.skipped}` };
      if (r.failed) return { route: r.route, note: `FAILED: ${r.failed}` };
      return { ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` };
    }),
  );
  console.log('Lambda bundles (budget 1 MB minified, load < 150 ms)');
  console.table(bundles.map((b) => ({ name: b.name, size: kb(b.bytes), load: `${b.loadMs} ms` })));
  console.log(`First screen JavaScript: ${kb(screen.gzipBytes)} gzipped (${kb(screen.rawBytes)} raw) in ${screen.files.length} files (budget 170 KB gzipped)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
