/**
 * A small RFC 4180 reader for imports: fields split by commas, records by CRLF or LF (a lone
 * CR too), a field in double quotes may hold commas, line breaks and `""` for a quote. A
 * leading byte-order mark is dropped. Cells are returned as written: nothing is evaluated.
 */
export interface CsvResult {
  /** Records in file order; each carries the line it started on (1-based) for messages. */
  records: Array<{ line: number; cells: string[] }>;
  /** The first malformed place (a quote left open, text after a closing quote), or null. */
  error: string | null;
}

export function parseCsv(text: string, maxRecords = Number.MAX_SAFE_INTEGER): CsvResult {
  const records: CsvResult['records'] = [];
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let startLine = 1;
  let at = 0;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    cells.push(field);
    // A blank line (one empty cell) is no record.
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: startLine, cells });
    cells = [];
    field = '';
    afterQuote = false;
    startLine = line;
  };
  while (at < input.length) {
    const char = input[at]!;
    if (quoted) {
      if (char === '"') {
        if (input[at + 1] === '"') {
          field += '"';
          at += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n' || (char === '\r' && input[at + 1] !== '\n')) line += 1;
        field += char;
      }
      at += 1;
      continue;
    }
    if (char === ',') {
      cells.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && input[at + 1] === '\n') at += 1;
      line += 1;
      endRecord();
      if (records.length > maxRecords) return { records, error: null };
    } else if (char === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      return { records, error: `Line ${line}: text after a closing quote. Put the whole cell in quotes and write a quote inside it as "".` };
    } else {
      field += char;
    }
    at += 1;
  }
  if (quoted) return { records, error: `Line ${startLine}: a quote is opened and never closed.` };
  if (field !== '' || cells.length) endRecord();
  return { records, error: null };
}

