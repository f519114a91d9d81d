/**
 * Text for the standard Helvetica fonts in WinAnsiEncoding (PDF 1.7 annex D). ASCII and Latin-1
 * (U+00A0 to U+00FF) keep their codes; the typographic marks Windows-1252 places at 0x80 to 0x9F
 * (curly quotes, dashes, the bullet, the euro...) get theirs. Anything else is transliterated when
 * dropping its accents leaves encodable letters (Ł stays '?', ő becomes 'o') and is '?' otherwise;
 * control characters become spaces. The packet's text is therefore always selectable and readable,
 * though a name in another script reads as question marks (docs/security.md "Candidate packet").
 */
const CP1252: Record<string, number> = {
  '\u20ac': 0x80, '\u201a': 0x82, '\u0192': 0x83, '\u201e': 0x84, '\u2026': 0x85, '\u2020': 0x86, '\u2021': 0x87, '\u02c6': 0x88,
  '\u2030': 0x89, '\u0160': 0x8a, '\u2039': 0x8b, '\u0152': 0x8c, '\u017d': 0x8e, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93,
  '\u201d': 0x94, '\u2022': 0x95, '\u2013': 0x96, '\u2014': 0x97, '\u02dc': 0x98, '\u2122': 0x99, '\u0161': 0x9a, '\u203a': 0x9b,
  '\u0153': 0x9c, '\u017e': 0x9e, '\u0178': 0x9f,
};

function direct(char: string): number | undefined {
  const code = char.codePointAt(0)!;
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return CP1252[char];
}

/** One character's WinAnsi codes: itself, its letters without accents, or '?'. */
function encodeChar(char: string): number[] {
  const code = char.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) return [0x20];
  const one = direct(char);
  if (one !== undefined) return [one];
  const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (bare && bare !== char) {
    const codes = [...bare].map(direct);
    if (codes.every((c) => c !== undefined)) return codes as number[];
  }
  return [0x3f];
}

/** A string as WinAnsi bytes. */
export function toWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) bytes.push(...encodeChar(char));
  return bytes;
}

/** WinAnsi bytes as a PDF literal string: ASCII kept (so the text is findable in the file), the rest as octal escapes. */
export function pdfLiteral(bytes: readonly number[]): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A text string of the document's own (its Info title): literal when ASCII, else UTF-16BE with its mark. */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return pdfLiteral([...text].map((c) => c.charCodeAt(0)));
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}
