/**
 * `npm run reindex [-- --background]`: gives the track templates, enrolments and steps written
 * before an index existed their entries (the Track Templates lists' gsi3 `byStatus` and gsi4
 * `byArea`; gsi4 `byTemplateDistrict`; the Overdue sweep's gsi1 `byDue` and the reminders' gsi2 `byReminder`),
 * and users projected before a directory list changed their entries (name-only `userWords`,
 * `userEmails`), as the `index.reindexEnrolments` background job on the configured table
 * (TABLE_NAME, DYNAMODB_ENDPOINT). It walks by key (conferences, their tracks, their enrolments,
 * their steps; the System root's user lists), never a Scan, and only writes what is missing: safe to run again,
 * and beside normal use. By default it runs the job here, printing progress; with --background it
 * only creates the job (the deployed worker runs it; a superadmin follows it at GET /api/job/{id}).
 */
import { parseArgs } from 'node:util';
import { reindexJobItem } from '../functions/core/jobs/reindex-job';
import { jobKinds } from '../functions/core/jobs/job-kinds';
import { runJobStep } from '../functions/db/jobs';
import { transact } from '../functions/db/transact';

const { values } = parseArgs({ options: { background: { type: 'boolean', default: false } } });
const { jobId, write } = reindexJobItem('operator');
await transact([write]);
console.log(`Re-index job ${jobId} created.`);
if (!values.background) {
  const started = Date.now();
  for (;;) {
    const job = await runJobStep(jobId, jobKinds);
    if (job === 'busy') {
      console.log('The worker is running it: follow it at GET /api/job/' + jobId);
      break;
    }
    if (!job || job.status === 'succeeded' || job.status === 'failed') {
      console.log(`${job?.status ?? 'gone'} in ${((Date.now() - started) / 1000).toFixed(1)} s:`, job?.result ?? job?.error ?? '');
      process.exitCode = job?.status === 'succeeded' ? 0 : 1;
      break;
    }
    if (job.steps % 20 === 0) console.log(`  ${job.done} enrolments and users looked at`);
  }
}
