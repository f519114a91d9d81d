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
import { parallelWriter } from '../../../functions/db/seed/large-writer';
import { enrolmentTableItems } from '../../../functions/db/seed/large-enrolments';
import { requestCounter } from '../../../functions/db/client';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { settle } from '../../support/settle';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * The participants table's keyed lists (SPEC.md section 2: "filterable by status, first name, last
 * name and email and paged on the server with the same cost at 10,000 enrolments as at 10"): the
 * first-name and email filters, alone and with a status, and a deep page cost the same requests
 * and read units at two track sizes; the lists follow every change of what they copy; no caller
 * sees a row they may not see through them.
 */
let conferenceAdmin: string;
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  [conferenceAdmin, superadmin] = await Promise.all([cookieFor('conference.admin@example.org'), cookieFor('superadmin@example.org')]);
});

async function trackIn(conferenceId: string, name: string, id = `plist-${newId().toLowerCase()}`): Promise<string> {
  await db().entities.trackTemplate.create({ trackTemplateId: id, name, description: 'Participants lists', conferenceId, disabled: false, status: 'active' }).go();
  return id;
}

const page = (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) =>
  invoke(tracks, `/api/track/${trackTemplateId}/true/instances`, { method: 'POST', cookie, body: { limit: 10, offset: 0, ...body } });
const rowIds = async (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) => ((await page(cookie, trackTemplateId, body)).body as ParticipantPage).data.map((row) => row.id);

describe('the first-name and email filters and a deep page cost the same at any track size', () => {
  // Ids of one length, so the same rows weigh the same in every track.
  const sizes = { small: 5, medium: 150, large: 300 } as const;
  const trackIds = { small: '', medium: '', large: '' };
  // Three participants named Quinn (the filters' matches) in every track; everyone else a name no filter here matches.
  const nameOf = (n: number) => ({ firstName: n < 3 ? 'Quinn' : `Pat${String(n).padStart(4, '0')}`, lastName: `Lee${String(n).padStart(4, '0')}` });

  beforeAll(async () => {
    const advisor = demoUser('advisor@example.org');
    const writer = parallelWriter({ concurrency: 8 });
    for (const size of Object.keys(sizes) as Array<keyof typeof sizes>) {
      trackIds[size] = await trackIn(ids.conference1, `Lists ${size}`, `plist-${size.padEnd(6, '-')}-${newId().toLowerCase()}`);
      await writer.put(
        enrolmentTableItems({
          trackTemplateId: trackIds[size],
          trackName: 'Lists',
          conferenceId: ids.conference1,
          districtId: ids.district1,
          count: sizes[size],
          advisors: [{ userId: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email }],
          nameOf,
        }),
      );
    }
    await writer.flush();
    // The stream's backlog of these 455 enrolments is drained here, once, rather than inside the first test that settles.
    await settle();
  }, 300_000);

  async function measure(trackTemplateId: string, body: Record<string, unknown>, cookie = conferenceAdmin) {
    await page(cookie, trackTemplateId, body); // warm: role cache
    requestCounter.reset();
    const res = await page(cookie, trackTemplateId, body);
    expect(res.status).toBe(200);
    const found = res.body as ParticipantPage;
    return { names: found.data.map((row) => `${row.participant.firstName} ${row.participant.lastName}`), count: found.count, partial: found.partial, counted: requestCounter.snapshot() };
  }

  const filters: Array<[string, Record<string, unknown>, string[]]> = [
    ['first name', { where: { firstName: 'qu' } }, ['Quinn Lee0000', 'Quinn Lee0001', 'Quinn Lee0002']],
    ['email', { where: { email: 'QUINN' } }, ['Quinn Lee0000', 'Quinn Lee0001', 'Quinn Lee0002']],
    // Enrolment 0 is not Open (every fifth has another status).
    ['status and email', { where: { status: 'Open', email: 'quinn' } }, ['Quinn Lee0001', 'Quinn Lee0002']],
    ['status and first name', { where: { status: 'Open', firstName: 'quinn' } }, ['Quinn Lee0001', 'Quinn Lee0002']],
  ];
  for (const [label, body, expected] of filters) {
    it(`${label}: the same rows, requests and read units at ${sizes.small} and ${sizes.medium} enrolments`, async () => {
      const small = await measure(trackIds.small, body);
      const medium = await measure(trackIds.medium, body);
      expect(small.names).toEqual(expected);
      expect(medium.names).toEqual(expected);
      expect({ ...medium, names: undefined }).toEqual({ ...small, names: undefined });
    });
  }

  it(`a deep page: the same requests and read units at ${sizes.medium} and ${sizes.large} enrolments, and the rows before it cost their small entries`, async () => {
    const deep = { offset: 120, limit: 25 };
    const medium = await measure(trackIds.medium, deep);
    const large = await measure(trackIds.large, deep);
    expect(medium.names[0]).toBe('Pat0120 Lee0120');
    expect(large.names).toEqual(medium.names);
    expect(medium.count).toBe(146);
    expect(large.counted).toEqual(medium.counted);
    const first = await measure(trackIds.large, { offset: 0, limit: 25 });
    // The rows before the page cost their entries (about 0.05 units each here); before, the 120
    // instances were read whole (names, an advisor's copy, five keys: about 0.25 units each).
    expect(large.counted.readCapacity - first.counted.readCapacity).toBeLessThan(120 * 0.1);
  });

  it('a deep page with a status, and a district admin’s deep and first-name pages, cost the same at both sizes', async () => {
    const districtAdmin = await cookieFor('district.admin@example.org');
    for (const [body, cookie] of [
      [{ offset: 90, limit: 25, where: { status: 'Open' } }, conferenceAdmin],
      [{ offset: 120, limit: 25 }, districtAdmin],
      [{ where: { firstName: 'qu' } }, districtAdmin],
      [{ where: { status: 'Open', email: 'quinn' } }, districtAdmin],
    ] as const) {
      const medium = await measure(trackIds.medium, body, cookie);
      const large = await measure(trackIds.large, body, cookie);
      expect(large.names.length).toBeGreaterThan(0);
      expect(large.names).toEqual(medium.names);
      expect(large.counted).toEqual(medium.counted);
    }
  });

  it('two text filters together (no key serves both): the second is tested on the entries, within a bound', async () => {
    const both = await measure(trackIds.large, { where: { firstName: 'qu', lastName: 'lee0001' } });
    expect(both.names).toEqual(['Quinn Lee0001']);
    expect(both.partial).toBe(false);
  });
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
