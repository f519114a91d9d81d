import { db } from '../../db/service';
import { ifVersion, isConditionFailure, StaleVersionError } from '../../db/versioned';
import { removeUpload } from '../../lib/adapters/storage';
import { findFileByKey } from '../../db/access/file-records';

/** References read per Query while looking for one still in use. */
const REFERENCE_PAGE = 100;

type ReferenceItem = { fileKey: string; holderId: string; trackTemplateId: string; phaseId: string };

/** Whether the step a reference names still lists the file (a deleted step's reference is stale). */
async function isLive(reference: ReferenceItem): Promise<boolean> {
  const { data: step } = await db()
    .entities.stepTemplate.get({ trackTemplateId: reference.trackTemplateId, phaseId: reference.phaseId, stepTemplateId: reference.holderId })
    .go({ consistent: true, attributes: ['attachments'] });
  return Boolean(step?.attachments?.some((attachment) => attachment.fileKey === reference.fileKey));
}

/**
 * The references to a file, page by page (consistent), until one is live: the stale ones
 * (their step was deleted or no longer lists the file) are returned for removal.
 */
export async function fileInUse(fileKey: string): Promise<{ inUse: boolean; stale: ReferenceItem[] }> {
  const stale: ReferenceItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: ReferenceItem[]; cursor: string | null } = await db().entities.fileReference.query.byFile({ fileKey }).go({ limit: REFERENCE_PAGE, cursor, consistent: true });
    for (const reference of page.data) {
      if (await isLive(reference)) return { inUse: true, stale };
      stale.push(reference);
    }
    cursor = page.cursor;
  } while (cursor);
  return { inUse: false, stale };
}

/**
 * The outbox's `releaseFile`: a file a step dropped (or whose step was deleted) goes once
 * nothing uses it: its record (on condition of the version read, which every new attachment
 * moves on, so an attach in between keeps it: the retry sees the new reference), then its
 * object. Safe to repeat: a file already gone only has its object removed again.
 */
export async function releaseFile(fileKey: string): Promise<void> {
  const file = await findFileByKey(fileKey);
  const { inUse, stale } = await fileInUse(fileKey);
  if (inUse) return;
  if (file) {
    try {
      await db().entities.uploadedFile.delete({ userId: file.userId, fileKey }).where(ifVersion(file.version)).go();
    } catch (error) {
      if (isConditionFailure(error)) throw new StaleVersionError();
      throw error;
    }
  }
  if (stale.length) await db().entities.fileReference.delete(stale.map(({ fileKey: key, holderId }) => ({ fileKey: key, holderId }))).go();
  await removeUpload(fileKey);
}
