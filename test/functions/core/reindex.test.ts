import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../functions/db/client';
import { config } from '../../../functions/lib/config';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { runJobToEnd } from '../../../functions/db/jobs';
import { transact } from '../../../functions/db/transact';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { OVERDUE_BUCKET } from '../../../functions/core/step-indexes/reminder-index';
import { REINDEX_JOB_KIND, reindexJob, reindexJobItem } from '../../../functions/core/jobs/reindex-job';
import { handler as tracks } from '../../../functions/http/track/handler';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';
import { handler as users } from '../../../functions/http/user/handler';
import { requestCounter } from '../../../functions/db/client';
import { finishedProjection, project } from '../../../functions/db/directory-projection';
import { enrolmentFingerprint } from '../../../functions/core/enrolments/enrolment-projector';
import { directoryLists, enrolmentDirectoryEntries, ENROLMENTS_OF_TRACK_SCOPE } from '../../../functions/db/directory';
import { desiredUserEntries, projectUser } from '../../../functions/core/users/user-projector';

/**
 * The re-index job (`npm run reindex`): enrolments and steps written before gsi4 and the reminder
 * index existed get their entries, and users projected before the emails left the name lists
 * theirs; walked by key in pages, only what is missing, idempotently.
 */
const DUE = '2030-05-01T09:00:00.000Z';
let track: string;
const rows: Record<string, string> = {};

/** The index keys a write made before the index existed would lack. */
async function stripKeys(entity: 'trackInstance' | 'stepInstance' | 'trackTemplate', key: Record<string, string>, fields: string[]) {
  const { data } = await (db().entities[entity] as any).get(key).go({ data: 'includeKeys', consistent: true });
  await documentClient().send(new UpdateCommand({ TableName: config.tableName, Key: { pk: data.pk, sk: data.sk }, UpdateExpression: `REMOVE ${fields.join(', ')}` }));
}

async function putStep(trackInstanceId: string, status: 'Ready' | 'Completed' | 'Overdue', dueAt?: string): Promise<string> {
  const stepInstanceId = `reindex-step-${newId().toLowerCase()}`;
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go();
  await db().entities.stepInstance.put({ trackInstanceId, stepInstanceId, trackTemplateId: track, phaseId: 'reindex-phase', stepTemplateId: 'reindex-step', participantId: instance!.participantId, status, ...(dueAt ? { dueAt } : {}) }).go();
  return stepInstanceId;
}
const readStep = async (trackInstanceId: string, stepInstanceId: string) => (await db().entities.stepInstance.get({ trackInstanceId, stepInstanceId }).go({ consistent: true })).data!;

async function reindex(pageSize: number) {
  const { jobId, write } = reindexJobItem('operator', pageSize);
  await transact([write]);
  return runJobToEnd(jobId, { [REINDEX_JOB_KIND]: reindexJob });
}

const districtRows = async (cookie: string) =>
  ((await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie, body: { limit: 10, offset: 0 } })).body as ParticipantPage).data.map((row) => row.id).sort();

beforeAll(async () => {
  await seedDemo();
  track = `reindex-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId: track, name: 'Re-index', description: 'Re-index', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  const enrol = async (name: string, status: 'Open' | 'Withdrawn' = 'Open') =>
    putEnrolment({ trackTemplateId: track, participantId: await putTestUser({ firstName: name, lastName: 'Reindex', locationId: ids.district1 }), districtId: ids.district1, status });
  rows.indexed = await enrol('Ines');
  rows.old = await enrol('Olga');
  rows.older = await enrol('Omar');
  rows.withdrawn = await enrol('Wanda', 'Withdrawn');
  // Written before gsi4: no district entry.
  await stripKeys('trackInstance', { trackInstanceId: rows.old }, ['gsi4pk', 'gsi4sk']);
  await stripKeys('trackInstance', { trackInstanceId: rows.older }, ['gsi4pk', 'gsi4sk']);
});

describe('the re-index job', () => {
  it('gives old enrolments their district entry and waiting steps their sweep and reminder entries, only while Open, once', async () => {
    const ready = await putStep(rows.old, 'Ready', DUE);
    const overdue = await putStep(rows.old, 'Overdue', DUE);
    const completed = await putStep(rows.old, 'Completed', DUE);
    const withdrawnReady = await putStep(rows.withdrawn, 'Ready', DUE);
    const before = await readStep(rows.old, ready);
    const districtAdmin = await cookieFor('district.admin@example.org');
    // Before: the district admin's table (gsi4) lacks the two old enrolments.
    expect(await districtRows(districtAdmin)).toEqual([rows.indexed, rows.withdrawn].sort());

    // Pages of one enrolment.
    const job = await reindex(1);
    // Steps: the two here, and the demo enrolment's three Ready steps (the demo seed writes them without entries).
    expect(job).toMatchObject({ status: 'succeeded', result: { districtEntries: 2, stepEntries: 5 } });
    expect(job!.steps).toBeGreaterThan(4);

    expect(await districtRows(districtAdmin)).toEqual([rows.indexed, rows.old, rows.older, rows.withdrawn].sort());
    const readyAfter = await readStep(rows.old, ready);
    expect(readyAfter).toMatchObject({ remindBucket: expect.any(String), remindAt: expect.any(String), dueBucket: expect.any(String), dueIndexAt: DUE, version: before.version });
    expect(await readStep(rows.old, overdue)).toMatchObject({ remindBucket: OVERDUE_BUCKET, remindAt: DUE });
    for (const [instance, step] of [[rows.old, completed], [rows.withdrawn, withdrawnReady]]) {
      const item = await readStep(instance, step);
      expect(item.remindBucket).toBeUndefined();
      expect(item.dueBucket).toBeUndefined();
    }
    // The reminder index finds the step (the schedule's Query).
    const due = await db().entities.stepInstance.query.byReminder({ remindBucket: readyAfter.remindBucket! }).lte({ remindAt: readyAfter.remindAt! }).go();
    expect(due.data.map((s) => s.stepInstanceId)).toContain(ready);

    // Again: nothing is missing, nothing is written.
    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { districtEntries: 0, stepEntries: 0, listEntries: 0 } });
    expect((await readStep(rows.old, ready)).remindAt).toBe(readyAfter.remindAt);
  });

  it('gives track templates written before the track lists their area and list entries, on their version, once', async () => {
    const conferenceTrack = `reindex-listed-${newId().toLowerCase()}`;
    const systemTrack = `reindex-system-${newId().toLowerCase()}`;
    await db().entities.trackTemplate.create({ trackTemplateId: conferenceTrack, name: 'Unlisted Conference Track', description: 'Old', conferenceId: ids.conference1, status: 'active' }).go();
    await db().entities.trackTemplate.create({ trackTemplateId: systemTrack, name: 'Unlisted System Track', description: 'Old', conferenceId: 'system', status: 'active' }).go();
    // Written before gsi3 and gsi4: no area, no entries in either list.
    for (const trackTemplateId of [conferenceTrack, systemTrack]) await stripKeys('trackTemplate', { trackTemplateId }, ['gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'episcopalAreaId']);
    const superadmin = await cookieFor('superadmin@example.org');
    const bishop = await cookieForUser(await putTestUser({ firstName: 'Rita', lastName: 'Reindex', locationId: ids.episcopalArea1, role: 'Bishop' }));
    const listed = async (cookie: string) =>
      ((await invoke(tracks, '/api/track/quickSearch', { cookie, query: 'limit=10&where[name]=unlisted' })).body.data as Array<{ id: string }>).map((row) => row.id).sort();
    expect(await listed(superadmin)).toEqual([]);
    // A bishop reads the system tracks' own list (gsi1), which they were always in.
    expect(await listed(bishop)).toEqual([systemTrack]);

    const job = await reindex(50);
    expect(job).toMatchObject({ status: 'succeeded', result: { trackEntries: expect.any(Number) } });
    expect((job!.result as { trackEntries: number }).trackEntries).toBeGreaterThanOrEqual(2);
    expect(await listed(superadmin)).toEqual([conferenceTrack, systemTrack].sort());
    // The conference track through the area's list.
    expect(await listed(bishop)).toEqual([conferenceTrack, systemTrack].sort());
    const after = (await db().entities.trackTemplate.get({ trackTemplateId: conferenceTrack }).go()).data!;
    expect(after).toMatchObject({ episcopalAreaId: ids.episcopalArea1, version: 1 });

    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { trackEntries: 0 } });
  });

  it('gives enrolments written before the participants table’s lists their entries, and those behind their enrolment fresh ones, once', async () => {
    const conferenceAdmin = await cookieFor('conference.admin@example.org');
    const byFirstName = async (firstName: string) =>
      ((await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: conferenceAdmin, body: { limit: 10, offset: 0, where: { firstName } } })).body as ParticipantPage).data.map(
        (row) => row.id,
      );
    // Written before the lists: no entries, no projection record.
    const { data: record } = await db().entities.projection.get({ source: 'enrolment', targetId: rows.old }).go();
    const keys = record!.entries!.map((key) => {
      const [scopeId, list, term, targetId] = key.split('\u0000');
      return { scopeId, list, term, targetId };
    });
    expect(keys.some((key) => key.list === directoryLists.enrolmentFirstNames(track))).toBe(true);
    await db().entities.directoryEntry.delete(keys).go();
    await db().entities.projection.delete({ source: 'enrolment', targetId: rows.old }).go();
    // Renamed while the stream was away: the entries still say Omar.
    const { data: omar } = await db().entities.trackInstance.get({ trackInstanceId: rows.older }).go();
    await db()
      .entities.trackInstance.patch({ trackInstanceId: rows.older })
      .set({ participant: { ...omar!.participant, firstName: 'Otto' } })
      .go();
    expect(await byFirstName('olga')).toEqual([]);
    expect(await byFirstName('otto')).toEqual([]);

    expect(await reindex(2)).toMatchObject({ status: 'succeeded', result: { listEntries: 2 } });
    expect(await byFirstName('olga')).toEqual([rows.old]);
    expect(await byFirstName('otto')).toEqual([rows.older]);
    expect(await byFirstName('omar')).toEqual([]);

    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { listEntries: 0 } });
  });

  it("moves whole-track entries written in the conference's scope (before ENROLMENTS_OF_TRACK_SCOPE) to the track's scope, once", async () => {
    const conferenceAdmin = await cookieFor('conference.admin@example.org');
    const byFirstName = async (firstName: string) =>
      ((await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: conferenceAdmin, body: { limit: 10, offset: 0, where: { firstName } } })).body as ParticipantPage).data.map(
        (row) => row.id,
      );
    // The layout session 21 wrote: the whole-track lists in the conference's scope, its record saying so.
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: rows.indexed }).go();
    const current = enrolmentDirectoryEntries(instance!);
    const old = current.map((entry) => (entry.scopeId === ENROLMENTS_OF_TRACK_SCOPE ? { ...entry, scopeId: ids.conference1 } : entry));
    await db().entities.directoryEntry.delete(current.filter((entry) => entry.scopeId === ENROLMENTS_OF_TRACK_SCOPE)).go();
    await db().entities.directoryEntry.put(old).go();
    const record = finishedProjection('enrolment', rows.indexed, { entries: old, sourceVersion: enrolmentFingerprint(old) }, new Date().toISOString());
    await db().entities.projection.put(record as never).go();
    expect(await byFirstName('ines')).toEqual([]);

    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { listEntries: 1 } });
    expect(await byFirstName('ines')).toEqual([rows.indexed]);
    const { data: left } = await db().entities.directoryEntry.query.byList({ scopeId: ids.conference1, list: directoryLists.enrolmentFirstNames(track) }).go();
    expect(left).toEqual([]);
    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { listEntries: 0 } });
  });
});

describe('the re-index job, dashboards', () => {
  it('counts enrolments written before the dashboards existed, once', async () => {
    const figure = async (metric: string) => (await db().entities.scopeTally.get({ scopeId: ids.conference1, metric }).go({ consistent: true })).data?.count ?? 0;
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: rows.old }).go();
    const metric = `track:${instance!.trackTemplateId}:status:${instance!.status}`;
    // As a table from before: no dashboard record, nothing counted for the enrolment.
    await db().entities.projection.delete({ source: 'dashboard', targetId: rows.old }).go();
    const before = await figure(metric);
    const first = await reindex(50);
    expect(first).toMatchObject({ status: 'succeeded' });
    expect((first!.result as { dashboards: number }).dashboards).toBeGreaterThanOrEqual(1);
    expect(await figure(metric)).toBe(before + 1);
    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { dashboards: 0 } });
    expect(await figure(metric)).toBe(before + 1);
  });

  it('lists behind the figures the enrolments counted before those lists existed, once', async () => {
    const listed = async () =>
      (await db().entities.directoryEntry.query.byList({ scopeId: ids.conference1, list: directoryLists.placeEnrolments('Open') }).go({ pages: 'all' })).data.filter((entry) => entry.targetId === rows.old);
    const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: rows.old }).go();
    expect(instance!.status).toBe('Open');
    // As a table from before the lists: counted (its record holds its figures), listed nowhere.
    const { data: record } = await db().entities.projection.get({ source: 'dashboard', targetId: rows.old }).go({ consistent: true });
    const before = (keys: string[] | undefined) => (keys ?? []).filter((key) => !/placeEnrolments|phaseEnrolments/.test(key));
    await db()
      .entities.projection.patch({ source: 'dashboard', targetId: rows.old })
      .set({ entries: before(record!.entries), written: before(record!.written), sourceVersion: 'digest-before-the-lists' })
      .go();
    for (const entry of await listed()) await db().entities.directoryEntry.delete(entry).go();
    expect(await listed()).toEqual([]);
    const first = await reindex(50);
    expect((first!.result as { dashboards: number }).dashboards).toBeGreaterThanOrEqual(1);
    expect(await listed()).toHaveLength(1);
    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { dashboards: 0 } });
  });
});

describe('the re-index job, users', () => {
  const peopleSearch = async (text: string) =>
    ((await invoke(users, '/api/user/people-search', { cookie: await cookieFor('superadmin@example.org'), query: `text=${text}` })).body as Array<{ id: string }>).map((p) => p.id);
  const usersTable = async (text: string) =>
    ((await invoke(users, '/api/user/quickSearch', { cookie: await cookieFor('superadmin@example.org'), query: `limit=10&where[name]=${text}` })).body.data as Array<{ id: string }>).map((p) => p.id);

  it('moves the emails of users projected before userEmails out of the name lists, touches no one else, and writes nothing the second time', async () => {
    const userId = await putTestUser({ firstName: 'Olwen', lastName: 'Legacy', locationId: ids.district1 });
    await db().entities.user.patch({ userId }).set({ email: `zz-legacy-${userId.slice(-6)}@example.org` }).go();
    await projectUser(userId);
    // As the projector left it before: the email among the name words.
    const old = (await desiredUserEntries(userId)).entries.map((entry) => ({ ...entry, list: entry.list.replace('userEmails', 'userWords') }));
    await project('user', userId, async () => ({ entries: old, sourceVersion: 'before userEmails' }));
    expect(await peopleSearch('zz-legacy')).toEqual([userId]);

    const first = await reindex(5);
    // Only the one user projected before userEmails is projected again; the others are as they should be.
    expect(first).toMatchObject({ status: 'succeeded', result: { users: expect.any(Number), userEntries: 1 } });
    expect((first!.result as { users: number }).users).toBeGreaterThan(10);
    // People search matches names only; the users table still finds the email.
    expect(await peopleSearch('zz-legacy')).toEqual([]);
    expect(await peopleSearch('olwen leg')).toEqual([userId]);
    expect(await usersTable('zz-legacy')).toEqual([userId]);
    const { data: emails } = await db().entities.directoryEntry.query.byList({ scopeId: ids.district1, list: directoryLists.userEmails() }).begins({ term: 'zz-legacy' }).go();
    expect(emails.map((entry) => entry.targetId)).toEqual([userId]);

    requestCounter.reset();
    expect(await reindex(50)).toMatchObject({ status: 'succeeded', result: { users: (first!.result as { users: number }).users, userEntries: 0 } });
    expect(requestCounter.snapshot().byCommand.BatchWriteItemCommand).toBeUndefined();
  });
});
