import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE, type Tx } from './mover';

const page = { limit: MOVE_PAGE, consistent: true } as const;

/** Files the source uploaded become the target's (same storage key: the stored object does not move). */
export const uploadedFilesMover = itemMover({
  name: 'files',
  read: async ({ fromUserId }) => (await db().entities.uploadedFile.query.byUser({ userId: fromUserId }).go(page)).data,
  writes: (file, { fromUserId, toUserId }) => [
    (tx: Tx) => tx.uploadedFile.put({ ...file, userId: toUserId }).commit(),
    (tx: Tx) => tx.uploadedFile.delete({ userId: fromUserId, fileKey: file.fileKey }).commit(),
  ],
});

/** The source's Documents (files submitted in steps) appear on the target's Documents tab. */
export const associatedFilesMover = itemMover({
  name: 'documents',
  read: async ({ fromUserId }) => (await db().entities.associatedFile.query.byUser({ userId: fromUserId }).go(page)).data,
  writes: (file, { fromUserId, toUserId }) => [
    (tx: Tx) => tx.associatedFile.put({ ...file, userId: toUserId }).commit(),
    (tx: Tx) => tx.associatedFile.delete({ userId: fromUserId, stepInstanceId: file.stepInstanceId, fileKey: file.fileKey }).commit(),
  ],
});
