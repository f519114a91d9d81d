import type { UploadTarget } from '../../../shared/api/file';
import { db } from '../../db/service';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { viewableContent } from '../step-work/content-visibility';
import { loadContentForWrite, type LoadedContent } from '../step-work/step-load';
import { requireUploadOpen, uploadFilesMax } from '../step-work/step-upload';
import type { AuthContext } from '../session/resolve-session';
import type { FileTarget } from './file-target';

export const CONTENT_NOT_FOUND = 'Content not found.';
export const FILE_IN_UPLOAD = 'This file is part of an upload: remove it from the upload first.';

/** The content as read for a write, or its 404 for a caller who may not see its track (nothing about it leaks). */
async function loadVisible(auth: AuthContext, contentInstanceId: string): Promise<LoadedContent> {
  try {
    return await loadContentForWrite(auth, contentInstanceId);
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError) throw new NotFoundError(CONTENT_NOT_FOUND);
    throw error;
  }
}

/**
 * A step's upload content (SPEC.md sections 5 and 6): the person responsible for it (the
 * participant for Participant content, an assignee holding its role, an override role) uploads
 * while the step is open and the upload not submitted, as many files as it takes, of its kind.
 */
export const uploadContent: FileTarget<Extract<UploadTarget, { type: 'uploadContent' }>> = {
  async planUpload(auth, target) {
    const loaded = await loadVisible(auth, target.contentInstanceId);
    if (loaded.item.type !== 'Upload') throw new ValidationError({ 'target.contentInstanceId': ['Invalid input'] });
    requireUploadOpen(loaded);
    const max = uploadFilesMax(loaded.template);
    if ((loaded.item.upload?.files ?? []).length >= max) throw new ValidationError({ target: [max === 1 ? 'This upload takes one file.' : `At most ${max} files.`] });
    return { kind: loaded.template.upload?.type ?? 'Any', targetId: loaded.item.contentInstanceId };
  },
  /**
   * Whoever may view the content on the step page: the instance's readers, and for private
   * content the responsible, an override or an approved role (the participant's Documents list
   * applies its own rule on top).
   */
  async mayRead(auth, file) {
    return Boolean(await viewableContent(auth, file.targetId));
  },
  /** Not while the upload lists it (it is removed from there); else the content's version guards a concurrent add. */
  async releaseForDeletion(file) {
    const { data } = await db().entities.stepContentInstance.query.byId({ contentInstanceId: file.targetId }).go({ limit: 1 });
    const item = data[0];
    if (!item) return null;
    if ((item.upload?.files ?? []).some((entry) => entry.fileKey === file.fileKey)) throw new BusinessRuleError(FILE_IN_UPLOAD);
    const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, contentInstanceId: item.contentInstanceId };
    return (tx) => tx.stepContentInstance.check(key).where(ifVersion(item.version)).commit();
  },
};
