import { handler } from '../../../functions/http/announcement/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { withCountedRequests } from '../../support/dynamo';
import { db } from '../../../functions/db/service';
import { endsKeyOf } from '../../../functions/db/access/announcements';
import { DESCRIPTION_REQUIRED, TITLE_AND_DESCRIPTION_REQUIRED, TITLE_REQUIRED } from '../../../shared/schemas/announcement';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const BLUE_RIDGE = DEMO_LOCATION_IDS.conference1;
const PRAIRIE = DEMO_LOCATION_IDS.conference2;

let superadmin: string;
let blueRidgeAdmin: string;
let prairieAdmin: string;
let participant: string;
let prairieParticipant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, blueRidgeAdmin, participant] = await Promise.all(['superadmin@example.org', 'conference.admin@example.org', 'participant@example.org'].map(cookieFor));
  const [prairieAdminId, prairieParticipantId] = await Promise.all([
    putTestUser({ firstName: 'Paula', lastName: 'Prairie', locationId: PRAIRIE, role: 'ConferenceAdmin' }),
    putTestUser({ firstName: 'Pete', lastName: 'Plains', locationId: DEMO_LOCATION_IDS.district3 }),
  ]);
  [prairieAdmin, prairieParticipant] = await Promise.all([cookieForUser(prairieAdminId), cookieForUser(prairieParticipantId)]);
});

/** Creates with a title unless the body says otherwise (`title: undefined` leaves it out). */
const create = (cookie: string, body: Record<string, unknown>) => invoke(handler, '/api/announcement', { method: 'POST', cookie, body: { title: 'Notice', ...body } });
const current = async (cookie: string) => (await invoke(handler, '/api/announcement/announcements', { cookie })).body as Array<{ id: string; title: string; message: string }>;

describe('GET /api/announcement/announcements', () => {
  it('needs a session', async () => {
    expect((await invoke(handler, '/api/announcement/announcements')).status).toBe(401);
  });

  it("lists what is live for everyone and for the caller's conferences, with id, title and message only", async () => {
    const res = await invoke(handler, '/api/announcement/announcements', { cookie: participant });
    expect(res.status).toBe(200);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['id', 'message', 'title']);
    expect(res.body).toContainEqual(expect.objectContaining({ title: 'Welcome', message: 'Welcome to Formation Tracks! Tell us what you think through the feedback link.' }));
    const messages = res.body.map((item: { message: string }) => item.message);
    expect(messages).toContain('Welcome to Formation Tracks! Tell us what you think through the feedback link.');
    expect(messages).toContain('Spring candidacy interviews take place in April. Check your track for your step deadlines.');
    expect(messages).not.toContain('The office is closed for the holidays until January 5.');
    expect(messages).not.toContain('Summer retreat registration opens soon.');
    const other = (await current(prairieParticipant)).map((item) => item.message);
    expect(other).toContain('Welcome to Formation Tracks! Tell us what you think through the feedback link.');
    expect(other).not.toContain('Spring candidacy interviews take place in April. Check your track for your step deadlines.');
  });

  it('shows a conference announcement only inside its window and only to that conference', async () => {
    const live = (await create(blueRidgeAdmin, { message: 'Live in Blue Ridge', conferenceId: BLUE_RIDGE, startsAt: at(-1), endsAt: at(1) })).body.id;
    const later = (await create(blueRidgeAdmin, { message: 'Later in Blue Ridge', conferenceId: BLUE_RIDGE, startsAt: at(2) })).body.id;
    const over = (await create(blueRidgeAdmin, { message: 'Over in Blue Ridge', conferenceId: BLUE_RIDGE, startsAt: at(-3), endsAt: at(-2) })).body.id;
    const ids = (await current(participant)).map((item) => item.id);
    expect(ids).toContain(live);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(over);
    expect((await current(prairieParticipant)).map((item) => item.id)).not.toContain(live);
  });

  it('costs one Query per audience (everyone and each conference of the caller)', async () => {
    const { requests } = await withCountedRequests(() => current(participant));
    // The session's read, the caller's church memberships, then everyone's and Blue Ridge's announcements.
    expect(requests).toBeLessThanOrEqual(4);
  });
});

describe('the generic set', () => {
  it('lets a superadmin schedule for everyone and a conference admin only for their conference', async () => {
    const everyone = await create(superadmin, { title: ' Everyone ', message: '  For everyone  ', startsAt: at(-1) });
    expect(everyone.status).toBe(201);
    expect(everyone.body).toMatchObject({ title: 'Everyone', message: 'For everyone', conference: null, status: 'Active', endsAt: null, version: 1 });
    expect((await create(blueRidgeAdmin, { message: 'For everyone?', startsAt: at(-1) })).status).toBe(403);
    expect((await create(blueRidgeAdmin, { message: 'For Prairie?', conferenceId: PRAIRIE, startsAt: at(-1) })).status).toBe(403);
    const own = await create(blueRidgeAdmin, { message: 'For Blue Ridge', conferenceId: BLUE_RIDGE, startsAt: at(1), endsAt: at(2) });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ conference: { id: BLUE_RIDGE, name: 'Blue Ridge Conference' }, status: 'Scheduled' });
    expect((await create(participant, { message: 'Mine', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).status).toBe(403);
  });

  it('refuses bad input with field messages', async () => {
    const res = await create(superadmin, { message: ' ', startsAt: at(2), endsAt: at(1) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.message).toEqual([DESCRIPTION_REQUIRED]);
    const ends = await create(superadmin, { message: 'x', startsAt: at(2), endsAt: at(1) });
    expect(ends.body.fieldErrors.endsAt).toEqual(['The end must be after the start.']);
    expect((await create(superadmin, { message: 'x'.repeat(1001), startsAt: at(1) })).status).toBe(400);
    expect((await create(superadmin, { title: 'x'.repeat(121), message: 'x', startsAt: at(1) })).body.fieldErrors.title).toEqual(['At most 120 characters.']);
    expect((await create(superadmin, { message: 'x', startsAt: 'tomorrow' })).body.fieldErrors.startsAt).toEqual(['Invalid date.']);
    expect((await create(superadmin, { message: 'x', conferenceId: 'no-such-conference', startsAt: at(1) })).status).toBe(400);
  });

  it("asks for a title and a description with SPEC's messages (section 5), whatever else is wrong", async () => {
    const errors = async (body: Record<string, unknown>) => (await create(superadmin, body)).body.fieldErrors;
    expect(await errors({ title: undefined, startsAt: at(1) })).toEqual({ title: [TITLE_AND_DESCRIPTION_REQUIRED] });
    expect(await errors({ title: ' ', message: ' ', startsAt: 'tomorrow' })).toEqual({ title: [TITLE_AND_DESCRIPTION_REQUIRED], startsAt: ['Invalid date.'] });
    expect(await errors({ title: undefined, message: 'Bring transcripts', startsAt: at(1) })).toEqual({ title: [TITLE_REQUIRED] });
    expect(await errors({ title: 'Transcripts', startsAt: at(1) })).toEqual({ message: [DESCRIPTION_REQUIRED] });
    const made = (await create(superadmin, { title: 'Transcripts', message: 'Bring transcripts', startsAt: at(1) })).body;
    const patch = (body: Record<string, unknown>) => invoke(handler, `/api/announcement/${made.id}`, { method: 'PATCH', cookie: superadmin, body: { version: made.version, ...body } });
    expect((await patch({ title: '' })).body.fieldErrors).toEqual({ title: [TITLE_REQUIRED] });
    expect((await patch({ title: '', message: ' ' })).body.fieldErrors).toEqual({ title: [TITLE_AND_DESCRIPTION_REQUIRED] });
  });

  it('reads an announcement written before titles, with none, and keeps it so until one is given', async () => {
    const announcementId = `old-${Date.now().toString(36)}`;
    await db().entities.announcement.create({ announcementId, message: 'From before titles', conferenceId: BLUE_RIDGE, startsAt: at(-1), endsKey: endsKeyOf(null), version: 1 }).go();
    const read = await invoke(handler, `/api/announcement/${announcementId}`, { cookie: blueRidgeAdmin });
    expect(read.body).toMatchObject({ id: announcementId, title: '', message: 'From before titles' });
    expect((await current(participant)).find((item) => item.id === announcementId)).toEqual({ id: announcementId, title: '', message: 'From before titles' });
    const patch = (body: Record<string, unknown>) => invoke(handler, `/api/announcement/${announcementId}`, { method: 'PATCH', cookie: blueRidgeAdmin, body });
    expect((await patch({ message: 'Still no title', version: 1 })).body).toMatchObject({ title: '', message: 'Still no title', version: 2 });
    expect((await patch({ title: 'Now titled', version: 2 })).body).toMatchObject({ title: 'Now titled', message: 'Still no title', version: 3 });
    expect((await db().entities.announcement.get({ announcementId }).go()).data?.title).toBe('Now titled');
  });

  it("lists for each manager what they manage: all for a superadmin, their conference's for a conference admin", async () => {
    const prairie = (await create(prairieAdmin, { message: 'Prairie only', conferenceId: PRAIRIE, startsAt: at(-1) })).body.id;
    const blue = (await create(blueRidgeAdmin, { message: 'Blue only', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).body.id;
    const page = async (cookie: string) => (await invoke(handler, '/api/announcement/quickSearch', { cookie, query: 'limit=50' })).body;
    const all = await page(superadmin);
    expect(all.data.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([prairie, blue]));
    const blueRows = (await page(blueRidgeAdmin)).data;
    expect(blueRows.map((row: { id: string }) => row.id)).toContain(blue);
    expect(blueRows.map((row: { id: string }) => row.id)).not.toContain(prairie);
    expect(blueRows.every((row: { conference: { id: string } | null }) => row.conference?.id === BLUE_RIDGE)).toBe(true);
    expect((await invoke(handler, '/api/announcement', { cookie: participant })).status).toBe(403);
    const first = await invoke(handler, '/api/announcement', { cookie: superadmin, query: 'limit=1&offset=1' });
    expect(first.body).toHaveLength(1);
  });

  it('pages with a count exact up to the page plus one while more follow', async () => {
    const res = await invoke(handler, '/api/announcement/quickSearch', { cookie: superadmin, query: 'limit=10&offset=0' });
    expect(res.body.data).toHaveLength(10);
    expect(res.body.count).toBe(11);
  });

  it('reads one: managers in any state, others only while it is live and theirs', async () => {
    const scheduled = (await create(blueRidgeAdmin, { message: 'Not yet', conferenceId: BLUE_RIDGE, startsAt: at(3) })).body.id;
    const live = (await create(blueRidgeAdmin, { message: 'Now', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).body.id;
    const get = (cookie: string, id: string) => invoke(handler, `/api/announcement/${id}`, { cookie });
    expect((await get(blueRidgeAdmin, scheduled)).status).toBe(200);
    expect((await get(participant, scheduled)).status).toBe(404);
    expect((await get(participant, live)).body.message).toBe('Now');
    expect((await get(prairieParticipant, live)).status).toBe(403);
    expect((await get(prairieAdmin, live)).status).toBe(403);
    expect((await get(superadmin, 'no-such-announcement')).status).toBe(404);
  });

  it('edits on the version read (stale: 409) within the caller’s scope, moving it out of the dialog when it ends', async () => {
    const made = (await create(blueRidgeAdmin, { message: 'Edit me', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).body;
    const patch = (cookie: string, body: Record<string, unknown>) => invoke(handler, `/api/announcement/${made.id}`, { method: 'PATCH', cookie, body });
    expect((await patch(prairieAdmin, { message: 'Hijack', version: 1 })).status).toBe(403);
    expect((await patch(participant, { message: 'Mine', version: 1 })).status).toBe(403);
    expect((await patch(blueRidgeAdmin, { conferenceId: PRAIRIE, version: 1 })).status).toBe(403);
    expect((await patch(blueRidgeAdmin, { conferenceId: null, version: 1 })).status).toBe(403);
    const edited = await patch(blueRidgeAdmin, { message: 'Edited', endsAt: at(1), version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Edited', version: 2, status: 'Active' });
    expect((await patch(blueRidgeAdmin, { message: 'Stale', version: 1 })).status).toBe(409);
    expect((await patch(blueRidgeAdmin, { endsAt: at(-2), version: 2 })).body.fieldErrors.endsAt).toEqual(['The end must be after the start.']);
    expect((await current(participant)).map((item) => item.message)).toContain('Edited');
    const ended = await patch(blueRidgeAdmin, { startsAt: at(-3), endsAt: at(-2), version: 2 });
    expect(ended.body.status).toBe('Ended');
    expect((await current(participant)).map((item) => item.id)).not.toContain(made.id);
    const open = await patch(blueRidgeAdmin, { startsAt: at(-1), endsAt: null, version: 3 });
    expect(open.body).toMatchObject({ endsAt: null, status: 'Active' });
    expect((await current(participant)).map((item) => item.id)).toContain(made.id);
    const moved = await patch(superadmin, { conferenceId: null, version: 4 });
    expect(moved.body.conference).toBeNull();
    expect((await current(prairieParticipant)).map((item) => item.id)).toContain(made.id);
  });

  it('deletes within the caller’s scope, on the version given', async () => {
    const made = (await create(blueRidgeAdmin, { message: 'Delete me', conferenceId: BLUE_RIDGE, startsAt: at(-1) })).body;
    const remove = (cookie: string, query = '') => invoke(handler, `/api/announcement/${made.id}`, { method: 'DELETE', cookie, query });
    expect((await remove(prairieAdmin)).status).toBe(403);
    expect((await remove(participant)).status).toBe(403);
    expect((await remove(blueRidgeAdmin, 'version=7')).status).toBe(409);
    expect((await remove(blueRidgeAdmin, 'version=1')).status).toBe(204);
    expect((await remove(blueRidgeAdmin)).status).toBe(404);
    expect((await current(participant)).map((item) => item.id)).not.toContain(made.id);
  });
});
