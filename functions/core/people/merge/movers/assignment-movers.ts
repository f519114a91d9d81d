import { db } from '../../../../db/service';
import { transact, type TransactionItem } from '../../../../db/transact';
import { ifVersion } from '../../../../db/versioned';
import { MOVE_PAGE, pageMoved, type MergeJobInput, type MergeMover, type Tx } from './mover';
import { summaryOf } from './target-summary';
import { recordWrite } from './merge-record';
import { alignParts } from './enrolment-parts';
import type { Person } from './enrolment-record';

/**
 * The source's assignments (advisor, interviewer ...) become the target's: per enrolment, one
 * transaction on the instance's version replaces the source in its assignee copy and moves the
 * assignee items, each with its merge record (`putChanged`: the item names the target). An
 * assignment the target already holds, or one on the target's own enrolment (nobody advises
 * themselves), is dropped (recorded `dropped`). Every item read leaves the source, so no cursor is needed.
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

async function moveAssignments(trackInstanceId: string, roleIds: string[], merge: MergeJobInput, target: Person): Promise<number> {
  const { fromUserId, toUserId } = merge;
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  const deletes = roleIds.map((roleId): TransactionItem => (tx) => tx.trackAssignee.delete({ trackInstanceId, roleId, assigneeId: fromUserId }).commit());
  if (!instance) {
    await transact(deletes);
    return 0;
  }
  // Files the source uploaded as an assignee (their role's upload content) follow their records first.
  await alignParts(trackInstanceId, instance.participantId, { from: fromUserId, to: toUserId });
  // The instance's copy is written with the items: what it lists is what still has to move.
  const moving = instance.assignees.filter((a) => a.userId === fromUserId && roleIds.includes(a.roleId));
  const takes = moving.filter((a) => instance.participantId !== toUserId && !instance.assignees.some((b) => b.userId === toUserId && b.roleId === a.roleId));
  const { data: items } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go({ consistent: true });
  // Three writes at most per role (delete, put, record) and the copy: a page of 25 fits one transaction.
  const moves = moving.flatMap((a) => {
    const before = items.find((i) => i.assigneeId === fromUserId && i.roleId === a.roleId);
    if (!before) return [];
    if (!takes.includes(a)) return recordWrite(merge, 'assignments', { entity: 'trackAssignee', before, outcome: 'dropped' });
    const after = { ...before, assigneeId: toUserId, assignee: target };
    return [(tx: Tx) => tx.trackAssignee.put(after).commit(), ...recordWrite(merge, 'assignments', { entity: 'trackAssignee', before, after, outcome: 'putChanged' })];
  });
  const assignees = [
    ...instance.assignees.filter((a) => !(a.userId === fromUserId && roleIds.includes(a.roleId))),
    ...takes.map((a) => ({ ...a, userId: toUserId, firstName: target.firstName, lastName: target.lastName })),
  ];
  const copy: TransactionItem[] = moving.length
    ? [(tx) => tx.trackInstance.patch({ trackInstanceId }).set({ assignees }).add({ version: 1 }).where(ifVersion(instance.version)).commit()]
    : [];
  await transact([...deletes, ...moves, ...copy]);
  return takes.length;
}
