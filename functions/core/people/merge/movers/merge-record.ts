import { MERGE_UNDO_DAYS } from '../../../../../shared/api/user-merge-undo';
import type { TransactionWrite } from '../../../../db/transact';

/**
 * The merge record (issue 25, item 5; entities/merge-record.ts): what each mover did to each
 * item, written in the transaction that did it, so an undo can move back what is still as
 * the merge left it. One record per item; its id is the mover and the item's key on the source.
 */

/** The records (and the header) expire this many days after the undo window closes. */
const RECORD_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** The last moment a merge at `mergedAt` can be undone. */
export const undoUntil = (mergedAt: Date): Date => new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * DAY_MS);

/** Epoch seconds: the records' TTL, some days after the undo window. */
export const recordExpiry = (mergedAt: Date): number => Math.floor((undoUntil(mergedAt).getTime() + RECORD_GRACE_DAYS * DAY_MS) / 1000);

/** Table entities a mover moves item by item. */
export type RecordedEntity =
  | 'userRole'
  | 'permission'
  | 'churchMembership'
  | 'alias'
  | 'userTag'
  | 'comment'
  | 'mentorAssignment'
  | 'uploadedFile'
  | 'associatedFile'
  | 'userGroupMember'
  | 'trackInstance'
  | 'trackAssignee';

/** How each one's key reads from an item. */
export const RECORDED_KEYS: Record<RecordedEntity, (item: any) => Record<string, unknown>> = {
  userRole: (item: any) => ({ userId: item.userId, roleId: item.roleId }),
  permission: (item: any) => ({ userId: item.userId, permissionId: item.permissionId }),
  churchMembership: (item: any) => ({ userId: item.userId, membershipId: item.membershipId }),
  alias: (item: any) => ({ userId: item.userId, aliasId: item.aliasId }),
  userTag: (item: any) => ({ userId: item.userId, tagId: item.tagId }),
  comment: (item: any) => ({ userId: item.userId, commentId: item.commentId }),
  mentorAssignment: (item: any) => ({ userId: item.userId, mentorId: item.mentorId }),
  uploadedFile: (item: any) => ({ userId: item.userId, fileKey: item.fileKey }),
  associatedFile: (item: any) => ({ userId: item.userId, stepInstanceId: item.stepInstanceId, fileKey: item.fileKey }),
  userGroupMember: (item: any) => ({ userGroupId: item.userGroupId, userId: item.userId }),
  trackInstance: (item: any) => ({ trackInstanceId: item.trackInstanceId }),
  trackAssignee: (item: any) => ({ trackInstanceId: item.trackInstanceId, roleId: item.roleId, assigneeId: item.assigneeId }),
};

export type MoveOutcome = 'put' | 'putChanged' | 'dropped' | 'kept';

/** What a mover does to one item: it leaves the source (`before` at its key) and `after` is put on the target (none when dropped or kept). */
export interface ItemMove {
  entity: RecordedEntity;
  before: Record<string, unknown>;
  after?: Record<string, unknown>;
  outcome: MoveOutcome;
  /** A group both were in: its count was lowered (the undo raises it). */
  groupId?: string;
}

/** The merge a mover works for: records are written when the job knows its merge (jobs from before records: none). */
export interface RecordContext {
  mergeId?: string;
  mergedAt?: string;
}

export function recordId(mover: string, move: Pick<ItemMove, 'entity' | 'before'>): string {
  return `${mover}#${Object.values(RECORDED_KEYS[move.entity](move.before)).join('#')}`;
}

/** The record of one move, as a write for the transaction that makes it (none without a merge id). */
export function recordWrite(context: RecordContext, mover: string, move: ItemMove): TransactionWrite[] {
  if (!context.mergeId) return [];
  const keyOf = RECORDED_KEYS[move.entity];
  const mergedAt = context.mergedAt ? new Date(context.mergedAt) : new Date();
  return [
    (tx) =>
      tx.mergeRecord
        .put({
          mergeId: context.mergeId!,
          recordId: recordId(mover, move),
          mover,
          entity: move.entity,
          outcome: move.outcome,
          before: JSON.stringify(move.before),
          sourceKey: keyOf(move.before),
          ...(move.after ? { after: JSON.stringify(move.after), targetKey: keyOf(move.after) } : {}),
          ...(move.groupId ? { groupId: move.groupId } : {}),
          ttl: recordExpiry(mergedAt),
        })
        .commit(),
  ];
}

/** The item's own writes for a move: put on the target (put, putChanged) and off the source. */
export function moveWrites(move: ItemMove): TransactionWrite[] {
  const keyOf = RECORDED_KEYS[move.entity];
  return [
    ...(move.after && (move.outcome === 'put' || move.outcome === 'putChanged') ? [(tx: any) => tx[move.entity].put(move.after).commit()] : []),
    ...(move.outcome === 'kept' ? [] : [(tx: any) => tx[move.entity].delete(keyOf(move.before)).commit()]),
  ];
}

/** Key order and timestamps aside, is `current` the item the merge left (`after`)? */
export function stillAsLeft(current: Record<string, unknown> | null | undefined, after: Record<string, unknown>): boolean {
  if (!current) return false;
  return Object.keys(after).every((field) => field === 'updatedAt' || stable(current[field]) === stable(after[field]));
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stable(object[key])}`)
    .join(',')}}`;
}
