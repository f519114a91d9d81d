/**
 * A small CSV reader (RFC 4180: comma separated, fields in double quotes may hold commas,
 * line breaks and doubled quotes). Spreadsheets save this form. Each record keeps its row
 * number as a spreadsheet shows it (the header is row 1; a quoted line break stays in its
 * row), so an error names the row the operator sees.
 */
export interface CsvRecord {
  row: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Parses the whole text; blank lines are skipped (they count as rows all the same). */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text; // Excel's byte order mark
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldWasQuoted = false;
  let row = 1;

  const endField = () => {
    fields.push(fieldWasQuoted ? field : field.trim());
    field = '';
    fieldWasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== '')) records.push({ row, fields });
    fields = [];
    row++;
  };

  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field.trim() !== '') throw new CsvSyntaxError(row, 'a quote may only open a field: write "" for a quote inside a quoted field');
      quoted = true;
      fieldWasQuoted = true;
      field = '';
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      endRecord();
    } else if (fieldWasQuoted) {
      if (char.trim() !== '') throw new CsvSyntaxError(row, 'text after a closing quote: put the whole field in quotes');
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(row, 'a quoted field is not closed');
  endRecord();
  return records;
}
