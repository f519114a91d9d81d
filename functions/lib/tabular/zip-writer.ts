import type { Readable, Writable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';

/**
 * A minimal .zip writer (the data export's archive, the table exports' .xlsx) (PKWARE APPNOTE 6.3),
 * names in UTF-8 (flag bit 11). No ZIP64: an archive stays under 4 GiB (EXPORT_ARCHIVE_MAX_BYTES is
 * far below). Two kinds of entry:
 * - streamed (`ZipEntry`, the data export's): stored as they are (method 0), each entry's CRC-32
 *   and sizes in a data descriptor after its bytes (flag bit 3) and in the central directory, so
 *   every byte is streamed once and never held, and the archive's length is known before a byte is
 *   written (`zipLength`): it can be sent as one stream of known length;
 * - in memory (`DeflatedEntry`, an .xlsx's XML parts): deflated (method 8), since XML shrinks to a
 *   tenth or less (a 10,000-row sheet's 6 MB); CRC-32 and both sizes are known before its header, so
 *   they stand in it (no descriptor). One that deflating would not shrink is stored.
 */

const LOCAL_HEADER = 30;
const DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL = 22;
/** Bit 11: the name is UTF-8. */
const UTF8 = 0x0800;
/** Bit 3: CRC and sizes follow the data (a streamed entry's). */
const DESCRIBED = 0x0008;
const STORED = 0;
const DEFLATED = 8;
/** 2.0: deflate, data descriptors. */
const VERSION = 20;
const ZIP32_MAX = 0xffffffff;
const ENTRIES_MAX = 0xffff;

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zip uses it), carried across chunks: start with 0. */
export function crc32(chunk: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < chunk.length; i++) crc = TABLE[(crc ^ chunk[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** A streamed entry, stored as it is. */
export interface ZipEntry {
  /** The path inside the archive ('person.json', 'files/...'). */
  name: string;
  /** Its exact length in bytes (the stream must give exactly these). */
  size: number;
  /** Opens its bytes when their turn comes. */
  open(): Promise<Readable>;
}

/** An entry held in memory, deflated. */
export interface DeflatedEntry {
  /** The path inside the archive ('xl/worksheets/sheet1.xml'). */
  name: string;
  bytes: Uint8Array;
}

/** An entry's bytes in the archive: its local header, data (and descriptor), its central header. */
const entryLength = (name: number, data: number, descriptor: number) => LOCAL_HEADER + name + data + descriptor + CENTRAL_HEADER + name;

/** The archive's length in bytes for these streamed entries. */
export function zipLength(entries: readonly Pick<ZipEntry, 'name' | 'size'>[]): number {
  return entries.reduce((total, entry) => total + entryLength(Buffer.byteLength(entry.name), entry.size, DESCRIPTOR), END_OF_CENTRAL);
}

/** At most the archive's length: a deflated entry is never kept larger than its bytes. */
function lengthBound(entries: readonly (ZipEntry | DeflatedEntry)[]): number {
  return entries.reduce(
    (total, entry) => total + ('bytes' in entry ? entryLength(Buffer.byteLength(entry.name), entry.bytes.length, 0) : entryLength(Buffer.byteLength(entry.name), entry.size, DESCRIPTOR)),
    END_OF_CENTRAL,
  );
}

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  /** Its bytes in the archive. */
  compressed: number;
  size: number;
  offset: number;
}

/**
 * The fields a local header (from byte 6) and a central one (from byte 8) share, in the same
 * order: flags, method, time, date, CRC-32, compressed and uncompressed sizes, the name's length.
 */
function writeShared(header: Buffer, at: number, entry: Omit<Written, 'offset'>, time: number, date: number): void {
  header.writeUInt16LE(entry.flags, at);
  header.writeUInt16LE(entry.method, at + 2);
  header.writeUInt16LE(time, at + 4);
  header.writeUInt16LE(date, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.compressed, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}

/** A local header and its name; CRC and sizes zero for a streamed entry (its descriptor carries them). */
function localHeader(entry: Omit<Written, 'offset'>, time: number, date: number): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  writeShared(header, 6, entry, time, date);
  // The extra field's length (28) stays zero.
  return Buffer.concat([header, entry.name]);
}

/** The entry deflated, or stored when deflating would not shrink it (tiny or already compressed). */
function packed(bytes: Uint8Array): { method: number; data: Uint8Array } {
  const deflated = deflateRawSync(bytes);
  return deflated.length < bytes.length ? { method: DEFLATED, data: deflated } : { method: STORED, data: bytes };
}

/** Waits for the writable to take a chunk (backpressure: at most its buffer is held). */
function write(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    out.once('error', onError);
    const ready = out.write(chunk, (error) => {
      if (error) reject(error);
    });
    const done = () => {
      out.off('error', onError);
      resolve();
    };
    if (ready) done();
    else out.once('drain', done);
  });
}

/**
 * Writes the archive into `out`, entry after entry, and ends it. Throws when an entry's stream
 * gives other than its declared size (the archive would not match its announced length).
 */
export async function writeZip(entries: readonly (ZipEntry | DeflatedEntry)[], out: Writable, at = new Date()): Promise<void> {
  if (entries.length > ENTRIES_MAX || lengthBound(entries) > ZIP32_MAX) throw new Error('The archive is too large for a zip without ZIP64.');
  const { time, date } = dosDateTime(at);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if ('bytes' in entry) {
      const { method, data } = packed(entry.bytes);
      const item = { name, flags: UTF8, method, crc: crc32(entry.bytes), compressed: data.length, size: entry.bytes.length };
      await write(out, localHeader(item, time, date));
      await write(out, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      written.push({ ...item, offset });
      offset += LOCAL_HEADER + name.length + data.length;
      continue;
    }
    await write(out, localHeader({ name, flags: UTF8 | DESCRIBED, method: STORED, crc: 0, compressed: 0, size: 0 }, time, date));
    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      crc = crc32(bytes, crc);
      size += bytes.length;
      await write(out, bytes);
    }
    if (size !== entry.size) throw new Error(`Entry ${entry.name} gave ${size} bytes, not ${entry.size}.`);
    const descriptor = Buffer.alloc(DESCRIPTOR);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(out, descriptor);
    written.push({ name, flags: UTF8 | DESCRIBED, method: STORED, crc, compressed: size, size, offset });
    offset += LOCAL_HEADER + name.length + size + DESCRIPTOR;
  }
  const centralStart = offset;
  for (const entry of written) {
    const header = Buffer.alloc(CENTRAL_HEADER);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    writeShared(header, 8, entry, time, date);
    // Extra, comment, disk, internal and external attributes (30..41) stay zero.
    header.writeUInt32LE(entry.offset, 42);
    await write(out, Buffer.concat([header, entry.name]));
    offset += CENTRAL_HEADER + entry.name.length;
  }
  const end = Buffer.alloc(END_OF_CENTRAL);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - centralStart, 12);
  end.writeUInt32LE(centralStart, 16);
  await write(out, end);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
