import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { jobStartedSchema } from '../schemas/job';

/** What the link route answers when the caller has no finished export of this person. */
export const NO_FINISHED_EXPORT = 'No finished export of this person. Start one first.';
/** An archive past its days (shared/files/data-exports.ts EXPORT_ARCHIVE_DAYS): it is deleted. */
export const EXPORT_EXPIRED = 'This export has expired. Start a new one.';
/** One export per person per requester at a time. */
export const EXPORT_RUNNING = 'An export of this person is already running.';

/** A finished export, as the job's result says it. */
export const dataExportResultSchema = z.object({
  fileName: z.string(),
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  enrolments: z.number().int().nonnegative(),
  expiresAt: z.string(),
});
export type DataExportResult = z.infer<typeof dataExportResultSchema>;

/**
 * A person's data export (issue 25, item 4); shared/api/user.ts adds these to userApi. A superadmin
 * exports anyone, everyone else only themself (403; an unknown person 404). The archive holds what
 * the requester may see, read by the job with the requester's rights.
 */
export const userExportContracts = {
  startDataExport: defineContract({
    id: 'user.startDataExport', service: 'user', method: 'POST', path: '/api/user/{userId}/data-export', access: 'session', status: 202,
    summary:
      "Export a person's data (a superadmin: anyone; everyone else: themself): a background job writes one .zip of their profile and every enrolment with its steps, answers and files the requester may see (answered: its id). One export per person and requester runs at a time (409).",
    params: z.object({ userId: idSchema }),
    response: jobStartedSchema,
  }),
  dataExportLink: defineContract({
    id: 'user.dataExportLink', service: 'user', method: 'GET', path: '/api/user/{userId}/data-export/link', access: 'session', readLog: 'export',
    summary:
      "The caller's finished export of this person: a download link that works for 15 minutes (the archive itself is deleted 7 days after the export). Only the requester who started it; anyone else 404. Someone else's export is recorded in that person's read-access log before the link is signed.",
    params: z.object({ userId: idSchema }),
    response: z.object({ url: z.string(), name: z.string() }),
  }),
};
