import { requestCounter } from '../../../functions/db/client';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { startRetentionRun, type RetentionReport } from '../../../functions/core/retention/retention-job';
import { seedDemo } from '../../support/demo-table';
import { putClosedEnrolment, putRetentionTrack } from '../../support/retention-enrolments';
import { putTestUser } from '../../support/test-users';

/**
 * The purge's figures (docs/benchmarks.md, "Retention purge"): N withdrawn enrolments of a
 * realistic size (../../support/retention-enrolments.ts), purged by one daily run ten years on;
 * requests, capacity and time per purged enrolment. bin/bench/retention-scale.ts does the same at scale.
 */
const N = 40;

beforeAll(async () => {
  await seedDemo();
  const trackTemplateId = await putRetentionTrack(ids.conference1);
  const participantId = await putTestUser({ firstName: 'Fig', lastName: 'Ures', locationId: ids.district1 });
  for (let i = 0; i < N; i++) await putClosedEnrolment({ trackTemplateId, participantId, districtId: ids.district1, status: 'Withdrawn' });
});

it(`purges ${N} withdrawn enrolments ten years on, and reports what each cost`, async () => {
  const now = new Date(Date.now() + 10.1 * 365.25 * 86_400_000);
  requestCounter.reset();
  const started = Date.now();
  const jobId = await startRetentionRun(now);
  const job = await runJobToEnd(jobId!, jobKinds);
  const ms = Date.now() - started;
  const figures = requestCounter.snapshot();
  const report = job!.result as RetentionReport;
  expect(report.purged).toBeGreaterThanOrEqual(N);
  console.log(
    JSON.stringify({ purged: report.purged, steps: job!.steps, ms, msPerEnrolment: Math.round(ms / report.purged), requests: figures.requests, requestsPerEnrolment: +(figures.requests / report.purged).toFixed(1), rcuPerEnrolment: +(figures.readCapacity / report.purged).toFixed(1), wcuPerEnrolment: +(figures.writeCapacity / report.purged).toFixed(1), byCommand: figures.byCommand }),
  );
}, 600_000);
