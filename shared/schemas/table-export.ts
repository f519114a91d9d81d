import * as z from 'zod';

/**
 * Exports of the registrar's tables (issue 27, items 3 and 6; docs/security.md "Table exports"): the
 * participants table, the users table, the audit page and the dashboard's figures, as CSV or XLSX,
 * exactly the rows and columns the viewer may see with the filters they chose.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, 'format is csv or xlsx');

/** Up to this many rows an export is made in the request and downloaded at once; more runs as a job. */
export const SMALL_EXPORT_ROWS = 1_000;
/** The most rows one export holds; a larger one stops there and says so in its last row. */
export const EXPORT_ROWS_MAX = 20_000;
/** Rows one read of a table (and one step of an export job) takes. */
export const EXPORT_PAGE_ROWS = 250;

export const NO_FINISHED_TABLE_EXPORT = 'No finished export here. Start one from the table.';
export const TABLE_EXPORT_EXPIRED = 'This export has expired. Export the table again.';
export const TABLE_EXPORT_RUNNING = 'This export is still being made. Download it when it has finished.';

/** A small export, in the answer itself: the file's bytes in base64. */
export const exportFileSchema = z.object({ kind: z.literal('file'), fileName: z.string(), contentType: z.string(), base64: z.string(), rows: z.number().int().nonnegative() });
/** A large export: the job that makes it (202). */
export const exportJobSchema = z.object({ kind: z.literal('job'), jobId: z.string() });
export const exportAnswerSchema = z.discriminatedUnion('kind', [exportFileSchema, exportJobSchema]);
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

/** An export job's result. */
export const tableExportResultSchema = z.object({
  fileName: z.string(),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** The export stopped at EXPORT_ROWS_MAX rows. */
  truncated: z.boolean(),
  expiresAt: z.string(),
});
export type TableExportResult = z.infer<typeof tableExportResultSchema>;
