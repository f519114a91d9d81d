import { randomUUID } from 'node:crypto';
import { handler as users } from '../../../functions/http/user/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { undoMerge } from '../../../functions/core/people/merge/merge-undo';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { ALREADY_UNDONE, MERGE_UNDO_DAYS, UNDO_TOO_LATE, UNDO_WHILE_MOVING } from '../../../shared/api/user-merge-undo';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { callerOf, entriesOf } from '../../support/audit-entries';
import { putEnrolment } from '../../support/enrolments';
import { enrolmentClaim } from '../../../functions/core/enrolments/enrol-writes';
import { removeLoadedInstance } from '../../../functions/core/enrolments/instance-remove';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_USERS } from '../../../functions/db/seed/demo-people';

/** Undo merge (issue 25, item 5): the merge record, the undo's decisive part and its job. */
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
});

const merge = (body: Record<string, unknown>) => invoke(users, '/api/user/user-profile/merge', { method: 'PATCH', cookie: superadmin, body });
const undo = (cookie: string, fromUserId: string) => invoke(users, '/api/user/user-profile/merge/undo', { method: 'PATCH', cookie, body: { fromUserId } });
const undoState = (cookie: string, userId: string) => invoke(users, `/api/user/user-profile/${userId}/merge-undo`, { cookie });
const userOf = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;

/** Two people each owning every kind of item the undo moves back, some of them shared. */
async function pair() {
  const from = await putTestUser({ firstName: 'Robert', lastName: 'Smyth', locationId: ids.church1, role: 'Mentor' });
  const to = await putTestUser({ firstName: 'Bob', lastName: 'Smith', locationId: ids.district3, role: 'Mentor' });
  const [source, target] = await Promise.all([userOf(from), userOf(to)]);
  const church = (await db().entities.location.get({ locationId: ids.church1 }).go()).data!;
  const now = new Date().toISOString();
  const summary = (user: typeof source) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const [mentee, mentor] = await Promise.all([putTestUser({ firstName: 'Menna', lastName: 'Tee', locationId: ids.church1 }), putTestUser({ firstName: 'Mona', lastName: 'Tor', locationId: ids.church1 })]);
  const [solo, both] = [`group-${randomUUID()}`, `group-${randomUUID()}`];
  const member = (userGroupId: string, user: typeof source) => db().entities.userGroupMember.put({ userGroupId, userId: user.userId, user: summary(user) }).go();
  const membership = (userId: string, primary: boolean) =>
    db().entities.churchMembership.create({ userId, membershipId: randomUUID(), churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary }).go();
  await Promise.all([
    db().entities.userEmail.put({ email: source.email, userId: from }).go(),
    db().entities.userEmail.put({ email: target.email, userId: to }).go(),
    db().entities.userRole.put({ userId: from, roleId: systemRoleByName('Participant').id, roleName: 'Participant' }).go(),
    // Both are members of the same church: the source's arrives inactive.
    membership(from, true),
    membership(to, true),
    // Aliases: one the target has too (dropped), one it lacks.
    db().entities.alias.put({ userId: from, aliasId: randomUUID(), alias: 'Robbie' }).go(),
    db().entities.alias.put({ userId: from, aliasId: randomUUID(), alias: 'Bobby' }).go(),
    db().entities.alias.put({ userId: to, aliasId: randomUUID(), alias: 'bobby' }).go(),
    // Tags: one both carry.
    db().entities.userTag.put({ userId: from, tagId: 'tag-choir', name: 'Choir' }).go(),
    db().entities.userTag.put({ userId: to, tagId: 'tag-choir', name: 'Choir' }).go(),
    db().entities.userTag.put({ userId: from, tagId: 'tag-youth', name: 'Youth' }).go(),
    ...Array.from({ length: 30 }, (_, index) =>
      db().entities.comment.put({ userId: from, commentId: `c-${String(index).padStart(3, '0')}`, type: 'Behavior', comment: `Note ${index}`, author: { id: 'demo-superadmin', firstName: 'Sam', lastName: 'Okafor' }, createdAt: now }).go(),
    ),
    db().entities.comment.put({ userId: to, commentId: 'c-target', type: 'Behavior', comment: 'Target note', author: { id: 'demo-superadmin', firstName: 'Sam', lastName: 'Okafor' }, createdAt: now }).go(),
    // Mentor links: the source mentors someone, has a mentor, and is mentored by the target (dropped).
    db().entities.mentorAssignment.put({ userId: mentee, mentorId: from, mentee: { firstName: 'Menna', lastName: 'Tee', email: 'm@example.org' }, mentor: summary(source), createdAt: now }).go(),
    db().entities.mentorAssignment.put({ userId: from, mentorId: mentor, mentee: summary(source), mentor: { firstName: 'Mona', lastName: 'Tor', email: 'mo@example.org' }, createdAt: now }).go(),
    db().entities.mentorAssignment.put({ userId: from, mentorId: to, mentee: summary(source), mentor: summary(target), createdAt: now }).go(),
    db().entities.uploadedFile.put({ userId: from, fileKey: `k-${randomUUID()}`, name: 'cv.pdf', status: 'confirmed', kind: 'Document', targetType: 'avatar', targetId: from, contentType: 'application/pdf', size: 10 }).go(),
    db().entities.associatedFile.put({ userId: from, fileKey: `k-${randomUUID()}`, name: 'essay.pdf', trackInstanceId: 'ti', stepInstanceId: 'si', contentInstanceId: 'ci', stepTemplateId: 'st', stepTemplateName: 'Essay' }).go(),
    db().entities.userGroup.put({ userGroupId: solo, name: 'Solo', conferenceId: ids.conference1, memberCount: 1 }).go(),
    db().entities.userGroup.put({ userGroupId: both, name: 'Both', conferenceId: ids.conference1, memberCount: 2 }).go(),
    member(solo, source),
    member(both, source),
    member(both, target),
  ]);
  return { from, to, mentee, source, target, groups: [solo, both] };
}

const KINDS = ['userRole', 'permission', 'churchMembership', 'alias', 'userTag', 'comment', 'mentorAssignment'] as const;

/** Everything a person owns that a merge moves, without the timestamps a write refreshes, in a stable order. */
async function holdings(userId: string, groups: string[]) {
  const { data } = await db().collections.userProfile({ userId }).go({ consistent: true, pages: 'all' });
  const clean = (items: readonly object[]) =>
    items
      .map((item) => {
        const { updatedAt: _updated, ...rest } = item as Record<string, unknown>;
        return JSON.stringify(Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))));
      })
      .sort();
  const user = data.user[0];
  return {
    user: { firstName: user.firstName, middleName: user.middleName, lastName: user.lastName, inactive: user.inactive, mergedUserId: user.mergedUserId },
    ...(Object.fromEntries(KINDS.map((kind) => [kind, clean(data[kind] as object[])])) as Record<(typeof KINDS)[number], string[]>),
    mentees: clean((await db().entities.mentorAssignment.query.byMentor({ mentorId: userId }).go({ consistent: false })).data),
    files: clean((await db().entities.uploadedFile.query.byUser({ userId }).go({ consistent: true })).data),
    documents: clean((await db().entities.associatedFile.query.byUser({ userId }).go({ consistent: true })).data),
    groups: clean((await db().entities.userGroupMember.query.byUser({ userId }).go()).data.filter((m) => groups.includes(m.userGroupId))),
  };
}

const groupCounts = async (groups: string[]) => Promise.all(groups.map(async (userGroupId) => (await db().entities.userGroup.get({ userGroupId }).go({ consistent: true })).data?.memberCount));

describe('PATCH /api/user/user-profile/merge/undo', () => {
  it('moves back everything the merge moved, as it was, except what changed since (kept and reported); History shows merge and undo on both', async () => {
    const { from, to, source, target, groups } = await pair();
    const [sourceBefore, targetBefore, countsBefore] = [await holdings(from, groups), await holdings(to, groups), await groupCounts(groups)];

    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    expect(merged.status).toBe(202);
    // While the move job has not run, undo waits for it.
    const early = await undo(superadmin, from);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(UNDO_WHILE_MOVING);
    expect((await runJobToEnd(merged.body.jobId, jobKinds))?.status).toBe('succeeded');

    // The record: one per item moved, with what happened on the target.
    const { data: records } = await db().entities.mergeRecord.query.byMerge({ mergeId: merged.body.jobId }).go({ pages: 'all' });
    const outcomes = (mover: string) => records.filter((record) => record.mover === mover).map((record) => record.outcome).sort();
    expect(outcomes('comments')).toHaveLength(30);
    expect(outcomes('aliases')).toEqual(['dropped', 'put']);
    expect(outcomes('tags')).toEqual(['dropped', 'put']);
    expect(outcomes('memberships')).toEqual(['putChanged']);
    expect(outcomes('roles')).toEqual(['dropped', 'put']);
    expect(outcomes('mentors')).toEqual(['dropped', 'putChanged']);
    expect(outcomes('interviewGroups')).toEqual(['dropped', 'putChanged']);
    const header = (await db().entities.mergeHeader.get({ mergeId: merged.body.jobId }).go()).data!;
    expect(header).toMatchObject({ state: 'merged', fromUserId: from, toUserId: to, namesBefore: { firstName: 'Bob', lastName: 'Smith' }, namesAfter: { firstName: 'Robert', lastName: 'Smith' }, email: source.email });
    expect(Date.parse(header.undoUntil) - Date.parse(header.mergedAt)).toBe(MERGE_UNDO_DAYS * 86_400_000);
    expect(records.every((record) => record.ttl! > Date.parse(header.undoUntil) / 1000)).toBe(true);

    // The profile of either person offers the undo to a superadmin.
    for (const userId of [from, to]) expect((await undoState(superadmin, userId)).body).toMatchObject({ undo: { from: { userId: from }, to: { userId: to }, undoUntil: header.undoUntil } });

    // Changed since the merge: a moved comment edited on the target stays there.
    await db().entities.comment.patch({ userId: to, commentId: 'c-007' }).set({ comment: 'Edited after the merge' }).go();

    const res = await undo(superadmin, from);
    expect(res.status).toBe(202);
    expect(res.body.namesRestored).toBe(true);
    // The decisive part, before any job step.
    expect(await userOf(from)).toMatchObject({ inactive: false });
    expect((await userOf(from)).mergedUserId).toBeUndefined();
    expect(await userOf(to)).toMatchObject({ firstName: 'Bob', lastName: 'Smith' });
    expect((await db().entities.userEmail.get({ email: source.email }).go({ consistent: true })).data?.userId).toBe(from);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ changedSince: { comments: 1 }, restored: { comments: 29, aliases: 2, tags: 2, memberships: 1, roles: 2, mentors: 2, mentees: 1, files: 1, documents: 1, interviewGroups: 2 } });
    expect((await db().entities.mergeHeader.get({ mergeId: merged.body.jobId }).go()).data?.state).toBe('undone');

    const [sourceAfter, targetAfter] = [await holdings(from, groups), await holdings(to, groups)];
    const editedOut = (list: string[]) => list.filter((item) => !item.includes('"c-007"'));
    expect({ ...sourceAfter, comment: editedOut(sourceAfter.comment) }).toEqual({ ...sourceBefore, comment: editedOut(sourceBefore.comment) });
    expect({ ...targetAfter, comment: editedOut(targetAfter.comment) }).toEqual(targetBefore);
    expect(targetAfter.comment.filter((item) => item.includes('Edited after the merge'))).toHaveLength(1);
    expect(await groupCounts(groups)).toEqual(countsBefore);

    // History: merge and undo on both.
    for (const userId of [from, to]) {
      const actions = (await entriesOf(`User#${userId}`)).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining([userId === from ? 'user.merged.into' : 'user.merged.from', 'user.merge.undone']));
    }
    void target;

    // A second undo is refused, and nothing is offered any more.
    const again = await undo(superadmin, from);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ALREADY_UNDONE);
    expect((await undoState(superadmin, to)).body).toEqual({ undo: null });
    // The source may be merged again.
    const remerge = await merge({ fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' });
    expect(remerge.status).toBe(202);
    expect((await runJobToEnd(remerge.body.jobId, jobKinds))?.status).toBe('succeeded');
  }, 600_000);

  it('keeps names changed since the merge, and says so', async () => {
    const { from, to } = await pair();
    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    await runJobToEnd(merged.body.jobId, jobKinds);
    await db().entities.user.patch({ userId: to }).set({ firstName: 'Rob' }).add({ version: 1 }).go();
    const res = await undo(superadmin, from);
    expect(res.status).toBe(202);
    expect(res.body.namesRestored).toBe(false);
    expect(await userOf(to)).toMatchObject({ firstName: 'Rob', lastName: 'Smith' });
    expect((await runJobToEnd(res.body.jobId, jobKinds))?.status).toBe('succeeded');
  });

  it(`is refused after ${MERGE_UNDO_DAYS} days (the clock injected)`, async () => {
    const { from, to } = await pair();
    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' });
    await runJobToEnd(merged.body.jobId, jobKinds);
    const auth = await callerOf('superadmin@example.org');
    const day = 86_400_000;
    await expect(undoMerge(auth, { fromUserId: from }, new Date(Date.now() + (MERGE_UNDO_DAYS + 1) * day))).rejects.toMatchObject({ status: 422, message: UNDO_TOO_LATE });
    expect((await userOf(from)).mergedUserId).toBe(to);
    // Within the window (a day before its end) it goes ahead.
    const done = await undoMerge(auth, { fromUserId: from }, new Date(Date.now() + (MERGE_UNDO_DAYS - 1) * day));
    expect((await runJobToEnd(done.jobId, jobKinds))?.status).toBe('succeeded');
    expect((await userOf(from)).mergedUserId).toBeUndefined();
  });

  it('is for superadmins only (403), before anything changes', async () => {
    const { from, to } = await pair();
    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Bob', lastName: 'Smith' });
    await runJobToEnd(merged.body.jobId, jobKinds);
    for (const email of ['conference.admin@example.org', 'district.admin@example.org', 'participant@example.org']) {
      const cookie = await cookieFor(email);
      expect((await undo(cookie, from)).status).toBe(403);
      expect((await undoState(cookie, from)).status).toBe(403);
    }
    expect((await userOf(from)).mergedUserId).toBe(to);
  });
});

/** Enrolments and assignments (issue 25, item 5): a source enrolled, advised and advising; a target who advises it. */
async function enrolledPair() {
  const from = await putTestUser({ firstName: 'Robert', lastName: 'Smyth', locationId: ids.district1, role: 'Advisor' });
  const to = await putTestUser({ firstName: 'Bob', lastName: 'Smith', locationId: ids.district1, role: 'Advisor' });
  const other = await putTestUser({ firstName: 'Olive', lastName: 'Other', locationId: ids.district1 });
  const [source, target] = await Promise.all([userOf(from), userOf(to)]);
  await Promise.all([db().entities.userEmail.put({ email: source.email, userId: from }).go(), db().entities.userEmail.put({ email: target.email, userId: to }).go()]);
  const advisor = DEMO_USERS.find((u) => u.role === 'Advisor')!.id;
  const track = DEMO_INSTANCE_IDS.trackTemplate;
  const enrol = async (participantId: string, advisorIds: string[], trackTemplateId: string = track) => {
    const trackInstanceId = await putEnrolment({ trackTemplateId, participantId, districtId: ids.district1, advisorIds });
    await db().entities.claim.put({ ...enrolmentClaim(trackTemplateId, participantId), ownerId: trackInstanceId }).go();
    return trackInstanceId;
  };
  // The source's enrolment, advised by a demo advisor and by the target, with a step, a form and an upload of the source's.
  const moving = await enrol(from, [advisor, to]);
  const step = { trackInstanceId: moving, stepInstanceId: `${moving}-step` };
  const content = { ...step, contentInstanceId: `${moving}-upload` };
  const fileKey = `k-${randomUUID()}`;
  await Promise.all([
    db().entities.stepInstance.put({ ...step, trackTemplateId: track, phaseId: 'p', stepTemplateId: 's', participantId: from, status: 'Ready' }).go(),
    db().entities.formInstance.put({ ...step, formInstanceId: `${moving}-form`, contentInstanceId: 'c', participantId: from, formId: 'f', formVersion: 1, title: 'T', trackName: 'Candidacy Pathway', phaseName: 'P', stepName: 'S', data: {}, submitted: false }).go(),
    db().entities.stepContentInstance.put({ ...content, contentTemplateId: 'ct', type: 'Upload', upload: { submitted: false, files: [{ id: 'f1', fileKey, name: 'cv.pdf', uploadedBy: from }] } }).go(),
    db().entities.uploadedFile.put({ userId: from, fileKey, name: 'cv.pdf', status: 'confirmed', kind: 'Document', targetType: 'uploadContent', targetId: content.contentInstanceId, contentType: 'application/pdf', size: 10 }).go(),
  ]);
  // The source advises another participant (moved), advises alongside the target (dropped), and advises the target (dropped).
  const advised = await enrol(other, [from]);
  const shared = await enrol(await putTestUser({ firstName: 'Sam', lastName: 'Shared', locationId: ids.district1 }), [from, to]);
  const targets = await enrol(to, [from], DEMO_INSTANCE_IDS.systemTrack);
  // Both enrolled in that track: the source's enrolment stays with it, its upload renamed for the files mover all the same.
  const kept = await enrol(from, [], DEMO_INSTANCE_IDS.systemTrack);
  const keptContent = { trackInstanceId: kept, stepInstanceId: `${kept}-step`, contentInstanceId: `${kept}-upload` };
  const keptKey = `k-${randomUUID()}`;
  await Promise.all([
    db().entities.stepContentInstance.put({ ...keptContent, contentTemplateId: 'ct', type: 'Upload', upload: { submitted: false, files: [{ id: 'f1', fileKey: keptKey, name: 'kept.pdf', uploadedBy: from }] } }).go(),
    db().entities.uploadedFile.put({ userId: from, fileKey: keptKey, name: 'kept.pdf', status: 'confirmed', kind: 'Document', targetType: 'uploadContent', targetId: keptContent.contentInstanceId, contentType: 'application/pdf', size: 10 }).go(),
  ]);
  return { from, to, source, advisor, track, moving, step, content, advised, shared, targets, kept, keptContent };
}

const instanceOf = async (trackInstanceId: string) => (await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true })).data;
const assigneeIds = async (trackInstanceId: string) => ({
  copy: ((await instanceOf(trackInstanceId))?.assignees ?? []).map((a) => a.userId).sort(),
  items: (await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go({ consistent: true })).data.map((a) => a.assigneeId).sort(),
});
const assignedTracks = async (userId: string) => (await invoke(tracks, '/api/track/assigned-tracks', { cookie: await cookieForUser(userId) })).body;

describe('undoing a merge: enrolments and assignments', () => {
  it('hands the moved enrolment back (instance, claim, parts, lists, the target advising again) and the moved and dropped assignments', async () => {
    const { from, to, source, advisor, track, moving, step, content, advised, shared, targets, kept, keptContent } = await enrolledPair();
    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    expect((await runJobToEnd(merged.body.jobId, jobKinds))?.status).toBe('succeeded');
    const { data: records } = await db().entities.mergeRecord.query.byMerge({ mergeId: merged.body.jobId }).go({ pages: 'all' });
    const outcomes = (mover: string) => records.filter((record) => record.mover === mover).map((record) => record.outcome).sort();
    expect(outcomes('enrolments')).toEqual(['kept', 'putChanged']);
    expect(outcomes('assignments')).toEqual(['dropped', 'dropped', 'putChanged']);
    // Merged: the enrolment is the target's, who no longer advises it (nobody advises themselves).
    expect(await instanceOf(moving)).toMatchObject({ participantId: to });
    expect(await assigneeIds(moving)).toEqual({ copy: [advisor], items: [advisor] });

    const res = await undo(superadmin, from);
    expect(res.status).toBe(202);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ restored: { enrolments: 1, assignments: 3, files: 2 } });
    expect(job?.result).not.toHaveProperty('notUndone');

    // The source is the participant again: instance, claim, step, form, the upload's uploader and its file.
    expect(await instanceOf(moving)).toMatchObject({ participantId: from, participant: { firstName: 'Robert', lastName: 'Smyth', email: source.email }, sortName: 'smyth robert' });
    expect((await db().entities.claim.get(enrolmentClaim(track, from)).go({ consistent: true })).data?.ownerId).toBe(moving);
    expect((await db().entities.claim.get(enrolmentClaim(track, to)).go({ consistent: true })).data).toBeNull();
    expect((await db().entities.stepInstance.get(step).go({ consistent: true })).data?.participantId).toBe(from);
    expect((await db().entities.formInstance.query.byParticipant({ participantId: from }).go()).data.map((form) => form.formInstanceId)).toEqual([`${moving}-form`]);
    expect((await db().entities.stepContentInstance.get(content).go({ consistent: true })).data?.upload?.files).toMatchObject([{ uploadedBy: from }]);
    // The kept enrolment's upload names the source again, where its file's record is back.
    expect((await db().entities.stepContentInstance.get(keptContent).go({ consistent: true })).data?.upload?.files).toMatchObject([{ uploadedBy: from }]);
    const byInstance = (await db().entities.trackAssignee.query.byInstance({ trackInstanceId: moving }).go({ consistent: true })).data;
    expect(byInstance.every((a) => a.participantId === from && a.participant.lastName === 'Smyth')).toBe(true);
    // The target advises it again; the source advises the others again, beside the target where both did.
    expect(await assigneeIds(moving)).toEqual({ copy: [advisor, to].sort(), items: [advisor, to].sort() });
    expect(await assigneeIds(advised)).toEqual({ copy: [from], items: [from] });
    expect(await assigneeIds(shared)).toEqual({ copy: [from, to].sort(), items: [from, to].sort() });
    expect(await assigneeIds(targets)).toEqual({ copy: [from], items: [from] });

    // The participants list (through the projector) and both people's /tracks.
    const rows = await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: superadmin, body: { limit: 10, offset: 0, where: { email: source.email } } });
    expect(rows.body.data.map((row: { id: string; participant: { id: string } }) => [row.id, row.participant.id])).toEqual([[moving, from]]);
    const mine = await assignedTracks(from);
    expect(mine.participating.map((row: { trackInstanceId: string }) => row.trackInstanceId).sort()).toEqual([moving, kept].sort());
    expect(mine.assignments.map((row: { trackInstanceId: string }) => row.trackInstanceId).sort()).toEqual([advised, shared, targets].sort());
    const theirs = await assignedTracks(to);
    expect(theirs.participating.map((row: { trackInstanceId: string }) => row.trackInstanceId)).toEqual([targets]);
    expect(theirs.assignments.map((row: { trackInstanceId: string }) => row.trackInstanceId).sort()).toEqual([moving, shared].sort());
  }, 600_000);

  it('leaves an enrolment or an assignment changed since the merge with the kept person, counted as changed', async () => {
    const { from, to, moving, advised } = await enrolledPair();
    const merged = await merge({ fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Smith' });
    expect((await runJobToEnd(merged.body.jobId, jobKinds))?.status).toBe('succeeded');
    // Since the merge: the moved enrolment removed, and the target taken off the assignment it received.
    await removeLoadedInstance({ userId: 'demo-superadmin' }, (await instanceOf(moving))!);
    const taken = (await instanceOf(advised))!;
    await db().entities.trackAssignee.delete({ trackInstanceId: advised, roleId: 'role-advisor', assigneeId: to }).go();
    await db().entities.trackInstance.patch({ trackInstanceId: advised }).set({ assignees: [] }).add({ version: 1 }).where((a, op) => op.eq(a.version, taken.version)).go();

    const res = await undo(superadmin, from);
    const job = await runJobToEnd(res.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ changedSince: { enrolments: 1, assignments: 1 }, restored: { assignments: 2 } });
    const changed = (await db().entities.mergeRecord.query.byMerge({ mergeId: merged.body.jobId }).go({ pages: 'all' })).data.filter((record) => record.undo === 'changed');
    expect(changed.map((record) => record.mover).sort()).toEqual(['assignments', 'enrolments']);
  }, 600_000);
});
