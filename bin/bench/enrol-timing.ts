/**
 * `npx tsx bin/bench/enrol-timing.ts`: how long enrolling one participant takes in the
 * design-size track (10 phases x 100 steps, 4 contents or actions each:
 * functions/db/seed/large-track.ts) on an in-memory DynamoDB Local of its own: the route's
 * checks and job write, then the `instance.enrol` job run step by step in this process as the
 * stream worker would run it, with the requests each part sends; then the track page's read.
 */
import { scratchTable } from './scratch-table';

const scratch = await scratchTable('enrol-timing');
const { requestCounter } = await import('../../functions/db/client');
const { seedDemo } = await import('../../functions/db/seed/demo');
const { largeTrackItems, putLargeTrack, LARGE_TRACK_ID } = await import('../../functions/db/seed/large-track');
const { parallelWriter } = await import('../../functions/db/seed/large-writer');
const { openSession } = await import('../../functions/core/session/open-session');
const { resolveSession } = await import('../../functions/core/session/resolve-session');
const { enrol } = await import('../../functions/core/enrolments/enrol');
const { readTrackInstance } = await import('../../functions/core/enrolments/instance-read');
const { runJobToEnd } = await import('../../functions/db/jobs');
const { jobKinds } = await import('../../functions/core/jobs/job-kinds');

try {
  await seedDemo();
  const track = largeTrackItems();
  await putLargeTrack();
  // A system track: the superadmin enrols the demo participant (who has a district) with the demo advisor.
  const auth = (await resolveSession((await openSession('demo-superadmin')).token))!;

  requestCounter.reset();
  const started = Date.now();
  const outcome = await enrol(auth, { trackId: LARGE_TRACK_ID, participantIds: ['demo-participant'], advisorIds: ['demo-advisor'] });
  const routeMs = Date.now() - started;
  const route = requestCounter.snapshot();
  if (!('jobId' in outcome)) throw new Error('The design-size track should enrol through a job');
  requestCounter.reset();
  const job = await runJobToEnd(outcome.jobId, jobKinds);
  const totalMs = Date.now() - started;
  const work = requestCounter.snapshot();
  const parts = track.contents.length + track.actions.length;
  console.log(`Enrol in a ${track.phases.length} x ${track.steps.length / track.phases.length} track (${parts} contents and actions): route ${routeMs} ms, ${route.requests} requests`);
  console.log(`Job: ${job!.steps} job steps, ${job!.status}; ${work.requests} requests: ${JSON.stringify(work.byCommand)}`);
  console.log(`Route and job together: ${(totalMs / 1000).toFixed(2)} s`);

  // The yardstick: the same number of items put raw (transactions of 100, 8 at a time, as the job sends them).
  const written = (work.byCommand.TransactWriteItemsCommand ?? 0) * 100;
  const raw = parallelWriter({ mode: 'transact', concurrency: 8 });
  const rawStarted = Date.now();
  await raw.put(Array.from({ length: written }, (_, n) => ({ pk: `$bench#raw_${n}`, sk: '$raw', n })));
  await raw.flush();
  const rawMs = Date.now() - rawStarted;
  console.log(`Raw baseline: ${written} puts in ${(rawMs / 1000).toFixed(2)} s; enrolment = ${(totalMs / rawMs).toFixed(1)}x the raw puts`);

  const [trackInstanceId] = (job!.result as { trackInstanceIds: string[] }).trackInstanceIds;
  await readTrackInstance(auth, trackInstanceId); // warms the role cache
  requestCounter.reset();
  const readStarted = Date.now();
  const view = await readTrackInstance(auth, trackInstanceId);
  console.log(`Track page read: ${Date.now() - readStarted} ms, ${requestCounter.snapshot().requests} requests, ${view.phases.flatMap((phase) => phase.steps).length} steps`);
} finally {
  scratch.stop();
}
