import { db } from '../../../../db/service';
import { projectEnrolmentsNow } from '../../../enrolments/enrolment-projector';
import { claimName, releaseName } from '../../../../db/claims';
import { transact, type TransactionItem } from '../../../../db/transact';
import { ifVersion, isConditionFailure } from '../../../../db/versioned';
import { ENROLMENT_CLAIM_KIND, enrolmentClaim } from '../../../enrolments/enrol-writes';
import { MOVE_PAGE, pageMoved, type MergeJobInput, type MergeMover } from './mover';
import { summaryOf } from './target-summary';
import { recordWrite } from './merge-record';
import { alignParts } from './enrolment-parts';
import { enrolmentMove, sortNameOf, type Person, type TrackInstanceItem } from './enrolment-record';

/** Enrolments per page: each may carry a track's worth of step items (up to 1,000), moved before its visible write. */
const ENROLMENT_PAGE = 5;

/**
 * The source's enrolments become the target's. Per enrolment, its parts that name the participant
 * (steps, form instances, the assignee items' copies) are pointed at the target first, then one
 * transaction moves what decides (the instance on its version, the enrolment claim from the source
 * to the target, the assignee copies). A crash in between leaves parts pointing at the target under
 * an instance still the source's; the repeat finishes the move. When the target is already enrolled
 * in the same track, the source's enrolment stays with the merged user (one enrolment per person and
 * track) and its parts are pointed back: the job's result counts it under `enrolmentsKept`.
 * The cursor is the last instance id read, so kept enrolments are not read again.
 */
export const enrolmentsMover: MergeMover = {
  name: 'enrolments',
  async movePage(merge, after) {
    const query = db().entities.trackInstance.query.byParticipant({ participantId: merge.fromUserId });
    const { data } = await (after ? query.gt({ trackInstanceId: after }) : query).go({ limit: ENROLMENT_PAGE });
    if (!data.length) return { moved: 0, more: false };
    const target = await summaryOf(merge);
    let moved = 0;
    let kept = 0;
    for (const listed of data) {
      const outcome = await moveEnrolment(listed.trackInstanceId, merge, target);
      if (outcome === 'moved') moved++;
      if (outcome === 'kept') kept++;
    }
    return { moved, kept, more: data.length >= ENROLMENT_PAGE, after: data[data.length - 1].trackInstanceId };
  },
};

async function moveEnrolment(trackInstanceId: string, merge: MergeJobInput, target: Person): Promise<'moved' | 'kept' | 'none'> {
  const { fromUserId, toUserId } = merge;
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  if (!instance || instance.participantId !== fromUserId) return 'none';
  const { data: targetClaim } = await db().entities.claim.get(enrolmentClaim(instance.trackTemplateId, toUserId)).go({ consistent: true });
  const uploads = { from: fromUserId, to: toUserId };
  if (targetClaim && targetClaim.ownerId !== trackInstanceId) {
    await alignParts(trackInstanceId, fromUserId, uploads);
    // Recorded so an undo finds its uploads (renamed for the files mover) and names the source again.
    const kept = recordWrite(merge, 'enrolments', { entity: 'trackInstance', before: { trackInstanceId, participantId: fromUserId }, outcome: 'kept' });
    if (kept.length) await transact(kept);
    return 'kept';
  }
  await alignParts(trackInstanceId, toUserId, uploads);
  await transact(await decisiveMove(instance, merge, target));
  await projectEnrolmentsNow([instance.trackInstanceId], 'job');
  return 'moved';
}

/**
 * The instance named for the target on its version, the enrolment claim handed over, the assignee
 * items' copies renamed, and the merge record (with the target's ended assignments, for an undo).
 */
async function decisiveMove(instance: TrackInstanceItem, merge: MergeJobInput, target: Person): Promise<TransactionItem[]> {
  const { toUserId } = merge;
  const { data: assignees } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ consistent: true });
  // Nobody is their own advisor or interviewer: the target's assignments on their own enrolment end.
  const ownAssignments = assignees.filter((a) => a.assigneeId === toUserId);
  const others = assignees.filter((a) => a.assigneeId !== toUserId);
  return [
    (tx) =>
      tx.trackInstance
        .put({
          ...instance,
          participantId: toUserId,
          participant: target,
          sortName: sortNameOf(target),
          assignees: instance.assignees.filter((a) => a.userId !== toUserId),
          version: instance.version + 1,
        })
        .where(ifVersion(instance.version))
        .commit(),
    releaseName({ kind: ENROLMENT_CLAIM_KIND, scope: instance.trackTemplateId, name: instance.participantId, ownerId: instance.trackInstanceId }),
    // Checked above; a concurrent enrolment of the target in the same track fails this write, and the repeat keeps the enrolment.
    claimName({ kind: ENROLMENT_CLAIM_KIND, scope: instance.trackTemplateId, name: toUserId, ownerId: instance.trackInstanceId }, 'toUserId', 'The target is already enrolled in this track.'),
    ...others.map((a): TransactionItem => (tx) => tx.trackAssignee.patch({ trackInstanceId: a.trackInstanceId, roleId: a.roleId, assigneeId: a.assigneeId }).set({ participantId: toUserId, participant: target }).commit()),
    ...ownAssignments.map((a): TransactionItem => (tx) => tx.trackAssignee.delete({ trackInstanceId: a.trackInstanceId, roleId: a.roleId, assigneeId: a.assigneeId }).commit()),
    ...recordWrite(merge, 'enrolments', enrolmentMove(instance, toUserId, target, ownAssignments)),
  ];
}

/** The source's interview groups become the target's; a group both were in keeps one member (its count lowered on its version). */
export const groupMembershipsMover: MergeMover = {
  name: 'interviewGroups',
  async movePage(merge) {
    const { data } = await db().entities.userGroupMember.query.byUser({ userId: merge.fromUserId }).go({ limit: MOVE_PAGE });
    if (!data.length) return pageMoved(data);
    const target = await summaryOf(merge);
    let moved = 0;
    for (const member of data) {
      const [{ data: already }, { data: group }] = await Promise.all([
        db().entities.userGroupMember.get({ userGroupId: member.userGroupId, userId: merge.toUserId }).go({ consistent: true }),
        db().entities.userGroup.get({ userGroupId: member.userGroupId }).go({ consistent: true }),
      ]);
      const leave: TransactionItem = (tx) => tx.userGroupMember.delete({ userGroupId: member.userGroupId, userId: merge.fromUserId }).where((attributes, operations) => operations.exists(attributes.userId)).commit();
      if (!group) continue;
      const after = { ...member, userId: merge.toUserId, user: target };
      const record = recordWrite(merge, 'interviewGroups', already ? { entity: 'userGroupMember', before: member, outcome: 'dropped', groupId: group.userGroupId } : { entity: 'userGroupMember', before: member, after, outcome: 'putChanged' });
      const writes: TransactionItem[] = already
        ? [leave, (tx) => tx.userGroup.patch({ userGroupId: group.userGroupId }).add({ memberCount: -1, version: 1 }).where(ifVersion(group.version)).commit(), ...record]
        : [leave, (tx) => tx.userGroupMember.put(after).commit(), ...record];
      await transact(writes).catch((error: unknown) => {
        // Already moved by a step that crashed after its work: the member is gone, nothing to repeat.
        if (!isConditionFailure(error)) throw error;
      });
      moved += already ? 0 : 1;
    }
    return { moved, more: data.length >= MOVE_PAGE };
  },
};
