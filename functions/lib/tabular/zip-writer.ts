import type { Readable, Writable } from 'node:stream';

/**
 * A minimal .zip writer (the data export's archive, the table exports' .xlsx) (PKWARE APPNOTE 6.3): stored entries only (no
 * compression: most files are compressed already), names in UTF-8 (flag bit 11), each entry's
 * CRC-32 and sizes in a data descriptor after its bytes (flag bit 3) and in the central directory,
 * so every byte is streamed once and never held. No ZIP64: an archive stays under 4 GiB
 * (EXPORT_ARCHIVE_MAX_BYTES is far below). The archive's length is known before a byte is written
 * (`zipLength`), so it can be sent as one stream of known length.
 */

const LOCAL_HEADER = 30;
const DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL = 22;
/** Bit 3: CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
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

export interface ZipEntry {
  /** The path inside the archive ('person.json', 'files/...'). */
  name: string;
  /** Its exact length in bytes (the stream must give exactly these). */
  size: number;
  /** Opens its bytes when their turn comes. */
  open(): Promise<Readable>;
}

/** The archive's length in bytes for these entries. */
export function zipLength(entries: readonly Pick<ZipEntry, 'name' | 'size'>[]): number {
  let total = END_OF_CENTRAL;
  for (const entry of entries) {
    const name = Buffer.byteLength(entry.name);
    total += LOCAL_HEADER + name + entry.size + DESCRIPTOR + CENTRAL_HEADER + name;
  }
  return total;
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
  crc: number;
  size: number;
  offset: number;
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
export async function writeZip(entries: readonly ZipEntry[], out: Writable, at = new Date()): Promise<void> {
  if (entries.length > ENTRIES_MAX || zipLength(entries) > ZIP32_MAX) throw new Error('The archive is too large for a zip without ZIP64.');
  const { time, date } = dosDateTime(at);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(LOCAL_HEADER);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    await write(out, Buffer.concat([header, name]));
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
    written.push({ name, crc, size, offset });
    offset += LOCAL_HEADER + name.length + size + DESCRIPTOR;
  }
  const centralStart = offset;
  for (const entry of written) {
    const header = Buffer.alloc(CENTRAL_HEADER);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.size, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
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
