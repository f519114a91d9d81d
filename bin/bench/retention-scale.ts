/**
 * `npx tsx bin/bench/retention-scale.ts [N]` (default 40): the daily retention purge at scale, on
 * an in-memory DynamoDB Local of its own. Seeds the large seed's 55 conferences and 400 districts
 * and N withdrawn enrolments spread over them, plus held and completed ones (./retention-scale-seed.ts);
 * runs the day's job to the end with the clock ten years on, then the next day's, which has
 * nothing to purge. Prints each run's time, steps, requests by command and capacity, per purged
 * enrolment for the first; exits non-zero unless the purged are gone and the rest stayed.
 * The full large seed takes about two hours here and its enrolments are open (docs/benchmarks.md).
 */
import { loadavg } from 'node:os';
import { scratchTable } from './scratch-table';

const n = Number(process.argv[2] ?? 40);
if (!Number.isInteger(n) || n < 1) throw new Error(`N is a whole number of enrolments, not ${process.argv[2]}`);

const scratch = await scratchTable('retention-scale');
const { requestCounter } = await import('../../functions/db/client');
const { runJobToEnd } = await import('../../functions/db/jobs');
const { jobKinds } = await import('../../functions/core/jobs/job-kinds');
const { startRetentionRun } = await import('../../functions/core/retention/retention-job');
const { CLOSED_ENROLMENT_STEPS } = await import('../../test/support/retention-enrolments');
const { seedRetentionScale } = await import('./retention-scale-seed');
const { retentionScaleProblems } = await import('./retention-scale-check');
type RetentionReport = import('../../functions/core/retention/retention-job').RetentionReport;

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const DAY_MS = 86_400_000;

/** One day's run to its end, every request counted. */
async function dayRun(now: Date) {
  requestCounter.reset();
  const started = Date.now();
  const jobId = await startRetentionRun(now);
  if (!jobId) throw new Error(`The run of ${now.toISOString()} had started already`);
  const job = await runJobToEnd(jobId, jobKinds);
  const ms = Date.now() - started;
  if (job?.status !== 'succeeded') throw new Error(`The run of ${now.toISOString()} ended ${job?.status}`);
  return { ms, steps: job.steps, report: job.result as RetentionReport, figures: requestCounter.snapshot() };
}

const per = (value: number, count: number) => +(value / count).toFixed(1);

let failed = false;
try {
  const seedStarted = Date.now();
  const seed = await seedRetentionScale(n);
  console.log(`seeded ${seed.conferences} conferences, ${n} withdrawn, ${seed.held.length} held, ${seed.completed.length} completed in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s; load ${load()}`);

  const now = new Date(Date.now() + 10.1 * 365.25 * DAY_MS);
  const purge = await dayRun(now);
  console.log(`load after the purge: ${load()}`);
  const idle = await dayRun(new Date(now.getTime() + DAY_MS));
  console.log(`load after the idle day: ${load()}`);

  const { purged } = purge.report;
  const { figures } = purge;
  console.log(JSON.stringify({ run: 'purge', n, ...purge, msPerEnrolment: Math.round(purge.ms / purged) }));
  console.log(JSON.stringify({ run: 'nothing due', ...idle }));
  // Net of the day's fixed cost (every conference and outcome read), which the idle day measures.
  const net = (value: number, idleValue: number) => per(value - idleValue, purged);
  console.log('| N | purged | job steps | wall time | per enrolment (net) | requests / enrolment (net) | read units / enrolment (net) | write units / enrolment (net) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${n} | ${purged} | ${purge.steps} | ${(purge.ms / 1000).toFixed(1)} s | ${Math.round(purge.ms / purged)} ms (${Math.round((purge.ms - idle.ms) / purged)} ms) | ${per(figures.requests, purged)} (${net(figures.requests, idle.figures.requests)}) | ` +
      `${per(figures.readCapacity, purged)} (${net(figures.readCapacity, idle.figures.readCapacity)}) | ${per(figures.writeCapacity, purged)} (${net(figures.writeCapacity, idle.figures.writeCapacity)}) |`,
  );
  console.log(`nothing due, ${seed.conferences} conferences: ${idle.steps} steps, ${idle.figures.requests} requests, ${idle.figures.readCapacity} read units, ${idle.figures.writeCapacity} write units, ${(idle.ms / 1000).toFixed(1)} s`);

  const problems = await retentionScaleProblems(seed, 1 + 2 * CLOSED_ENROLMENT_STEPS);
  if (purge.report.held !== seed.held.length) problems.push(`the purge kept ${purge.report.held} for holds, not ${seed.held.length}`);
  if (purged < n) problems.push(`the purge purged ${purged}, fewer than ${n}`);
  if (idle.report.purged !== 0 || idle.report.held !== seed.held.length) problems.push(`the next day ${JSON.stringify(idle.report)}`);
  for (const problem of problems.slice(0, 20)) console.error(problem);
  failed = problems.length > 0;
  console.log(failed ? `FAILED: ${problems.length} problems` : 'checked: the purged are gone, the held and completed stayed');
} finally {
  scratch.stop();
}
process.exit(failed ? 1 : 0);
