import {
  EXPORT_PAGE_ROWS,
  NO_FINISHED_TABLE_EXPORT,
  SMALL_EXPORT_ROWS,
  TABLE_EXPORT_EXPIRED,
  TABLE_EXPORT_RUNNING,
  type ExportAnswer,
  type ExportFormat,
} from '../../../shared/schemas/table-export';
import { newId } from '../../db/ids';
import { fileJobLink, startFileJob, type FileJob } from '../job-files/file-job';
import type { AuthContext } from '../session/resolve-session';
import { TABLE_EXPORT_JOB_KIND, tableExportJobId, tableExportKey, type TableExportInput } from './export-job';
import { sourceOf, type ExportSpec } from './export-spec';
import { renderExport, type ExportFile } from '../../lib/tabular/render';
import type { SourceCursor } from './sources/source';
import type { Cell } from '../../lib/tabular/table';

/**
 * Exports of the registrar's tables (issue 27, items 3 and 6; docs/security.md "Table exports"). The
 * table's own read, paged here on the server with the caller's rights, gives exactly the rows and
 * columns the caller may see with the filters sent. Up to SMALL_EXPORT_ROWS rows the file is made in
 * the request and sent in the answer; a larger table is made by a job (export-job.ts) whose file is
 * downloaded through a short-lived link (tableExportLink).
 */

/** Pages the request reads before it hands a table to a job. */
const PAGES_IN_REQUEST = Math.ceil(SMALL_EXPORT_ROWS / EXPORT_PAGE_ROWS) + 1;

/** The rows, and the table's note when its read stopped at its bound (as the table says it under its rows). */
export const withNote = (rows: Cell[][], partial: boolean, note: string | undefined): Cell[][] => (partial && note ? [...rows, [note]] : rows);

/** A file as the answer carries it. */
export const fileAnswer = (file: ExportFile, rows: number): ExportAnswer => ({ kind: 'file', fileName: file.fileName, contentType: file.contentType, base64: file.bytes.toString('base64'), rows });

export async function exportTable(auth: AuthContext, spec: ExportSpec, format: ExportFormat): Promise<ExportAnswer> {
  const source = sourceOf(spec);
  const rows: Cell[][] = [];
  let cursor: SourceCursor | undefined;
  let partial = false;
  for (let pages = 0; pages < PAGES_IN_REQUEST; pages++) {
    const page = await source.page(auth, spec, cursor, EXPORT_PAGE_ROWS);
    rows.push(...page.rows);
    partial ||= Boolean(page.partial);
    if (!page.next && rows.length <= SMALL_EXPORT_ROWS) {
      const file = await renderExport(format, source.stem(spec), [{ name: source.sheetName, columns: source.columns, rows: withNote(rows, partial, source.partialNote) }]);
      return fileAnswer(file, rows.length);
    }
    // The table's count (the users table's) says already that it is large.
    if (!page.next || rows.length > SMALL_EXPORT_ROWS || (page.total ?? 0) > SMALL_EXPORT_ROWS) break;
    cursor = page.next;
  }
  return { kind: 'job', jobId: await startExportJob(auth, spec, format) };
}

/**
 * The job of this export: the same export (requester, table, filters, format) already running is
 * followed rather than started twice (its link answers 409 until it ends); a finished one is replaced
 * and its file deleted.
 */
const TABLE_EXPORT_FILE: FileJob<TableExportInput> = {
  kind: TABLE_EXPORT_JOB_KIND,
  fileKey: tableExportKey,
  notDeleted: 'table export file not deleted',
  running: TABLE_EXPORT_RUNNING,
  none: NO_FINISHED_TABLE_EXPORT,
  expired: TABLE_EXPORT_EXPIRED,
  startWhileRunning: 'follow',
  linkWhileRunning: 'refuse',
};

function startExportJob(auth: AuthContext, spec: ExportSpec, format: ExportFormat): Promise<string> {
  const input: TableExportInput = { spec, format, requesterId: auth.userId, exportId: newId() };
  return startFileJob(TABLE_EXPORT_FILE, { jobId: tableExportJobId(auth.userId, spec, format), ownerId: auth.userId, title: sourceOf(spec).title(spec), input });
}

/**
 * The download link of the caller's finished export: only its requester (anyone else 404, as for
 * none), whose right to the table is decided again now; the link works EXPORT_LINK_SECONDS; a file
 * past its days is deleted and refused.
 */
export function tableExportLink(auth: AuthContext, jobId: string): Promise<{ url: string; name: string }> {
  return fileJobLink(TABLE_EXPORT_FILE, jobId, auth.userId, { allowed: ({ input }) => sourceOf(input.spec).allowed(auth, input.spec) });
}
