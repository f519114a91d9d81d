import * as z from 'zod';

/*
 * What every service says about a stored file. Kept apart from the file service's contract
 * (shared/api/file.ts) so the services that only mention files (steps, people, the worker) do not
 * bundle that contract.
 */

/** Keys are made by the server: a lower-case ULID. Anything else is a 400, never a lookup. */
export const fileKeySchema = z.string().min(26, 'Invalid file key.').max(26, 'Invalid file key.').regex(/^[0-9a-z]{26}$/, 'Invalid file key.');

/** A file listed on a step's upload content: the entry's id (for `removeFileId`), the file's key and name. */
export const uploadFileViewSchema = z.object({ id: z.string(), key: z.string(), name: z.string() });

export const FILE_NOT_FOUND = 'File not found.';
export const FILE_IN_SAVED_ANSWERS = 'This file is part of saved answers: remove it from the field and save first.';
export const UPLOAD_NOT_ARRIVED = 'The file did not arrive. Please upload it again.';
