import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { getJob, jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { participantBulkChunk, NOT_ADMINISTERED, PARTICIPANT_BULK_CALLER_GONE } from '../../../functions/core/participants/participants-bulk-job';
import { INSTANCE_NOT_FOUND } from '../../../functions/core/enrolments/instance-access';
import { BULK_ROW_STALE_MESSAGE, type ParticipantBulkResult } from '../../../shared/schemas/participants';
import { requestCounter } from '../../../functions/db/client';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * The participants table's Actions as one server job (`POST track/{id}/instances/bulk`): each
 * row loaded and checked in the caller's scope (a row outside it refused while the others go
 * through), written on its version, a repeated job step or a repeated request doing nothing twice.
 */
let conferenceAdmin: string;
let districtAdmin: string;
let advisorCookie: string;

beforeAll(async () => {
  await seedDemo();
  [conferenceAdmin, districtAdmin, advisorCookie] = await Promise.all(['conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org'].map(cookieFor));
});

async function trackIn(conferenceId: string): Promise<string> {
  const trackTemplateId = `bulk-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Bulk track', description: 'Bulk', conferenceId, disabled: false, status: 'active', instanceCount: 10 }).go();
  return trackTemplateId;
}

const enrolIn = async (trackTemplateId: string, districtId: string, first: string, advisorIds: string[] = []) =>
  putEnrolment({ trackTemplateId, participantId: await putTestUser({ firstName: first, lastName: 'Bulk', locationId: districtId }), districtId, advisorIds });

const bulk = (cookie: string, trackTemplateId: string, body: Record<string, unknown>) => invoke(tracks, `/api/track/${trackTemplateId}/instances/bulk`, { method: 'POST', cookie, body });

async function started(cookie: string, trackTemplateId: string, body: Record<string, unknown>): Promise<string> {
  const res = await bulk(cookie, trackTemplateId, body);
  expect(res.status).toBe(202);
  return (res.body as { jobId: string }).jobId;
}

async function finished(jobId: string): Promise<ParticipantBulkResult> {
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job?.status).toBe('succeeded');
  return job!.result as ParticipantBulkResult;
}

const stored = async (trackInstanceId: string) => (await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true })).data;
const bellsTo = async (userId: string) =>
  (await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' })).data.filter((o) => o.kind === 'notification' && (o.payload as { userId: string }).userId === userId);
/** Rows as the table shows them: fresh enrolments are at version 1. */
const shown = (trackInstanceIds: string[], version = 1) => trackInstanceIds.map((id) => ({ id, version }));
const failedIds = (result: ParticipantBulkResult) => Object.fromEntries(result.failed.map((f) => [f.trackInstanceId, f.message]));

describe('bulk status change', () => {
  it('changes the rows a district admin administers and refuses the one in another district, an unknown id and another track’s enrolment, in one job', async () => {
    const track = await trackIn(ids.conference1);
    const other = await trackIn(ids.conference1);
    const [one, two, lakeside, elsewhere] = await Promise.all([
      enrolIn(track, ids.district1, 'Una'),
      enrolIn(track, ids.district1, 'Tess'),
      enrolIn(track, ids.district2, 'Lara'),
      enrolIn(other, ids.district1, 'Otto'),
    ]);
    const jobId = await started(districtAdmin, track, { action: 'setStatus', status: 'Withdrawn', rows: shown([one, lakeside, 'no-such-enrolment', two, elsewhere]) });
    const result = await finished(jobId);
    expect(result.succeeded).toBe(2);
    expect(failedIds(result)).toEqual({ [lakeside]: NOT_ADMINISTERED, 'no-such-enrolment': INSTANCE_NOT_FOUND, [elsewhere]: INSTANCE_NOT_FOUND });
    expect((await stored(one))).toMatchObject({ status: 'Withdrawn', version: 2 });
    expect((await stored(two))).toMatchObject({ status: 'Withdrawn', version: 2 });
    expect((await stored(lakeside))).toMatchObject({ status: 'Open', version: 1 });
    expect((await stored(elsewhere))).toMatchObject({ status: 'Open', version: 1 });
    const job = await getJob(jobId);
    expect(job).toMatchObject({ done: 5, total: 5 });
    const participant = (await stored(one))!.participantId;
    expect((await bellsTo(participant)).map((o) => (o.payload as { message: string }).message)).toEqual(['Your Bulk track track is now Withdrawn.']);
  });

  it('a step repeated after a crash, and the same request sent again, change nothing twice and tell no one twice', async () => {
    const track = await trackIn(ids.conference1);
    const rows = await Promise.all(['Ann', 'Bea', 'Cal'].map((first) => enrolIn(track, ids.district1, first)));
    const jobId = await started(conferenceAdmin, track, { action: 'setStatus', status: 'Completed', rows: shown(rows) });
    const size = participantBulkChunk.rows;
    participantBulkChunk.rows = 2;
    try {
      // The first step writes two rows, then "crashes" before its progress is saved.
      jobFaults.failAfterWork = true;
      await expect(runJobStep(jobId, jobKinds)).rejects.toThrow('Injected job fault');
      jobFaults.failAfterWork = false;
      expect((await stored(rows[0]))!.version).toBe(2);
      // The lease lapses (as the sweeper finds it), and the job is run again from the saved cursor.
      await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
      const result = await finished(jobId);
      expect(result).toEqual({ succeeded: 3, failed: [] });
    } finally {
      participantBulkChunk.rows = size;
      jobFaults.failAfterWork = false;
    }
    const again = await finished(await started(conferenceAdmin, track, { action: 'setStatus', status: 'Completed', rows: shown(rows) }));
    expect(again).toEqual({ succeeded: 3, failed: [] });
    for (const row of rows) {
      const instance = (await stored(row))!;
      expect(instance).toMatchObject({ status: 'Completed', version: 2 });
      expect(await bellsTo(instance.participantId)).toHaveLength(1);
    }
  });

  it('leaves a row changed since the table showed it and reports it stale; a row already as asked is done whatever its version', async () => {
    const track = await trackIn(ids.conference1);
    const [changed, asAsked, untouched] = await Promise.all(['Rex', 'Ray', 'Roy'].map((first) => enrolIn(track, ids.district1, first)));
    const jobId = await started(conferenceAdmin, track, { action: 'setStatus', status: 'Withdrawn', rows: shown([changed, asAsked, untouched]) });
    // Other writes land after the table was shown: one changes a row, one already sets the status asked.
    await db().entities.trackInstance.patch({ trackInstanceId: changed }).add({ version: 1 }).go();
    await db().entities.trackInstance.patch({ trackInstanceId: asAsked }).set({ status: 'Withdrawn' }).composite({ trackTemplateId: track }).add({ version: 1 }).go();
    const result = await finished(jobId);
    expect(result).toEqual({ succeeded: 2, failed: [{ trackInstanceId: changed, message: BULK_ROW_STALE_MESSAGE, stale: true }] });
    expect(await stored(changed)).toMatchObject({ status: 'Open', version: 2 });
    expect(await stored(asAsked)).toMatchObject({ status: 'Withdrawn', version: 2 });
    expect(await stored(untouched)).toMatchObject({ status: 'Withdrawn', version: 2 });
    // The same for an advisor and a removal: a row shown at an older version is left as it is.
    const advisor = demoUser('advisor@example.org').id;
    const assigned = await finished(await started(conferenceAdmin, track, { action: 'assignAdvisor', advisorId: advisor, rows: shown([untouched]) }));
    expect(assigned.failed).toEqual([{ trackInstanceId: untouched, message: BULK_ROW_STALE_MESSAGE, stale: true }]);
    const removed = await finished(await started(conferenceAdmin, track, { action: 'remove', rows: [...shown([untouched]), ...shown([changed], 2)] }));
    expect(removed).toEqual({ succeeded: 1, failed: [{ trackInstanceId: untouched, message: BULK_ROW_STALE_MESSAGE, stale: true }] });
    expect(await stored(untouched)).toMatchObject({ version: 2, assignees: [] });
    expect(await stored(changed)).toBeNull();
  });

  it('the route reads no row (the job loads each), and Assign Advisor loads the advisor once per job step, not per row', async () => {
    const track = await trackIn(ids.conference1);
    const advisor = demoUser('advisor@example.org').id;
    const rows = await Promise.all(['Ada', 'Bo', 'Cy', 'Di'].map((first) => enrolIn(track, ids.district1, first)));
    const one = await started(conferenceAdmin, track, { action: 'assignAdvisor', advisorId: advisor, rows: shown(rows.slice(0, 1)) });
    // The role cache is warm now: what the route reads is the track and the advisor, never the rows.
    requestCounter.reset();
    const three = await started(conferenceAdmin, track, { action: 'assignAdvisor', advisorId: advisor, rows: shown(rows.slice(1)) });
    expect(requestCounter.snapshot().byCommand.BatchGetItemCommand).toBeUndefined();
    const queriesOf = async (jobId: string) => {
      requestCounter.reset();
      expect((await finished(jobId)).succeeded).toBeGreaterThan(0);
      return requestCounter.snapshot().byCommand.QueryCommand ?? 0;
    };
    // The starter and the advisor, once each: three rows query no more than one (before: one advisor read per row).
    expect(await queriesOf(three)).toBe(await queriesOf(one));
    for (const row of rows) expect((await stored(row))!.assignees.map((a) => a.userId)).toEqual([advisor]);
  });
});

describe('bulk assign advisor and bulk remove', () => {
  it('assigns an advisor beside those there, leaves a row that has them, and refuses the advisor’s own enrolment', async () => {
    const track = await trackIn(ids.conference1);
    const advisor = demoUser('advisor@example.org').id;
    const spare = await putTestUser({ firstName: 'Sam', lastName: 'Spare', locationId: ids.district1, role: 'Advisor' });
    const plain = await enrolIn(track, ids.district1, 'Pia', [spare]);
    const already = await enrolIn(track, ids.district1, 'Al', [advisor]);
    const own = await putEnrolment({ trackTemplateId: track, participantId: advisor, districtId: ids.district1 });
    const result = await finished(await started(conferenceAdmin, track, { action: 'assignAdvisor', advisorId: advisor, rows: shown([plain, already, own]) }));
    expect(result.succeeded).toBe(2);
    expect(failedIds(result)).toEqual({ [own]: 'A participant cannot be their own Advisor.' });
    expect((await stored(plain))!.assignees.map((a) => a.userId).sort()).toEqual([advisor, spare].sort());
    expect((await stored(already))!.version).toBe(1);
    const items = (await db().entities.trackAssignee.query.byInstance({ trackInstanceId: plain }).go()).data.map((a) => a.assigneeId).sort();
    expect(items).toEqual([advisor, spare].sort());
  });

  it('refuses at once an advisor without the Advisor role (400 at advisorId), and callers who administer no enrolment there', async () => {
    const track = await trackIn(ids.conference1);
    const row = await enrolIn(track, ids.district1, 'Nia');
    const plain = await putTestUser({ firstName: 'No', lastName: 'Role', locationId: ids.district1 });
    const noRole = await bulk(conferenceAdmin, track, { action: 'assignAdvisor', advisorId: plain, rows: shown([row]) });
    expect(noRole.status).toBe(400);
    expect(JSON.stringify(noRole.body)).toContain('Only users with the Advisor role can be assigned as Advisor.');
    expect((await bulk(advisorCookie, track, { action: 'setStatus', status: 'Withdrawn', rows: shown([row]) })).status).toBe(403);
    const elsewhereAdmin = await cookieForUser(await putTestUser({ firstName: 'Eve', lastName: 'Else', locationId: ids.conference2, role: 'ConferenceAdmin' }));
    expect((await bulk(elsewhereAdmin, track, { action: 'remove', rows: shown([row]) })).status).toBe(403);
    expect((await bulk(conferenceAdmin, track, { action: 'setStatus', rows: shown([row]) })).status).toBe(400);
    expect((await bulk(conferenceAdmin, track, { action: 'remove', rows: shown(Array.from({ length: 51 }, (_, n) => `id-${n}`)) })).status).toBe(400);
    expect((await stored(row))!.version).toBe(1);
  });

  it('asks the right of the single-row route: a district superintendent changes statuses in their district but removes nothing', async () => {
    const track = await trackIn(ids.conference1);
    const row = await enrolIn(track, ids.district1, 'Sue');
    const superintendent = await cookieForUser(await putTestUser({ firstName: 'Dee', lastName: 'Super', locationId: ids.district1, role: 'DistrictSuperintendent' }));
    expect((await bulk(superintendent, track, { action: 'remove', rows: shown([row]) })).status).toBe(403);
    expect((await invoke(tracks, '/api/track/instance', { method: 'DELETE', cookie: superintendent, body: { id: row, version: 1 } })).status).toBe(403);
    expect(await finished(await started(superintendent, track, { action: 'setStatus', status: 'Withdrawn', rows: shown([row]) }))).toEqual({ succeeded: 1, failed: [] });
    expect((await stored(row))!.status).toBe('Withdrawn');
  });

  it('removes the rows, counts an enrolment already gone as removed, and stops when its owner is deactivated', async () => {
    const track = await trackIn(ids.conference1);
    const rows = await Promise.all(['Ro', 'Ry'].map((first) => enrolIn(track, ids.district1, first)));
    const jobId = await started(conferenceAdmin, track, { action: 'remove', rows: shown(rows) });
    // One of them is removed by someone else before the job gets to it.
    await db().entities.trackInstance.delete({ trackInstanceId: rows[1] }).go();
    expect(await finished(jobId)).toEqual({ succeeded: 2, failed: [] });
    expect(await stored(rows[0])).toBeNull();
    expect((await db().entities.trackTemplate.get({ trackTemplateId: track }).go()).data!.instanceCount).toBe(9);

    const ownerId = await putTestUser({ firstName: 'Gone', lastName: 'Soon', locationId: ids.conference1, role: 'ConferenceAdmin' });
    const row = await enrolIn(track, ids.district1, 'Kit');
    const laterJob = await started(await cookieForUser(ownerId), track, { action: 'remove', rows: shown([row]) });
    await db().entities.user.patch({ userId: ownerId }).set({ inactive: true }).go();
    const job = await runJobToEnd(laterJob, jobKinds);
    expect(job).toMatchObject({ status: 'failed', error: PARTICIPANT_BULK_CALLER_GONE });
    expect(await stored(row)).not.toBeNull();
  });
});
