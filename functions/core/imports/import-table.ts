import { parseCsv } from '../../../shared/csv/csv-parse';
import { FORMULA_START, formulaMessage, IMPORT_CELL_MAX, IMPORT_COLUMNS, IMPORT_MAX_ROWS, importFileMessages, type ImportKind, type ImportRowView } from '../../../shared/imports/csv-import';
import { ValidationError } from '../../lib/errors';

/** One data row: its line, its cells by column name (trimmed), and the problems of its cells alone. */
export interface TableRow {
  line: number;
  cells: Record<string, string>;
  problems: string[];
}

const refuse = (message: string): never => {
  throw new ValidationError({ csv: [message] }, message);
};

const columnKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The file as rows of its kind: the header must name exactly the kind's columns (any order,
 * any case); an empty file, a header alone, too many rows or a malformed quote is a 400 naming
 * the problem, before any row is checked. Cells keep their text; a formula-looking cell is a
 * problem of its row (never evaluated, never stored).
 */
export function readTable(kind: ImportKind, csv: string): TableRow[] {
  if (!csv.trim()) refuse(importFileMessages.empty);
  if (csv.includes('\u0000')) refuse(importFileMessages.notText);
  const { records, error } = parseCsv(csv, IMPORT_MAX_ROWS + 1);
  if (records.length > IMPORT_MAX_ROWS + 1) refuse(importFileMessages.tooManyRows);
  if (error) refuse(error);
  const expected = IMPORT_COLUMNS[kind];
  const header = records[0]!.cells.map(columnKey);
  const positions = expected.map((column) => header.indexOf(columnKey(column)));
  const missing = expected.filter((_, index) => positions[index] === -1);
  const unknown = records[0]!.cells.filter((cell) => !expected.some((column) => columnKey(column) === columnKey(cell)));
  if (missing.length || unknown.length || header.length !== expected.length) {
    const found = [missing.length ? `Missing: ${missing.join(', ')}.` : '', unknown.length ? `Not expected: ${unknown.map((cell) => cell.trim() || '(empty)').join(', ')}.` : ''].filter(Boolean).join(' ');
    refuse(`${importFileMessages.columns(kind)}${found ? ` ${found}` : ''}`);
  }
  const rows = records.slice(1);
  if (!rows.length) refuse(importFileMessages.noRows);
  return rows.map(({ line, cells }) => {
    const problems: string[] = [];
    if (cells.length !== expected.length) problems.push(`This row has ${cells.length} cells; the header has ${expected.length}.`);
    const named: Record<string, string> = {};
    expected.forEach((column, index) => {
      const value = (cells[positions[index]!] ?? '').trim();
      named[column] = value;
      if (value.length > IMPORT_CELL_MAX) problems.push(`${column} is longer than ${IMPORT_CELL_MAX} characters.`);
      // A phone number may start with + and a digit; anything else starting so is a formula.
      else if (FORMULA_START.test(value) && !(column === 'Phone' && /^\+\d/.test(value))) problems.push(formulaMessage(column));
    });
    return { line, cells: named, problems };
  });
}

/** A checked row: what the preview shows, and the resolved row when it is ready. */
export interface CheckedRow<Ready> {
  view: ImportRowView;
  ready?: Ready;
}
