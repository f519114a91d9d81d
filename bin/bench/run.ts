/**
 * `npm run bench`: the figures of ARCHITECTURE.md section 12, measured, never asserted in tests.
 * - DynamoDB requests and consumed read/write capacity per call of every implemented route
 * - latency p50/p99 at 10 concurrent clients against the local runtime (HTTP, one origin)
 * - each service's bundle size and module load time
 * - the first screen's gzipped JavaScript
 * - the same figures as multiples of a raw DynamoDB Local GetItem / Query at the same
 *   concurrency, measured in the same run (./baseline.ts): the figure to compare
 * Writes .bench/latest.json and prints a table. How each route is called: ./cases.ts.
 * A write case whose counted call wrote nothing fails the run (it measured a no-op).
 *
 * `npm run bench -- --scale large`: the admin lists on demo data and on the large seed,
 * side by side (./scale.ts). `npm run bench -- --soak 120`: shared-item writes and reads for
 * 120 s, then the drift check (./soak.ts). `--only church.,role.get` measures the routes
 * whose ids start with one of the prefixes. See docs/benchmarks.md.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { contracts } from '../../shared/api';
import type { Contract } from '../../shared/api/contract';
import { measureBundles, printBundles } from './bundles';
import { freePort } from '../local/ports';
import { startLocalRuntime } from '../local/runtime';
import { averageBaseline, measureBaseline, ratioTo, type Baseline } from './baseline';
import { BENCH_CASES } from './cases';
import { benchTarget } from './context';
import { firstScreenJs } from './first-screen';
import { CONCURRENCY, measureCase } from './measure';
import { runAtScale } from './scale';
import { runSoak } from './soak';
import { kb } from './stats';
import { READ_BUDGET, USERS_TABLE_FIRST_PAGES, USERS_TABLE_OPENERS, readsOf, roleOf } from './users-table-roles';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);

/** Writes, as opposed to reads sent with POST (query, search): their counted call must write something. */
function isWrite(contract: Contract): boolean {
  return contract.method !== 'GET' && contract.can?.[0] !== 'read';
}

type ByRole = Array<{ case: string; route: string; as: string; dynamoRequests?: number; reads?: number; readCapacity?: number; p50?: number; p99?: number; failed?: string }>;

/** The users table's first page as every role that opens it (./users-table-roles.ts): a case per route runs as one account only. */
async function measureUsersTableByRole(target: ReturnType<typeof benchTarget>): Promise<ByRole> {
  const rows: ByRole = [];
  for (const page of USERS_TABLE_FIRST_PAGES) {
    for (const as of USERS_TABLE_OPENERS) {
      const row = { case: page.name, route: page.contract.id, as: roleOf(as) };
      try {
        const figures = await measureCase(target, { ...page.bench, as }, page.contract.method, CALLS);
        const reads = readsOf(page.contract, figures.dynamoRequests);
        rows.push({ ...row, dynamoRequests: figures.dynamoRequests, reads, readCapacity: figures.readCapacity, p50: figures.p50, p99: figures.p99 });
        if (reads > READ_BUDGET) process.exitCode = 1;
      } catch (error) {
        rows.push({ ...row, failed: (error as Error).message });
        process.exitCode = 1;
      }
    }
    console.error(`${page.name} per role: done`);
  }
  return rows;
}

async function measureRoutes(only: string[]): Promise<{ routes: Array<Record<string, unknown>>; baselines: Baseline[]; usersTableByRole: ByRole }> {
  process.env.LOG_LEVEL = 'silent';
  const runtime = await startLocalRuntime({ port: await freePort(), inMemory: true, quiet: true });
  const target = benchTarget(runtime);
  const routes: Array<Record<string, unknown>> = [];
  const baselines: Baseline[] = [];
  const usersTableByRole: ByRole = [];
  try {
    baselines.push(await measureBaseline(CALLS));
    for (const contract of contracts) {
      if (only.length && !only.some((prefix) => contract.id.startsWith(prefix))) continue;
      const bench = BENCH_CASES[contract.id];
      if (bench.skip) {
        routes.push({ route: contract.id, skipped: bench.skip });
        continue;
      }
      try {
        const figures = await measureCase(target, bench, contract.method, CALLS);
        if (isWrite(contract) && figures.writeCapacity === 0) throw new Error('the counted call wrote nothing: the case repeats a no-op');
        routes.push({ route: contract.id, ...figures, singleItem: Boolean(bench.singleItem) });
      } catch (error) {
        // One broken route must not hide the others' figures; the run still fails at the end.
        routes.push({ route: contract.id, failed: (error as Error).message });
        process.exitCode = 1;
      }
      // Progress: a full run takes many minutes.
      const failed = routes.at(-1)!.failed;
      console.error(`${contract.id}: ${failed ? `FAILED ${String(failed)}` : 'done'}`);
    }
    if (!only.length || only.some((prefix) => 'user.getUsersByCurrentUser'.startsWith(prefix) || 'user.quickSearch'.startsWith(prefix))) {
      usersTableByRole.push(...(await measureUsersTableByRole(target)));
    }
    baselines.push(await measureBaseline(CALLS));
  } finally {
    await runtime.stop();
  }
  return { routes, baselines, usersTableByRole };
}

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' }, soak: { type: 'string' }, only: { type: 'string' } } });
  if (values.soak !== undefined) {
    const seconds = Number(values.soak);
    if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`--soak takes a number of seconds, not ${values.soak}`);
    return runSoak(seconds);
  }
  if (values.scale === 'large') return runAtScale(values.only ? values.only.split(',').filter(Boolean) : []);
  if (values.scale !== 'demo') throw new Error(`--scale ${values.scale} is unknown: leave it out (demo data) or use --scale large.`);

  const only = values.only ? values.only.split(',').filter(Boolean) : [];
  // With --only, the routes measured need their cases; a full run needs every route's.
  const missing = contracts.filter((c) => !BENCH_CASES[c.id] && (!only.length || only.some((prefix) => c.id.startsWith(prefix)))).map((c) => c.id);
  if (missing.length) throw new Error(`No benchmark case for: ${missing.join(', ')} (add them to bin/bench/cases.ts)`);
  const { routes, baselines, usersTableByRole } = await measureRoutes(only);
  const baseline = averageBaseline(baselines);
  for (const route of routes) {
    if (typeof route.p50 === 'number') Object.assign(route, ratioTo(baseline, route as { p50: number; p99: number; singleItem?: boolean }));
  }

  // The routes' figures are written first: they take the longest and must survive a failure below.
  mkdirSync('.bench', { recursive: true });
  const reportFile = only.length ? '.bench/only.json' : '.bench/latest.json';
  const report: Record<string, unknown> = { at: new Date().toISOString(), calls: CALLS, concurrency: CONCURRENCY, baseline, baselineRuns: baselines, routes, usersTableByRole };
  writeFileSync(reportFile, JSON.stringify(report, null, 2));
  const bundles = only.length ? [] : await measureBundles();
  const screen = only.length || !existsSync('web/dist/index.html') ? undefined : firstScreenJs();
  writeFileSync(reportFile, JSON.stringify({ ...report, bundles, firstScreen: screen }, null, 2));

  console.log(`\nRaw DynamoDB Local at ${CONCURRENCY} clients (mean of the runs before and after the routes)`);
  console.table(baselines.map((run, index) => ({ run: index ? 'after' : 'before', 'GetItem p50': run.getItem.p50, 'GetItem p99': run.getItem.p99, 'Query p50': run.query.p50, 'Query p99': run.query.p99 })));
  console.log(`\nRoutes (${CALLS} calls each unless the case says, ${CONCURRENCY} concurrent clients unless the case says, local runtime over HTTP); p50x/p99x: multiples of the baseline named in "against"`);
  console.table(
    routes.map((r) => {
      if (r.skipped) return { route: r.route, note: `skipped: ${r.skipped}` };
      if (r.failed) return { route: r.route, note: `FAILED: ${r.failed}` };
      return { ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` };
    }),
  );
  printAuditCost(routes);
  if (usersTableByRole.length) {
    console.log(`\nThe users table's first page per role (10 rows, no filter): at most ${READ_BUDGET} reads (ARCHITECTURE.md section 12; quickSearch also writes its rate limit's counter)`);
    console.table(
      usersTableByRole.map((r) =>
        r.failed ? { case: r.case, as: r.as, note: `FAILED: ${r.failed}` } : { case: r.case, as: r.as, requests: r.dynamoRequests, reads: r.reads, budget: r.reads! <= READ_BUDGET ? 'within' : 'OVER', 'read capacity': r.readCapacity, p50: `${r.p50} ms`, p99: `${r.p99} ms` },
      ),
    );
  }
  if (only.length) return;
  printBundles(bundles);
  if (!screen) return console.log('First screen JavaScript: not measured, web/dist is missing (run npm run build:web first)');
  console.log(`First screen JavaScript: ${kb(screen.gzipBytes)} gzipped (${kb(screen.rawBytes)} raw) in ${screen.files.length} files (budget 170 KB gzipped)`);
}

/**
 * Issue 25, item 6: what the audit entry costs each audited write. The entry rides in the
 * write's own transaction (no extra request); its units are counted on the entry's put, so the
 * write units before the audit trail are the route's minus the entry's.
 */
function printAuditCost(routes: Array<Record<string, unknown>>) {
  const audited = routes.filter((r) => typeof r.auditEntries === 'number' && (r.auditEntries as number) > 0);
  if (!audited.length) return;
  console.log('\nAudited writes: the entries they write and their write units (requests unchanged: the entry is one more item of the same transaction)');
  console.table(
    audited.map((r) => {
      const total = r.writeCapacity as number;
      const entry = r.auditEntryUnits as number;
      return { route: r.route, requests: r.dynamoRequests, entries: r.auditEntries, 'write units': total, 'of which entries': entry, 'without entries': +(total - entry).toFixed(1), change: `+${Math.round((100 * entry) / Math.max(total - entry, 1))}%` };
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
