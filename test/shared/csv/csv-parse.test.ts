import { parseCsv } from '../../../shared/csv/csv-parse';
import { IMPORT_EXAMPLES } from '../../../shared/imports/csv-import';

/** The import's RFC 4180 reader: quoted fields, CRLF and LF, a byte-order mark, and where a file is malformed. */
describe('parseCsv', () => {
  const cells = (text: string) => parseCsv(text).records.map((record) => record.cells);

  it('splits records by CRLF, LF or CR and fields by commas, keeping empty cells', () => {
    expect(cells('a,b,c\r\n1,,3\n4,5,\r7,8,9')).toEqual([['a', 'b', 'c'], ['1', '', '3'], ['4', '5', ''], ['7', '8', '9']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and numbers records by their first line', () => {
    const { records, error } = parseCsv('name,note\r\n"Lovelace, Ada","said ""hi""\r\non two lines"\r\nBob,plain\r\n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['Lovelace, Ada', 'said "hi"\r\non two lines'] },
      { line: 4, cells: ['Bob', 'plain'] },
    ]);
  });

  it('drops a byte-order mark and blank lines', () => {
    expect(cells('\uFEFFa,b\r\n\r\n1,2\r\n\r\n')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps a formula as text (nothing is evaluated)', () => {
    // Unquoted, its comma splits it and its quotes are malformed: refused with the line.
    expect(parseCsv('=HYPERLINK("http://x","y"),2').error).toMatch(/^Line 1: text after a closing quote/);
    expect(cells('"=HYPERLINK(""http://x"",""y"")",2')).toEqual([['=HYPERLINK("http://x","y")', '2']]);
  });

  it('names the line of a quote never closed and of text after a closing quote', () => {
    expect(parseCsv('a,b\r\n"open,1\r\n2,3').error).toBe('Line 2: a quote is opened and never closed.');
    expect(parseCsv('a,b\r\n"x"y,1').error).toMatch(/^Line 2: text after a closing quote/);
  });

  it('stops after the records asked for (a file too long is not read to its end)', () => {
    expect(parseCsv('1\n2\n3\n4\n5', 2).records).toHaveLength(3);
  });

  it('reads the templates as written (their example cells need no quotes)', () => {
    for (const example of Object.values(IMPORT_EXAMPLES)) {
      expect(example.some((cell) => /[",\r\n]/.test(cell))).toBe(false);
      expect(cells(example.join(','))).toEqual([example]);
    }
  });
});
