import { db } from '../../../db/service';
import type { TransactionWrite } from '../../../db/transact';
import { ifVersion } from '../../../db/versioned';
import { alignParts } from './movers/enrolment-parts';
import type { AssigneeCopy, TrackAssigneeItem } from './movers/enrolment-record';
import { stillAsLeft } from './movers/merge-record';
import { markWrite, type MergeUndoJobInput, type RecordItem } from './undo-record';
import { uploadsBack } from './undo-uploads';

export interface PlannedUndo {
  /** Per record, in the order given: moved back, or changed since and left. */
  restored: boolean[];
  writes: TransactionWrite[];
}

/**
 * A page's assignment records, grouped by enrolment so each instance's `assignees` copy is
 * written once, on its version, with the items. A moved assignment still as left (the target's
 * item as the merge put it, and the copy listing the target in that role) goes back: the
 * target's item deleted, the source's put back. A dropped one is put back beside what the target
 * holds, unless the source is that enrolment's participant now. Anything else is marked
 * `changed`. The uploads the source made there, renamed for the files mover, are renamed back first.
 */
export async function assignmentUndo(records: readonly RecordItem[], input: MergeUndoJobInput): Promise<PlannedUndo> {
  const groups = new Map<string, RecordItem[]>();
  for (const record of records) groups.set(instanceOf(record), [...(groups.get(instanceOf(record)) ?? []), record]);
  const restored = new Map<RecordItem, boolean>();
  const writes: TransactionWrite[] = [];
  for (const [trackInstanceId, group] of groups) {
    const planned = await instanceUndo(trackInstanceId, group, input);
    group.forEach((record, index) => restored.set(record, planned.restored[index]));
    writes.push(...planned.writes);
  }
  return { restored: records.map((record) => restored.get(record)!), writes };
}

const instanceOf = (record: RecordItem) => String((record.sourceKey as { trackInstanceId: string }).trackInstanceId);

async function instanceUndo(trackInstanceId: string, records: readonly RecordItem[], input: MergeUndoJobInput): Promise<PlannedUndo> {
  const { fromUserId, toUserId } = input;
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  if (!instance) return { restored: records.map(() => false), writes: records.map((record) => markWrite(record, 'changed')) };
  await alignParts(trackInstanceId, instance.participantId, uploadsBack(input));
  const { data: items } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go({ consistent: true });
  let assignees = [...instance.assignees];
  const lists = (userId: string, roleId: string) => assignees.some((a) => a.userId === userId && a.roleId === roleId);
  const writes: TransactionWrite[] = [];
  const restored = records.map((record) => {
    const before = JSON.parse(record.before) as TrackAssigneeItem;
    const copy: AssigneeCopy = { userId: fromUserId, roleId: before.roleId, roleName: before.roleName, firstName: before.assignee.firstName, lastName: before.assignee.lastName };
    const putBack: TransactionWrite = (tx) => tx.trackAssignee.put(before).commit();
    if (record.outcome === 'dropped') {
      if (instance.participantId === fromUserId) return change(record, writes);
      if (!lists(fromUserId, before.roleId)) assignees = [...assignees, copy];
      writes.push(putBack, markWrite(record, 'restored'));
      return true;
    }
    const after = JSON.parse(record.after ?? '{}') as Record<string, unknown>;
    const current = items.find((item) => item.assigneeId === toUserId && item.roleId === before.roleId);
    if (!stillAsLeft(current, after) || !lists(toUserId, before.roleId)) return change(record, writes);
    assignees = [...assignees.filter((a) => !(a.userId === toUserId && a.roleId === before.roleId)), ...(lists(fromUserId, before.roleId) ? [] : [copy])];
    writes.push((tx) => tx.trackAssignee.delete({ trackInstanceId, roleId: before.roleId, assigneeId: toUserId }).commit(), putBack, markWrite(record, 'restored'));
    return true;
  });
  if (restored.some(Boolean)) writes.push((tx) => tx.trackInstance.patch({ trackInstanceId }).set({ assignees }).add({ version: 1 }).where(ifVersion(instance.version)).commit());
  return { restored, writes };
}

function change(record: RecordItem, writes: TransactionWrite[]): false {
  writes.push(markWrite(record, 'changed'));
  return false;
}
