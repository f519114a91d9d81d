/**
 * One side of `npm run bench -- --scale large`, in its own process because the DynamoDB
 * client and table are fixed per process: starts a runtime on demo data (in memory) or on
 * the large seed (`.data/bench-large`, kept between runs, seeded only when incomplete), runs
 * every scale case as the superadmin and as the demo conference admin (or the callers the case names), writes the figures
 * as JSON to --out.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contracts } from '../../shared/api';
import { largeSeedPresent, seedLarge } from '../../functions/db/seed/large';
import { putLargeTrack } from '../../functions/db/seed/large-track';
import { freePort } from '../local/ports';
import { startLocalRuntime } from '../local/runtime';
import { AS } from './accounts';
import { benchTarget } from './context';
import { BenchCallError, measureCase } from './measure';
import { SCALE_CASES } from './scale-cases';

export const LARGE_DATA_DIR = fileURLToPath(new URL('../../.data/bench-large', import.meta.url));
const CALLERS = [AS.superadmin, AS.conferenceAdmin];

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, calls: { type: 'string', default: '200' }, only: { type: 'string' } } });
  const only = values.only ? values.only.split(',').filter(Boolean) : [];
  const large = values.data === 'large';
  if (!values.out || !['demo', 'large'].includes(values.data ?? '')) throw new Error('Usage: scale-worker --data demo|large --out <file> [--calls n] [--only prefix,...]');
  const say = (line: string) => console.error(`[bench ${values.data}] ${line}`);

  process.env.LOG_LEVEL = 'silent';
  const started = performance.now();
  const start = async () => startLocalRuntime({ port: await freePort(), quiet: true, ...(large ? { dataDir: LARGE_DATA_DIR } : { inMemory: true }) });
  let runtime = await start();
  try {
    say(`runtime ready after ${Math.round(performance.now() - started)} ms`);
    if (large && !(await largeSeedPresent())) {
      say(`no complete large seed in ${LARGE_DATA_DIR}: seeding (takes a while, once; an interrupted seed goes on where it stopped)`);
      await seedLarge({ log: say, resume: true });
      // A runtime started before the seed would have its stream worker replay millions of seed writes before the
      // first measurement (measure waits for the stream to be idle): start afresh, reading the stream from now.
      await runtime.stop();
      runtime = await start();
    }
    // The design-size track is part of the large seed; the demo side gets it too, so its routes compare.
    if (!large) await putLargeTrack();
    const target = benchTarget(runtime);
    const rows: Array<Record<string, unknown>> = [];
    for (const scaleCase of SCALE_CASES.filter((c) => !only.length || only.some((prefix) => c.name.startsWith(prefix)))) {
      const method = contracts.find((contract) => contract.id === scaleCase.route)?.method ?? 'GET';
      for (const as of scaleCase.callers ?? CALLERS) {
        const row = { name: scaleCase.name, route: scaleCase.route, as };
        try {
          rows.push({ ...row, ...(await measureCase(target, { ...scaleCase.bench, as }, method, Number(values.calls))) });
        } catch (error) {
          rows.push({ ...row, failed: error instanceof BenchCallError && error.status === 403 ? 'forbidden' : (error as Error).message });
        }
      }
      say(`${scaleCase.name} done`);
    }
    writeFileSync(values.out, JSON.stringify(rows));
  } finally {
    await runtime.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
