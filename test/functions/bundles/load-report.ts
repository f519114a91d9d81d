import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOnce, type BundleLoad } from '../../support/node22-lambda';

/**
 * Each bundle's size and cold module load under Node 22 (median of the samples taken), printed as
 * the Markdown table docs/benchmarks.md keeps and written to .bench/ (node22-bundles.json by default). Figures,
 * not assertions: load times depend on the machine and on what else runs on it.
 */
export interface BundleFigures {
  name: string;
  bytes: number;
  samples: BundleLoad[];
}

/**
 * Tops up each bundle's samples to `runs`, one round over all bundles at a time, so a burst of
 * load from other work on the machine lands on every bundle alike rather than on one.
 */
export async function sampleLoads(
  bundles: readonly { name: string; outfile: string }[],
  environmentOf: (name: string) => Record<string, string>,
  runs: number,
  samples: Map<string, BundleLoad[]>,
  binary?: string,
): Promise<void> {
  for (let round = 0; round < runs; round++) {
    for (const { name, outfile } of bundles) {
      const taken = samples.get(name) ?? [];
      if (taken.length <= round) taken.push(await loadOnce(outfile, environmentOf(name), binary));
      samples.set(name, taken);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
const ms = (value: number) => `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ms`;

export function loadReport(figures: BundleFigures[], node: string, buildMs: number, file = 'node22-bundles.json'): string {
  const rows = figures.map((bundle) => ({
    name: bundle.name,
    bytes: bundle.bytes,
    loadMs: median(bundle.samples.map((sample) => sample.loadMs)),
    loadCpuMs: median(bundle.samples.map((sample) => sample.loadCpuMs)),
    runs: bundle.samples.length,
  }));
  mkdirSync('.bench', { recursive: true });
  writeFileSync(join('.bench', file), JSON.stringify({ node, buildMs: Math.round(buildMs), at: new Date().toISOString(), bundles: rows }, null, 2));
  const runs = Math.min(...rows.map((row) => row.runs));
  return [
    `Bundles under Node ${node}: built in ${ms(buildMs)}; cold module load, median of ${runs} fresh processes`,
    '| bundle | size | load | load CPU |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${kb(row.bytes)} | ${ms(row.loadMs)} | ${ms(row.loadCpuMs)} |`),
  ].join('\n');
}
