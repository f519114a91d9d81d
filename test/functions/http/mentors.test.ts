import { handler as users } from '../../../functions/http/user/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { MENTOR_ALREADY, MENTOR_NEEDS_ROLE, MENTOR_SELF } from '../../../shared/schemas/mentors';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** People search and mentor links (SPEC.md sections 5 and 6), each rule from both sides. */
let districtAdmin: string;
let conferenceAdmin: string;
let mentor: string;
let advisor: string;
let interviewer: string;

beforeAll(async () => {
  await seedDemo();
  [districtAdmin, conferenceAdmin, mentor, advisor, interviewer] = await Promise.all(
    ['district.admin@example.org', 'conference.admin@example.org', 'mentor@example.org', 'advisor@example.org', 'interviewer@example.org'].map(cookieFor),
  );
});

type Person = { id: string; firstName: string; lastName: string };
type Link = { user: Person };
const search = async (cookie: string, query: string) => invoke(users, '/api/user/people-search', { cookie, query });
const assign = (menteeId: string, cookie: string, mentorId: unknown) => invoke(users, `/api/user/${menteeId}/assign`, { method: 'POST', cookie, body: { mentorId } });
const mentorsOf = async (userId: string, cookie = districtAdmin) => ((await invoke(users, `/api/user/${userId}/mentors`, { cookie })).body as Link[]).map((link) => link.user.id);
const menteesOf = async (userId: string, cookie = districtAdmin) => ((await invoke(users, `/api/user/${userId}/mentees`, { cookie })).body as Link[]).map((link) => link.user.id);

describe('people search', () => {
  it('starts only with text, matches name, first or last name by word prefix, leaves out inactive users and people outside the caller’s scope', async () => {
    const zelda = await putTestUser({ firstName: 'Zelda', lastName: 'Quorum', locationId: ids.district1 });
    const gone = await putTestUser({ firstName: 'Zelda', lastName: 'Gone', locationId: ids.district1, inactive: true });
    const far = await putTestUser({ firstName: 'Zelda', lastName: 'Far', locationId: ids.conference2 });
    expect((await search(districtAdmin, 'text=')).body).toEqual([]);
    for (const text of ['zel', 'quor', 'zelda quo', 'quorum zel']) expect(((await search(districtAdmin, `text=${encodeURIComponent(text)}`)).body as Person[]).map((p) => p.id)).toEqual([zelda]);
    const ids_ = ((await search(conferenceAdmin, 'text=zelda')).body as Person[]).map((p) => p.id);
    expect(ids_).toContain(zelda);
    expect(ids_).not.toContain(gone);
    expect(ids_).not.toContain(far);
    // An email start alone is not a name match.
    expect((await search(districtAdmin, `text=${encodeURIComponent(`zelda.quorum.${zelda.slice(-6)}@`)}`)).body).toEqual([]);
  });

  it('keeps the purpose’s limit and role: mentor search finds Mentors only, 15 at most; role assignment needs its role', async () => {
    await Promise.all(Array.from({ length: 17 }, (_, n) => putTestUser({ firstName: 'Limit', lastName: `Mentor${String(n).padStart(2, '0')}`, locationId: ids.district1, role: 'Mentor' })));
    const plain = await putTestUser({ firstName: 'Limit', lastName: 'Plain', locationId: ids.district1 });
    const mentors = (await search(districtAdmin, 'text=limit&purpose=mentor')).body as Person[];
    expect(mentors).toHaveLength(15);
    expect(mentors.map((p) => p.id)).not.toContain(plain);
    expect(((await search(districtAdmin, 'text=limit&purpose=user')).body as Person[]).length).toBe(15);
    expect(((await search(districtAdmin, 'text=limit&purpose=merge')).body as Person[]).length).toBe(18);
    expect((await search(districtAdmin, 'text=limit&purpose=roleAssignment')).status).toBe(400);
    expect(((await search(districtAdmin, `text=limit&purpose=roleAssignment&roleId=role-mentor&exclude=${mentors[0].id}`)).body as Person[]).map((p) => p.id)).not.toContain(mentors[0].id);
  });
});

describe('mentor links', () => {
  it('an administrator links a Mentor to a user; both sides read it; options leave out the mentee and their mentors', async () => {
    const mentee = await putTestUser({ firstName: 'Milo', lastName: 'Mentee', locationId: ids.district1 });
    const guide = await putTestUser({ firstName: 'Greta', lastName: 'Guide', locationId: ids.district1, role: 'Mentor' });
    const options = async () => ((await invoke(users, '/api/user/get-mentor-options', { method: 'POST', cookie: districtAdmin, body: { userId: mentee, mentorSearch: 'greta' } })).body as Person[]).map((p) => p.id);
    expect(await options()).toEqual([guide]);
    const linked = await assign(mentee, districtAdmin, guide);
    expect(linked.status).toBe(201);
    expect(await mentorsOf(mentee)).toEqual([guide]);
    expect(await menteesOf(guide)).toEqual([mentee]);
    expect(await options()).toEqual([]);
    expect((await assign(mentee, conferenceAdmin, guide)).body).toMatchObject({ message: MENTOR_ALREADY });
  });

  it('refuses self-mentoring, mentors without the Mentor role, no choice, and linking by those who do not administer the user', async () => {
    const mentee = await putTestUser({ firstName: 'Nia', lastName: 'Mentee', locationId: ids.district1, role: 'Mentor' });
    const plain = await putTestUser({ firstName: 'Pat', lastName: 'Plain', locationId: ids.district1 });
    expect((await assign(mentee, districtAdmin, mentee)).body).toMatchObject({ message: MENTOR_SELF });
    expect((await assign(mentee, districtAdmin, plain)).body).toMatchObject({ message: MENTOR_NEEDS_ROLE });
    const empty = await assign(mentee, districtAdmin, '');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('No user selected');
    const guide = await putTestUser({ firstName: 'Gil', lastName: 'Guide', locationId: ids.district1, role: 'Mentor' });
    expect((await assign(mentee, advisor, guide)).status).toBe(403);
    expect((await assign(mentee, mentor, guide)).status).toBe(403);
    const far = await putTestUser({ firstName: 'Far', lastName: 'Mentee', locationId: ids.conference2 });
    expect((await assign(far, conferenceAdmin, guide)).status).toBe(404);
    expect(await mentorsOf(mentee)).toEqual([]);
  });

  it('a Mentor assigns themself to a mentee sharing an active location, once, and never to themself or elsewhere', async () => {
    const mentorId = demoUser('mentor@example.org').id;
    const near = await putTestUser({ firstName: 'Near', lastName: 'Mentee', locationId: ids.district1 });
    const lakeside = await putTestUser({ firstName: 'Lake', lastName: 'Mentee', locationId: ids.district2 });
    expect((await assign(near, mentor, mentorId)).status).toBe(201);
    expect((await assign(near, mentor, mentorId)).body).toMatchObject({ message: MENTOR_ALREADY });
    expect((await assign(mentorId, mentor, mentorId)).body).toMatchObject({ message: MENTOR_SELF });
    expect([403, 404]).toContain((await assign(lakeside, mentor, mentorId)).status);
    expect(await menteesOf(mentorId, mentor)).toContain(near);
    expect(await mentorsOf(near, mentor)).toEqual([mentorId]);
  });

  it('unlinks from either side (administrators only); Interviewers do not read mentor links', async () => {
    const mentee = await putTestUser({ firstName: 'Una', lastName: 'Unlinked', locationId: ids.district1 });
    const [g1, g2] = await Promise.all([1, 2].map((n) => putTestUser({ firstName: `Guide${n}`, lastName: 'Unlinked', locationId: ids.district1, role: 'Mentor' })));
    await assign(mentee, districtAdmin, g1);
    await assign(mentee, districtAdmin, g2);
    expect((await invoke(users, `/api/user/${mentee}/mentors`, { cookie: interviewer })).status).toBe(403);
    expect((await invoke(users, `/api/user/${mentee}/unassign-mentors-from-user`, { method: 'DELETE', cookie: mentor, body: { mentorIds: [g1] } })).status).toBe(403);
    expect((await invoke(users, `/api/user/${mentee}/unassign-mentors-from-user`, { method: 'DELETE', cookie: districtAdmin, body: { mentorIds: [g1] } })).body).toEqual({ removed: 1 });
    expect((await invoke(users, `/api/user/${g2}/unassign-mentees-from-user`, { method: 'DELETE', cookie: conferenceAdmin, body: { menteeIds: [mentee] } })).body).toEqual({ removed: 1 });
    expect(await mentorsOf(mentee)).toEqual([]);
    expect(await menteesOf(g2)).toEqual([]);
  });
});
