import { randomUUID } from 'node:crypto';
import { handler as users } from '../../../functions/http/user/handler';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { ALREADY_MERGED, KEEP_ONE_OF_THEIR_NAMES, MERGE_SAME_USER, TARGET_MERGED } from '../../../shared/api/user-merge';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_USERS } from '../../../functions/db/seed/demo-people';
import { enrolmentClaim } from '../../../functions/core/enrolments/enrol-writes';

/** Merge Users (SPEC.md sections 4, 5 and 7; issue 9 item 4). */
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
});

const merge = (cookie: string, body: Record<string, unknown>) => invoke(users, '/api/user/user-profile/merge', { method: 'PATCH', cookie, body });
const userOf = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;

/** A source with something of every kind it can own, and a target with some of the same. */
async function pair() {
  const from = await putTestUser({ firstName: 'Robert', lastName: 'Smyth', locationId: ids.church1, role: 'Mentor' });
  const to = await putTestUser({ firstName: 'Bob', lastName: 'Smith', locationId: ids.district3 });
  const [source, target] = await Promise.all([userOf(from), userOf(to)]);
  const church = (await db().entities.location.get({ locationId: ids.church1 }).go()).data!;
  const now = new Date().toISOString();
  const summary = (user: typeof source) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const mentee = await putTestUser({ firstName: 'Menna', lastName: 'Tee', locationId: ids.church1 });
  await Promise.all([
    db().entities.userEmail.put({ email: source.email, userId: from }).go(),
    db().entities.userRole.put({ userId: from, roleId: systemRoleByName('Participant').id, roleName: 'Participant' }).go(),
    db().entities.churchMembership.create({ userId: from, membershipId: randomUUID(), churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary: true }).go(),
    db().entities.alias.put({ userId: from, aliasId: randomUUID(), alias: 'Robbie' }).go(),
    db().entities.userTag.put({ userId: from, tagId: 'tag-choir', name: 'Choir' }).go(),
    ...Array.from({ length: 30 }, (_, index) =>
      db().entities.comment.put({ userId: from, commentId: `c-${String(index).padStart(3, '0')}`, type: 'Behavior', comment: `Note ${index}`, author: { id: 'demo-superadmin', firstName: 'Sam', lastName: 'Okafor' }, createdAt: now }).go(),
    ),
    db().entities.mentorAssignment.put({ userId: mentee, mentorId: from, mentee: summary(source), mentor: summary(source), createdAt: now }).go(),
    db().entities.mentorAssignment.put({ userId: from, mentorId: to, mentee: summary(source), mentor: summary(target), createdAt: now }).go(),
    db().entities.uploadedFile.put({ userId: from, fileKey: `k-${randomUUID()}`, name: 'cv.pdf', status: 'confirmed', kind: 'Document', targetType: 'avatar', targetId: from, contentType: 'application/pdf', size: 10 }).go(),
  ]);
  return { from, to, mentee, source, target };
}

async function partitionOf(userId: string) {
  const { data } = await db().collections.userProfile({ userId }).go({ consistent: true, pages: 'all' });
  return data;
}

describe('PATCH /api/user/user-profile/merge', () => {
  it('commits the decisive part at once, then moves everything the source owns to the target through the job', async () => {
    const { from, to, mentee, source } = await pair();
    const { token } = await openSession(from, { secondFactor: false });
    const theirCookie = `${sessionCookieName()}=${token}`;

    const res = await merge(superadmin, { fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    expect(res.status).toBe(202);

    // The decisive part, before any job step.
    expect(await userOf(from)).toMatchObject({ inactive: true, mergedUserId: to });
    expect(await userOf(to)).toMatchObject({ firstName: 'Robert', lastName: 'Smith', inactive: false });
    expect((await db().entities.userEmail.get({ email: source.email }).go({ consistent: true })).data?.userId).toBe(to);
    expect((await invoke(users, '/api/user/user', { cookie: theirCookie })).status).toBe(401);
    const profile = await invoke(users, `/api/user/get-user/${from}`, { cookie: superadmin });
    expect(profile.body).toMatchObject({ mergedUserId: to, inactive: true });

    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ moved: { roles: 2, permissions: 1, memberships: 1, aliases: 1, tags: 1, comments: 30, mentors: 1, mentees: 1, files: 1 } });

    const after = await partitionOf(to);
    expect(after.userRole.map((role) => role.roleName).sort()).toEqual(['Mentor', 'Participant']);
    expect(after.permission.map((permission) => permission.entityId).sort()).toEqual([ids.church1, ids.district3].sort());
    expect(after.permission.filter((permission) => permission.primary)).toHaveLength(1);
    expect(after.churchMembership).toHaveLength(1);
    expect(after.alias.map((alias) => alias.alias)).toEqual(['Robbie']);
    expect(after.userTag.map((tag) => tag.name)).toEqual(['Choir']);
    expect(after.comment).toHaveLength(30);
    // The source's own mentor was the target: nobody mentors themselves.
    expect(after.mentorAssignment).toHaveLength(0);
    const { data: menteeLinks } = await db().entities.mentorAssignment.query.byMentee({ userId: mentee }).go({ consistent: true });
    expect(menteeLinks).toMatchObject([{ mentorId: to, mentor: { firstName: 'Robert', lastName: 'Smith' } }]);
    expect((await db().entities.uploadedFile.query.byUser({ userId: to }).go({ consistent: true })).data).toHaveLength(1);

    const left = await partitionOf(from);
    for (const kind of ['userRole', 'permission', 'churchMembership', 'alias', 'userTag', 'comment', 'mentorAssignment', 'session'] as const) expect(left[kind]).toHaveLength(0);
    expect(left.user).toHaveLength(1);
    expect((await db().entities.uploadedFile.query.byUser({ userId: from }).go({ consistent: true })).data).toHaveLength(0);
  });

  it('cannot run twice: a second merge of the source, or into a merged user, is refused and changes nothing', async () => {
    const { from, to } = await pair();
    const third = await putTestUser({ firstName: 'Third', lastName: 'Person', locationId: ids.district1 });
    const attempts = await Promise.all([
      merge(superadmin, { fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' }),
      merge(superadmin, { fromUserId: from, toUserId: third, firstName: 'Third', lastName: 'Person' }),
    ]);
    expect(attempts.filter((attempt) => attempt.status === 202)).toHaveLength(1);
    const winner = attempts.find((attempt) => attempt.status === 202)!;
    const loser = attempts.find((attempt) => attempt !== winner)!;
    expect([409, 422]).toContain(loser.status);
    const mergedInto = (await userOf(from)).mergedUserId;
    expect([to, third]).toContain(mergedInto);

    const again = await merge(superadmin, { fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ALREADY_MERGED);
    const into = await merge(superadmin, { fromUserId: third === mergedInto ? to : third, toUserId: from, firstName: 'Robert', lastName: 'Smyth' });
    expect(into.status).toBe(422);
    expect(into.body.message).toBe(TARGET_MERGED);
    expect((await userOf(from)).mergedUserId).toBe(mergedInto);
  });

  it('resumes after an interruption: a step that crashed after its work is repeated and nothing is moved twice', async () => {
    const { from, to } = await pair();
    const res = await merge(superadmin, { fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' });
    for (let step = 0; step < 4; step++) await runJobStep(res.body.jobId, jobKinds);
    jobFaults.failAfterWork = true;
    try {
      await expect(runJobStep(res.body.jobId, jobKinds)).rejects.toThrow(/Injected/);
    } finally {
      jobFaults.failAfterWork = false;
    }
    // The crashed step still holds its lease: the sweeper picks it up once the lease lapses.
    await db().entities.job.patch({ jobId: res.body.jobId }).set({ leaseUntil: 0 }).go();
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    const after = await partitionOf(to);
    expect(after.comment).toHaveLength(30);
    expect(after.userRole).toHaveLength(2);
    expect(after.permission).toHaveLength(2);
    expect((await partitionOf(from)).comment).toHaveLength(0);
  });

  it('moves enrolments (steps, forms, claim), assignments and interview groups; an enrolment in a track the target is already in stays with the merged user', async () => {
    const from = await putTestUser({ firstName: 'Robert', lastName: 'Smyth', locationId: ids.district1, role: 'Advisor' });
    const to = await putTestUser({ firstName: 'Bob', lastName: 'Smith', locationId: ids.district1, role: 'Advisor' });
    const other = await putTestUser({ firstName: 'Olive', lastName: 'Other', locationId: ids.district1 });
    const [candidacy, licensing] = [DEMO_INSTANCE_IDS.trackTemplate, DEMO_INSTANCE_IDS.systemTrack];
    const enrol = async (trackTemplateId: string, participantId: string, advisorIds: string[] = []) => {
      const trackInstanceId = await putEnrolment({ trackTemplateId, participantId, districtId: ids.district1, advisorIds });
      await db().entities.claim.put({ ...enrolmentClaim(trackTemplateId, participantId), ownerId: trackInstanceId }).go();
      return trackInstanceId;
    };
    // The source's enrolment with a step and a form; one in a track the target is also in (whose advisor is the source).
    const moving = await enrol(candidacy, from, [DEMO_USERS.find((u) => u.role === 'Advisor')!.id]);
    await db().entities.stepInstance.put({ trackInstanceId: moving, stepInstanceId: `${moving}-step`, trackTemplateId: candidacy, phaseId: 'p', stepTemplateId: 's', participantId: from, status: 'Ready' }).go();
    await db().entities.formInstance.put({ trackInstanceId: moving, formInstanceId: `${moving}-form`, stepInstanceId: `${moving}-step`, contentInstanceId: 'c', participantId: from, formId: 'f', formVersion: 1, title: 'T', trackName: 'Candidacy Pathway', phaseName: 'P', stepName: 'S', data: {}, submitted: false }).go();
    await db().entities.stepContentInstance.put({ trackInstanceId: moving, stepInstanceId: `${moving}-step`, contentInstanceId: `${moving}-upload`, contentTemplateId: 'ct', type: 'Upload', upload: { submitted: false, files: [{ id: 'f1', fileKey: 'k1', name: 'cv.pdf', uploadedBy: from }] } }).go();
    const kept = await enrol(licensing, from);
    const targets = await enrol(licensing, to, [from]);
    // The source advises another participant, and advises alongside the target on a third enrolment.
    const advised = await enrol(candidacy, other, [from]);
    // Interview groups: one with the source only, one with both.
    const member = (userGroupId: string, userId: string) => db().entities.userGroupMember.put({ userGroupId, userId, user: { firstName: 'x', lastName: 'y', email: 'x@example.org' } }).go();
    const [solo, both] = [`group-${randomUUID()}`, `group-${randomUUID()}`];
    await db().entities.userGroup.put({ userGroupId: solo, name: 'Solo', conferenceId: ids.conference1, memberCount: 1 }).go();
    await db().entities.userGroup.put({ userGroupId: both, name: 'Both', conferenceId: ids.conference1, memberCount: 2 }).go();
    await Promise.all([member(solo, from), member(both, from), member(both, to)]);

    const res = await merge(superadmin, { fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ moved: { enrolments: 1, enrolmentsKept: 1, assignments: 1, interviewGroups: 1 } });

    const instance = async (trackInstanceId: string) => (await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true })).data!;
    expect(await instance(moving)).toMatchObject({ participantId: to, participant: { firstName: 'Robert', lastName: 'Smith' }, sortName: 'smith robert', version: 2 });
    expect((await db().entities.stepInstance.get({ trackInstanceId: moving, stepInstanceId: `${moving}-step` }).go()).data?.participantId).toBe(to);
    expect((await db().entities.formInstance.query.byParticipant({ participantId: to }).go()).data.map((f) => f.formInstanceId)).toEqual([`${moving}-form`]);
    expect((await db().entities.claim.get(enrolmentClaim(candidacy, to)).go()).data?.ownerId).toBe(moving);
    // The upload names the target as its uploader, where the files mover put the record.
    const upload = (await db().entities.stepContentInstance.get({ trackInstanceId: moving, stepInstanceId: `${moving}-step`, contentInstanceId: `${moving}-upload` }).go()).data!;
    expect(upload).toMatchObject({ version: 2, upload: { files: [{ fileKey: 'k1', uploadedBy: to }] } });
    expect((await db().entities.claim.get(enrolmentClaim(candidacy, from)).go()).data).toBeNull();
    expect((await db().entities.trackAssignee.query.byInstance({ trackInstanceId: moving }).go()).data.every((a) => a.participantId === to)).toBe(true);
    // Kept: one enrolment per person and track.
    expect((await instance(kept)).participantId).toBe(from);
    expect((await db().entities.claim.get(enrolmentClaim(licensing, to)).go()).data?.ownerId).toBe(targets);
    // Assignments: the source's advising moved; on the target's own enrolment it ended.
    expect((await instance(advised)).assignees.map((a) => a.userId)).toEqual([to]);
    expect((await db().entities.trackAssignee.query.byAssignee({ assigneeId: to }).go()).data.map((a) => a.trackInstanceId)).toEqual([advised]);
    expect((await instance(targets)).assignees).toEqual([]);
    expect((await db().entities.trackAssignee.query.byAssignee({ assigneeId: from }).go()).data).toEqual([]);
    // Groups: the target joins the one, and the one they shared counts one member.
    expect((await db().entities.userGroupMember.query.byUser({ userId: to }).go()).data.map((m) => m.userGroupId).sort()).toEqual([solo, both].sort());
    expect((await db().entities.userGroup.get({ userGroupId: both }).go()).data?.memberCount).toBe(1);
    expect((await db().entities.userGroupMember.query.byUser({ userId: from }).go()).data).toEqual([]);
  });

  it('is for manage-all callers only; bad choices are field errors; unknown users 404', async () => {
    const a = await putTestUser({ firstName: 'Ann', lastName: 'One', locationId: ids.district1 });
    const b = await putTestUser({ firstName: 'Ben', lastName: 'Two', locationId: ids.district1 });
    // A conference admin sees both users and still may not merge them.
    for (const email of ['conference.admin@example.org', 'district.admin@example.org', 'participant@example.org']) {
      expect((await merge(await cookieFor(email), { fromUserId: a, toUserId: b, firstName: 'Ann', lastName: 'One' })).status).toBe(403);
    }
    const same = await merge(superadmin, { fromUserId: a, toUserId: a, firstName: 'Ann', lastName: 'One' });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain(MERGE_SAME_USER);
    const invented = await merge(superadmin, { fromUserId: a, toUserId: b, firstName: 'Zed', lastName: 'One' });
    expect(invented.status).toBe(400);
    expect(JSON.stringify(invented.body)).toContain(KEEP_ONE_OF_THEIR_NAMES);
    expect((await merge(superadmin, { fromUserId: a, toUserId: 'no-such-user', firstName: 'Ann', lastName: 'One' })).status).toBe(404);
    expect(await userOf(a)).toMatchObject({ inactive: false });
    expect((await userOf(a)).mergedUserId).toBeUndefined();
  });
});
