import { handler as groups } from '../../../functions/http/user-group/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import {
  GROUP_CONFERENCE_OF_TRACK,
  GROUPS_PER_TRACK_FULL,
  MEMBER_NEEDS_INTERVIEWER,
  MEMBER_OUTSIDE_CONFERENCE,
  USER_GROUPS_PER_TRACK_MAX,
  type UserGroupView,
} from '../../../shared/schemas/user-group';
import { seedDemo } from '../../support/demo-table';
import { withCountedRequests } from '../../support/dynamo';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { putTestUser } from '../../support/test-users';

/** Interview groups (SPEC.md sections 3, 5, 6 and 8): each rule from both sides, against DynamoDB Local. */
const TRACK: string = DEMO_INSTANCE_IDS.trackTemplate; // Blue Ridge (conference1)
const SYSTEM_TRACK: string = DEMO_INSTANCE_IDS.systemTrack;
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let interviewer: string;
let advisor: string;
let interviewerIds: string[];

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, interviewer, advisor] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'interviewer@example.org', 'advisor@example.org'].map(cookieFor),
  );
  interviewerIds = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => putTestUser({ firstName: 'Group', lastName: `Interviewer${n}`, locationId: ids.district1, role: 'Interviewer' })));
});

const create = (cookie: string, body: Record<string, unknown>) => invoke(groups, '/api/user-group', { method: 'POST', cookie, body: { description: 'Panel', ...body } });
const save = (cookie: string, id: string, body: Record<string, unknown>) => invoke(groups, `/api/user-group/${id}`, { method: 'PATCH', cookie, body: { description: 'Panel', ...body } });
const list = async (cookie: string, trackTemplateId = TRACK) => (await invoke(groups, '/api/user-group/quickSearch', { cookie, query: `where[trackTemplateId]=${trackTemplateId}&limit=50` })).body as { data: UserGroupView[]; count: number };
const rows = (userIds: string[]) => userIds.map((id) => ({ id }));
const storedMembers = async (userGroupId: string) => (await db().entities.userGroupMember.query.byGroup({ userGroupId }).go({ consistent: true })).data.map((m) => m.userId).sort();
const storedGroup = async (userGroupId: string) => (await db().entities.userGroup.get({ userGroupId }).go({ consistent: true })).data;
const groupCount = async (trackTemplateId: string) => (await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true })).data?.userGroupCount ?? 0;

describe('Add Interview Group', () => {
  it('creates the group with its members and memberCount in one write; blank rows are dropped; the track counts it', async () => {
    const before = await groupCount(TRACK);
    const res = await create(conferenceAdmin, { trackTemplateId: TRACK, name: 'Spring panel', conferenceId: ids.conference1, users: [...rows(interviewerIds.slice(0, 2)), { id: '' }, { id: interviewerIds[0] }] });
    expect(res.status).toBe(201);
    const group = res.body as UserGroupView;
    expect(group).toMatchObject({ name: 'Spring panel', memberCount: 2, conference: { id: ids.conference1 }, canManage: true, version: 1 });
    expect(group.users.map((u) => u.id).sort()).toEqual(interviewerIds.slice(0, 2).sort());
    expect(await storedMembers(group.id)).toEqual(interviewerIds.slice(0, 2).sort());
    expect(await groupCount(TRACK)).toBe(before + 1);
  });

  it('takes only active Interviewers (an Advisor or an inactive interviewer is a field message)', async () => {
    const inactive = await putTestUser({ firstName: 'Gone', lastName: 'Interviewer', locationId: ids.district1, role: 'Interviewer', inactive: true });
    for (const userId of ['demo-advisor', inactive]) {
      const res = await create(conferenceAdmin, { trackTemplateId: TRACK, name: 'Wrong people', conferenceId: ids.conference1, users: [{ id: userId }] });
      expect(res.status).toBe(400);
      expect((res.body as { fieldErrors: Record<string, string[]> }).fieldErrors.users).toEqual([MEMBER_NEEDS_INTERVIEWER]);
    }
  });

  it("takes only interviewers placed in the group's conference; a group with no conference takes any", async () => {
    const far = await putTestUser({ firstName: 'Far', lastName: 'Interviewer', locationId: ids.district3, role: 'Interviewer' });
    const refused = await create(superadmin, { trackTemplateId: SYSTEM_TRACK, name: 'Blue Ridge panel', conferenceId: ids.conference1, users: rows([interviewerIds[0], far]) });
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.users).toEqual([MEMBER_OUTSIDE_CONFERENCE]);
    const open = await create(superadmin, { trackTemplateId: SYSTEM_TRACK, name: 'Everywhere panel', conferenceId: '0', users: rows([interviewerIds[0], far]) });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ conference: null, memberCount: 2 });
  });

  it("keeps a conference track's groups in its conference", async () => {
    const res = await create(superadmin, { trackTemplateId: TRACK, name: 'Elsewhere', conferenceId: ids.conference2 });
    expect(res.status).toBe(400);
    expect((res.body as { fieldErrors: Record<string, string[]> }).fieldErrors.conferenceId).toEqual([GROUP_CONFERENCE_OF_TRACK]);
  });

  it('is for those who update TrackInstance where the track is and write UserGroup where the group is', async () => {
    // A district admin reads the track but the conference's groups are not theirs; an interviewer updates instances but no groups.
    expect((await create(districtAdmin, { trackTemplateId: TRACK, name: 'District try', conferenceId: ids.conference1 })).status).toBe(403);
    expect((await create(interviewer, { trackTemplateId: TRACK, name: 'Interviewer try', conferenceId: ids.conference1 })).status).toBe(403);
    // No assigned location: no permission names the system scope, so only a superadmin.
    expect((await create(conferenceAdmin, { trackTemplateId: TRACK, name: 'Nowhere', conferenceId: '0' })).status).toBe(403);
    expect((await create(superadmin, { trackTemplateId: TRACK, name: 'Nowhere', conferenceId: '0' })).status).toBe(201);
  });

  it(`refuses a group past the track limit of ${USER_GROUPS_PER_TRACK_MAX}`, async () => {
    const trackTemplateId = `groups-full-${Date.now()}`;
    await db().entities.trackTemplate.create({ trackTemplateId, name: 'Full track', description: 'Full', conferenceId: ids.conference1, userGroupCount: USER_GROUPS_PER_TRACK_MAX - 1 }).go();
    expect((await create(conferenceAdmin, { trackTemplateId, name: 'Last one', conferenceId: ids.conference1 })).status).toBe(201);
    const full = await create(conferenceAdmin, { trackTemplateId, name: 'One too many', conferenceId: ids.conference1 });
    expect(full.status).toBe(422);
    expect((full.body as { message: string }).message).toBe(GROUPS_PER_TRACK_FULL);
  });
});

describe('visibility (SPEC.md section 6)', () => {
  let hidden: string;
  let open: string;

  beforeAll(async () => {
    hidden = ((await create(superadmin, { trackTemplateId: SYSTEM_TRACK, name: 'Prairie panel', conferenceId: ids.conference2 })).body as UserGroupView).id;
    open = ((await create(superadmin, { trackTemplateId: SYSTEM_TRACK, name: 'Open panel', conferenceId: '0' })).body as UserGroupView).id;
  });

  it('shows a superadmin every group, others the groups with no conference or of a conference where they hold a permission', async () => {
    expect((await list(superadmin, SYSTEM_TRACK)).data.map((g) => g.id)).toEqual(expect.arrayContaining([hidden, open]));
    for (const cookie of [conferenceAdmin, interviewer, districtAdmin]) {
      const seen = (await list(cookie, SYSTEM_TRACK)).data.map((g) => g.id);
      expect(seen).toContain(open);
      expect(seen).not.toContain(hidden);
    }
    expect((await invoke(groups, `/api/user-group/${hidden}`, { cookie: conferenceAdmin })).status).toBe(404);
    expect((await invoke(groups, `/api/user-group/${hidden}`, { cookie: superadmin })).status).toBe(200);
    const prairie = await putTestUser({ firstName: 'Prairie', lastName: 'Interviewer', locationId: ids.district3, role: 'Interviewer' });
    const prairieCookie = `${sessionCookieName()}=${(await openSession(prairie, { secondFactor: false })).token}`;
    expect((await list(prairieCookie, SYSTEM_TRACK)).data.map((g) => g.id)).toEqual(expect.arrayContaining([hidden, open]));
  });

  it('counts only what the caller sees, and refuses callers without read on UserGroup', async () => {
    const seenBySuperadmin = (await invoke(groups, '/api/user-group/count', { cookie: superadmin, query: `where[trackTemplateId]=${SYSTEM_TRACK}` })).body as number;
    const seenByAdmin = (await invoke(groups, '/api/user-group/count', { cookie: conferenceAdmin, query: `where[trackTemplateId]=${SYSTEM_TRACK}` })).body as number;
    expect(seenByAdmin).toBeLessThan(seenBySuperadmin);
    expect((await invoke(groups, '/api/user-group', { cookie: advisor, query: `where[trackTemplateId]=${TRACK}` })).status).toBe(403);
  });

  it('marks only the groups the caller may change as manageable', async () => {
    const seen = (await list(conferenceAdmin, SYSTEM_TRACK)).data.find((g) => g.id === open)!;
    expect(seen.canManage).toBe(false);
    expect((await save(conferenceAdmin, open, { name: 'Taken over', conferenceId: '0', version: seen.version })).status).toBe(403);
  });
});

describe('Manage Interview Group', () => {
  const newGroup = async (users: string[]) =>
    (await create(conferenceAdmin, { trackTemplateId: TRACK, name: `Panel ${Math.random()}`, conferenceId: ids.conference1, users: rows(users) })).body as UserGroupView;

  it('replaces the members on the version read, memberCount with them; a stale version is 409', async () => {
    const group = await newGroup(interviewerIds.slice(0, 2));
    const saved = await save(conferenceAdmin, group.id, { name: 'Renamed', conferenceId: ids.conference1, users: rows([interviewerIds[1], interviewerIds[2], '']), version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Renamed', memberCount: 2, version: 2 });
    expect(await storedMembers(group.id)).toEqual([interviewerIds[1], interviewerIds[2]].sort());
    const stale = await save(conferenceAdmin, group.id, { name: 'Late', conferenceId: ids.conference1, users: [], version: 1 });
    expect(stale.status).toBe(409);
    expect((await storedGroup(group.id))?.name).toBe('Renamed');
  });

  it('keeps memberCount exact under concurrent saves: one wins, the others are 409', async () => {
    const group = await newGroup([interviewerIds[0]]);
    const choices = [interviewerIds.slice(0, 1), interviewerIds.slice(0, 2), interviewerIds.slice(1, 4), interviewerIds, []];
    const results = await Promise.all(choices.map((users, n) => save(conferenceAdmin, group.id, { name: `Race ${n}`, conferenceId: ids.conference1, users: rows(users), version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = choices[results.findIndex((r) => r.status === 200)];
    const stored = await storedGroup(group.id);
    expect(await storedMembers(group.id)).toEqual([...winner].sort());
    expect(stored?.memberCount).toBe(winner.length);
    expect(stored?.version).toBe(2);
  });

  it('reads a group in one Query and the tab in a bounded number of requests', async () => {
    const group = await newGroup(interviewerIds.slice(0, 3));
    const { result, requests } = await withCountedRequests(() => invoke(groups, `/api/user-group/${group.id}`, { cookie: conferenceAdmin }));
    expect(result.status).toBe(200);
    expect((result.body as UserGroupView).users).toHaveLength(3);
    // Session (1) + the group's collection (1) + the track and its conference (2) + the group's conference (1).
    expect(requests).toBeLessThanOrEqual(6);
  });
});

describe('delete', () => {
  it('removes the group with its members and the track counter moves back; others are refused', async () => {
    const group = (await create(conferenceAdmin, { trackTemplateId: TRACK, name: 'Short lived', conferenceId: ids.conference1, users: rows(interviewerIds.slice(0, 2)) })).body as UserGroupView;
    const before = await groupCount(TRACK);
    expect((await invoke(groups, `/api/user-group/${group.id}`, { method: 'DELETE', cookie: districtAdmin })).status).toBe(403);
    expect((await invoke(groups, `/api/user-group/${group.id}`, { method: 'DELETE', cookie: interviewer })).status).toBe(403);
    expect((await invoke(groups, `/api/user-group/${group.id}`, { method: 'DELETE', cookie: conferenceAdmin })).status).toBe(204);
    expect(await storedGroup(group.id)).toBeNull();
    expect(await storedMembers(group.id)).toEqual([]);
    expect(await groupCount(TRACK)).toBe(before - 1);
    expect((await invoke(groups, `/api/user-group/${group.id}`, { method: 'DELETE', cookie: conferenceAdmin })).status).toBe(404);
  });
});

describe('Delete Track', () => {
  it("takes the track's interview groups and their members with it", async () => {
    const trackTemplateId = `groups-deleted-${Date.now()}`;
    await db().entities.trackTemplate.create({ trackTemplateId, name: 'Going away', description: 'Deleted with its groups', conferenceId: ids.conference1 }).go();
    const made = await create(conferenceAdmin, { trackTemplateId, name: 'Doomed panel', conferenceId: ids.conference1, users: rows(interviewerIds.slice(0, 2)) });
    expect(made.status).toBe(201);
    const started = await invoke(tracks, `/api/track/delete-track/${trackTemplateId}`, { method: 'POST', cookie: conferenceAdmin });
    expect(started.status).toBe(202);
    expect((await runJobToEnd((started.body as { jobId: string }).jobId, jobKinds))?.status).toBe('succeeded');
    const groupId = (made.body as UserGroupView).id;
    expect(await storedGroup(groupId)).toBeNull();
    expect(await storedMembers(groupId)).toEqual([]);
  });
});

describe('interviewer search for a group', () => {
  it("keeps Interviewers placed in the group's conference, less those already chosen; another conference has nobody for its outsiders", async () => {
    const far = await putTestUser({ firstName: 'Group', lastName: 'InterviewerFar', locationId: ids.district3, role: 'Interviewer' });
    const search = async (cookie: string, query: string) => ((await invoke(users, '/api/user/people-search', { cookie, query: `text=group&purpose=interviewer&${query}` })).body as Array<{ id: string }>).map((p) => p.id);
    const inBlueRidge = await search(superadmin, `conferenceId=${ids.conference1}&exclude=${interviewerIds[0]}`);
    expect(inBlueRidge).toEqual(expect.arrayContaining(interviewerIds.slice(1)));
    expect(inBlueRidge).not.toContain(interviewerIds[0]);
    expect(inBlueRidge).not.toContain(far);
    expect(await search(superadmin, 'conferenceId=0')).toEqual(expect.arrayContaining([...interviewerIds, far]));
    expect(await search(conferenceAdmin, `conferenceId=${ids.conference2}`)).toEqual([]);
  });
});
