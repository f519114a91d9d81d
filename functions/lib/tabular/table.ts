/**
 * The tabular export engine's input (docs/security.md "Table exports"): one or more sheets, each a
 * header row and rows of cells, already narrowed to what the viewer may see. A cell is text or a
 * number; text is never evaluated by a spreadsheet (csv.ts, xlsx.ts).
 */
export type Cell = string | number;

export interface Sheet {
  /** The sheet's name in an .xlsx; the section's title line in a CSV of several sheets. */
  name: string;
  columns: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/** Text a spreadsheet would read as a formula (or a DDE call): = + - @, a tab or a carriage return first. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as CSV gives it to a spreadsheet: a leading formula character is defused with a single quote (OWASP's advice). */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
