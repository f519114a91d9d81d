import { toCsv, csvField } from '../../../functions/lib/tabular/csv';
import { renderExport, fileStem } from '../../../functions/lib/tabular/render';
import { columnName, sheetNames, toXlsx } from '../../../functions/lib/tabular/xlsx';
import { sheetRows, unzip, xlsxTexts } from '../../support/xlsx-read';

const INJECTION = '=HYPERLINK("http://x","y")';

describe('the table export engine', () => {
  it('writes CSV as RFC 4180 with CRLF, a byte-order mark, quotes doubled and accents intact', () => {
    const text = toCsv([{ name: 'People', columns: ['Name', 'Note'], rows: [['Zoë Ångström', 'said "hi",\nthen left'], ['Ben', 3]] }]);
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.slice(1)).toBe('"Name","Note"\r\n"Zoë Ångström","said ""hi"",\nthen left"\r\n"Ben","3"\r\n');
  });

  it('defuses text that a spreadsheet would run, in CSV, and leaves numbers alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField(INJECTION)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField(-5)).toBe('"-5"');
    expect(csvField('plain')).toBe('"plain"');
  });

  it('puts several sheets in one CSV, each under its name', () => {
    const text = toCsv([
      { name: 'A', columns: ['x'], rows: [[1]] },
      { name: 'B', columns: ['y'], rows: [] },
    ]);
    expect(text.slice(1).split('\r\n')).toEqual(['"A"', '"x"', '"1"', '', '"B"', '"y"', '']);
  });

  it('writes an .xlsx whose cells are inline strings, never formulas, with a bold frozen header', async () => {
    const file = await toXlsx([{ name: 'Participants', columns: ['Name', 'Count'], rows: [[INJECTION, 4], ['Zoë <&> "q"', '-2']] }]);
    const parts = unzip(file);
    expect([...parts.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain('state="frozen"');
    expect(sheet).not.toContain('<f>');
    const rows = sheetRows(sheet);
    expect(rows[0].map((cell) => [cell.text, cell.bold, cell.type])).toEqual([
      ['Name', true, 'inlineStr'],
      ['Count', true, 'inlineStr'],
    ]);
    expect(rows[1][0]).toEqual({ ref: 'A2', type: 'inlineStr', text: INJECTION, bold: false });
    expect(rows[1][1]).toMatchObject({ ref: 'B2', type: '', text: '4' });
    expect(rows[2].map((cell) => [cell.type, cell.text])).toEqual([
      ['inlineStr', 'Zoë <&> "q"'],
      ['inlineStr', '-2'],
    ]);
    expect(parts.get('xl/workbook.xml')!.toString('utf8')).toContain('<sheet name="Participants"');
  });

  it('drops characters XML cannot carry and names sheets as Excel allows', async () => {
    expect(xlsxTexts(await toXlsx([{ name: 'S', columns: ['a'], rows: [['bell\u0007 tab\tok']] }]))).toEqual([['a'], ['bell tab\tok']]);
    expect(sheetNames([{ name: 'a/b:c', columns: [], rows: [] }, { name: 'A B C', columns: [], rows: [] }, { name: 'x'.repeat(40), columns: [], rows: [] }])).toEqual(['a b c', 'A B C 2', 'x'.repeat(31)]);
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('names the file from its stem and format', async () => {
    const csv = await renderExport('csv', fileStem('Participants', 'Track One!'), [{ name: 'P', columns: ['a'], rows: [] }]);
    expect(csv).toMatchObject({ fileName: 'participants-track-one.csv', contentType: 'text/csv; charset=utf-8' });
    const xlsx = await renderExport('xlsx', 'users', [{ name: 'P', columns: ['a'], rows: [] }]);
    expect(xlsx.fileName).toBe('users.xlsx');
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
