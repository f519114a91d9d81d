import * as z from 'zod';
import { defineContract } from './contract';
import { idListParam, idSchema } from './id-list';
import { UPLOAD_KIND_NAMES, UPLOAD_MAX_BYTES } from '../files/upload-kinds';
import { PROFILE_TAB_MAX, fileTabContracts } from './user-tabs';
import { limitSchema, pageOf } from './list-query';
import { fileKeySchema, uploadFileViewSchema } from '../files/stored-files';

/**
 * Files (SPEC.md sections 3, 5 and 7; ARCHITECTURE.md section 8). The browser never sends a
 * file through the API: it asks for an upload (the server checks the target, the kind and the
 * size, makes the key and signs a POST straight to the bucket), posts the file there with a
 * progress bar, then confirms it. A download is a short-lived signed link, given only to
 * those who may read what the file belongs to.
 */
const base = '/api/file';

const byKey = z.object({ key: fileKeySchema });

/** The largest file of any kind; each kind has its own limit (shared/files/upload-kinds.ts). */
export const UPLOAD_MAX_ANY_KIND = Math.max(...Object.values(UPLOAD_MAX_BYTES));

/**
 * What a file is for, which decides its kind and who may upload and read it. Other
 * features add their own type here and beside it in functions/core/files/file-targets.ts.
 */
export const uploadTargetSchema = z.discriminatedUnion('type', [
  /** A File field of a form instance: the participant uploads, those who see them read. */
  z.object({ type: z.literal('formField'), formInstanceId: idSchema, fieldId: z.string().trim().min(1).max(60) }),
  /** A user's avatar (an image): those who may edit the profile upload, those who see the user read. */
  z.object({ type: z.literal('avatar'), userId: idSchema }),
  /**
   * An attachment for a step of this phase (Create Step has no step yet): those who may edit the
   * phase's track upload; those who read the track read (the step's own download route also
   * serves copies of the step in other tracks).
   */
  z.object({ type: z.literal('stepAttachment'), phaseId: idSchema }),
  /**
   * A step's upload content (a content instance): the person responsible for it uploads while
   * the step is open and the upload not submitted; those who may view the content read.
   */
  z.object({ type: z.literal('uploadContent'), contentInstanceId: idSchema }),
]);
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const uploadRequestSchema = z.object({
  target: uploadTargetSchema,
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(255, 'At most 255 characters.'),
  size: z.number({ error: 'Required' }).int().min(1, 'The file is empty.').max(UPLOAD_MAX_ANY_KIND, 'The file is too large.'),
});

export const fileViewSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(UPLOAD_KIND_NAMES as ['Audio', 'Document', 'Image', 'Any']),
  contentType: z.string(),
  size: z.number().int(),
  status: z.enum(['pending', 'confirmed']),
  createdAt: z.string(),
});
export type FileView = z.infer<typeof fileViewSchema>;

export const uploadGrantSchema = z.object({
  file: fileViewSchema,
  /** The form the browser posts: `url`, then every field, then the file last. */
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number().int(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

/** A step's upload content as the file service answers it (SPEC.md section 3: submitted, its files with id and key). */
export const uploadInstanceViewSchema = z.object({
  id: z.string(),
  stepInstanceId: z.string(),
  trackInstanceId: z.string(),
  submitted: z.boolean(),
  submittedAt: z.string().optional(),
  files: z.array(uploadFileViewSchema),
});
export type UploadInstanceView = z.infer<typeof uploadInstanceViewSchema>;

const filesQuery = z.object({
  limit: limitSchema,
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(PROFILE_TAB_MAX - 1, `offset must be below ${PROFILE_TAB_MAX}`).default(0),
});

export const fileApi = {
  requestUpload: defineContract({
    id: 'file.requestUpload', service: 'file', method: 'POST', path: `${base}/upload`, access: 'session', status: 201, rateLimit: 'upload',
    summary: 'Asks to upload a file for a target (a form instance’s File field ...): the server checks the caller may, the kind (by name) and size, makes the key and returns a presigned POST limited to that key, type and size.',
    body: uploadRequestSchema, response: uploadGrantSchema,
  }),
  confirmUpload: defineContract({
    id: 'file.confirmUpload', service: 'file', method: 'POST', path: `${base}/files/{key}/confirm`, access: 'session',
    summary: 'The uploader confirms their upload: the object must have arrived within the size and type granted (else 400 and it is removed); the file can then be referenced and downloaded.',
    params: byKey, response: fileViewSchema,
  }),
  remove: defineContract({
    id: 'file.remove', service: 'file', method: 'DELETE', path: `${base}/files/{key}`, access: 'session', status: 204,
    summary: 'The uploader deletes their own file while no saved answer references it (else 422); the record goes at once and the stored object through the outbox, once. Anyone else: 404.',
    params: byKey, response: z.null(),
  }),
  download: defineContract({
    id: 'file.download', service: 'file', method: 'GET', path: `${base}/files/{key}`, access: 'session', readLog: 'file',
    summary: 'A short-lived download link (presigned GET, saved under the file’s name) for those who may read what the file belongs to; everyone else 404.',
    params: byKey, response: z.object({ url: z.string(), name: z.string() }),
  }),
  removeFromUpload: defineContract({
    id: 'file.removeFromUpload', service: 'file', method: 'DELETE', path: `${base}/upload-instance/{key}`, access: 'session', status: 204,
    summary: 'Takes a file off the step upload that lists it while that upload is not submitted (the person responsible for it; 409 once submitted or the step is closed), in one transaction on the content’s version with the file’s record; the stored object goes through the outbox. An unlisted upload: its uploader only. Anyone who may not see the step: 404.',
    params: byKey, response: z.null(),
  }),
  userFiles: defineContract({
    id: 'file.userFiles', service: 'file', method: 'GET', path: `${base}/{userId}/files`, access: 'session', readLog: 'documents',
    summary: `A user's uploaded files, newest first (the newest ${PROFILE_TAB_MAX}, paged): all of their own; for someone else who sees the user, only confirmed files whose target the caller may read (private step content stays hidden).`,
    params: z.object({ userId: idSchema }), query: filesQuery, response: pageOf(fileViewSchema),
  }),
  fileInstances: defineContract({
    id: 'file.fileInstances', service: 'file', method: 'GET', path: `${base}/file-instances/{ids}`, access: 'session', readLog: 'documents',
    summary: 'Files by a comma-separated list of keys (at most 100): the caller’s own, and confirmed files whose target the caller may read; the others are left out.',
    params: z.object({ ids: idListParam }), response: z.array(fileViewSchema),
  }),
  uploadInstance: defineContract({
    id: 'file.uploadInstance', service: 'file', method: 'GET', path: `${base}/upload-instance/{id}`, access: 'session', readLog: 'stepContent',
    summary: "A step's upload content (submitted, files) for whoever may view it on the step page; anyone else, and private content hidden from the caller, 404.",
    params: z.object({ id: idSchema }), response: uploadInstanceViewSchema,
  }),
  uploadInstances: defineContract({
    id: 'file.uploadInstances', service: 'file', method: 'GET', path: `${base}/upload-instances/{ids}`, access: 'session', readLog: 'stepContent',
    summary: 'Upload contents by a comma-separated id list (at most 100): those the caller may view, the others left out.',
    params: z.object({ ids: idListParam }), response: z.array(uploadInstanceViewSchema),
  }),
  ...fileTabContracts,
};
