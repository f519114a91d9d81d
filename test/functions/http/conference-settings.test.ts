import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as districts } from '../../../functions/http/district/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { readRecipient } from '../../../functions/core/outbox/outbox-recipient';
import { db } from '../../../functions/db/service';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/** A conference's messaging settings (time zone, SMS quiet hours) on its versioned edit; docs/notifications.md. */
const ids = DEMO_LOCATION_IDS;
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, participant] = await Promise.all([
    cookieFor('superadmin@example.org'),
    cookieFor('conference.admin@example.org'),
    cookieFor('district.admin@example.org'),
    cookieFor('participant@example.org'),
  ]);
});

const conferencePath = (id: string) => `/api/conference/${id}`;
const versionOf = async (id: string) => (await db().entities.location.get({ locationId: id }).go()).data!.version;

describe("a conference's time zone and quiet hours", () => {
  it('reads the defaults where the conference says nothing', async () => {
    const res = await invoke(conferences, conferencePath(ids.conference2), { cookie: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'America/New_York', quietHoursStart: '21:00', quietHoursEnd: '08:00' });
    const district = await invoke(districts, `/api/district/${ids.district1}`, { cookie: superadmin });
    expect(district.body).not.toHaveProperty('timeZone');
  });

  it("lets the conference's admin set them on the version read; delivery then uses them", async () => {
    const version = await versionOf(ids.conference1);
    const res = await invoke(conferences, conferencePath(ids.conference1), {
      method: 'PATCH',
      cookie: conferenceAdmin,
      body: { version, timeZone: 'America/Chicago', quietHoursStart: '22:30', quietHoursEnd: '06:15' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Blue Ridge Conference', version: version + 1, timeZone: 'America/Chicago', quietHoursStart: '22:30', quietHoursEnd: '06:15' });
    expect((await invoke(conferences, conferencePath(ids.conference1), { cookie: conferenceAdmin })).body).toMatchObject({ timeZone: 'America/Chicago', quietHoursEnd: '06:15' });
    // A rename later keeps them.
    const renamed = await invoke(conferences, '/api/conference', { method: 'PATCH', cookie: superadmin, body: { id: ids.conference1, version: version + 1, name: 'Blue Ridge Conference' } });
    expect(renamed.body).toMatchObject({ version: version + 2, timeZone: 'America/Chicago', quietHoursStart: '22:30' });
    // The participant's primary conference is Blue Ridge: their notifications follow its clock.
    const { data: user } = await db().entities.userEmail.get({ email: 'participant@example.org' }).go();
    const recipient = await readRecipient(user!.userId);
    expect(recipient).toMatchObject({ timeZone: 'America/Chicago', quietHours: { start: 22 * 60 + 30, end: 6 * 60 + 15 } });
  });

  it('answers 409 to a stale version and keeps the newer settings', async () => {
    const version = await versionOf(ids.conference2);
    const first = await invoke(conferences, conferencePath(ids.conference2), { method: 'PATCH', cookie: superadmin, body: { version, timeZone: 'America/Denver' } });
    expect(first.status).toBe(200);
    const stale = await invoke(conferences, conferencePath(ids.conference2), { method: 'PATCH', cookie: superadmin, body: { version, timeZone: 'Pacific/Honolulu' } });
    expect(stale.status).toBe(409);
    expect((await invoke(conferences, conferencePath(ids.conference2), { cookie: superadmin })).body.timeZone).toBe('America/Denver');
  });

  it('refuses a zone not in the list and a time not HH:mm, with the field messages', async () => {
    const version = await versionOf(ids.conference1);
    const patch = (body: object) => invoke(conferences, conferencePath(ids.conference1), { method: 'PATCH', cookie: superadmin, body: { version, ...body } });
    for (const timeZone of ['Mars/Olympus_Mons', 'UTC', '', 'x'.repeat(200)]) {
      const res = await patch({ timeZone });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toMatchObject({ timeZone: ['Choose a time zone from the list.'] });
    }
    for (const quietHoursStart of ['9:00', '24:00', '21:60', '21:00:00', 'nine']) {
      const res = await patch({ quietHoursStart });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toMatchObject({ quietHoursStart: ['Enter a time like 21:00.'] });
    }
    expect((await patch({ quietHoursEnd: 7 })).status).toBe(400);
    expect(await versionOf(ids.conference1)).toBe(version);
  });

  it('stores the runtime spelling of an alias it knows', async () => {
    const version = await versionOf(ids.conference2);
    const res = await invoke(conferences, conferencePath(ids.conference2), { method: 'PATCH', cookie: superadmin, body: { version, timeZone: 'US/Eastern' } });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/New_York');
  });

  it('refuses editors of other places: a district admin, a participant, the admin of another conference', async () => {
    const version = await versionOf(ids.conference1);
    for (const cookie of [districtAdmin, participant]) {
      const res = await invoke(conferences, conferencePath(ids.conference1), { method: 'PATCH', cookie, body: { version, timeZone: 'Europe/London' } });
      expect(res.status).toBe(403);
    }
    const other = await invoke(conferences, conferencePath(ids.conference2), { method: 'PATCH', cookie: conferenceAdmin, body: { version: await versionOf(ids.conference2), timeZone: 'Europe/London' } });
    expect(other.status).toBe(403);
    expect((await db().entities.location.get({ locationId: ids.conference1 }).go()).data!.timeZone).not.toBe('Europe/London');
  });

  it('other location kinds have no such settings', async () => {
    const version = await versionOf(ids.district1);
    const res = await invoke(districts, `/api/district/${ids.district1}`, { method: 'PATCH', cookie: superadmin, body: { version, timeZone: 'America/Chicago' } });
    expect(res.status).toBe(400);
    expect(await versionOf(ids.district1)).toBe(version);
  });
});
