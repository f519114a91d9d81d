/**
 * `npx tsx bin/bench/track-delete-timing.ts`: how long Delete Track takes for the design-size
 * track (10 phases x 100 steps, 4 contents or actions each: functions/db/seed/large-track.ts) on
 * an in-memory DynamoDB Local of its own: the route's one transaction, then the job run step by
 * step in this process as the stream worker would run it, with the requests each part sends.
 */
import { scratchTable } from './scratch-table';

const scratch = await scratchTable('track-delete-timing');
const { requestCounter } = await import('../../functions/db/client');
const { seedDemo } = await import('../../functions/db/seed/demo');
const { largeTrackItems, putLargeTrack, LARGE_TRACK_ID } = await import('../../functions/db/seed/large-track');
const { openSession } = await import('../../functions/core/session/open-session');
const { resolveSession } = await import('../../functions/core/session/resolve-session');
const { startTrackDelete } = await import('../../functions/core/tracks/track-editor');
const { runJobToEnd } = await import('../../functions/db/jobs');
const { jobKinds } = await import('../../functions/core/jobs/job-kinds');

try {
  await seedDemo();
  const track = largeTrackItems();
  await putLargeTrack();
  // A system track: the superadmin's to delete.
  const auth = (await resolveSession((await openSession('demo-superadmin')).token))!;

  requestCounter.reset();
  const started = Date.now();
  const { jobId } = await startTrackDelete(auth, LARGE_TRACK_ID);
  const routeMs = Date.now() - started;
  const route = requestCounter.snapshot();
  requestCounter.reset();
  const job = await runJobToEnd(jobId, jobKinds);
  const jobMs = Date.now() - started - routeMs;
  const work = requestCounter.snapshot();
  const parts = track.contents.length + track.actions.length;
  console.log(`Delete a ${track.phases.length} x ${track.steps.length / track.phases.length} track (${parts} contents and actions): route ${routeMs} ms, ${route.requests} requests (${route.byCommand.TransactWriteItemsCommand ?? 0} transaction)`);
  console.log(`Job: ${(jobMs / 1000).toFixed(1)} s, ${job!.steps} job steps, ${job!.status}; ${work.requests} requests: ${JSON.stringify(work.byCommand)}`);
} finally {
  scratch.stop();
}
