import { PROFILE_TAB_MAX } from '../../../shared/api/user-tabs';
import type { FileView } from '../../../shared/api/file';
import { db } from '../../db/service';
import { NotFoundError } from '../../lib/errors';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { fileView, findFileByKey, type UploadedFileItem } from '../../db/access/file-records';
import { fileTarget } from './file-targets';
import { noteRead } from '../read-log/read-write';
import { PRIVATE_FILE_TARGETS } from './private-files';

/**
 * The files the caller may read among these: their own (pending too), and confirmed ones whose
 * target lets them read (each target decided once per request: files of one target share it).
 */
async function readable(auth: AuthContext, files: readonly UploadedFileItem[]): Promise<UploadedFileItem[]> {
  const decided = new Map<string, Promise<boolean>>();
  const mayRead = (file: UploadedFileItem) => {
    if (file.userId === auth.userId) return Promise.resolve(true);
    if (file.status !== 'confirmed') return Promise.resolve(false);
    const key = `${file.targetType}#${file.targetId}#${file.userId}`;
    if (!decided.has(key)) decided.set(key, fileTarget(file.targetType)?.mayRead(auth, file) ?? Promise.resolve(false));
    return decided.get(key)!;
  };
  const verdicts = await Promise.all(files.map(mayRead));
  const shown = files.filter((_, i) => verdicts[i]);
  // Names of someone's uploaded documents: one entry per owner whose list was shown.
  for (const file of shown) if (PRIVATE_FILE_TARGETS.has(file.targetType)) noteRead({ ownerId: file.userId, kind: 'documents', objectId: file.userId });
  return shown;
}

/**
 * `GET file/{userId}/files`: a user's uploads, newest first, the newest PROFILE_TAB_MAX read in one
 * Query and paged from there. Someone who cannot see the user gets 404; one who can sees only what
 * they may read (a private step upload of the user stays hidden from those without an approved role).
 */
export async function userFiles(auth: AuthContext, userId: string, page: { limit: number; offset: number }): Promise<{ data: FileView[]; count: number }> {
  if (userId !== auth.userId && !canSeeTarget(auth, await loadTargetUser(userId))) throw new NotFoundError('User not found.');
  const { data } = await db().entities.uploadedFile.query.byUser({ userId }).go({ limit: PROFILE_TAB_MAX, order: 'desc' });
  const rows = await readable(auth, data);
  return { data: rows.slice(page.offset, page.offset + page.limit).map(fileView), count: rows.length };
}

/** `GET file/file-instances/{ids}`: files by key (one Query each, at most 100), those the caller may read, in the order asked. */
export async function fileInstances(auth: AuthContext, fileKeys: readonly string[]): Promise<FileView[]> {
  const found = (await Promise.all(fileKeys.map(findFileByKey))).filter((file): file is UploadedFileItem => file !== null);
  return (await readable(auth, found)).map(fileView);
}
