import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { crc32 as nodeCrc32 } from 'node:zlib';
import { writeZip, zipLength, type DeflatedEntry, type ZipEntry } from '../../../functions/lib/tabular/zip-writer';
import { toXlsx } from '../../../functions/lib/tabular/xlsx';
import { unzip } from '../../support/xlsx-read';

async function zipOf(entries: readonly (ZipEntry | DeflatedEntry)[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeZip(entries, out, new Date(Date.UTC(2025, 4, 6, 7, 8, 10)));
  return Buffer.concat(chunks);
}

interface Header {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  /** The local header's flags, method, CRC and sizes. */
  local: { flags: number; method: number; crc: number; compressed: number; size: number };
}

/** Each entry's central header, with its local header beside it, as a reader would find them. */
function headers(zip: Buffer): Header[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  let at = zip.readUInt32LE(end + 16);
  return Array.from({ length: zip.readUInt16LE(end + 10) }, () => {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const header: Header = {
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      local: { flags: zip.readUInt16LE(offset + 6), method: zip.readUInt16LE(offset + 8), crc: zip.readUInt32LE(offset + 14), compressed: zip.readUInt32LE(offset + 18), size: zip.readUInt32LE(offset + 22) },
    };
    at += 46 + nameLength;
    return header;
  });
}

/** About 100 KB of one row over and over, as a sheet's XML is. */
const repetitiveXml = Buffer.from(`<sheetData>${'<row r="1"><c r="A1" t="inlineStr"><is><t>Pending Review</t></is></c></row>'.repeat(1400)}</sheetData>`);

describe('the zip writer', () => {
  it('deflates an entry held in memory, with its CRC-32 and both sizes in its local header and the central directory', async () => {
    expect(repetitiveXml.length).toBeGreaterThan(100_000);
    const zip = await zipOf([{ name: 'xl/worksheets/sheet1.xml', bytes: repetitiveXml }]);
    // Stored, the archive would be larger than the part; deflated it is a few kilobytes.
    expect(zip.length).toBeLessThan(repetitiveXml.length / 20);
    const [entry] = headers(zip);
    expect(entry).toMatchObject({ name: 'xl/worksheets/sheet1.xml', flags: 0x0800, method: 8, crc: nodeCrc32(repetitiveXml) >>> 0, size: repetitiveXml.length });
    expect(entry.compressed).toBeLessThan(repetitiveXml.length / 20);
    // No data descriptor: the local header says what the central directory says.
    expect(entry.local).toEqual({ flags: entry.flags, method: entry.method, crc: entry.crc, compressed: entry.compressed, size: entry.size });
    expect(unzip(zip).get('xl/worksheets/sheet1.xml')!.equals(repetitiveXml)).toBe(true);
  });

  it('stores an entry in memory that deflating would not shrink', async () => {
    const noise = randomBytes(4096);
    const zip = await zipOf([{ name: 'noise.bin', bytes: noise }]);
    const [entry] = headers(zip);
    expect(entry).toMatchObject({ method: 0, compressed: noise.length, size: noise.length, crc: nodeCrc32(noise) >>> 0 });
    expect(unzip(zip).get('noise.bin')!.equals(noise)).toBe(true);
  });

  it('stores a streamed entry with a data descriptor, in an archive of the length zipLength announced, beside deflated ones', async () => {
    const file = randomBytes(3000);
    const streamed: ZipEntry = { name: 'files/scan é.pdf', size: file.length, open: async () => Readable.from([file.subarray(0, 1000), file.subarray(1000)]) };
    const alone = await zipOf([streamed]);
    expect(alone.length).toBe(zipLength([streamed]));
    const zip = await zipOf([{ name: 'person.json', bytes: repetitiveXml }, streamed]);
    const [deflated, stored] = headers(zip);
    expect(deflated.method).toBe(8);
    expect(stored).toMatchObject({ name: 'files/scan é.pdf', flags: 0x0808, method: 0, crc: nodeCrc32(file) >>> 0, compressed: file.length, size: file.length });
    // Its local header leaves CRC and sizes to the descriptor after its bytes.
    expect(stored.local).toEqual({ flags: 0x0808, method: 0, crc: 0, compressed: 0, size: 0 });
    const parts = unzip(zip);
    expect(parts.get('person.json')!.equals(repetitiveXml)).toBe(true);
    expect(parts.get('files/scan é.pdf')!.equals(file)).toBe(true);
  });

  it('deflates an .xlsx: a 2,000-row sheet is a small fraction of its XML', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`Person ${i}`, `person${i}@example.org`, 'Pending Review', i]);
    const file = await toXlsx([{ name: 'People', columns: ['Name', 'Email', 'Status', 'Count'], rows }]);
    const sheet = headers(file).find((entry) => entry.name === 'xl/worksheets/sheet1.xml')!;
    expect(sheet.method).toBe(8);
    expect(sheet.size).toBeGreaterThan(200_000);
    expect(file.length).toBeLessThan(sheet.size / 5);
    expect(unzip(file).get('xl/worksheets/sheet1.xml')!.length).toBe(sheet.size);
  });
});
