import { STEP_UPLOAD_FILES_MAX } from '../../../shared/schemas/step-instance';
import { INVALID } from '../../../shared/forms/answer-schema';
import { STEP_MESSAGES } from '../../../shared/tracks/step-status';
import { newId } from '../../db/ids';
import type { TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import { ownFiles } from '../../db/access/file-records';
import { NOT_RESPONSIBLE, type Caller, type LoadedContent } from './step-load';
import { isOpenForWork } from './step-state';

/**
 * The files of a step's upload content (SPEC.md sections 3 to 5): uploaded through the file
 * service for the content (target `uploadContent`), then listed on the content instance by
 * `addFiles`, taken off by `removeFileId` (or `DELETE file/upload-instance/{key}`), each in the
 * step's transaction on the content's version. Submitting writes the participant's Documents
 * entries (`associatedFile`), unsubmitting takes them back, in that same transaction.
 */
export const UPLOAD_SUBMITTED = 'This upload is submitted: unsubmit it to change its files.';
export const UPLOAD_ONE_FILE = 'This upload takes one file.';
export const UPLOAD_FILE_GONE = 'This file is not part of this upload.';

export type UploadEntry = NonNullable<NonNullable<LoadedContent['item']['upload']>['files']>[number];

/** How many files the upload takes: one, or up to the limit when its template allows several. */
export const uploadFilesMax = (template: LoadedContent['template']) => (template.upload?.multiple ? STEP_UPLOAD_FILES_MAX : 1);

/** An upload whose files may change now: by the person responsible, while the step is open and the upload not submitted. */
export function requireUploadOpen({ item, responsible, work }: LoadedContent): void {
  if (item.type !== 'Upload') throw new ValidationError({ instanceType: [`This content is a ${item.type}.`] });
  if (!responsible) throw new ForbiddenError(NOT_RESPONSIBLE);
  if (!isOpenForWork(work.step.status)) throw new ConflictError(work.step.status === 'Unavailable' ? STEP_MESSAGES.unavailable : STEP_MESSAGES.completed);
  if (item.upload?.submitted) throw new ConflictError(UPLOAD_SUBMITTED);
}

const contentKey = ({ item }: LoadedContent) => ({ trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, contentInstanceId: item.contentInstanceId });

/**
 * `addFiles`: each key must be the caller's own confirmed upload for this content (one BatchGet
 * in their partition; anything else, a made-up key included, is 400 at its index). Keys already
 * listed are kept once (`added`: the entries new to the list). The content moves on its version, with a check that each new file's
 * record still exists (its uploader's delete checks the content's version the other way).
 */
export async function addFilesWrites(auth: Caller, loaded: LoadedContent, keys: readonly string[]): Promise<{ writes: TransactionItem[]; added: UploadEntry[] }> {
  const listed = loaded.item.upload?.files ?? [];
  const found = await ownFiles(auth.userId, [...keys]);
  const errors: Record<string, string[]> = {};
  keys.forEach((key, i) => {
    const file = found.get(key);
    if (!file || file.status !== 'confirmed' || file.targetType !== 'uploadContent' || file.targetId !== loaded.item.contentInstanceId) errors[`addFiles.${i}.key`] = [INVALID];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const fresh = [...new Set(keys)].filter((key) => !listed.some((entry) => entry.fileKey === key));
  const max = uploadFilesMax(loaded.template);
  if (listed.length + fresh.length > max) throw new ValidationError({ addFiles: [max === 1 ? UPLOAD_ONE_FILE : `At most ${max} files.`] });
  const added: UploadEntry[] = fresh.map((fileKey) => ({ id: newId(), fileKey, name: found.get(fileKey)!.name, uploadedBy: auth.userId }));
  const writes: TransactionItem[] = [
    (tx) => tx.stepContentInstance.patch(contentKey(loaded)).set({ upload: { files: [...listed, ...added], submitted: false } }).add({ version: 1 }).where(ifVersion(loaded.item.version)).commit(),
    ...added.map((entry): TransactionItem => (tx) => tx.uploadedFile.check({ userId: auth.userId, fileKey: entry.fileKey }).where((file, op) => op.exists(file.fileKey)).commit()),
  ];
  return { writes, added };
}

/**
 * `removeFileId`: the entry leaves the content, and the file goes with it (it was uploaded
 * for this content and nothing else uses it): its record and, through the outbox, the object.
 */
export function removeFileWrites(loaded: LoadedContent, entryId: string): TransactionItem[] {
  const listed = loaded.item.upload?.files ?? [];
  const entry = listed.find((e) => e.id === entryId);
  if (!entry) throw new ValidationError({ removeFileId: [UPLOAD_FILE_GONE] });
  const files = listed.filter((e) => e.id !== entryId);
  const uploader = entry.uploadedBy;
  const record: TransactionItem[] = uploader ? [(tx) => tx.uploadedFile.delete({ userId: uploader, fileKey: entry.fileKey }).commit()] : [];
  return [
    (tx) => tx.stepContentInstance.patch(contentKey(loaded)).set({ upload: { files, submitted: false } }).add({ version: 1 }).where(ifVersion(loaded.item.version)).commit(),
    ...record,
    (tx) => tx.outbox.create({ outboxId: newId(), kind: 'removeObject', payload: { key: entry.fileKey } }).commit(),
  ];
}

/**
 * Submit or unsubmit: the content on its version, and the participant's Documents entries
 * (SPEC.md section 3 "Associated file", with the content's privacy so Documents can hide it)
 * put on submit and deleted on unsubmit.
 */
export function submitWrites(loaded: LoadedContent, submitted: boolean, now: string): TransactionItem[] {
  const { item, template, design, instance } = loaded;
  const files = item.upload?.files ?? [];
  if (submitted && files.length === 0) throw new ValidationError({ submitted: ['Add a file before submitting.'] });
  const upload = { files, submitted, ...(submitted ? { submittedAt: now } : {}) };
  const documents = files.map((entry): TransactionItem => {
    const key = { userId: instance.participantId, stepInstanceId: item.stepInstanceId, fileKey: entry.fileKey };
    if (!submitted) return (tx) => tx.associatedFile.delete(key).commit();
    return (tx) =>
      tx.associatedFile
        .put({
          ...key,
          name: entry.name ?? entry.fileKey,
          trackInstanceId: item.trackInstanceId,
          contentInstanceId: item.contentInstanceId,
          stepTemplateId: design.step.stepTemplateId,
          stepTemplateName: design.step.name,
          isPrivate: template.isPrivate,
          approvedRoles: template.approvedRoles ?? [],
          createdAt: now,
        })
        .commit();
  });
  return [(tx) => tx.stepContentInstance.patch(contentKey(loaded)).set({ upload }).add({ version: 1 }).where(ifVersion(item.version)).commit(), ...documents];
}
