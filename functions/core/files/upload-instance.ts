import { FILE_NOT_FOUND } from '../../../shared/files/stored-files';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { NOT_RESPONSIBLE } from '../step-work/step-load';
import { removeUploadFile } from '../step-work/step-work';
import type { AuthContext } from '../session/resolve-session';
import { findFileByKey } from '../../db/access/file-records';
import { deleteFile } from './file-service';

/**
 * `DELETE file/upload-instance/{key}` (SPEC.md section 7): a file of a step's upload content
 * taken off it (the step's transaction on the content's version, releasing the record and the
 * object). A file uploaded for the content but never listed is its uploader's to delete.
 * Anyone who may not see the step gets the 404 of a key that does not exist.
 */
export async function removeFromUpload(auth: AuthContext, fileKey: string): Promise<void> {
  const file = await findFileByKey(fileKey);
  if (!file || file.targetType !== 'uploadContent') throw new NotFoundError(FILE_NOT_FOUND);
  let removed: boolean;
  try {
    removed = await removeUploadFile(auth, file.targetId, fileKey);
  } catch (error) {
    if (error instanceof NotFoundError || (error instanceof ForbiddenError && error.message !== NOT_RESPONSIBLE)) throw new NotFoundError(FILE_NOT_FOUND);
    throw error;
  }
  if (removed) return;
  if (file.userId !== auth.userId) throw new NotFoundError(FILE_NOT_FOUND);
  await deleteFile(auth, fileKey);
}
