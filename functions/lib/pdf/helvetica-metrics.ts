/**
 * Advance widths (thousandths of the font size) of the standard Helvetica and Helvetica-Bold for
 * WinAnsi codes 32 to 126, from the fonts' published metrics; the writer needs them only to wrap
 * lines. Codes above 126 take the width of their letter without accents (é as e) or of a few
 * marks named below, else a digit's: a line may then end a little early, never run off the page.
 */
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Marks above 126 whose width is not a letter's: the bullet, dashes, quotes, the ellipsis, the no-break space. */
const MARKS: Record<number, number> = { 0x95: 350, 0x96: 556, 0x97: 1000, 0x91: 222, 0x92: 222, 0x93: 333, 0x94: 333, 0x85: 1000, 0xa0: 278, 0xb7: 278 };

export type FontName = 'regular' | 'bold';

function width(table: readonly number[], byte: number): number {
  if (byte >= 32 && byte <= 126) return table[byte - 32];
  if (MARKS[byte] !== undefined) return MARKS[byte];
  if (byte >= 0xc0) {
    const base = String.fromCharCode(byte).normalize('NFD').charCodeAt(0);
    if (base >= 32 && base <= 126) return table[base - 32];
  }
  return 556;
}

/** The width in points of WinAnsi bytes set in the font at the size. */
export function textWidth(bytes: readonly number[], font: FontName, size: number): number {
  const table = font === 'bold' ? BOLD : REGULAR;
  let total = 0;
  for (const byte of bytes) total += width(table, byte);
  return (total * size) / 1000;
}
