import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_SIZES, wrapText, writePdf, type PdfSpec } from '../../../functions/lib/pdf/pdf-writer';
import { textWidth } from '../../../functions/lib/pdf/helvetica-metrics';
import { pdfLiteral, toWinAnsi } from '../../../functions/lib/pdf/win-ansi';

/**
 * The packet's PDF writer, read back by a small parser of our own: the cross-reference table's
 * offsets, the catalog's tagging, the structure tree with its ParentTree and the text each
 * element's marked content holds. qpdf and pdftotext check the file too when they are installed.
 */

interface Parsed {
  text: string;
  objects: Map<number, string>;
  root: number;
}

function parse(pdf: Buffer): Parsed {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.7\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const at = Number(entry.slice(0, 10));
    const id = index + 1;
    // Each offset points at its own object's header.
    expect(text.slice(at, at + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
    const end = text.indexOf('\nendobj\n', at);
    objects.set(id, text.slice(at + `${id} 0 obj\n`.length, end));
  });
  const trailer = text.slice(text.indexOf('trailer', startxref));
  expect(trailer).toContain(`/Size ${count}`);
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)![1]);
  return { text, objects, root };
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)![1]);
const refs = (list: string) => [...list.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));

/** A content stream, checked against its /Length. */
function stream(object: string): string {
  const length = Number(/\/Length (\d+)/.exec(object)![1]);
  const body = object.slice(object.indexOf('stream\n') + 7, object.lastIndexOf('\nendstream'));
  expect(body.length).toBe(length);
  return body;
}

/** The text of each MCID of a stream (literal strings decoded from their escapes). */
function markedText(content: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const match of content.matchAll(/\/(\w+) <<\/MCID (\d+)>> BDC\n([\s\S]*?)\nEMC/g)) {
    const strings = [...match[3].matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\([()\\])/g, '$1').replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))));
    found.set(Number(match[2]), strings.join(' '));
  }
  return found;
}

const LONG = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
const spec = (overrides: Partial<PdfSpec> = {}): PdfSpec => ({
  title: 'Candidate packet: Pat Participant',
  lang: 'en-US',
  pageSize: 'A4',
  watermark: 'Prepared for Ada Admin on 2026-12-07 15:00 UTC',
  createdAt: new Date('2026-12-07T15:00:00Z'),
  blocks: [
    { type: 'H1', text: 'Candidate packet' },
    { type: 'P', text: 'Pat (the candidate) \\ backslash' },
    { type: 'H2', text: 'Discernment' },
    { type: 'Table', header: ['Question', 'Answer'], rows: [['Describe your call', LONG], ['Language', 'Swahili']] },
    { type: 'L', items: ['transcript.pdf, 12 KB', 'reference.docx, 3 KB'] },
    { type: 'P', text: 'Caf\u00e9 \u2013 \u201cquoted\u201d \u0141\u00f3d\u017a \u4e2d\u6587' },
  ],
  ...overrides,
});

describe('writePdf', () => {
  const { bytes: pdf, pages: pageCount } = writePdf(spec());
  const { text, objects, root } = parse(pdf);
  const catalog = objects.get(root)!;

  it('is tagged: MarkInfo, language, title shown, a structure tree with a Document and its ParentTree', () => {
    expect(catalog).toContain('/MarkInfo << /Marked true >>');
    expect(catalog).toContain('/Lang (en-US)');
    expect(catalog).toContain('/ViewerPreferences << /DisplayDocTitle true >>');
    const info = objects.get(Number(/\/Info (\d+) 0 R/.exec(text)![1]))!;
    expect(info).toContain('/Title (Candidate packet: Pat Participant)');
    const treeRoot = objects.get(ref(catalog, 'StructTreeRoot'))!;
    expect(treeRoot).toContain('/Type /StructTreeRoot');
    const [documentId] = refs(/\/K \[([^\]]*)\]/.exec(treeRoot)![1]);
    expect(objects.get(documentId)).toContain('/S /Document');
    const kids = refs(/\/K \[([^\]]*)\]/.exec(objects.get(documentId)!)![1]).map((id) => /\/S \/(\w+)/.exec(objects.get(id)!)![1]);
    expect(kids).toEqual(['H1', 'P', 'H2', 'Table', 'L', 'P']);
    expect(objects.get(ref(treeRoot, 'ParentTree'))).toMatch(/^<< \/Nums \[0 \[/);
  });

  it('ties every marked-content sequence to the element the ParentTree names, and the element back to it', () => {
    const pages = refs(/\/Kids \[([^\]]*)\]/.exec(objects.get(ref(catalog, 'Pages'))!)![1]);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBe(pageCount);
    const treeRoot = objects.get(ref(catalog, 'StructTreeRoot'))!;
    const nums = objects.get(ref(treeRoot, 'ParentTree'))!;
    const byElement = new Map<number, string[]>();
    pages.forEach((pageId, index) => {
      const page = objects.get(pageId)!;
      expect(page).toContain(`/StructParents ${index}`);
      expect(page).toContain('/MediaBox [0 0 595.28 841.89]');
      const owners = refs(new RegExp(`(?:\\[| )${index} \\[([^\\]]*)\\]`).exec(nums)![1]);
      const marked = markedText(stream(objects.get(ref(page, 'Contents'))!));
      expect(marked.size).toBe(owners.length);
      owners.forEach((owner, mcid) => {
        expect(objects.get(owner)).toContain(`<< /Type /MCR /Pg ${pageId} 0 R /MCID ${mcid} >>`);
        byElement.set(owner, [...(byElement.get(owner) ?? []), marked.get(mcid)!]);
      });
    });
    const textOf = (type: string) => [...byElement].filter(([id]) => objects.get(id)!.includes(`/S /${type} `)).map(([, parts]) => parts.join(' '));
    expect(textOf('H1')).toEqual(['Candidate packet']);
    expect(textOf('P')[0]).toBe('Pat (the candidate) \\ backslash');
    expect(textOf('TH')).toEqual(['Question', 'Answer']);
    // The long answer wraps over lines and pages in one cell, every word in order.
    const long = textOf('TD').find((t) => t.startsWith('word0'))!;
    expect(long.split(' ')).toEqual(LONG.split(' '));
    expect(textOf('LBody')).toEqual(['transcript.pdf, 12 KB', 'reference.docx, 3 KB']);
    // WinAnsi: Latin-1 and the typographic marks kept, accents dropped where that encodes, '?' otherwise.
    expect(textOf('P')[1]).toBe('Caf\u00e9 \u2013 \u201cquoted\u201d ?\u00f3dz ??'.replace(/[\u2013\u201c\u201d]/g, (c) => String.fromCharCode(toWinAnsi(c)[0])));
  });

  it('watermarks every page as an Artifact, outside the structure', () => {
    const pages = refs(/\/Kids \[([^\]]*)\]/.exec(objects.get(ref(catalog, 'Pages'))!)![1]);
    pages.forEach((pageId, index) => {
      const content = stream(objects.get(ref(objects.get(pageId)!, 'Contents'))!);
      const artifact = /\/Artifact <<\/Type \/Pagination \/Subtype \/Watermark>> BDC\n([\s\S]*?)\nEMC/.exec(content)!;
      expect(artifact[1]).toContain('(Prepared for Ada Admin on 2026-12-07 15:00 UTC) Tj');
      expect(content).toContain(`page ${index + 1} of ${pages.length}) Tj`);
      // No text outside marked content or an Artifact.
      const outside = content.replace(/\/Artifact[^\n]*\n[\s\S]*?\nEMC/g, '').replace(/\/\w+ <<\/MCID \d+>> BDC\n[\s\S]*?\nEMC/g, '');
      expect(outside).not.toContain('Tj');
    });
  });

  it('writes the standard Helvetica fonts in WinAnsiEncoding and Letter pages when asked', () => {
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    const letter = parse(writePdf(spec({ pageSize: 'Letter', blocks: [{ type: 'P', text: 'One page' }] })).bytes);
    expect(letter.text).toContain(`/MediaBox [0 0 ${PAGE_SIZES.Letter[0]} ${PAGE_SIZES.Letter[1]}]`);
    expect(letter.text).toContain('/Count 1');
  });

  it('passes qpdf --check and pdftotext finds the text, when they are installed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdf-writer-'));
    const file = join(dir, 'packet.pdf');
    writeFileSync(file, pdf);
    const tool = (name: string, args: string[]) => {
      try {
        return execFileSync(name, args, { encoding: 'utf8' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    };
    const checked = tool('qpdf', ['--check', file]);
    if (checked !== null) expect(checked).toContain('No syntax or stream encoding errors');
    const extracted = tool('pdftotext', [file, '-']);
    if (extracted !== null) expect(extracted).toContain('Candidate packet');
  });
});

describe('wrapText and the WinAnsi strings', () => {
  it('keeps every line within the width and breaks a word longer than a line', () => {
    const lines = wrapText(`${'x'.repeat(300)} short words here`, 'regular', 10, 100);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(100);
    expect(lines.map((l) => String.fromCharCode(...l)).join(' ').replace(/ /g, '')).toBe(`${'x'.repeat(300)}shortwordshere`);
    expect(wrapText('one\ntwo', 'bold', 10, 500)).toHaveLength(2);
  });

  it('escapes parentheses and backslashes and writes bytes above ASCII as octal', () => {
    expect(pdfLiteral(toWinAnsi('a(b)\\c \u00e9'))).toBe('(a\\(b\\)\\\\c \\351)');
    expect(toWinAnsi('\u0007\u20ac')).toEqual([0x20, 0x80]);
  });
});
