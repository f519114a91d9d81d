import type { EntityItem } from 'electrodb';
import type { mergeRecord } from '../../../db/entities/merge-record';
import type { TransactionWrite } from '../../../db/transact';

export type RecordItem = EntityItem<typeof mergeRecord>;

/** The undo job's input (merge-undo.ts creates the job). */
export interface MergeUndoJobInput {
  mergeId: string;
  fromUserId: string;
  toUserId: string;
}

/** The record's mark, written with what the undo did to its item (a repeated step skips it). */
export const markWrite =
  (record: Pick<RecordItem, 'mergeId' | 'recordId'>, undo: 'restored' | 'changed'): TransactionWrite =>
  (tx) =>
    tx.mergeRecord.patch({ mergeId: record.mergeId, recordId: record.recordId }).set({ undo }).commit();
