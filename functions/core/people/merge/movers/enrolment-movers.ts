import { db } from '../../../../db/service';
import { projectEnrolmentsNow } from '../../../enrolments/enrolment-projector';
import { claimName, releaseName } from '../../../../db/claims';
import { packTransactions, transact, type TransactionItem } from '../../../../db/transact';
import { ifVersion, isConditionFailure } from '../../../../db/versioned';
import type { EntityItem } from 'electrodb';
import type { trackInstance } from '../../../../db/entities/track-instance';
import { ENROLMENT_CLAIM_KIND, enrolmentClaim } from '../../../enrolments/enrol-writes';
import { MOVE_PAGE, pageMoved, type MergeJobInput, type MergeMover, type Tx } from './mover';
import { summaryOf } from './target-summary';

type TrackInstanceItem = EntityItem<typeof trackInstance>;
type Person = { firstName: string; lastName: string; email: string };

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

async function moveEnrolment(trackInstanceId: string, { fromUserId, toUserId }: MergeJobInput, target: Person): Promise<'moved' | 'kept' | 'none'> {
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  if (!instance || instance.participantId !== fromUserId) return 'none';
  const { data: targetClaim } = await db().entities.claim.get(enrolmentClaim(instance.trackTemplateId, toUserId)).go({ consistent: true });
  const merge = { fromUserId, toUserId };
  if (targetClaim && targetClaim.ownerId !== trackInstanceId) {
    await alignParts(trackInstanceId, fromUserId, merge);
    return 'kept';
  }
  await alignParts(trackInstanceId, toUserId, merge);
  await transact(await decisiveMove(instance, toUserId, target));
  await projectEnrolmentsNow([instance.trackInstanceId], 'job');
  return 'moved';
}

/** Items of the enrolment's partition read per page while its parts are renamed. */
const PARTITION_PAGE = 100;

const partitionPage = (trackInstanceId: string, cursor: string | null) =>
  db().collections.trackInstanceAggregate({ trackInstanceId }).go({ limit: PARTITION_PAGE, consistent: true, cursor });

/**
 * Walks the enrolment's partition a page at a time and writes each page's renames before reading
 * the next (each safe to repeat): step and form instances pointed at `participantId` (those not
 * yet), and upload contents holding files the source uploaded named for the target, where the
 * files mover takes the records (`uploadedBy` says where a removal finds them). Forms and
 * contents are written on their versions.
 */
async function alignParts(trackInstanceId: string, participantId: string, { fromUserId, toUserId }: MergeJobInput): Promise<void> {
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof partitionPage>> = await partitionPage(trackInstanceId, cursor);
    const { stepInstance: steps, formInstance: forms, stepContentInstance: contents } = page.data;
    const writes: TransactionItem[] = [
      ...steps
        .filter((step) => step.participantId !== participantId)
        .map((step): TransactionItem => (tx) => tx.stepInstance.patch({ trackInstanceId, stepInstanceId: step.stepInstanceId }).set({ participantId }).commit()),
      // The form's participant is part of its keys (a user's forms): the item is written whole, on the version read.
      ...forms
        .filter((form) => form.participantId !== participantId)
        .map((form): TransactionItem => (tx) => tx.formInstance.put({ ...form, participantId, version: form.version + 1 }).where(ifVersion(form.version)).commit()),
      ...contents
        .filter((content) => content.upload?.files?.some((file) => file.uploadedBy === fromUserId))
        .map((content): TransactionItem => {
          const files = content.upload!.files!.map((file) => (file.uploadedBy === fromUserId ? { ...file, uploadedBy: toUserId } : file));
          const key = { trackInstanceId, stepInstanceId: content.stepInstanceId, contentInstanceId: content.contentInstanceId };
          return (tx) => tx.stepContentInstance.patch(key).set({ upload: { ...content.upload, files } }).add({ version: 1 }).where(ifVersion(content.version)).commit();
        }),
    ];
    for (const chunk of packTransactions(writes.map((write) => [write]))) await transact(chunk);
    cursor = page.cursor;
  } while (cursor);
}

/** The instance named for the target on its version, the enrolment claim handed over, the assignee items' copies renamed. */
async function decisiveMove(instance: TrackInstanceItem, toUserId: string, target: Person): Promise<TransactionItem[]> {
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
          sortName: `${target.lastName} ${target.firstName}`.toLowerCase(),
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
  ];
}

/**
 * The source's assignments (advisor, interviewer ...) become the target's: per enrolment, one
 * transaction on the instance's version replaces the source in its assignee copy and moves the
 * assignee items. An assignment the target already holds, or one on the target's own enrolment
 * (nobody advises themselves), is dropped. Every item read leaves the source, so no cursor is needed.
 */
export const assignmentsMover: MergeMover = {
  name: 'assignments',
  async movePage(merge) {
    const { data } = await db().entities.trackAssignee.query.byAssignee({ assigneeId: merge.fromUserId }).go({ limit: MOVE_PAGE });
    if (!data.length) return pageMoved(data);
    const target = await summaryOf(merge);
    let moved = 0;
    for (const trackInstanceId of new Set(data.map((item) => item.trackInstanceId))) {
      const roleIds = data.filter((item) => item.trackInstanceId === trackInstanceId).map((item) => item.roleId);
      moved += await moveAssignments(trackInstanceId, roleIds, merge, target);
    }
    return { moved, more: data.length >= MOVE_PAGE };
  },
};

async function moveAssignments(trackInstanceId: string, roleIds: string[], { fromUserId, toUserId }: MergeJobInput, target: Person): Promise<number> {
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  const deletes = roleIds.map((roleId): TransactionItem => (tx) => tx.trackAssignee.delete({ trackInstanceId, roleId, assigneeId: fromUserId }).commit());
  if (!instance) {
    await transact(deletes);
    return 0;
  }
  // Files the source uploaded as an assignee (their role's upload content) follow their records first.
  await alignParts(trackInstanceId, instance.participantId, { fromUserId, toUserId });
  // The instance's copy is written with the items: what it lists is what still has to move.
  const moving = instance.assignees.filter((a) => a.userId === fromUserId && roleIds.includes(a.roleId));
  const takes = moving.filter((a) => instance.participantId !== toUserId && !instance.assignees.some((b) => b.userId === toUserId && b.roleId === a.roleId));
  const { data: items } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go({ consistent: true });
  const puts = takes.flatMap((a) => {
    const item = items.find((i) => i.assigneeId === fromUserId && i.roleId === a.roleId);
    return item ? [(tx: Tx) => tx.trackAssignee.put({ ...item, assigneeId: toUserId, assignee: target }).commit()] : [];
  });
  const assignees = [
    ...instance.assignees.filter((a) => !(a.userId === fromUserId && roleIds.includes(a.roleId))),
    ...takes.map((a) => ({ ...a, userId: toUserId, firstName: target.firstName, lastName: target.lastName })),
  ];
  const copy: TransactionItem[] = moving.length
    ? [(tx) => tx.trackInstance.patch({ trackInstanceId }).set({ assignees }).add({ version: 1 }).where(ifVersion(instance.version)).commit()]
    : [];
  await transact([...deletes, ...puts, ...copy]);
  return takes.length;
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
      const writes: TransactionItem[] = already
        ? [leave, (tx) => tx.userGroup.patch({ userGroupId: group.userGroupId }).add({ memberCount: -1, version: 1 }).where(ifVersion(group.version)).commit()]
        : [leave, (tx) => tx.userGroupMember.put({ ...member, userId: merge.toUserId, user: target }).commit()];
      await transact(writes).catch((error: unknown) => {
        // Already moved by a step that crashed after its work: the member is gone, nothing to repeat.
        if (!isConditionFailure(error)) throw error;
      });
      moved += already ? 0 : 1;
    }
    return { moved, more: data.length >= MOVE_PAGE };
  },
};
