import { batchGet } from '../../../db/transact';
import { db } from '../../../db/service';
import type { UploadRename } from './movers/enrolment-parts';
import { recordId, stillAsLeft } from './movers/merge-record';
import type { MergeUndoJobInput, RecordItem } from './undo-record';

const parsed = (json: string | undefined) => JSON.parse(json ?? '{}') as Record<string, unknown>;

/**
 * Upload entries the merge renamed for the target that name the source again: those whose file
 * records the files undo moves back (or moved back already), judged as it judges them (still as
 * the merge left them), so `uploadedBy` keeps naming the partition that holds the record.
 */
export function uploadsBack({ mergeId, fromUserId, toUserId }: MergeUndoJobInput): UploadRename {
  return {
    from: toUserId,
    to: fromUserId,
    async which(fileKeys) {
      if (!fileKeys.length) return new Set();
      const keys = fileKeys.map((fileKey) => ({ mergeId, recordId: recordId('files', { entity: 'uploadedFile', before: { userId: fromUserId, fileKey } }) }));
      const records = await batchGet<RecordItem>(db().entities.mergeRecord, keys, { consistent: true });
      const open = records.filter((record) => !record.undo && record.outcome !== 'dropped' && record.targetKey);
      const current = await batchGet<Record<string, unknown>>(db().entities.uploadedFile, open.map((record) => record.targetKey as Record<string, unknown>), { consistent: true });
      const goesBack = (record: RecordItem) => {
        if (record.undo) return record.undo === 'restored';
        if (record.outcome === 'dropped') return true;
        const after = parsed(record.after);
        return stillAsLeft(current.find((file) => file.fileKey === after.fileKey), after);
      };
      return new Set(records.filter(goesBack).map((record) => String(parsed(record.before).fileKey)));
    },
  };
}
