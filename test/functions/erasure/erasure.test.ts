import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { handler as userHandler } from '../../../functions/http/user/handler';
import { handler as auditHandler } from '../../../functions/http/audit/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { transact } from '../../../functions/db/transact';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { findInstance } from '../../../functions/core/enrolments/instance-access';
import { auditEntryWrite, chainIdOf } from '../../../functions/core/records/audit-write';
import { RETENTION_PURGED, USER_ERASED } from '../../../functions/core/retention/retention-records';
import { erasureJobId } from '../../../functions/core/people/erasure/erasure-job';
import { deliverOutboxItem } from '../../../functions/events/outbox-delivery';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { config } from '../../../functions/lib/config';
import { checkAudit } from '../../../bin/maintenance/audit-check';
import { ERASE_NAME_MISMATCH } from '../../../shared/api/user-erasure';
import { settle } from '../../support/settle';
import { seedDemo } from '../../support/demo-table';
import { putEnrolment } from '../../support/enrolments';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * Erasure of a person (issue 25, item 4) against DynamoDB Local and the S3 stand-in, from both
 * sides: a person whom nothing keeps is anonymised everywhere (read back item by item), their files
 * leave storage, their name's copies follow, searches no longer find them; a hold on the person or
 * on an enrolment, an open enrolment and a closed one inside its period each refuse it with which
 * and when; a wrong name (400), a non-superadmin (403) and a stale version (409) change nothing.
 */
const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
process.env.LOG_LEVEL = 'warn';
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

const call = async (as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) =>
  invoke(userHandler, path, { ...options, cookie: as.includes('@') ? await cookieFor(as) : await cookieForUser(as) });
const preview = (as: string, userId: string) => call(as, `/api/user/user-profile/${userId}/erasure`);
const erase = (as: string, userId: string, body: unknown) => call(as, `/api/user/user-profile/${userId}/erase`, { method: 'POST', body });
const userItem = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;
const chain = async (userId: string) => (await db().entities.auditEntry.query.byChain({ chainId: chainIdOf('User', userId) }).go({ pages: 'all', consistent: true })).data;

let trackTemplateId = '';
let subject = '';
let subjectEmail = '';
let other = '';
let pastEnrolment = '';
const fileKey = newId().toLowerCase();
const avatarKey = newId().toLowerCase();

async function storeObject(key: string): Promise<void> {
  const s3 = new S3Client({ region: config.region, endpoint: config.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await s3.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: '%PDF erasure' }));
}

async function deliverReleases(): Promise<number> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const releases = data.filter((item) => item.kind === 'releaseFile');
  for (const item of releases) await deliverOutboxItem(item.outboxId);
  return releases.length;
}

/** A closed enrolment whose case closed `yearsAgo` (the stream keeps a case of the same outcome as it is). */
async function closedEnrolment(participantId: string, yearsAgo: number): Promise<string> {
  const trackInstanceId = await putEnrolment({ trackTemplateId, participantId, districtId: ids.district1, status: 'Withdrawn' });
  const participant = await userItem(participantId);
  await db()
    .entities.retentionCase.put({
      recordKind: 'TrackInstance',
      recordId: trackInstanceId,
      conferenceId: ids.conference1,
      outcome: 'withdrawn',
      closedAt: new Date(Date.now() - yearsAgo * YEAR_MS).toISOString(),
      subject: `${participant.firstName} ${participant.lastName}, Erasure track`,
      participantId,
    })
    .go();
  return trackInstanceId;
}

async function placeHold(recordKind: 'User' | 'TrackInstance', recordId: string): Promise<void> {
  const placedAt = '2026-03-04T10:00:00.000Z';
  await db().entities.legalHold.put({ recordKind, recordId, conferenceId: ids.conference1, subject: 'Held record', reason: 'Litigation', active: true, placedBy: demoUser(SUPERADMIN).id, placedAt, version: 1 }).go();
}

beforeAll(async () => {
  await seedDemo();
  trackTemplateId = `erasure-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Erasure track', description: 'Erasure', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  subject = await putTestUser({ firstName: 'Zebulon', lastName: 'Quorum', locationId: ids.district1 });
  other = await putTestUser({ firstName: 'Other', lastName: 'Person', locationId: ids.district1 });
  const person = await userItem(subject);
  subjectEmail = person.email;
  const entities = db().entities;
  await entities.userEmail.put({ email: subjectEmail, userId: subject }).go();
  await entities.user.patch({ userId: subject }).set({ phoneNumber: '+15551234567', address: { street: '1 Main St', city: 'Springfield' }, avatar: { key: avatarKey, url: 'x' }, dateOfBirth: '1990-01-01' }).go();
  await entities.alias.put({ userId: subject, aliasId: 'alias-1', alias: 'Zeb' }).go();
  await entities.userTag.put({ userId: subject, tagId: 'erasure-tag', name: 'Erasure tag' }).go();
  await entities.comment.put({ userId: subject, commentId: 'c-about', comment: 'About Zebulon', author: { id: other, firstName: 'Other', lastName: 'Person' } }).go();
  // A comment Zebulon wrote about someone else: it stays, under the erased name (a copy of their name).
  await entities.comment.put({ userId: other, commentId: 'c-by', comment: 'Written by Zebulon', author: { id: subject, firstName: 'Zebulon', lastName: 'Quorum' } }).go();
  const summary = (id: string, first: string, last: string) => ({ firstName: first, lastName: last, email: `${id}@example.org` });
  await entities.mentorAssignment.put({ userId: subject, mentorId: other, mentee: summary(subject, 'Zebulon', 'Quorum'), mentor: summary(other, 'Other', 'Person') } as never).go();
  await entities.mentorAssignment.put({ userId: other, mentorId: subject, mentee: summary(other, 'Other', 'Person'), mentor: summary(subject, 'Zebulon', 'Quorum') } as never).go();
  const church = (await entities.location.get({ locationId: ids.church1 }).go()).data!;
  await entities.churchMembership.create({ userId: subject, membershipId: 'erasure-membership', churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary: true, constituent: true }).go();
  await storeObject(fileKey);
  await storeObject(avatarKey);
  await entities.uploadedFile.put({ userId: subject, fileKey, name: 'cv.pdf', status: 'confirmed', kind: 'Document', targetType: 'user', targetId: subject, contentType: 'application/pdf', size: 12 } as never).go();
  await transact([
    auditEntryWrite({ actor: { actorId: 'test', actorName: 'Test' }, chain: 'User', recordId: subject, action: 'user.updated', kind: 'profile', subject: 'Zebulon Quorum', changes: [{ field: 'phoneNumber', before: '', after: '+15551234567' }], scopeIds: [ids.conference1, ids.district1], auditScope: ids.conference1 }),
  ]);
  pastEnrolment = await closedEnrolment(subject, 11);
  await cookieForUser(subject);
  await settle();
});

describe('who may erase', () => {
  it('is for superadmins (403 before any read for others, 404 unknown) and never oneself', async () => {
    expect((await preview(CONFERENCE_ADMIN, subject)).status).toBe(403);
    expect((await erase(CONFERENCE_ADMIN, subject, { fullName: 'Zebulon Quorum', version: (await userItem(subject)).version })).status).toBe(403);
    expect((await preview(SUPERADMIN, 'no-such-person')).status).toBe(404);
    const self = demoUser(SUPERADMIN).id;
    const own = await preview(SUPERADMIN, self);
    expect(own.body.reasons.map((reason: { kind: string }) => reason.kind)).toContain('self');
    const refused = await erase(SUPERADMIN, self, { fullName: `${own.body.fullName}`, version: own.body.version });
    expect(refused.status).toBe(422);
    expect((await userItem(self)).erasedAt).toBeUndefined();
  });
});

describe('refusals say which and when, and change nothing', () => {
  it('a wrong typed name is 400 with the field message; a stale version 409; a missing name 400', async () => {
    const { version } = await userItem(subject);
    const wrong = await erase(SUPERADMIN, subject, { fullName: 'Zebulon Quorom', version });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(ERASE_NAME_MISMATCH);
    expect((await erase(SUPERADMIN, subject, { fullName: '', version })).status).toBe(400);
    expect((await erase(SUPERADMIN, subject, { fullName: 'Zebulon Quorum', version: version - 1 })).status).toBe(409);
    const after = await userItem(subject);
    expect(after).toMatchObject({ firstName: 'Zebulon', lastName: 'Quorum', version, inactive: false });
    expect(after.erasedAt).toBeUndefined();
  });

  it('a hold on the person names the record, who placed it and when', async () => {
    const person = await putTestUser({ firstName: 'Held', lastName: 'Person', locationId: ids.district1 });
    await placeHold('User', person);
    const shown = await preview(SUPERADMIN, person);
    expect(shown.status).toBe(200);
    expect(shown.body.reasons).toEqual([expect.objectContaining({ kind: 'hold', message: expect.stringMatching(/legal hold on this person.*placed by .+ on 2026-03-04/) })]);
    const refused = await erase(SUPERADMIN, person, { fullName: 'Held Person', version: shown.body.version });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('placed by');
    expect((await userItem(person)).firstName).toBe('Held');
  });

  it('a hold on one of their enrolments (past its period) refuses it too', async () => {
    const person = await putTestUser({ firstName: 'Enrolment', lastName: 'Held', locationId: ids.district1 });
    const enrolment = await closedEnrolment(person, 12);
    await placeHold('TrackInstance', enrolment);
    const shown = await preview(SUPERADMIN, person);
    expect(shown.body.reasons.map((reason: { kind: string; message: string }) => [reason.kind, reason.message.includes('the enrolment Held record')])).toEqual([['hold', true]]);
    expect((await erase(SUPERADMIN, person, { fullName: 'Enrolment Held', version: shown.body.version })).status).toBe(422);
    expect(await findInstance(enrolment)).not.toBeNull();
  });

  it('an open enrolment is kept while open; a closed one inside its period until the day it ends', async () => {
    const person = await putTestUser({ firstName: 'Still', lastName: 'Enrolled', locationId: ids.district1 });
    await putEnrolment({ trackTemplateId, participantId: person, districtId: ids.district1 });
    const recent = await closedEnrolment(person, 2);
    const { data: kept } = await db().entities.retentionCase.get({ recordKind: 'TrackInstance', recordId: recent }).go();
    const until = new Date(kept!.closedAt);
    until.setUTCFullYear(until.getUTCFullYear() + 10);
    const shown = await preview(SUPERADMIN, person);
    const reasons = shown.body.reasons as Array<{ kind: string; message: string; until?: string }>;
    expect(reasons.map((reason) => reason.kind).sort()).toEqual(['keptEnrolment', 'openEnrolment']);
    expect(reasons.find((reason) => reason.kind === 'openEnrolment')!.message).toContain('Erasure track is open');
    const period = reasons.find((reason) => reason.kind === 'keptEnrolment')!;
    expect(period.until).toBe(until.toISOString().slice(0, 10));
    expect(period.message).toContain(`Erasure track (withdrawn, closed ${kept!.closedAt.slice(0, 10)}) is kept until ${until.toISOString().slice(0, 10)}`);
    const refused = await erase(SUPERADMIN, person, { fullName: 'Still Enrolled', version: shown.body.version });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(until.toISOString().slice(0, 10));
    expect(await findInstance(recent)).not.toBeNull();
  });
});

describe('erasure of a person nothing keeps', () => {
  it('previews what goes, then anonymises them everywhere, deletes their files, refreshes name copies and leaves searches', async () => {
    const search = async () => (await call(SUPERADMIN, '/api/user/people-search', { query: 'text=Zebulon' })).body as Array<{ id: string }>;
    expect((await search()).map((person) => person.id)).toContain(subject);

    const shown = await preview(SUPERADMIN, subject);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ fullName: 'Zebulon Quorum', reasons: [], erases: { aliases: 1, tags: 1, comments: 1, mentorLinks: 2, memberships: 1, files: 2, enrolments: 1 } });

    const started = await erase(SUPERADMIN, subject, { fullName: '  zebulon quorum ', version: shown.body.version });
    expect(started.status).toBe(400);
    const accepted = await erase(SUPERADMIN, subject, { fullName: ' Zebulon  Quorum ', version: shown.body.version });
    expect(accepted.status).toBe(202);
    expect(accepted.body.jobId).toBe(erasureJobId(subject));

    // The decisive transaction: anonymised, marked, claim released; a second erasure is refused.
    const person = await userItem(subject);
    expect(person).toMatchObject({ firstName: 'Erased', lastName: 'person', inactive: true });
    expect(person.erasedAt).toBeTruthy();
    for (const field of ['phoneNumber', 'address', 'avatar', 'dateOfBirth', 'cognitoUsername'] as const) expect(person[field]).toBeUndefined();
    expect(person.email).not.toContain('zebulon');
    expect((await db().entities.userEmail.get({ email: subjectEmail }).go({ consistent: true })).data).toBeNull();
    expect((await erase(SUPERADMIN, subject, { fullName: 'Erased person', version: person.version })).status).toBe(422);
    expect((await preview(SUPERADMIN, subject)).body.reasons.map((reason: { kind: string }) => reason.kind)).toEqual(['erased']);

    const job = await runJobToEnd(erasureJobId(subject), jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ erased: { enrolments: 1, aliases: 1, tags: 1, comments: 1, mentors: 1, mentees: 1, memberships: 1, files: 1 } });
    await runJobToEnd(`names-${subject}-${shown.body.version + 1}`, jobKinds);
    await settle();
    expect(await deliverReleases()).toBeGreaterThanOrEqual(2);

    const entities = db().entities;
    const profile = (await db().collections.userProfile({ userId: subject }).go({ pages: 'all', consistent: true })).data as unknown as Record<string, unknown[]>;
    for (const part of ['alias', 'userTag', 'comment', 'session', 'churchMembership', 'mentorAssignment']) expect([part, profile[part] ?? []]).toEqual([part, []]);
    expect((await entities.mentorAssignment.get({ userId: other, mentorId: subject }).go({ consistent: true })).data).toBeNull();
    expect((await entities.uploadedFile.query.byUser({ userId: subject }).go({ consistent: true })).data).toEqual([]);
    expect(await describeObject(fileKey)).toBeNull();
    expect(await describeObject(avatarKey)).toBeNull();
    // The enrolment past its period went as the purge takes one: its tombstone stays.
    expect(await findInstance(pastEnrolment)).toBeNull();
    expect((await entities.auditEntry.query.byChain({ chainId: chainIdOf('TrackInstance', pastEnrolment) }).go({ consistent: true })).data.map((entry) => entry.action)).toContain(RETENTION_PURGED);
    // Their name elsewhere follows: the comment they wrote about someone else.
    expect((await entities.comment.get({ userId: other, commentId: 'c-by' }).go({ consistent: true })).data?.author).toMatchObject({ firstName: 'Erased', lastName: 'person' });
    // Searches no longer find them (nor by their new name).
    expect((await search()).map((found) => found.id)).not.toContain(subject);
    expect(((await call(SUPERADMIN, '/api/user/people-search', { query: 'text=Erased' })).body as Array<{ id: string }>).map((found) => found.id)).not.toContain(subject);

    // Their History: the erasure entry (who and when, no personal data) stays; the older ones expire.
    const entries = await chain(subject);
    const erased = entries.find((entry) => entry.action === USER_ERASED)!;
    expect(erased).toMatchObject({ subject: 'Erased person', actorId: demoUser(SUPERADMIN).id });
    expect(erased.ttl).toBeUndefined();
    expect(JSON.stringify(erased)).not.toMatch(/zebulon|quorum|5551234567/i);
    const older = entries.filter((entry) => entry.action !== USER_ERASED);
    expect(older.length).toBeGreaterThan(0);
    for (const entry of older) expect(entry.ttl).toBeGreaterThan(0);
    // Their retention case is the purged marker: the daily purge never renames them "Former member".
    expect((await entities.retentionCase.get({ recordKind: 'User', recordId: subject }).go({ consistent: true })).data?.purgedAt).toBeTruthy();
    expect((await checkAudit()).findings).toEqual([]);
  });

  it('nothing changes or shows them afterwards (404), but their History still reads the erasure', async () => {
    const cookie = await cookieFor(SUPERADMIN);
    expect((await call(SUPERADMIN, `/api/user/get-user/${subject}`)).status).toBe(404);
    expect((await call(SUPERADMIN, `/api/user/${subject}/alias/Again`, { method: 'POST' })).status).toBe(404);
    expect((await call(SUPERADMIN, `/api/user/${subject}`, { method: 'PATCH', body: { version: (await userItem(subject)).version, firstName: 'Zebulon' } })).status).toBe(404);
    expect((await db().entities.alias.query.byUser({ userId: subject }).go({ consistent: true })).data).toEqual([]);
    expect((await userItem(subject)).firstName).toBe('Erased');
    const history = await invoke(auditHandler, `/api/audit/history/User/${subject}`, { cookie });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(USER_ERASED);
  });
});
