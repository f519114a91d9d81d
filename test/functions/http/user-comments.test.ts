import { handler as users } from '../../../functions/http/user/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { FIELD_MUST_BE_FILLED } from '../../../shared/schemas/user-labels';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** The Comments panel (SPEC.md sections 2 and 5), each rule from both sides. */
let districtAdmin: string;
let conferenceAdmin: string;
let advisor: string;
let mentor: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [districtAdmin, conferenceAdmin, advisor, mentor, participant] = await Promise.all(
    ['district.admin@example.org', 'conference.admin@example.org', 'advisor@example.org', 'mentor@example.org', 'participant@example.org'].map(cookieFor),
  );
});

type Comment = { id: string; type: string; comment: string; author: { id: string; firstName: string; lastName: string }; mine: boolean };
const add = (userId: string, cookie: string, comments: unknown) => invoke(users, `/api/user/${userId}/comment`, { method: 'POST', cookie, body: { comments } });
const list = (userId: string, cookie: string) => invoke(users, `/api/user/user-profile-comments/${userId}`, { cookie });
const remove = (userId: string, cookie: string, comments: string[]) => invoke(users, '/api/user/comments', { method: 'DELETE', cookie, body: { userId, comments } });

describe('comments', () => {
  it('adds several rows at once with the caller as author (first and last name), newest first, each reader told which are theirs', async () => {
    const userId = await putTestUser({ firstName: 'Cora', lastName: 'Commented', locationId: ids.district1 });
    const added = await add(userId, districtAdmin, [
      { type: 'Behavior', comment: 'Punctual.' },
      { type: 'Performance', comment: '  Strong sermon.  ' },
    ]);
    expect(added.status).toBe(201);
    const admin = demoUser('district.admin@example.org');
    expect(added.body).toMatchObject([
      { type: 'Performance', comment: 'Strong sermon.', mine: true },
      { type: 'Behavior', comment: 'Punctual.', author: { id: admin.id }, mine: true },
    ]);
    await add(userId, advisor, [{ type: 'Other', comment: 'Advisor note.' }]);
    const seen = (await list(userId, conferenceAdmin)).body as Comment[];
    expect(seen.map((c) => c.comment)).toEqual(['Advisor note.', 'Strong sermon.', 'Punctual.']);
    expect(seen.every((c) => !c.mine && c.author.firstName && c.author.lastName)).toBe(true);
  });

  it("needs a type and a text on every row ('Field must be filled out.') and at least one row; nothing is stored from a bad call", async () => {
    const userId = await putTestUser({ firstName: 'Rhea', lastName: 'Rows', locationId: ids.district1 });
    const blank = await add(userId, districtAdmin, [{ type: 'Behavior', comment: 'Fine.' }, { type: 'Behavior', comment: '  ' }]);
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain(FIELD_MUST_BE_FILLED);
    const untyped = await add(userId, districtAdmin, [{ comment: 'No type.' }]);
    expect(JSON.stringify(untyped.body)).toContain(FIELD_MUST_BE_FILLED);
    expect((await add(userId, districtAdmin, [])).status).toBe(400);
    expect((await add(userId, districtAdmin, [{ type: 'Behavior', comment: 'x'.repeat(2001) }])).status).toBe(400);
    expect((await list(userId, districtAdmin)).body).toEqual([]);
  });

  it('are never shown to the user themself, nor to roles without Comment, nor about users the caller cannot see', async () => {
    const participantId = demoUser('participant@example.org').id;
    expect((await add(participantId, districtAdmin, [{ type: 'Character', comment: 'Kind.' }])).status).toBe(201);
    expect((await list(participantId, participant)).status).toBe(403);
    expect((await list(participantId, mentor)).status).toBe(403);
    const adminId = demoUser('district.admin@example.org').id;
    expect((await list(adminId, districtAdmin)).status).toBe(403);
    expect((await add(adminId, districtAdmin, [{ type: 'Other', comment: 'About me.' }])).status).toBe(403);
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Commented', locationId: ids.conference2 });
    expect((await list(elsewhere, conferenceAdmin)).status).toBe(404);
    expect((await add(elsewhere, conferenceAdmin, [{ type: 'Other', comment: 'Hidden.' }])).status).toBe(404);
  });

  it('are removed by their author only: a list holding someone else’s comment removes nothing', async () => {
    const userId = await putTestUser({ firstName: 'Dora', lastName: 'Deleted', locationId: ids.district1 });
    const [mine] = (await add(userId, districtAdmin, [{ type: 'Behavior', comment: 'Mine.' }])).body as Comment[];
    const [theirs] = (await add(userId, advisor, [{ type: 'Behavior', comment: 'Theirs.' }])).body as Comment[];
    const mixed = await remove(userId, districtAdmin, [mine.id, theirs.id]);
    expect(mixed.status).toBe(403);
    expect(((await list(userId, districtAdmin)).body as Comment[]).length).toBe(2);
    expect((await remove(userId, conferenceAdmin, [mine.id])).status).toBe(403);
    expect((await remove(userId, districtAdmin, [mine.id])).body).toEqual({ removed: 1 });
    expect((await remove(userId, advisor, [theirs.id, 'already-gone'])).body).toEqual({ removed: 1 });
    expect((await list(userId, districtAdmin)).body).toEqual([]);
  });
});
