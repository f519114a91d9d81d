import type { ExportFormat } from '../../../shared/schemas/table-export';
import { toCsv } from './csv';
import type { Sheet } from './table';
import { toXlsx, XLSX_CONTENT_TYPE } from './xlsx';

export interface ExportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Sheets in the chosen format, named `<stem>.<format>`. */
export async function renderExport(format: ExportFormat, stem: string, sheets: readonly Sheet[], at = new Date()): Promise<ExportFile> {
  const fileName = `${stem}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(toCsv(sheets), 'utf8') };
  return { fileName, contentType: XLSX_CONTENT_TYPE, bytes: await toXlsx(sheets, at) };
}

/** A file name's stem from words and ids: letters, digits, dashes. */
export const fileStem = (...parts: string[]) =>
  parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'export';
