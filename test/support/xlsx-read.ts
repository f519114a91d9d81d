import { inflateRawSync } from 'node:zlib';

/**
 * A small reader for the exports' tests: a zip's entries from its central directory (stored or
 * deflated), and an .xlsx sheet's cells as written (reference, type, text), so a test checks what a
 * spreadsheet would get, not what our writer meant to write.
 */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('No end of central directory: not a zip.');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central header ${i}.`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(dataStart, dataStart + (method === 0 ? size : compressed));
    files.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

export interface SheetCell {
  ref: string;
  /** The cell's `t` attribute ('inlineStr', 's', 'str', or '' for a number). */
  type: string;
  /** A formula, if the cell has one. */
  formula?: string;
  text: string;
  bold: boolean;
}

const unescape = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The cells of a worksheet's XML, row by row. */
export function sheetRows(xml: string): SheetCell[][] {
  return [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map(([, row]) =>
    [...row.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, ref, attributes, inner = '']) => {
      const formula = /<f>(.*?)<\/f>/s.exec(inner)?.[1];
      const text = /<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? /<v>(.*?)<\/v>/s.exec(inner)?.[1] ?? '';
      return { ref, type: /t="(\w+)"/.exec(attributes)?.[1] ?? '', ...(formula ? { formula } : {}), text: unescape(text), bold: /s="1"/.test(attributes) };
    }),
  );
}

/** The texts of a workbook's first sheet. */
export function xlsxTexts(file: Buffer): string[][] {
  const sheet = unzip(file).get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('No first sheet.');
  return sheetRows(sheet.toString('utf8')).map((row) => row.map((cell) => cell.text));
}
