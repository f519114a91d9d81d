/**
 * `npx tsx bin/bench/track-copy-timing.ts`: how long Copy from Existing takes for the design-size
 * track (10 phases x 100 steps, 4 contents or actions each: functions/db/seed/large-track.ts) on an
 * in-memory DynamoDB Local of its own, the job run step by step in this process as the stream
 * worker would run it; then how many requests the copy's outline takes.
 */
import { scratchTable } from './scratch-table';

const scratch = await scratchTable('track-copy-timing');
const { requestCounter } = await import('../../functions/db/client');
const { seedDemo, DEMO_LOCATION_IDS } = await import('../../functions/db/seed/demo');
const { largeTrackItems, putLargeTrack, LARGE_TRACK_ID } = await import('../../functions/db/seed/large-track');
const { openSession } = await import('../../functions/core/session/open-session');
const { resolveSession } = await import('../../functions/core/session/resolve-session');
const { startTrackCopy } = await import('../../functions/core/tracks/track-copy');
const { readOutline } = await import('../../functions/core/tracks/track-outline');
const { runJobToEnd } = await import('../../functions/db/jobs');
const { jobKinds } = await import('../../functions/core/jobs/job-kinds');

try {
  await seedDemo();
  const track = largeTrackItems();
  await putLargeTrack();
  const auth = (await resolveSession((await openSession('demo-conference-admin')).token))!;

  const started = Date.now();
  const { jobId } = await startTrackCopy(auth, LARGE_TRACK_ID, DEMO_LOCATION_IDS.conference1, { name: 'Large Copy', description: 'Timed copy' });
  const job = await runJobToEnd(jobId, jobKinds);
  const copyMs = Date.now() - started;
  const { trackTemplateId } = job!.result as { trackTemplateId: string };

  requestCounter.reset();
  const outline = await readOutline(auth, trackTemplateId);
  const outlineRequests = requestCounter.snapshot().requests;
  const steps = outline.phases.reduce((sum, phase) => sum + phase.steps.length, 0);
  console.log(`Copy a ${track.phases.length} x ${track.steps.length / track.phases.length} track (${track.contents.length + track.actions.length} contents and actions): ${(copyMs / 1000).toFixed(1)} s, ${job!.steps} job steps, ${job!.status}`);
  console.log(`Outline of the copy: ${outline.phases.length} phases, ${steps} steps, ${outlineRequests} requests`);
} finally {
  scratch.stop();
}
