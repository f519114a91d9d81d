import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE } from './mover';

const page = { limit: MOVE_PAGE, consistent: true } as const;

/** Files the source uploaded become the target's (same storage key: the stored object does not move). */
export const uploadedFilesMover = itemMover({
  name: 'files',
  entity: 'uploadedFile',
  read: async ({ fromUserId }) => (await db().entities.uploadedFile.query.byUser({ userId: fromUserId }).go(page)).data,
  destination: (file, { toUserId }) => ({ after: { ...file, userId: toUserId } }),
});

/** The source's Documents (files submitted in steps) appear on the target's Documents tab. */
export const associatedFilesMover = itemMover({
  name: 'documents',
  entity: 'associatedFile',
  read: async ({ fromUserId }) => (await db().entities.associatedFile.query.byUser({ userId: fromUserId }).go(page)).data,
  destination: (file, { toUserId }) => ({ after: { ...file, userId: toUserId } }),
});
