import { claimName, releaseName } from '../../../db/claims';
import { db } from '../../../db/service';
import { transact, type TransactionItem } from '../../../db/transact';
import { ifVersion } from '../../../db/versioned';
import { projectEnrolmentsNow } from '../../enrolments/enrolment-projector';
import { ENROLMENT_CLAIM_KIND, enrolmentClaim } from '../../enrolments/enrol-writes';
import { alignParts } from './movers/enrolment-parts';
import { sortNameOf, type EnrolmentBefore, type Person, type TrackInstanceItem } from './movers/enrolment-record';
import { summaryOf } from './movers/target-summary';
import { markWrite, type MergeUndoJobInput, type RecordItem } from './undo-record';
import { uploadsBack } from './undo-uploads';

/**
 * One enrolment record of the merge, undone on its own (its parts may be a track's worth of
 * items). Moved and still as the merge left it (the target's, the target's enrolment claim owned
 * by it, the source holding none in that track): its parts are pointed at the source first, then
 * one transaction hands it back (see handBack). Otherwise it is marked `changed` and stays, its
 * parts aligned with whoever it names now (a failed earlier attempt may have moved them). A kept
 * enrolment only gets its uploads back. Answers restored or not; null for a kept one (not counted).
 */
export async function undoEnrolment(record: RecordItem, input: MergeUndoJobInput): Promise<boolean | null> {
  const before = JSON.parse(record.before) as EnrolmentBefore;
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: before.trackInstanceId }).go({ consistent: true });
  const uploads = uploadsBack(input);
  if (record.outcome === 'kept') {
    if (instance) await alignParts(instance.trackInstanceId, instance.participantId, uploads);
    return null;
  }
  if (!instance || !(await stillAsLeft(instance, input))) {
    if (instance) await alignParts(instance.trackInstanceId, instance.participantId, uploads);
    await transact([markWrite(record, 'changed')]);
    return false;
  }
  await alignParts(instance.trackInstanceId, input.fromUserId, uploads);
  const [source, target] = await Promise.all([summaryOf({ toUserId: input.fromUserId }), summaryOf(input)]);
  await transact(await handBack(instance, before, { source, target }, input, record));
  await projectEnrolmentsNow([instance.trackInstanceId], 'job');
  return true;
}

async function stillAsLeft(instance: TrackInstanceItem, { fromUserId, toUserId }: MergeUndoJobInput): Promise<boolean> {
  if (instance.participantId !== toUserId) return false;
  const [{ data: targetClaim }, { data: sourceClaim }] = await Promise.all([
    db().entities.claim.get(enrolmentClaim(instance.trackTemplateId, toUserId)).go({ consistent: true }),
    db().entities.claim.get(enrolmentClaim(instance.trackTemplateId, fromUserId)).go({ consistent: true }),
  ]);
  return targetClaim?.ownerId === instance.trackInstanceId && !sourceClaim;
}

/**
 * The instance named for the source again on its version (the source's current names), the
 * enrolment claim handed back, the assignee items' copies renamed, the target's assignments the
 * merge ended put back (items and the instance's copy, with the target's current names), the mark.
 */
async function handBack(instance: TrackInstanceItem, before: EnrolmentBefore, people: { source: Person; target: Person }, { fromUserId, toUserId }: MergeUndoJobInput, record: RecordItem): Promise<TransactionItem[]> {
  const { source, target } = people;
  const { trackInstanceId, trackTemplateId } = instance;
  const { data: assignees } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go({ consistent: true });
  const held = (userId: string, roleId: string) => instance.assignees.some((a) => a.userId === userId && a.roleId === roleId);
  const copies = before.ownCopies.filter((copy) => !held(copy.userId, copy.roleId)).map((copy) => ({ ...copy, firstName: target.firstName, lastName: target.lastName }));
  const claim = { kind: ENROLMENT_CLAIM_KIND, scope: trackTemplateId, ownerId: trackInstanceId };
  return [
    (tx) =>
      tx.trackInstance
        .put({ ...instance, participantId: fromUserId, participant: source, sortName: sortNameOf(source), assignees: [...instance.assignees, ...copies], version: instance.version + 1 })
        .where(ifVersion(instance.version))
        .commit(),
    releaseName({ ...claim, name: toUserId }),
    claimName({ ...claim, name: fromUserId }, 'fromUserId', 'The merged user is already enrolled in this track.'),
    ...assignees.map((a): TransactionItem => (tx) => tx.trackAssignee.patch({ trackInstanceId, roleId: a.roleId, assigneeId: a.assigneeId }).set({ participantId: fromUserId, participant: source }).commit()),
    ...before.ownAssignments.filter((a) => !assignees.some((b) => b.roleId === a.roleId && b.assigneeId === a.assigneeId)).map((a): TransactionItem => (tx) => tx.trackAssignee.put({ ...a, assignee: target, participantId: fromUserId, participant: source }).commit()),
    markWrite(record, 'restored'),
  ];
}
