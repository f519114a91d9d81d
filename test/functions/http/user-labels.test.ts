import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { TAG_SEARCH_LIMIT, USER_TAGS_MAX } from '../../../shared/api/limits';
import { TOO_MANY_TAGS } from '../../../functions/core/people/user-tags';
import { seedDemo } from '../../support/demo-table';
import { getJob, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** Tags and aliases on a profile (SPEC.md sections 3, 5, 6 and 7), each rule from both sides. */
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let advisor: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, advisor, participant] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(cookieFor),
  );
});

const addTag = (userId: string, cookie: string, name: unknown) => invoke(users, `/api/user/${userId}/tag`, { method: 'POST', cookie, body: { name } });
const tagsOf = async (userId: string, cookie = superadmin) => (await invoke(users, `/api/user/${userId}/tag`, { cookie })).body as Array<{ id: string; name: string }>;
const search = (cookie: string, searchTerm?: string) => invoke(users, '/api/user/tag', { cookie, query: searchTerm === undefined ? '' : `searchTerm=${encodeURIComponent(searchTerm)}` });

describe('tags', () => {
  it('puts a tag on a user by name; the same name (any case, extra spaces) is the same tag, claimed once', async () => {
    const first = await putTestUser({ firstName: 'Tara', lastName: 'Tagged', locationId: ids.district1 });
    const second = await putTestUser({ firstName: 'Tom', lastName: 'Tagged', locationId: ids.district1 });
    const created = await addTag(first, districtAdmin, '  Youth   Leader ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Youth Leader' });
    const again = await addTag(second, conferenceAdmin, 'youth leader');
    expect(again.body).toEqual(created.body);
    expect(await tagsOf(first)).toEqual([created.body]);
    expect(await tagsOf(second)).toEqual([created.body]);
    const { data: claim } = await db().entities.claim.get({ kind: 'tag', scope: 'global', name: 'youth leader' }).go();
    expect(claim?.ownerId).toBe((created.body as { id: string }).id);
  });

  it('two admins creating one new name at once make one tag, on both users', async () => {
    const [a, b] = await Promise.all([1, 2].map((n) => putTestUser({ firstName: `Race${n}`, lastName: 'Tagged', locationId: ids.district1 })));
    const [one, two] = await Promise.all([addTag(a, districtAdmin, 'Concurrent Label'), addTag(b, conferenceAdmin, 'Concurrent Label')]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body).toEqual(two.body);
  });

  it('refuses an empty name and one longer than 30 characters with the field message, and stores nothing', async () => {
    const userId = await putTestUser({ firstName: 'Vera', lastName: 'Valid', locationId: ids.district1 });
    const empty = await addTag(userId, districtAdmin, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fieldErrors: { name: ['Required'] } });
    const long = await addTag(userId, districtAdmin, 'x'.repeat(31));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ fieldErrors: { name: ['String must contain at most 30 character(s)'] } });
    expect((await addTag(userId, districtAdmin, 'y'.repeat(30))).status).toBe(201);
    expect((await tagsOf(userId)).map((t) => t.name)).toEqual(['y'.repeat(30)]);
  });

  it('lets administrators of the user tag them; readers and those who tag no one get 403, administrators elsewhere 404, and nobody tags themselves without the role', async () => {
    const userId = await putTestUser({ firstName: 'Gail', lastName: 'Guarded', locationId: ids.district1 });
    expect((await addTag(userId, advisor, 'Advisor Label')).status).toBe(403);
    // A participant tags no one anywhere: refused before anything is read, whoever the id names.
    expect((await addTag(userId, participant, 'Participant Label')).status).toBe(403);
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Tagged', locationId: ids.conference2 });
    expect((await addTag(elsewhere, conferenceAdmin, 'Other Conference')).status).toBe(404);
    expect((await addTag(demoUser('participant@example.org').id, participant, 'Self Label')).status).toBe(403);
    expect((await addTag(elsewhere, superadmin, 'Other Conference')).status).toBe(201);
    expect(await tagsOf(userId)).toEqual([]);
  });

  it('searches tags by name prefix (first TAG_SEARCH_LIMIT, by name), for those who may tag', async () => {
    const userId = await putTestUser({ firstName: 'Sam', lastName: 'Searched', locationId: ids.district1 });
    for (const name of ['Zebra Alpha', 'Zebra Beta', 'zebra gamma', 'Zen']) expect((await addTag(userId, districtAdmin, name)).status).toBe(201);
    const found = await search(districtAdmin, 'zeb');
    expect(found.status).toBe(200);
    expect((found.body as Array<{ name: string }>).map((t) => t.name)).toEqual(['Zebra Alpha', 'Zebra Beta', 'zebra gamma']);
    expect((await search(districtAdmin, 'ZEBRA B')).body).toMatchObject([{ name: 'Zebra Beta' }]);
    expect(((await search(superadmin)).body as unknown[]).length).toBeLessThanOrEqual(TAG_SEARCH_LIMIT);
    expect((await search(advisor, 'zeb')).status).toBe(403);
  });

  it('puts an existing tag on by id and takes it off again; the tag stays for others', async () => {
    const [a, b] = await Promise.all([1, 2].map((n) => putTestUser({ firstName: `Existing${n}`, lastName: 'Tagged', locationId: ids.district1 })));
    const tag = (await addTag(a, districtAdmin, 'Shared Existing')).body as { id: string };
    expect((await invoke(users, `/api/user/${b}/tag/${tag.id}`, { method: 'POST', cookie: districtAdmin })).status).toBe(201);
    expect((await invoke(users, `/api/user/${b}/tag/no-such-tag`, { method: 'POST', cookie: districtAdmin })).status).toBe(404);
    const removed = await invoke(users, `/api/user/${a}/tag/${tag.id}`, { method: 'DELETE', cookie: districtAdmin });
    expect(removed.body).toEqual({ removed: true });
    expect((await invoke(users, `/api/user/${a}/tag/${tag.id}`, { method: 'DELETE', cookie: districtAdmin })).body).toEqual({ removed: false });
    expect((await invoke(users, `/api/user/${b}/tag/${tag.id}`, { method: 'DELETE', cookie: advisor })).status).toBe(403);
    expect(await tagsOf(a)).toEqual([]);
    expect((await tagsOf(b)).map((t) => t.id)).toEqual([tag.id]);
  });

  it(`keeps a user to ${USER_TAGS_MAX} tags`, async () => {
    const userId = await putTestUser({ firstName: 'Many', lastName: 'Tags', locationId: ids.district1 });
    await Promise.all(Array.from({ length: USER_TAGS_MAX }, (_, n) => db().entities.userTag.put({ userId, tagId: `bulk-${n}`, name: `Bulk ${n}` }).go()));
    const refused = await addTag(userId, districtAdmin, 'One Too Many');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: TOO_MANY_TAGS });
  });
});

describe('deleting a tag from the organisation', () => {
  const deleteTag = (tagId: string, cookie: string) => invoke(users, `/api/user/tag/${tagId}`, { method: 'DELETE', cookie });

  it('is for a superadmin only: admins of every user carrying it get 403 and the tag stays', async () => {
    const userId = await putTestUser({ firstName: 'Kept', lastName: 'Tagged', locationId: ids.district1 });
    const tag = (await addTag(userId, districtAdmin, 'Not Yours To Delete')).body as { id: string };
    for (const cookie of [conferenceAdmin, districtAdmin, advisor]) expect((await deleteTag(tag.id, cookie)).status).toBe(403);
    expect((await tagsOf(userId)).map((t) => t.id)).toEqual([tag.id]);
  });

  it('frees the name at once, then a resumable job takes the tag off every user, page by page with progress', async () => {
    const userId = await putTestUser({ firstName: 'Gone', lastName: 'Tagged', locationId: ids.district1 });
    const tag = (await addTag(userId, districtAdmin, 'Retired Tag')).body as { id: string; name: string };
    // More carriers than one job step reads (written directly: 60 users in a district would be slow to make).
    await Promise.all(Array.from({ length: 60 }, (_, n) => db().entities.userTag.put({ userId: `tag-carrier-${n}`, tagId: tag.id, name: tag.name }).go()));
    const deleted = await deleteTag(tag.id, superadmin);
    expect(deleted.status).toBe(200);
    const { jobId } = deleted.body as { jobId: string };
    // In the same transaction: the tag is gone (search, add by id) and its name can be claimed again.
    expect((await search(superadmin, 'Retired')).body).toEqual([]);
    expect((await invoke(users, `/api/user/${userId}/tag/${tag.id}`, { method: 'POST', cookie: districtAdmin })).status).toBe(404);
    expect((await deleteTag(tag.id, superadmin)).status).toBe(404);

    const first = await runJobStep(jobId, jobKinds);
    expect(first).toMatchObject({ status: 'running', done: 50 });
    // A repeated step (a crash before the cursor was saved) deletes nothing twice and still finishes.
    const finished = await runJobToEnd(jobId, jobKinds);
    expect(finished).toMatchObject({ status: 'succeeded', done: 61 });
    expect((await getJob(jobId))?.status).toBe('succeeded');
    expect(await tagsOf(userId)).toEqual([]);
    const { data: left } = await db().entities.userTag.query.byTag({ tagId: tag.id }).go();
    expect(left).toEqual([]);

    const reborn = await addTag(userId, districtAdmin, 'Retired Tag');
    expect(reborn.status).toBe(201);
    expect((reborn.body as { id: string }).id).not.toBe(tag.id);
  });
});

describe('aliases', () => {
  const aliasesOf = async (userId: string, cookie = superadmin) => (await invoke(users, `/api/user/${userId}/alias`, { cookie })).body as Array<{ id: string; alias: string }>;
  const addAlias = (userId: string, cookie: string, alias: string) => invoke(users, `/api/user/${userId}/alias/${encodeURIComponent(alias)}`, { method: 'POST', cookie });

  it('adds aliases in order; the same alias again (any case) is answered as it is, once', async () => {
    const userId = await putTestUser({ firstName: 'Robert', lastName: 'Aliased', locationId: ids.district1 });
    const bob = await addAlias(userId, districtAdmin, 'Bob');
    expect(bob.status).toBe(201);
    expect((await addAlias(userId, conferenceAdmin, 'Rob')).status).toBe(201);
    expect((await addAlias(userId, districtAdmin, ' bob ')).body).toEqual(bob.body);
    expect((await aliasesOf(userId)).map((a) => a.alias)).toEqual(['Bob', 'Rob']);
    expect((await aliasesOf(userId, advisor)).length).toBe(2);
    expect((await invoke(users, `/api/user/${userId}/alias`, { cookie: participant })).status).toBe(404);
  });

  it('refuses a blank or over-long alias, and changes by those who do not administer the user', async () => {
    const userId = await putTestUser({ firstName: 'Alice', lastName: 'Aliased', locationId: ids.district1 });
    expect((await addAlias(userId, districtAdmin, ' ')).status).toBe(400);
    expect((await addAlias(userId, districtAdmin, 'a'.repeat(101))).status).toBe(400);
    expect((await addAlias(userId, advisor, 'Ally')).status).toBe(403);
    const other = await putTestUser({ firstName: 'Alan', lastName: 'Elsewhere', locationId: ids.conference2 });
    expect((await addAlias(other, conferenceAdmin, 'Al')).status).toBe(404);
    expect(await aliasesOf(userId)).toEqual([]);
  });

  it('removes an alias (administrators only)', async () => {
    const userId = await putTestUser({ firstName: 'Ronald', lastName: 'Aliased', locationId: ids.district1 });
    const ron = (await addAlias(userId, districtAdmin, 'Ron')).body as { id: string };
    expect((await invoke(users, `/api/user/${userId}/alias/${ron.id}`, { method: 'DELETE', cookie: advisor })).status).toBe(403);
    expect((await invoke(users, `/api/user/${userId}/alias/${ron.id}`, { method: 'DELETE', cookie: districtAdmin })).body).toEqual({ removed: true });
    expect(await aliasesOf(userId)).toEqual([]);
  });
});
