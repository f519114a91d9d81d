/**
 * `npm run bench`: the figures of ARCHITECTURE.md section 12, measured, never asserted in tests.
 * - DynamoDB requests and consumed read capacity per call of every implemented route
 * - latency p50/p99 at 10 concurrent clients against the local runtime (HTTP, one origin)
 * - each service's bundle size and module load time
 * - the first screen's gzipped JavaScript
 * Writes .bench/latest.json and prints a table.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { contracts } from '../../shared/api';
import { buildFunctions } from '../build-functions';
import { startLocalRuntime } from '../local/runtime';
import { requestCounter } from '../../functions/db/client';
import { DEMO_USERS } from '../../functions/db/seed/demo';
import { openSession } from '../../functions/core/session/open-session';
import { listNotifications } from '../../functions/db/access/notifications';
import { SESSION_COOKIE } from '../../functions/lib/http/cookies';
import { BENCH_CASES, type BenchContext } from './cases';
import { firstScreenJs } from './first-screen';
import { kb, measureConcurrent, percentile } from './stats';

const CONCURRENCY = 10;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function moduleLoadMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' } }).toString().trim()));
  return runs.sort((a, b) => a - b)[1];
}

async function main() {
  const missing = contracts.filter((c) => !BENCH_CASES[c.id]).map((c) => c.id);
  if (missing.length) throw new Error(`No benchmark case for: ${missing.join(', ')} (add them to bin/bench/cases.ts)`);

  process.env.LOG_LEVEL = 'silent';
  const runtime = await startLocalRuntime({ port: await freePort(), inMemory: true, quiet: true });
  const cookies = new Map<string, string>();
  const cookieFor = async (email: string) => {
    if (!cookies.has(email)) {
      const user = DEMO_USERS.find((u) => u.email === email)!;
      cookies.set(email, `${SESSION_COOKIE}=${(await openSession(user.id)).token}`);
    }
    return cookies.get(email)!;
  };
  const ctx: BenchContext = {
    userId: (email) => DEMO_USERS.find((u) => u.email === email)!.id,
    firstNotificationId: async (email) => (await listNotifications(ctx.userId(email), { limit: 1, offset: 0 })).items[0].notificationId,
  };

  const routes: Array<Record<string, unknown>> = [];
  try {
    for (const contract of contracts) {
      const bench = BENCH_CASES[contract.id];
      if (bench.skip) {
        routes.push({ route: contract.id, skipped: bench.skip });
        continue;
      }
      const path = typeof bench.path === 'function' ? await bench.path(ctx) : bench.path;
      const url = `${runtime.url}${path}${bench.query ? `?${bench.query}` : ''}`;
      const headers: Record<string, string> = bench.as ? { cookie: await cookieFor(bench.as) } : {};
      const call = async () => {
        const res = await fetch(url, { method: bench.method ?? contract.method, headers, redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status >= 400) throw new Error(`${contract.id} answered ${res.status}`);
      };
      await call(); // warm caches and discovery
      requestCounter.reset();
      await call();
      const counted = requestCounter.snapshot();
      const durations = await measureConcurrent(call, CALLS, CONCURRENCY);
      routes.push({
        route: contract.id,
        dynamoRequests: counted.requests,
        readCapacity: counted.readCapacity,
        p50: +percentile(durations, 50).toFixed(1),
        p99: +percentile(durations, 99).toFixed(1),
        singleItem: Boolean(bench.singleItem),
      });
    }
  } finally {
    await runtime.stop();
  }

  const bundles = (await buildFunctions()).map((b) => ({ name: b.name, bytes: b.bytes, loadMs: +moduleLoadMs(b.outfile).toFixed(1) }));
  const screen = firstScreenJs();
  const report = { at: new Date().toISOString(), calls: CALLS, concurrency: CONCURRENCY, routes, bundles, firstScreen: screen };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/latest.json', JSON.stringify(report, null, 2));

  console.log(`\nRoutes (${CALLS} calls each, ${CONCURRENCY} concurrent clients, local runtime over HTTP)`);
  console.table(routes.map((r) => (r.skipped ? { route: r.route, note: `skipped: ${r.skipped}` } : { ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
  console.log('Lambda bundles (budget 1 MB minified, load < 150 ms)');
  console.table(bundles.map((b) => ({ name: b.name, size: kb(b.bytes), load: `${b.loadMs} ms` })));
  console.log(`First screen JavaScript: ${kb(screen.gzipBytes)} gzipped (${kb(screen.rawBytes)} raw) in ${screen.files.length} files (budget 170 KB gzipped)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
