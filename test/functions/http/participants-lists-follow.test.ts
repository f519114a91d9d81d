import { randomUUID } from 'node:crypto';
import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { directoryLists, ENROLMENTS_OF_TRACK_SCOPE } from '../../../functions/db/directory';
import { getLocation } from '../../../functions/db/access/location-store';
import { projectUser } from '../../../functions/core/users/user-projector';
import { writeInstanceStatus } from '../../../functions/core/enrolments/instance-status';
import { findInstance } from '../../../functions/core/enrolments/instance-access';
import { projectionTargetsOf } from '../../../functions/events/stream-records';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { settle } from '../../support/settle';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';
import { rowIds, trackIn } from './participants-lists-fixtures';

/**
 * The participants table's keyed lists follow every change of what they copy (the enrolment's
 * status, the participant's names and email, its removal), by the request's fast path and by the
 * stream, and no caller sees a row they may not see through them. A file of its own, with a small
 * table: what this file's stream carries is only its own few writes (participants-lists.test.ts
 * measures the lists' cost on hundreds of enrolments, without a stream).
 */
let conferenceAdmin: string;
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  [conferenceAdmin, superadmin] = await Promise.all([cookieFor('conference.admin@example.org'), cookieFor('superadmin@example.org')]);
  // The demo seed's own derived work, drained once here rather than inside the first test that settles.
  await settle();
});

describe('the lists follow the enrolment and never show a row the caller may not see', () => {
  let track: string;
  const rows: Record<string, string> = {};
  const people: Record<string, string> = {};

  beforeAll(async () => {
    track = await trackIn(ids.conference1, `Follow ${newId()}`);
    people.nora = await putTestUser({ firstName: 'Nora', lastName: 'North', locationId: ids.district1 });
    people.noel = await putTestUser({ firstName: 'Noel', lastName: 'South', locationId: ids.district2 });
    rows.nora = await putEnrolment({ trackTemplateId: track, participantId: people.nora, districtId: ids.district1 });
    rows.noel = await putEnrolment({ trackTemplateId: track, participantId: people.noel, districtId: ids.district2 });
  });

  it('a status change moves the enrolment between the status lists (fast path)', async () => {
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Open', firstName: 'no' } })).toEqual([rows.noel, rows.nora]);
    await writeInstanceStatus({ userId: demoUser('conference.admin@example.org').id, sessionId: 'test-session', user: {} }, (await findInstance(rows.nora))!, 'Withdrawn');
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Open', firstName: 'no' } })).toEqual([rows.noel]);
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Withdrawn', email: 'nora' } })).toEqual([rows.nora]);
  });

  it('an entry behind its enrolment shows no row the instance does not match, and the stream brings it up to date', async () => {
    // A write the fast path missed: the instance says Completed, its entries still Open.
    await db().entities.trackInstance.patch({ trackInstanceId: rows.noel }).set({ status: 'Completed' }).composite({ trackTemplateId: track }).add({ version: 1 }).go();
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Open', firstName: 'noel' } })).toEqual([]);
    await settle();
    const { data } = await db().entities.directoryEntry.query.byList({ scopeId: ENROLMENTS_OF_TRACK_SCOPE, list: directoryLists.enrolmentFirstNames(track, 'Completed') }).go();
    expect(data.map((entry) => entry.targetId)).toEqual([rows.noel]);
    expect(await rowIds(conferenceAdmin, track, { where: { status: 'Completed', firstName: 'noel' } })).toEqual([rows.noel]);
  });

  it('the stream projects an enrolment when a listed field changes, not when only its assignees do', () => {
    const image = (fields: Record<string, string>) => Object.fromEntries(Object.entries({ __edb_e__: 'trackInstance', trackInstanceId: 'ti-1', ...fields }).map(([k, v]) => [k, { S: v }]));
    const record = (oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined) => ({ dynamodb: { OldImage: oldImage, NewImage: newImage } }) as never;
    // The participants table's lists (source enrolment); the dashboard's figures follow every change of the enrolment.
    const listed = (oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined) =>
      projectionTargetsOf(record(oldImage, newImage)).filter((target) => target.source === 'enrolment');
    expect(listed(image({ status: 'Open' }), image({ status: 'Withdrawn' }))).toEqual([{ source: 'enrolment', id: 'ti-1' }]);
    expect(listed(image({ emailKey: 'a@x' }), image({ emailKey: 'b@x' }))).toEqual([{ source: 'enrolment', id: 'ti-1' }]);
    expect(listed(undefined, image({ status: 'Open' }))).toEqual([{ source: 'enrolment', id: 'ti-1' }]);
    expect(listed(image({ status: 'Open' }), undefined)).toEqual([{ source: 'enrolment', id: 'ti-1' }]);
    expect(listed(image({ status: 'Open', version: '1' }), image({ status: 'Open', version: '2' }))).toEqual([]);
    expect(projectionTargetsOf(record(image({ status: 'Open', version: '1' }), image({ status: 'Open', version: '2' })))).toEqual([{ source: 'dashboard', id: 'ti-1' }]);
  });

  it('a renamed participant is found by the new first name and email, not the old', async () => {
    const { data: user } = await db().entities.user.get({ userId: people.nora }).go({ consistent: true });
    const res = await invoke(users, `/api/user/${people.nora}`, {
      method: 'PATCH',
      cookie: superadmin,
      body: { version: user!.version, firstName: 'Zinnia', lastName: 'North' },
    });
    expect(res.status).toBe(200);
    await settle();
    expect(await rowIds(conferenceAdmin, track, { where: { firstName: 'zin' } })).toEqual([rows.nora]);
    expect(await rowIds(conferenceAdmin, track, { where: { firstName: 'nora' } })).toEqual([]);
  });

  it('a district admin finds only their district’s enrolments; a conference admin denied a district does not find its enrolments', async () => {
    const districtAdmin = await cookieFor('district.admin@example.org');
    expect(await rowIds(districtAdmin, track, { where: { firstName: 'z' } })).toEqual([rows.nora]);
    expect(await rowIds(districtAdmin, track, { where: { firstName: 'noel' } })).toEqual([]);
    expect(await rowIds(districtAdmin, track, { where: { status: 'Completed' } })).toEqual([]);

    const deniedAdmin = await putTestUser({ firstName: 'Dena', lastName: 'Nied', locationId: ids.conference1, role: 'ConferenceAdmin' });
    const district2 = (await getLocation(ids.district2))!;
    await db()
      .entities.permission.put({ userId: deniedAdmin, permissionId: randomUUID(), entity: 'District', entityId: district2.locationId, ancestorIds: district2.ancestorIds, denial: true, createdAt: new Date().toISOString() })
      .go();
    await projectUser(deniedAdmin);
    const denied = await cookieForUser(deniedAdmin);
    expect(await rowIds(denied, track)).toEqual([rows.nora]);
    expect(await rowIds(denied, track, { where: { firstName: 'noel' } })).toEqual([]);
    expect(await rowIds(denied, track, { where: { email: 'noel' } })).toEqual([]);
    expect(await rowIds(denied, track, { where: { status: 'Completed' } })).toEqual([]);
    expect(await rowIds(denied, track, { offset: 0, limit: 1 })).toEqual([rows.nora]);
    // Exact, not short: the denied district's enrolment comes first by email, yet a page of one is full.
    expect(await rowIds(denied, track, { limit: 1, where: { email: 'no' } })).toEqual([rows.nora]);
    expect(await rowIds(conferenceAdmin, track, { where: { email: 'noel' } })).toEqual([rows.noel]);
  });

  it('a removed enrolment leaves its lists', async () => {
    const instance = (await findInstance(rows.noel))!;
    const res = await invoke(tracks, '/api/track/instance', { method: 'DELETE', cookie: superadmin, body: { id: rows.noel, version: instance.version } });
    expect(res.status).toBeLessThan(300);
    const { data } = await db().entities.directoryEntry.query.byList({ scopeId: ids.district2, list: directoryLists.enrolments(track) }).go();
    expect(data).toEqual([]);
    expect(await rowIds(conferenceAdmin, track, { where: { email: 'noel' } })).toEqual([]);
  });
});
