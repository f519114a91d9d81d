/**
 * Each Lambda's bundle size (minified), what weighs most in it, and its module load time: a fresh
 * `node` imports the built bundle and reports how long the import took, in wall time and in CPU
 * time (user + system; on a busy shared machine the wall time mostly measures waiting for a core).
 * The median of several runs is kept. `npm run bench` includes these figures;
 * `tsx bin/bench/bundles.ts` measures only them (`--packages N`: the N largest packages per bundle, default 6).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFunctions } from '../build-functions';
import type { PackageShare } from '../../infra/bundling/package-shares';
import { kb } from './stats';

const LOAD_RUNS = 7;

export interface BundleFigures {
  name: string;
  bytes: number;
  loadMs: number;
  loadCpuMs: number;
  /** The packages (and our own folders) that weigh most in the bundle, largest first. */
  largest: PackageShare[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function moduleLoadMs(file: string, runs = LOAD_RUNS): { wall: number; cpu: number } {
  const script = `const t=performance.now(),c=process.cpuUsage();await import(${JSON.stringify(pathToFileURL(file).href)});const u=process.cpuUsage(c);console.log(performance.now()-t,(u.user+u.system)/1000)`;
  const samples = Array.from({ length: runs }, () =>
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' } }).toString().trim().split(' ').map(Number),
  );
  return { wall: median(samples.map(([wall]) => wall)), cpu: median(samples.map(([, cpu]) => cpu)) };
}

export async function measureBundles(largest = 6): Promise<BundleFigures[]> {
  const built = await buildFunctions({ quiet: true });
  return built.map((b) => {
    const load = moduleLoadMs(b.outfile);
    return { name: b.name, bytes: b.bytes, loadMs: +load.wall.toFixed(1), loadCpuMs: +load.cpu.toFixed(1), largest: b.packages.slice(0, largest) };
  });
}

export function printBundles(bundles: BundleFigures[]): void {
  console.log(`Lambda bundles (budget 1 MB minified, load < 150 ms; median of ${LOAD_RUNS} loads; largest packages, minified)`);
  console.table(
    bundles.map((b) => ({
      name: b.name,
      size: kb(b.bytes),
      load: `${b.loadMs} ms`,
      'load CPU': `${b.loadCpuMs} ms`,
      largest: b.largest.map((p) => `${p.name} ${kb(p.bytes)}`).join(', '),
    })),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--packages');
  printBundles(await measureBundles(at > 0 ? Number(process.argv[at + 1]) : undefined));
}
