import { newId } from '../../db/ids';
import { transact } from '../../db/transact';
import { db } from '../../db/service';
import { StaleVersionError, ifVersion, isConditionFailure } from '../../db/versioned';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { describeUpload, presignDownload, presignUpload, promoteUpload, removePendingUpload, removeUpload } from '../../lib/adapters/storage';
import { type FileView, type UploadGrant, type UploadTarget } from '../../../shared/api/file';
import { FILE_NOT_FOUND, UPLOAD_NOT_ARRIVED } from '../../../shared/files/stored-files';
import { FILE_TOO_LARGE, FILE_TYPE_REFUSED, UPLOAD_MAX_BYTES, contentTypeFor, isAcceptedFileName, sanitizeFileName } from '../../../shared/files/upload-kinds';
import type { AuthContext } from '../session/resolve-session';
import { FILE_TARGETS, fileTarget } from './file-targets';
import { fileView, findFileByKey, findOwnFile, type UploadedFileItem } from '../../db/access/file-records';
import { flushReads, noteRead } from '../read-log/read-write';
import { PRIVATE_FILE_TARGETS } from './private-files';

/** A pending record (an upload asked for but never confirmed) is deleted by TTL after this. */
const PENDING_SECONDS = 24 * 60 * 60;

/**
 * Grants one upload: the target decides whether the caller may and which kind it takes;
 * the name (after SPEC.md's rule) must fit the kind and the size its limit. The server makes
 * the key and the content type, so the POST it signs can put nothing else anywhere else.
 */
export async function requestUpload(auth: AuthContext, input: { target: UploadTarget; name: string; size: number }): Promise<UploadGrant> {
  const target = FILE_TARGETS[input.target.type] as (typeof FILE_TARGETS)[UploadTarget['type']];
  const name = sanitizeFileName(input.name);
  const plan = await target.planUpload(auth, input.target as never, name);
  if (!isAcceptedFileName(name, plan.kind)) throw new ValidationError({ name: [FILE_TYPE_REFUSED(plan.kind)] }, FILE_TYPE_REFUSED(plan.kind));
  const maxBytes = UPLOAD_MAX_BYTES[plan.kind];
  if (input.size > maxBytes) throw new ValidationError({ size: [FILE_TOO_LARGE(plan.kind)] }, FILE_TOO_LARGE(plan.kind));

  const fileKey = newId().toLowerCase();
  const contentType = contentTypeFor(name);
  const { data } = await db()
    .entities.uploadedFile.create({
      userId: auth.userId,
      fileKey,
      name,
      kind: plan.kind,
      targetType: input.target.type,
      targetId: plan.targetId,
      ...(plan.fieldId ? { fieldId: plan.fieldId } : {}),
      contentType,
      size: input.size,
      status: 'pending',
      ttl: Math.floor(Date.now() / 1000) + PENDING_SECONDS,
    })
    .go();
  // The policy allows the size announced, so a bigger body is refused by S3 itself.
  const upload = await presignUpload({ key: fileKey, contentType, maxBytes: input.size });
  return { file: fileView(data), upload: { url: upload.url, fields: upload.fields }, maxBytes };
}

/**
 * The uploader says the upload is done. What arrived is checked against what was granted
 * (the local S3 stand-in does not enforce POST policies; this check holds everywhere), a
 * wrong object is removed, and the object moves from the pending prefix to its key before the
 * record becomes confirmed: from then on it can be referenced (a form answer) and downloaded.
 * Repeating a confirmation changes nothing; one cut short is finished by the next.
 */
export async function confirmUpload(auth: AuthContext, fileKey: string): Promise<FileView> {
  const file = await findOwnFile(auth.userId, fileKey);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND);
  if (file.status === 'confirmed') return fileView(file);
  const stored = await describeUpload(fileKey);
  if (!stored) throw new ValidationError({ key: [UPLOAD_NOT_ARRIVED] }, UPLOAD_NOT_ARRIVED);
  const refusal = stored.size > file.size ? FILE_TOO_LARGE(file.kind) : stored.contentType !== file.contentType ? FILE_TYPE_REFUSED(file.kind) : null;
  if (refusal) {
    await removeUpload(fileKey);
    throw new ValidationError({ key: [refusal] }, refusal);
  }
  await promoteUpload(fileKey);
  const confirmed = await markConfirmed(file, stored.size);
  await removePendingUpload(fileKey);
  return fileView(confirmed);
}

/** Confirmed on condition of the version read; the pending expiry is dropped. */
async function markConfirmed(file: UploadedFileItem, size: number): Promise<UploadedFileItem> {
  try {
    const { data } = await db()
      .entities.uploadedFile.patch({ userId: file.userId, fileKey: file.fileKey })
      .set({ status: 'confirmed', size })
      .remove(['ttl'])
      .add({ version: 1 })
      .where(ifVersion(file.version))
      .go({ response: 'all_new' });
    return data as UploadedFileItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new StaleVersionError();
  }
}

/**
 * A download link, only for those who may read what the file belongs to; a pending file
 * only for its uploader. Everyone else gets the same 404 as for a key that does not exist.
 */
export async function downloadLink(auth: AuthContext, fileKey: string): Promise<{ url: string; name: string }> {
  const file = await findFileByKey(fileKey);
  const readable = file && (file.userId === auth.userId || (file.status === 'confirmed' && (await fileTarget(file.targetType)?.mayRead(auth, file))));
  if (!file || !readable) throw new NotFoundError(FILE_NOT_FOUND);
  // Someone's uploaded document: the read is recorded before the link exists (the file by its key only, never its name).
  if (PRIVATE_FILE_TARGETS.has(file.targetType)) noteRead({ ownerId: file.userId, kind: 'file', objectId: file.fileKey });
  await flushReads();
  return { url: await presignDownload(file.fileKey, file.name), name: file.name };
}

/**
 * The uploader deletes their own file (anyone else: the 404 of a key that does not exist).
 * The record, a check that the target has not moved on, and an outbox item that removes the
 * object go in one transaction: the object is removed once, after the record is gone, and a
 * crash in between leaves the outbox item to finish it. A pending file's object may not have
 * arrived; removing nothing is fine (the lifecycle rule expires pending objects anyway).
 */
export async function deleteFile(auth: AuthContext, fileKey: string): Promise<void> {
  const file = await findOwnFile(auth.userId, fileKey);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND);
  const guard = await fileTarget(file.targetType)?.releaseForDeletion(file);
  await transact([
    (tx) => tx.uploadedFile.delete({ userId: file.userId, fileKey }).where(ifVersion(file.version)).commit(),
    ...(guard ? [guard] : []),
    (tx) => tx.outbox.create({ outboxId: newId(), kind: 'removeObject', payload: { key: fileKey } }).commit(),
  ]);
}
