import { neutralised, type Cell, type Sheet } from './table';

/**
 * Sheets as one CSV file (RFC 4180): every field quoted with quotes doubled, lines ended by CRLF,
 * UTF-8 with a byte-order mark so Excel reads accented names right. Text that would start a formula
 * is defused (table.ts); numbers are written as they are. Several sheets (the dashboard's tables)
 * follow each other, each after a line with its name and a blank line between them.
 */
const BOM = '\ufeff';

export function csvField(cell: Cell): string {
  const text = typeof cell === 'number' ? String(cell) : neutralised(cell);
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: readonly Cell[]) => cells.map(csvField).join(',');

/** The lines of one sheet (no BOM): its header and rows. */
export function csvLines(sheet: Sheet): string[] {
  return [csvLine(sheet.columns), ...sheet.rows.map(csvLine)];
}

export function toCsv(sheets: readonly Sheet[]): string {
  const sections = sheets.map((sheet) => (sheets.length > 1 ? [csvLine([sheet.name]), ...csvLines(sheet)] : csvLines(sheet)).join('\r\n'));
  return `${BOM}${sections.join('\r\n\r\n')}\r\n`;
}
