import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { handler as conferenceHandler } from '../../../functions/http/conference/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { transact } from '../../../functions/db/transact';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { findInstance } from '../../../functions/core/enrolments/instance-access';
import { auditEntryWrite, chainIdOf } from '../../../functions/core/records/audit-write';
import { holdsOn } from '../../../functions/core/retention/legal-holds';
import { previewDue } from '../../../functions/core/retention/retention-due';
import { readRetentionPolicy } from '../../../functions/core/retention/retention-policy';
import { startRetentionRun, type RetentionReport } from '../../../functions/core/retention/retention-job';
import { RETENTION_PURGED } from '../../../functions/core/retention/retention-records';
import { PURGED_NAME } from '../../../functions/core/retention/retention-purge';
import { deliverOutboxItem } from '../../../functions/events/outbox-delivery';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { config } from '../../../functions/lib/config';
import { checkAudit } from '../../../bin/maintenance/audit-check';
import { RETENTION_YEARS_MESSAGE } from '../../../shared/schemas/retention';
import { settle } from '../../support/settle';
import { seedDemo } from '../../support/demo-table';
import { putEnrolment } from '../../support/enrolments';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * Retention schedules and legal holds (issue 25, item 3) against DynamoDB Local and the S3 stand-in:
 * the stream derives each closed record's case; the daily job, run with a clock moved ten years on,
 * purges exactly what is past its period (files from storage through the outbox, a tombstone entry,
 * the other entries' TTL) and keeps what a hold or a longer period keeps.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
process.env.LOG_LEVEL = 'warn';
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const later = (years: number, days = 0) => new Date(Date.now() + years * YEAR_MS + days * 86_400_000);

const call = async (as: string, path: string, options: { method?: string; body?: unknown } = {}) => invoke(conferenceHandler, path, { ...options, cookie: as.includes('@') ? await cookieFor(as) : await cookieForUser(as) });

let trackTemplateId = '';
const people: Record<'withdrawn' | 'completed' | 'held' | 'inactive' | 'elsewhere', string> = { withdrawn: '', completed: '', held: '', inactive: '', elsewhere: '' };
const enrolments = { withdrawn: '', completed: '', held: '' };
let enrolmentElsewhere = '';
const fileKey = newId().toLowerCase();

async function storedFile(userId: string, trackInstanceId: string): Promise<void> {
  const s3 = new S3Client({ region: config.region, endpoint: config.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await s3.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: fileKey, Body: '%PDF assessment' }));
  await db().entities.uploadedFile.put({ userId, fileKey, name: 'assessment.pdf', status: 'confirmed', kind: 'Document', targetType: 'contentInstance', targetId: 'content-1', contentType: 'application/pdf', size: 15 }).go();
  await db()
    .entities.stepContentInstance.put({ trackInstanceId, stepInstanceId: 'step-1', contentInstanceId: 'content-1', contentTemplateId: 'content-template-1', type: 'Upload', upload: { submitted: true, files: [{ id: 'f1', fileKey, name: 'assessment.pdf', uploadedBy: userId }] } })
    .go();
}

/** An entry already in the enrolment's History (what later gets its TTL). */
async function historyEntry(trackInstanceId: string): Promise<void> {
  await transact([auditEntryWrite({ actor: { actorId: 'test', actorName: 'Test' }, chain: 'TrackInstance', recordId: trackInstanceId, action: 'enrolment.status', kind: 'status', subject: 'Enrolment', changes: [{ field: 'status', before: 'Open', after: 'Withdrawn' }], scopeIds: [ids.conference1, ids.district1], auditScope: ids.conference1 })]);
}

async function deliverReleases(): Promise<number> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const releases = data.filter((item) => item.kind === 'releaseFile');
  for (const item of releases) expect(await deliverOutboxItem(item.outboxId)).toBe('sent');
  return releases.length;
}

const chain = async (kind: 'User' | 'TrackInstance' | 'Location', id: string) => (await db().entities.auditEntry.query.byChain({ chainId: chainIdOf(kind, id) }).go({ pages: 'all', consistent: true })).data;

async function run(now: Date): Promise<RetentionReport> {
  const jobId = await startRetentionRun(now);
  expect(jobId).toBe(`retention-${now.toISOString().slice(0, 10)}`);
  const job = await runJobToEnd(jobId!, jobKinds);
  expect(job?.status).toBe('succeeded');
  await settle();
  return job!.result as RetentionReport;
}

beforeAll(async () => {
  await seedDemo();
  trackTemplateId = `retention-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Retention', description: 'Retention', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  for (const name of ['withdrawn', 'completed', 'held'] as const) people[name] = await putTestUser({ firstName: 'Ret', lastName: name, locationId: ids.district1 });
  people.inactive = await putTestUser({ firstName: 'Ina', lastName: 'Ctive', locationId: ids.district1, inactive: true });
  people.elsewhere = await putTestUser({ firstName: 'Else', lastName: 'Where', locationId: ids.district3 });
  enrolments.withdrawn = await putEnrolment({ trackTemplateId, participantId: people.withdrawn, districtId: ids.district1, status: 'Withdrawn' });
  enrolments.completed = await putEnrolment({ trackTemplateId, participantId: people.completed, districtId: ids.district1, status: 'Completed' as 'Withdrawn' });
  enrolments.held = await putEnrolment({ trackTemplateId, participantId: people.held, districtId: ids.district1, status: 'Withdrawn' });
  const otherTrack = `retention-other-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId: otherTrack, name: 'Elsewhere', description: 'Elsewhere', conferenceId: ids.conference2, disabled: false, status: 'active' }).go();
  enrolmentElsewhere = await putEnrolment({ trackTemplateId: otherTrack, participantId: people.elsewhere, districtId: ids.district3 });
  await storedFile(people.withdrawn, enrolments.withdrawn);
  await historyEntry(enrolments.withdrawn);
  // The stream derives each record's retention case (and seals the entry).
  await settle();
});

describe('retention policy', () => {
  const path = `/api/conference/retention/${ids.conference1}`;
  const periods = { withdrawn: 10, discontinued: 10, completed: 50, inactivePerson: 7 };

  it('reads the defaults, refuses 0 and 1,000 years with a field message and changes nothing, saves on the version read with an audit entry', async () => {
    const read = await call(CONFERENCE_ADMIN, path);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ periods, version: 0 });
    for (const years of [0, 1000, 2.5]) {
      const refused = await call(CONFERENCE_ADMIN, path, { method: 'PUT', body: { periods: { ...periods, withdrawn: years }, version: 0 } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(RETENTION_YEARS_MESSAGE);
    }
    expect((await readRetentionPolicy(ids.conference1)).version).toBe(0);
    const saved = await call(CONFERENCE_ADMIN, path, { method: 'PUT', body: { periods: { ...periods, completed: 60 }, version: 0 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ periods: { completed: 60 }, version: 1 });
    const stale = await call(SUPERADMIN, path, { method: 'PUT', body: { periods, version: 0 } });
    expect(stale.status).toBe(409);
    const entries = await chain('Location', ids.conference1);
    expect(entries.filter((entry) => entry.action === 'retention.policy.updated').map((entry) => entry.changes)).toEqual([[{ field: 'completed (years)', before: '50', after: '60' }]]);
    // Back to the defaults for the runs below.
    expect((await call(CONFERENCE_ADMIN, path, { method: 'PUT', body: { periods, version: 1 } })).status).toBe(200);
  });

  it('is for superadmins and those who govern the conference', async () => {
    expect((await call(DISTRICT_ADMIN, path)).status).toBe(403);
    expect((await call(CONFERENCE_ADMIN, `/api/conference/retention/${ids.conference2}`)).status).toBe(403);
    expect((await call(CONFERENCE_ADMIN, '/api/conference/retention/system')).status).toBe(403);
    expect((await call(SUPERADMIN, '/api/conference/retention/system')).status).toBe(200);
    expect((await call(SUPERADMIN, '/api/conference/retention/no-such-conference')).status).toBe(404);
    expect((await call(SUPERADMIN, `/api/conference/retention/${ids.district1}`)).status).toBe(404);
  });
});

describe('legal holds', () => {
  const holdPath = (kind: string, id: string) => `/api/conference/legal-holds/${kind}/${id}`;

  it('refuses a hold on nothing (404), out of scope (403), without a reason (400), and changes nothing', async () => {
    expect((await call(CONFERENCE_ADMIN, holdPath('TrackInstance', 'no-such-enrolment'), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(404);
    expect((await call(CONFERENCE_ADMIN, holdPath('User', 'no-such-person'), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(404);
    // A person the caller cannot see is unknown to them (404, as everywhere); an enrolment of another conference is out of scope (403).
    expect((await call(CONFERENCE_ADMIN, holdPath('User', people.elsewhere), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(404);
    expect((await call(CONFERENCE_ADMIN, holdPath('TrackInstance', enrolmentElsewhere), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(403);
    expect((await call(DISTRICT_ADMIN, holdPath('User', people.held), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(403);
    const blank = await call(CONFERENCE_ADMIN, holdPath('TrackInstance', enrolments.held), { method: 'POST', body: { reason: '  ' } });
    expect(blank.status).toBe(400);
    expect((await call(CONFERENCE_ADMIN, holdPath('Nothing', enrolments.held), { method: 'POST', body: { reason: 'Litigation' } })).status).toBe(400);
    expect(await holdsOn({ userId: people.elsewhere, trackInstanceId: enrolments.held })).toEqual([]);
    expect(await holdsOn({ trackInstanceId: enrolmentElsewhere })).toEqual([]);
  });

  it('places a hold with its reason, lists it, records it in the enrolment History; a second hold is refused', async () => {
    const placed = await call(CONFERENCE_ADMIN, holdPath('TrackInstance', enrolments.held), { method: 'POST', body: { reason: 'Complaint under review' } });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ active: true, reason: 'Complaint under review', version: 1, conferenceId: ids.conference1 });
    expect((await call(CONFERENCE_ADMIN, holdPath('TrackInstance', enrolments.held), { method: 'POST', body: { reason: 'Again', version: 1 } })).status).toBe(422);
    const list = await call(CONFERENCE_ADMIN, `/api/conference/retention/${ids.conference1}/holds`);
    expect(list.body.data.map((hold: { recordId: string }) => hold.recordId)).toEqual([enrolments.held]);
    expect((await holdsOn({ trackInstanceId: enrolments.held })).map((hold) => hold.reason)).toEqual(['Complaint under review']);
    expect((await chain('TrackInstance', enrolments.held)).map((entry) => entry.action)).toEqual(['retention.hold.placed']);
  });
});

describe('the daily purge, with the clock moved on', () => {
  it('purges nothing nine years on', async () => {
    expect((await previewDue(ids.conference1, (await readRetentionPolicy(ids.conference1)).periods, later(6), 50)).data).toEqual([]);
  });

  it('ten years on: the preview lists exactly what the run purges; completed and held stay; files leave storage; tombstones stay; check:audit clean', async () => {
    const now = later(10, 2);
    expect(await describeObject(fileKey)).not.toBeNull();
    const preview = await previewDue(ids.conference1, (await readRetentionPolicy(ids.conference1)).periods, now, 50);
    expect(preview.data.map((due) => due.recordId).sort()).toEqual([enrolments.withdrawn, people.inactive].sort());
    expect(preview.data.find((due) => due.recordId === enrolments.withdrawn)).toMatchObject({ recordKind: 'TrackInstance', outcome: 'withdrawn' });

    // Every conference's preview (the demo's deactivated person of High Plains is due too) adds up to the run.
    const conferences = (await db().entities.location.query.byKind({ kind: 'Conference' }).go({ pages: 'all' })).data.map((place) => place.locationId);
    let due = 0;
    for (const conferenceId of ['system', ...conferences]) due += (await previewDue(conferenceId, (await readRetentionPolicy(conferenceId)).periods, now, 50)).data.length;
    const report = await run(now);
    expect(report).toMatchObject({ purged: due, held: 1 });
    expect(due).toBeGreaterThanOrEqual(2);
    expect(await deliverReleases()).toBeGreaterThan(0);
    expect(await describeObject(fileKey)).toBeNull();

    expect(await findInstance(enrolments.withdrawn)).toBeNull();
    expect((await db().collections.trackInstanceAggregate({ trackInstanceId: enrolments.withdrawn }).go({ pages: 'all' })).data.stepContentInstance).toEqual([]);
    expect(await findInstance(enrolments.completed)).not.toBeNull();
    expect(await findInstance(enrolments.held)).not.toBeNull();

    const entries = await chain('TrackInstance', enrolments.withdrawn);
    const tombstone = entries.find((entry) => entry.action === RETENTION_PURGED)!;
    expect(tombstone).toMatchObject({ kind: 'retention', subject: 'Purged enrolment', at: now.toISOString() });
    expect(tombstone.ttl).toBeUndefined();
    expect(tombstone.changes).toEqual(expect.arrayContaining([{ field: 'outcome', after: 'withdrawn' }, { field: 'contentInstances', after: '1' }, { field: 'files', after: '1' }]));
    // The record's other entries expire by TTL (DynamoDB Local keeps them: the attribute shows it is set).
    const others = entries.filter((entry) => entry.action !== RETENTION_PURGED);
    expect(others.length).toBe(1);
    expect(others[0].ttl).toBeGreaterThan(Math.floor(now.getTime() / 1000));

    const { data: person } = await db().entities.user.get({ userId: people.inactive }).go();
    expect(person).toMatchObject(PURGED_NAME);
    expect(person!.email).toBe(`purged-${people.inactive.toLowerCase()}@invalid`);
    expect((await chain('User', people.inactive)).map((entry) => entry.action)).toContain(RETENTION_PURGED);
    expect((await checkAudit()).findings).toEqual([]);

    // The same day again: the run exists, nothing starts; the next day finds nothing more.
    expect(await startRetentionRun(now)).toBeNull();
    expect((await run(new Date(now.getTime() + 86_400_000))).purged).toBe(0);
  });

  it('a lifted hold lets the next run purge the enrolment', async () => {
    const hold = await call(CONFERENCE_ADMIN, `/api/conference/legal-holds/TrackInstance/${enrolments.held}`);
    const lifted = await call(CONFERENCE_ADMIN, `/api/conference/legal-holds/TrackInstance/${enrolments.held}/lift`, { method: 'POST', body: { version: hold.body.version } });
    expect(lifted.status).toBe(200);
    expect(lifted.body.active).toBe(false);
    expect(await holdsOn({ trackInstanceId: enrolments.held })).toEqual([]);
    const report = await run(later(10, 5));
    expect(report).toMatchObject({ purged: 1, held: 0 });
    expect(await findInstance(enrolments.held)).toBeNull();
    expect(await findInstance(enrolments.completed)).not.toBeNull();
    expect((await checkAudit()).findings).toEqual([]);
  });

  it('fifty years on, the completed enrolment goes too', async () => {
    expect((await run(later(50, 10))).purged).toBe(1);
    expect(await findInstance(enrolments.completed)).toBeNull();
  });
});
