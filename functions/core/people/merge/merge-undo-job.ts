import { projectOrWait } from '../../../db/directory-projection';
import type { JobKind } from '../../../db/jobs';
import { db } from '../../../db/service';
import { transact, transactUnlessStale, type TransactionWrite } from '../../../db/transact';
import { changeUserAccess } from '../../users/user-access-change';
import { projectUser } from '../../users/user-projector';
import { nameCopiesJob } from '../name-copies';
import { RECORDED_KEYS, stillAsLeft } from './movers/merge-record';
import { assignmentUndo } from './undo-assignments';
import { undoEnrolment } from './undo-enrolment';
import { markWrite, type MergeUndoJobInput, type RecordItem } from './undo-record';

export type { MergeUndoJobInput } from './undo-record';

export const MERGE_UNDO_JOB_KIND = 'user.mergeUndo';

/**
 * Records per step: each moves back with up to four writes (delete, put, a group's count or an
 * enrolment's assignee copy, its mark), so a page fits one transaction; an enrolment's record
 * has transactions of its own (undo-enrolment.ts).
 */
const UNDO_PAGE = 20;

interface UndoCursor {
  after: string | null;
  restored: Record<string, number>;
  changed: Record<string, number>;
}

/**
 * The second half of an undone merge (merge-undo.ts commits the decisive part and creates this
 * job): page by page through the merge's records, each item still on the target as the merge
 * left it goes back to the source (put back there; taken off the target when the merge put it
 * there), an item the merge dropped (the target had it) is restored on the source from its
 * record, and what changed since stays where it is, counted. Each page is one transaction that
 * also marks its records (an enrolment's record is undone before it, in transactions of its own:
 * undo-enrolment.ts), so a repeated step skips what it did. At the end both users'
 * directory entries and name copies are refreshed and the header says `undone`.
 */
export const mergeUndoJob: JobKind<MergeUndoJobInput> = {
  async step(job) {
    const cursor: UndoCursor = (job.cursor as UndoCursor | undefined) ?? { after: null, restored: {}, changed: {} };
    const { mergeId, fromUserId, toUserId } = job.input;
    const page = await db().entities.mergeRecord.query.byMerge({ mergeId }).go({ limit: UNDO_PAGE, cursor: cursor.after, consistent: true });
    const counts = { restored: { ...cursor.restored }, changed: { ...cursor.changed } };
    const count = (record: RecordItem, restored: boolean) => {
      const bucket = restored ? counts.restored : counts.changed;
      bucket[record.mover] = (bucket[record.mover] ?? 0) + 1;
    };
    // Marked already: by an earlier attempt at this page that stopped before its cursor was saved.
    for (const record of page.data) if (record.undo) count(record, record.undo === 'restored');
    const open = page.data.filter((record) => !record.undo);
    // Enrolments one at a time, each with its own transactions, as the merge moved them (a kept one: its uploads only).
    for (const record of open.filter((record) => record.entity === 'trackInstance')) {
      const restored = await undoEnrolment(record, job.input);
      if (restored !== null) count(record, restored);
    }
    const items = open.filter((record) => record.outcome !== 'kept' && record.entity !== 'trackInstance' && record.entity !== 'trackAssignee');
    const assignments = open.filter((record) => record.entity === 'trackAssignee');
    const [planned, assigned] = await Promise.all([Promise.all(items.map((record) => undoWrites(record))), assignmentUndo(assignments, job.input)]);
    const writes = [...planned.flatMap((plan) => plan.writes), ...assigned.writes];
    const access = items.some((record) => record.entity === 'userRole' || record.entity === 'permission');
    // Access goes back as one access change of the target (its access version moved), the source's moved too.
    if (access) await changeUserAccess(toUserId, () => ({ writes: [...writes, (tx) => tx.user.patch({ userId: fromUserId }).add({ accessVersion: 1 }).commit()], result: undefined }));
    else if (writes.length) await transact(writes);
    items.forEach((record, index) => count(record, planned[index].restored));
    assignments.forEach((record, index) => count(record, assigned.restored[index]));
    const done = page.data.length;
    if (page.cursor) return { done, total: job.done + done + UNDO_PAGE, cursor: { after: page.cursor, ...counts } };
    await finish(job.input);
    return { done, total: job.done + done, finished: true, result: { restored: counts.restored, changedSince: counts.changed } };
  },
};

/** One record's writes: what goes back (or, changed since, only its mark). */
async function undoWrites(record: RecordItem): Promise<{ restored: boolean; writes: TransactionWrite[] }> {
  const entity = record.entity as keyof typeof RECORDED_KEYS;
  const before = JSON.parse(record.before) as Record<string, unknown>;
  const mark = (undo: 'restored' | 'changed') => markWrite(record, undo);
  const putBack: TransactionWrite = (tx: any) => tx[entity].put(before).commit();
  if (record.outcome === 'dropped') {
    const regroup: TransactionWrite[] = record.groupId ? [(tx) => tx.userGroup.patch({ userGroupId: record.groupId! }).add({ memberCount: 1, version: 1 }).commit()] : [];
    return { restored: true, writes: [putBack, ...regroup, mark('restored')] };
  }
  const after = JSON.parse(record.after ?? '{}') as Record<string, unknown>;
  const { data: current } = await (db().entities as any)[entity].get(record.targetKey).go({ consistent: true });
  if (!stillAsLeft(current, after)) return { restored: false, writes: [mark('changed')] };
  const takeOff: TransactionWrite = (tx: any) => tx[entity].delete(record.targetKey).commit();
  return { restored: true, writes: [takeOff, putBack, mark('restored')] };
}

/** Both users' directory entries from their final state, copies of their names refreshed, the header `undone`. */
async function finish({ mergeId, fromUserId, toUserId }: MergeUndoJobInput): Promise<void> {
  for (const userId of [fromUserId, toUserId]) await projectOrWait(() => projectUser(userId));
  for (const userId of [fromUserId, toUserId]) {
    const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
    if (!user) continue;
    // Named for the user's current version: the one the undo's rename started already is that job.
    await transactUnlessStale([nameCopiesJob(userId, user.version).write]);
  }
  await db().entities.mergeHeader.patch({ mergeId }).set({ state: 'undone' }).add({ version: 1 }).go();
}
