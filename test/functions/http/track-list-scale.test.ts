import { randomUUID } from 'node:crypto';
import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as conferences } from '../../../functions/http/conference/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { getLocation } from '../../../functions/db/access/location-store';
import { requestCounter } from '../../../functions/db/client';
import { clearRoleCache } from '../../../functions/db/access/role-cache';
import { runJobToEnd } from '../../../functions/db/jobs';
import { transact } from '../../../functions/db/transact';
import { areaGuard, ConferenceMoved } from '../../../functions/core/tracks/track-area';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * The Track Templates table (`POST track/quickSearch`) costs the same at any number of
 * conferences (issue 10): a superadmin reads the list of every track, a bishop their area's,
 * a conference admin their conference's, whatever the organisation holds. Measured with 2
 * conferences holding tracks, then with 30; the page's rows stay the same so capacity compares.
 */
let superadmin: string;
let conferenceAdmin: string;
let bishop: string;
const EXTRA_CONFERENCES = 28;

type Row = { id: string; name: string; conference: { id: string } | null };

async function page(cookie: string, query: string) {
  const res = await invoke(tracks, '/api/track/quickSearch', { cookie, query });
  expect(res.status).toBe(200);
  return res.body as { data: Row[]; count: number };
}

async function measure(cookie: string, query: string) {
  // Warm: the role cache, filled afresh so no entry lapses between the two calls (15 s).
  clearRoleCache();
  await page(cookie, query);
  requestCounter.reset();
  const body = await page(cookie, query);
  return { body, counted: requestCounter.snapshot() };
}

async function createTracks(items: Array<{ name: string; conferenceId: string }>) {
  for (let start = 0; start < items.length; start += 25) {
    const body = items.slice(start, start + 25).map((item) => ({ ...item, description: 'Scale' }));
    const res = await invoke(tracks, '/api/track/bulk', { method: 'POST', cookie: superadmin, body });
    expect(res.status).toBe(201);
  }
}

const QUERIES: Array<[string, string]> = [
  ['the first page', 'limit=10'],
  ['a later page', 'limit=10&offset=5'],
  ['a name prefix', 'limit=10&where[name]=alpha'],
  ['active and inactive', 'limit=10&where[inactive]=true'],
  ['inactive only', 'limit=10&where[active]=false&where[inactive]=true'],
];

const CALLERS = () => ({ superadmin, bishop, conferenceAdmin });

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin] = await Promise.all([cookieFor('superadmin@example.org'), cookieFor('conference.admin@example.org')]);
  bishop = await cookieForUser(await putTestUser({ firstName: 'Bea', lastName: 'Bishop', locationId: ids.episcopalArea1, role: 'Bishop' }));
  // Both demo conferences hold tracks that sort first (the page every measurement reads).
  await createTracks(
    Array.from({ length: 30 }, (_, index) => ({ name: `Alpha ${String(index).padStart(2, '0')}`, conferenceId: index % 2 ? ids.conference1 : ids.conference2 })),
  );
  const inactive = await page(superadmin, 'limit=10&where[name]=alpha');
  for (const row of inactive.data.slice(0, 4)) expect((await invoke(tracks, `/api/track/deactivate-track/${row.id}`, { method: 'POST', cookie: superadmin })).status).toBe(200);
});

async function addConferencesTo(parentId: string, name: string): Promise<string[]> {
  const res = await invoke(conferences, '/api/conference/bulk', { method: 'POST', cookie: superadmin, body: [{ name: `${name} Conference`, parentId }] });
  expect(res.status).toBe(201);
  return res.body.map((conference: { id: string }) => conference.id);
}

async function addConferences(): Promise<string[]> {
  const made: string[] = [];
  for (let start = 0; start < EXTRA_CONFERENCES; start += 25) {
    const count = Math.min(25, EXTRA_CONFERENCES - start);
    const body = Array.from({ length: count }, (_, index) => ({ name: `Scale ${start + index} Conference`, parentId: (start + index) % 2 ? ids.episcopalArea1 : ids.episcopalArea2 }));
    const res = await invoke(conferences, '/api/conference/bulk', { method: 'POST', cookie: superadmin, body });
    expect(res.status).toBe(201);
    made.push(...res.body.map((conference: { id: string }) => conference.id));
  }
  return made;
}

describe('the Track Templates page at 2 and at 30 conferences', () => {
  it('costs every caller the same requests and read capacity, and still lists every track they may read', async () => {
    const small: Record<string, Record<string, Awaited<ReturnType<typeof measure>>>> = {};
    for (const [who, cookie] of Object.entries(CALLERS())) {
      small[who] = {};
      for (const [label, query] of QUERIES) small[who][label] = await measure(cookie, query);
    }
    const added = await addConferences();
    // Each new conference holds tracks, all sorting after the measured pages.
    await createTracks(added.flatMap((conferenceId, index) => [0, 1].map((n) => ({ name: `Omega ${index} ${n}`, conferenceId }))));

    for (const [who, cookie] of Object.entries(CALLERS())) {
      for (const [label, query] of QUERIES) {
        const big = await measure(cookie, query);
        const before = small[who][label];
        expect({ who, label, rows: big.body.data.map((row) => row.name) }).toEqual({ who, label, rows: before.body.data.map((row) => row.name) });
        expect({ who, label, byCommand: big.counted.byCommand }).toEqual({ who, label, byCommand: before.counted.byCommand });
        expect({ who, label, requests: big.counted.requests }).toEqual({ who, label, requests: before.counted.requests });
        expect({ who, label, readCapacity: big.counted.readCapacity }).toEqual({ who, label, readCapacity: before.counted.readCapacity });
        // The session's Query, one list per status (and, but for the superadmin, the system tracks'), the page's conferences,
        // and the search rate limit's one counter write.
        expect(big.counted.requests).toBeLessThanOrEqual(7);
      }
    }

    // Nothing is lost: the superadmin reaches every new track, the bishop their area's only.
    const everything = await page(superadmin, 'limit=50&where[name]=omega');
    expect(everything.data).toHaveLength(50);
    const area = await page(bishop, 'limit=50&where[name]=omega');
    const inArea = new Set(added.filter((_, index) => index % 2));
    // Half the new conferences, two tracks each.
    expect(area.data).toHaveLength(EXTRA_CONFERENCES);
    expect(area.data.every((row) => row.conference && inArea.has(row.conference.id))).toBe(true);
  }, 600_000);
});

describe('who sees what in the lists', () => {
  it("shows a bishop their area's conferences and the system tracks, never another area's", async () => {
    const body = await page(bishop, 'limit=50&where[name]=alpha');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((row) => row.conference?.id === ids.conference1)).toBe(true);
    const all = await page(bishop, 'limit=50');
    expect(all.data.some((row) => row.conference === null)).toBe(true);
    expect(all.data.some((row) => row.conference?.id === ids.conference2)).toBe(false);
  });

  it('leaves out a conference denied inside the area, reading that area conference by conference', async () => {
    const [sibling] = await addConferencesTo(ids.episcopalArea1, 'Denial Sibling');
    await createTracks([{ name: 'Sibling Track', conferenceId: sibling }]);
    const userId = await putTestUser({ firstName: 'Dee', lastName: 'Denied', locationId: ids.episcopalArea1, role: 'Bishop' });
    const conference = (await getLocation(ids.conference1))!;
    const now = new Date().toISOString();
    await db()
      .entities.permission.put({ userId, permissionId: randomUUID(), entity: 'Conference', entityId: conference.locationId, ancestorIds: conference.ancestorIds, denial: true, createdAt: now, updatedAt: now })
      .go();
    const cookie = await cookieForUser(userId);
    const denied = await page(cookie, 'limit=50&where[name]=alpha');
    expect(denied.data).toEqual([]);
    // Exact, not short: the denied conference's tracks sort first in the area, yet a page of one is full.
    const first = await page(cookie, 'limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.data[0].conference?.id).not.toBe(ids.conference1);
    expect(first.count).toBe(2);
    expect((await page(cookie, 'limit=50&where[name]=sibling')).data.map((row) => row.conference?.id)).toEqual([sibling]);
    expect((await page(cookie, 'limit=50')).data.some((row) => row.conference === null)).toBe(true);
    // The denied conference named in the filter: out of reach.
    expect((await invoke(tracks, '/api/track/quickSearch', { cookie, query: `where[conferenceId]=${ids.conference1}` })).status).toBe(403);
  });

  it("moves a conference's tracks to its new area's list with the move job", async () => {
    const [moving] = await addConferencesTo(ids.episcopalArea1, 'Moving');
    await createTracks([{ name: 'Moving Track', conferenceId: moving }]);
    expect((await page(bishop, 'limit=5&where[name]=moving')).data).toHaveLength(1);
    const before = await invoke(conferences, `/api/conference/${moving}`, { cookie: superadmin });
    const moved = await invoke(conferences, '/api/conference', { method: 'PATCH', cookie: superadmin, body: { id: moving, version: before.body.version, parentId: ids.episcopalArea2 } });
    expect(moved.status).toBe(200);
    expect(await runJobToEnd(moved.body.jobId, jobKinds)).toMatchObject({ status: 'succeeded' });
    expect((await page(bishop, 'limit=5&where[name]=moving')).data).toEqual([]);
    const otherBishop = await cookieForUser(await putTestUser({ firstName: 'Gus', lastName: 'Bishop', locationId: ids.episcopalArea2, role: 'Bishop' }));
    expect((await page(otherBishop, 'limit=5&where[name]=moving')).data.map((row) => row.conference?.id)).toEqual([moving]);
    // A track write that read the conference before the move (and so its old area) is refused by the area guard.
    const stale = { conferenceId: moving, conferenceName: 'Moving Conference', ancestorIds: [ids.jurisdiction1, ids.episcopalArea1, moving] };
    await expect(transact(areaGuard(stale))).rejects.toBeInstanceOf(ConferenceMoved);
    await transact(areaGuard({ ...stale, ancestorIds: [ids.jurisdiction2, ids.episcopalArea2, moving] }));
  });

  it("lists a copy of a system track in its conference's area, for a bishop of the area and a reader at the jurisdiction", async () => {
    const copied = await invoke(tracks, `/api/track/copy-track/${DEMO_INSTANCE_IDS.systemTrack}/${ids.conference1}`, { method: 'POST', cookie: superadmin, body: { name: 'Copied Pathway', description: 'Copy' } });
    expect(copied.status).toBe(202);
    expect(await runJobToEnd(copied.body.jobId, jobKinds)).toMatchObject({ status: 'succeeded' });
    expect((await page(bishop, 'limit=5&where[name]=copied')).data.map((row) => row.conference?.id)).toEqual([ids.conference1]);
    // A Bishop's permission at the jurisdiction: one list per area under it.
    const jurisdiction = await cookieForUser(await putTestUser({ firstName: 'Jo', lastName: 'Jurisdiction', locationId: ids.jurisdiction1, role: 'Bishop' }));
    expect((await page(jurisdiction, 'limit=5&where[name]=copied')).data.map((row) => row.conference?.id)).toEqual([ids.conference1]);
    // The other jurisdiction's conference stays out of its reach.
    expect((await page(jurisdiction, 'limit=50')).data.some((row) => row.conference?.id === ids.conference2)).toBe(false);
  });

  it('lists a track under its new name and status, and in its new conference, at once', async () => {
    const [row] = (await page(superadmin, 'limit=1&where[name]=alpha 07')).data;
    const read = await invoke(tracks, `/api/track/track-template/${row.id}`, { cookie: superadmin });
    const moved = await invoke(tracks, `/api/track/update-track-template/${row.id}`, {
      method: 'PATCH',
      cookie: superadmin,
      body: { version: read.body.version, name: 'Beta Moved', description: 'Moved', conferenceId: ids.conference2 },
    });
    expect(moved.status).toBe(200);
    expect((await page(superadmin, 'limit=5&where[name]=beta moved')).data.map((r) => r.conference?.id)).toEqual([ids.conference2]);
    expect((await page(superadmin, 'limit=5&where[name]=alpha 07')).data).toEqual([]);
    // It left the bishop's area with its conference.
    expect((await page(bishop, 'limit=5&where[name]=beta moved')).data).toEqual([]);
  });
});
