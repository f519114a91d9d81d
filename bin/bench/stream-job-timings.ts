/**
 * `npx tsx bin/bench/stream-job-timings.ts`: how long background jobs take when the stream
 * drives them, as in AWS: an in-memory DynamoDB Local of its own with the table's stream, the
 * local stream poller applying each event source mapping's filter (functions/events/stream-routing.ts)
 * and calling each worker's handler (the job worker for the steps, the outbox worker for what they
 * send), and no sweep. Each job is started the way its route starts
 * it and timed until it has succeeded (and, for the publish, until every notification is delivered).
 *
 * "Before" is what the same jobs took when the deployed filter let only outbox inserts through:
 * the five-minute sweep moved each job one step, so steps x 5 minutes.
 */
import { scratchTable } from './scratch-table';

const scratch = await scratchTable('stream-job-timings');
const { db } = await import('../../functions/db/service');
const { config } = await import('../../functions/lib/config');
const { seedDemo, DEMO_LOCATION_IDS } = await import('../../functions/db/seed/demo');
const { putLargeTrack, LARGE_TRACK_ID } = await import('../../functions/db/seed/large-track');
const { openSession } = await import('../../functions/core/session/open-session');
const { resolveSession } = await import('../../functions/core/session/resolve-session');
const { addUsersLocation } = await import('../../functions/core/permissions/add-location');
const { enrol } = await import('../../functions/core/enrolments/enrol');
const { publishMessage } = await import('../../functions/core/notifications/publish');
const { startTrackCopy } = await import('../../functions/core/tracks/track-copy');
const { getJob } = await import('../../functions/db/jobs');
const { SWEEP_EVERY_MINUTES } = await import('../../functions/events/sweepers');
const { handler: outboxWorker } = await import('../../functions/events/outbox-worker');
const { handler: jobWorker } = await import('../../functions/events/job-worker');
const { passesJobWorkerFilter, passesOutboxWorkerFilter } = await import('../../functions/events/stream-filter');
const { startStreamPoller } = await import('../local/stream-poller');

process.env.SMS_ADAPTER = 'local';
const poller = await startStreamPoller({
  endpoint: config.dynamoEndpoint!,
  region: config.region,
  tableName: config.tableName,
  consumers: [
    { handler: outboxWorker, filter: passesOutboxWorkerFilter },
    { handler: jobWorker, filter: passesJobWorkerFilter },
  ],
  intervalMs: 100,
});

/** Waits until the job has ended; its time from `started`, and its steps. */
async function finished(jobId: string, started: number): Promise<{ ms: number; steps: number; status: string }> {
  for (;;) {
    const job = await getJob(jobId);
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return { ms: Date.now() - started, steps: job.steps, status: job.status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rows: string[] = [];
/** Shortest first, so a run cut short still reports the quick ones. */
const ENROL_COUNTS = [30, 300];
function report(what: string, outcome: { ms: number; steps: number; status: string }, extra = ''): void {
  const before = (outcome.steps * SWEEP_EVERY_MINUTES) / 60;
  const line = `| ${what} | ${outcome.steps} | ${(outcome.ms / 1000).toFixed(1)} s | ${before >= 1 ? `${before.toFixed(1)} h` : `${Math.round(before * 60)} min`} | ${outcome.status}${extra} |`;
  rows.push(line);
  console.log(line);
}

/** `count` users placed in the district through the app's own write (so their directory entries exist). */
async function peopleIn(auth: Parameters<typeof addUsersLocation>[0], prefix: string, count: number, districtId: string): Promise<string[]> {
  const userIds = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);
  for (let start = 0; start < userIds.length; start += 25) {
    const chunk = userIds.slice(start, start + 25);
    await db().entities.user.put(chunk.map((userId) => ({ userId, firstName: 'Timing', lastName: userId, email: `${userId}@example.org` }))).go();
    await addUsersLocation(auth, { userIds: chunk, entity: 'District', entityId: districtId });
  }
  await poller.idle();
  return userIds;
}

try {
  await seedDemo();
  const superadmin = (await resolveSession((await openSession('demo-superadmin')).token))!;
  const conferenceAdmin = (await resolveSession((await openSession('demo-conference-admin')).token))!;
  // A track over one transaction per participant (110 steps, 4 parts each): enrolment goes through the job, one participant per step.
  const mediumTrackId = 'stream-timing-track';
  await putLargeTrack({ phases: 2, stepsPerPhase: 55 }, mediumTrackId);
  await putLargeTrack();

  console.log('| Job | Steps | Through the stream | Before (steps x sweep) | Outcome |');
  console.log('|---|---|---|---|---|');
  let started = Date.now();
  const { jobId: copyJobId } = await startTrackCopy(conferenceAdmin, LARGE_TRACK_ID, DEMO_LOCATION_IDS.conference1, { name: 'Large Copy', description: 'Timed copy' });
  report('Copy a 10 x 100 track', await finished(copyJobId, started));

  await peopleIn(superadmin, 'publish', 2000, DEMO_LOCATION_IDS.district3);
  started = Date.now();
  const { jobId: publishJobId } = await publishMessage(superadmin, { locationId: DEMO_LOCATION_IDS.district3, message: 'Board interviews are on 12 January.', link: undefined });
  const published = await finished(publishJobId, started);
  await poller.idle();
  report('Publish to 2,000 people', published, `; every notification delivered after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  for (const count of ENROL_COUNTS) {
    const participants = await peopleIn(superadmin, `enrol${count}`, count, DEMO_LOCATION_IDS.district2);
    started = Date.now();
    const outcome = await enrol(superadmin, { trackId: mediumTrackId, participantIds: participants, advisorIds: ['demo-advisor'] });
    if (!('jobId' in outcome)) throw new Error('The 110-step track should enrol through a job');
    report(`Enrol ${count} people (110-step track)`, await finished(outcome.jobId, started));
  }
} finally {
  await poller.stop();
  scratch.stop();
}
