import { createHash } from 'node:crypto';
import { EXPORT_ARCHIVE_DAYS, EXPORT_PREFIX } from '../../../shared/files/data-exports';
import { EXPORT_PAGE_ROWS, EXPORT_ROWS_MAX, type ExportFormat, type TableExportResult } from '../../../shared/schemas/table-export';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { JobFailure, type JobItem, type JobKind } from '../../db/jobs';
import { deleteObject, describeObject, putObject, readObjectStream } from '../../lib/adapters/storage';
import { HttpError } from '../../lib/errors';
import { authContextOf, type AuthContext } from '../session/resolve-session';
import { sourceOf, type ExportSpec } from './export-spec';
import { renderExport } from '../../lib/tabular/render';
import type { SourceCursor, TableSource } from './sources/source';
import type { Cell } from '../../lib/tabular/table';

/**
 * A table export too large to make in its request (table-export.ts): one page of the table a step,
 * read with the requester's rights as they are at that step and staged as a JSON part under the
 * export's prefix; the last step joins the parts into the file, stores it and deletes the parts.
 * A step writes only its own part, named by its number: repeated after a crash, it writes the same.
 */
export const TABLE_EXPORT_JOB_KIND = 'table.export';

export interface TableExportInput {
  spec: ExportSpec;
  format: ExportFormat;
  requesterId: string;
  /** A fresh id per export: its objects' prefix, so a new export never mixes with an earlier one. */
  exportId: string;
}

interface TableExportCursor {
  /** Parts staged so far (the next part's number). */
  parts: number;
  rows: number;
  /** Where the next page starts; absent with `read`. */
  next?: SourceCursor;
  /** Every page is staged (the table's end, or EXPORT_ROWS_MAX). */
  read: boolean;
  truncated: boolean;
  /** A page's read stopped at the table's bound (the table's note ends the file). */
  partial?: boolean;
}

/**
 * One export of a table with these filters and format per requester: the same export asked for again
 * while it runs is the same job. A digest, so the id fits a job route's id whatever the filters.
 */
export function tableExportJobId(requesterId: string, spec: ExportSpec, format: ExportFormat): string {
  return `table-export-${createHash('sha256').update(JSON.stringify([requesterId, format, spec])).digest('hex').slice(0, 40)}`;
}

const folder = (jobId: string, input: TableExportInput) => `${EXPORT_PREFIX}tables/${jobId}/${input.exportId}/`;
/** The finished file's object key. */
export const tableExportKey = (jobId: string, input: TableExportInput) => `${folder(jobId, input)}export.${input.format}`;
const partKey = (jobId: string, input: TableExportInput, part: number) => `${folder(jobId, input)}staging/part-${part}.json`;

/** The requester as they are now (an inactive or removed requester's export stops). */
async function requesterContext(job: JobItem & { input: TableExportInput }): Promise<AuthContext> {
  const aggregate = await loadUserAggregate(job.input.requesterId, { consistent: true });
  if (!aggregate || aggregate.user.inactive) throw new JobFailure('The person who started this export can no longer sign in.');
  return authContextOf(aggregate, { sessionId: `job:${job.jobId}` });
}

/** A page read with the requester's rights now: a right lost since the start ends the export (never a retry). */
async function pageAsRequester(source: TableSource<ExportSpec>, auth: AuthContext, input: TableExportInput, cursor: TableExportCursor) {
  try {
    return await source.page(auth, input.spec, cursor.next, Math.min(EXPORT_PAGE_ROWS, EXPORT_ROWS_MAX - cursor.rows));
  } catch (error) {
    if (error instanceof HttpError && (error.status === 403 || error.status === 404)) throw new JobFailure('You may no longer export this table.');
    throw error;
  }
}

async function stagedRows(key: string): Promise<Cell[][]> {
  const stream = await readObjectStream(key);
  if (!stream) throw new Error(`Staged part ${key} is missing.`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Cell[][];
}

export const tableExportJob: JobKind<TableExportInput> = {
  async step(job) {
    const input = job.input;
    const source = sourceOf(input.spec);
    const cursor: TableExportCursor = (job.cursor as TableExportCursor | undefined) ?? { parts: 0, rows: 0, read: false, truncated: false };
    if (!cursor.read) {
      const auth = await requesterContext(job);
      const page = await pageAsRequester(source, auth, input, cursor);
      await putObject(partKey(job.jobId, input, cursor.parts), JSON.stringify(page.rows), { contentType: 'application/json' });
      const rows = cursor.rows + page.rows.length;
      const full = rows >= EXPORT_ROWS_MAX;
      const next: TableExportCursor = {
        parts: cursor.parts + 1,
        rows,
        read: !page.next || full,
        truncated: Boolean(page.next) && full,
        partial: Boolean(cursor.partial || page.partial),
        ...(page.next && !full ? { next: page.next } : {}),
      };
      // Rows so far of the table's count when its read knows it, else of what is read plus a page while more follow.
      const total = Math.min(EXPORT_ROWS_MAX, page.total ?? rows + (next.read ? 0 : EXPORT_PAGE_ROWS));
      return { done: page.rows.length, total: Math.max(total, rows), cursor: next };
    }
    const result = await writeFile(job, source, cursor);
    return { done: 0, total: cursor.rows, finished: true, result };
  },
};

/**
 * The last step: the file from the staged parts, then the parts go. Repeated after a crash that
 * came after the file was stored (some parts may be gone), it keeps the stored file.
 */
async function writeFile(job: JobItem & { input: TableExportInput }, source: TableSource<ExportSpec>, cursor: TableExportCursor): Promise<TableExportResult> {
  const input = job.input;
  const keys = Array.from({ length: cursor.parts }, (_, part) => partKey(job.jobId, input, part));
  const key = tableExportKey(job.jobId, input);
  const fileName = `${source.stem(input.spec)}.${input.format}`;
  let bytes = (await describeObject(key))?.size;
  if (bytes === undefined) {
    const rows: Cell[][] = [];
    for (const part of keys) rows.push(...(await stagedRows(part)));
    if (cursor.partial && source.partialNote) rows.push([source.partialNote]);
    if (cursor.truncated) rows.push([`Stopped at ${EXPORT_ROWS_MAX} rows: narrow the filters to export the rest.`]);
    const file = await renderExport(input.format, source.stem(input.spec), [{ name: source.sheetName, columns: source.columns, rows }], new Date(job.createdAt));
    await putObject(key, file.bytes, { contentType: file.contentType, contentLength: file.bytes.length });
    bytes = file.bytes.length;
  }
  for (const part of keys) await deleteObject(part);
  const expiresAt = new Date(Date.now() + EXPORT_ARCHIVE_DAYS * 24 * 3600 * 1000).toISOString();
  return { fileName, rows: cursor.rows, bytes, truncated: cursor.truncated, expiresAt };
}
