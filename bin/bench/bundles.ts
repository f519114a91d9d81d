/**
 * Each Lambda's bundle size (minified) and module load time: a fresh `node` imports the built
 * bundle and reports how long the import took; the median of several runs is kept (the
 * machine is shared, single runs are noisy). `npm run bench` includes these figures;
 * `tsx bin/bench/bundles.ts` measures only them.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFunctions } from '../build-functions';
import { kb } from './stats';

const LOAD_RUNS = 7;

export interface BundleFigures {
  name: string;
  bytes: number;
  loadMs: number;
}

export function moduleLoadMs(file: string, runs = LOAD_RUNS): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-t)`;
  const times = Array.from({ length: runs }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' } }).toString().trim()),
  );
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export async function measureBundles(): Promise<BundleFigures[]> {
  const built = await buildFunctions({ quiet: true });
  return built.map((b) => ({ name: b.name, bytes: b.bytes, loadMs: +moduleLoadMs(b.outfile).toFixed(1) }));
}

export function printBundles(bundles: BundleFigures[]): void {
  console.log(`Lambda bundles (budget 1 MB minified, load < 150 ms; median of ${LOAD_RUNS} loads)`);
  console.table(bundles.map((b) => ({ name: b.name, size: kb(b.bytes), load: `${b.loadMs} ms` })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  printBundles(await measureBundles());
}
