import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONCURRENCY } from './measure';
import { READ_BUDGET, USERS_TABLE_FIRST_PAGES, readsOf, roleOf } from './users-table-roles';

/**
 * `npm run bench -- --scale large`: the list, search, count and page cases (./scale-cases.ts)
 * on demo data and on the large seed, side by side: DynamoDB requests and consumed read
 * capacity per call, p50/p99 at 10 concurrent clients. Each scale runs in its own process
 * (./scale-worker.ts). Writes .bench/large.json and prints a table.
 */
const WORKER = fileURLToPath(new URL('./scale-worker.ts', import.meta.url));
const SCALES = ['demo', 'large'] as const;

type Row = { name: string; route: string; as: string; failed?: string; dynamoRequests?: number; readCapacity?: number; p50?: number; p99?: number };

function runScale(scale: (typeof SCALES)[number], calls: number, only: string[]): Row[] {
  const out = join(tmpdir(), `formation-bench-${scale}-${process.pid}.json`);
  // The same Node flags (tsx's loader) as this process.
  const child = spawnSync(process.execPath, [...process.execArgv, WORKER, '--data', scale, '--out', out, '--calls', String(calls), ...(only.length ? ['--only', only.join(',')] : [])], { stdio: 'inherit' });
  if (child.status !== 0) throw new Error(`The ${scale} benchmark failed (exit ${child.status ?? child.signal})`);
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as Row[];
  } finally {
    rmSync(out, { force: true });
  }
}

const callerName = (email: string) => roleOf(email).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
const pair = (demo: Row | undefined, large: Row | undefined, field: keyof Row, unit = '') => {
  const show = (row: Row | undefined) => (!row ? '-' : row.failed ? (row.failed === 'forbidden' ? '403' : 'FAILED') : `${row[field]}${unit}`);
  return `${show(demo)} / ${show(large)}`;
};

/** `only`: case-name prefixes (`--only dashboard,users`); every case when empty. */
export async function runAtScale(only: string[] = []): Promise<void> {
  const calls = Number(process.env.BENCH_CALLS ?? 200);
  const [demo, large] = SCALES.map((scale) => runScale(scale, calls, only));
  const key = (row: Row) => `${row.name}\u0000${row.as}`;
  const demoByKey = new Map(demo.map((row) => [key(row), row]));
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version };

  mkdirSync('.bench', { recursive: true });
  writeFileSync(only.length ? '.bench/large-only.json' : '.bench/large.json', JSON.stringify({ at: new Date().toISOString(), calls, concurrency: CONCURRENCY, machine, demo, large }, null, 2));

  console.log(`\nLists, searches and pages at demo / large scale (${calls} calls each, ${CONCURRENCY} concurrent clients; ${machine.cpus} x ${machine.cpu}, ${machine.memoryGb} GB)`);
  console.table(
    // The large side runs every case (some only exist there), so its rows lead.
    large.map((row) => {
      const other = demoByKey.get(key(row));
      return {
        case: row.name,
        as: callerName(row.as),
        requests: pair(other, row, 'dynamoRequests'),
        'read capacity': pair(other, row, 'readCapacity'),
        p50: pair(other, row, 'p50', ' ms'),
        p99: pair(other, row, 'p99', ' ms'),
      };
    }),
  );
  // The users table's first page, as every role that opens it: within the read budget at both scales.
  for (const page of USERS_TABLE_FIRST_PAGES) {
    for (const row of [...demo, ...large].filter((r) => r.name === page.name && typeof r.dynamoRequests === 'number')) {
      const reads = readsOf(page.contract, row.dynamoRequests!);
      if (reads <= READ_BUDGET) continue;
      console.error(`OVER BUDGET ${row.name} as ${callerName(row.as)}: ${reads} reads (at most ${READ_BUDGET})`);
      process.exitCode = 1;
    }
  }
  const failures = [...demo, ...large].filter((row) => row.failed && row.failed !== 'forbidden');
  for (const row of failures) console.error(`FAILED ${row.name} as ${callerName(row.as)}: ${row.failed}`);
  if (failures.length) process.exitCode = 1;
}
