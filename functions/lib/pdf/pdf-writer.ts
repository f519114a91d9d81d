import { createHash } from 'node:crypto';
import { textWidth, type FontName } from './helvetica-metrics';
import { pdfLiteral, pdfTextString, toWinAnsi } from './win-ansi';

/**
 * A small tagged PDF 1.7 writer of our own (the candidate packet, issue 27 item 5): headings,
 * paragraphs, tables and lists set in the standard Helvetica fonts (WinAnsiEncoding, win-ansi.ts),
 * wrapped to the page and broken across pages. Every piece of text is marked content (BDC /MCID)
 * of a structure element (Document > H1, H2, H3, P, Table > TR > TH/TD, L > LI > Lbl/LBody) with a
 * ParentTree, so screen readers read it in order; the watermark, rules and page numbers are
 * Artifacts they skip. Streams are not compressed: the text can be found in the file as written.
 */
export type PdfBlock =
  | { type: 'H1' | 'H2' | 'H3' | 'P'; text: string }
  | { type: 'Table'; header: string[]; rows: string[][]; /** Column shares of the width (default equal). */ widths?: number[] }
  | { type: 'L'; items: string[] };

export interface PdfSpec {
  title: string;
  /** BCP 47, e.g. 'en-US'. */
  lang: string;
  pageSize: 'A4' | 'Letter';
  /** Set diagonally across every page and in its footer, as an Artifact. */
  watermark: string;
  /** The file's creation date (the Info dictionary). */
  createdAt: Date;
  blocks: PdfBlock[];
}

export const PAGE_SIZES = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
const MARGIN = 56;
const FOOTER = 28;
const CELL_PAD = 4;
/** Points of what follows a heading that must fit below it on its page. */
const KEEP_WITH_HEADING = 60;

const STYLES: Record<'H1' | 'H2' | 'H3' | 'P' | 'cell' | 'head', { font: FontName; size: number; leading: number; before: number; after: number }> = {
  H1: { font: 'bold', size: 18, leading: 23, before: 0, after: 8 },
  H2: { font: 'bold', size: 14, leading: 18, before: 12, after: 4 },
  H3: { font: 'bold', size: 11.5, leading: 15, before: 8, after: 3 },
  P: { font: 'regular', size: 10, leading: 13.5, before: 0, after: 5 },
  cell: { font: 'regular', size: 9.5, leading: 12.5, before: 0, after: 0 },
  head: { font: 'bold', size: 9.5, leading: 12.5, before: 0, after: 0 },
};
const FONT_KEYS: Record<FontName, string> = { regular: 'F1', bold: 'F2' };

interface MarkedRef {
  page: number;
  mcid: number;
}
interface Element {
  type: string;
  parent: number | null;
  kids: Array<number | MarkedRef>;
  attributes?: string;
}
interface Page {
  ops: string[];
  /** The element each MCID belongs to, by MCID. */
  owners: number[];
}

/** Lines of WinAnsi bytes no wider than `width`; a word longer than a line is broken where it must be. */
export function wrapText(text: string, font: FontName, size: number, width: number): number[][] {
  const lines: number[][] = [];
  const space = toWinAnsi(' ');
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line: number[] = [];
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      let bytes = toWinAnsi(word);
      const joined = line.length ? [...line, ...space, ...bytes] : bytes;
      if (textWidth(joined, font, size) <= width) {
        line = joined;
        continue;
      }
      if (line.length) lines.push(line);
      line = [];
      while (textWidth(bytes, font, size) > width) {
        let fit = 1;
        while (fit < bytes.length && textWidth(bytes.slice(0, fit + 1), font, size) <= width) fit++;
        lines.push(bytes.slice(0, fit));
        bytes = bytes.slice(fit);
      }
      line = bytes;
    }
    lines.push(line);
  }
  return lines;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

class Layout {
  readonly pages: Page[] = [];
  readonly elements: Element[] = [{ type: 'Document', parent: null, kids: [] }];
  private y = 0;
  readonly width: number;
  readonly height: number;

  constructor(readonly spec: PdfSpec) {
    [this.width, this.height] = PAGE_SIZES[spec.pageSize];
    this.newPage();
  }

  get contentWidth() {
    return this.width - 2 * MARGIN;
  }
  private get bottom() {
    return MARGIN + FOOTER;
  }
  private get page() {
    return this.pages[this.pages.length - 1];
  }

  newPage() {
    this.pages.push({ ops: [], owners: [] });
    this.y = this.height - MARGIN;
  }

  element(type: string, parent: number, attributes?: string): number {
    this.elements.push({ type, parent, kids: [], attributes });
    this.elements[parent].kids.push(this.elements.length - 1);
    return this.elements.length - 1;
  }

  /** Room for `height` points, else a new page. */
  ensure(height: number) {
    if (this.y - height < this.bottom) this.newPage();
  }
  room() {
    return this.y - this.bottom;
  }
  down(points: number) {
    this.y -= points;
  }
  top() {
    return this.y;
  }
  atPageTop() {
    return this.y === this.height - MARGIN;
  }

  /** Lines of an element at x, each on its own baseline from the current y, as one marked-content sequence. */
  mark(owner: number, lines: number[][], x: number, style: (typeof STYLES)[keyof typeof STYLES], top = this.y) {
    const page = this.page;
    const mcid = page.owners.length;
    page.owners.push(owner);
    this.elements[owner].kids.push({ page: this.pages.length - 1, mcid });
    const ops = [`/${this.elements[owner].type} <</MCID ${mcid}>> BDC`, 'BT', `/${FONT_KEYS[style.font]} ${num(style.size)} Tf`, `${num(style.leading)} TL`, `${num(x)} ${num(top - style.size)} Td`];
    lines.forEach((line, index) => ops.push(`${index ? 'T* ' : ''}${pdfLiteral(line)} Tj`));
    ops.push('ET', 'EMC');
    page.ops.push(...ops);
  }

  artifact(ops: string[], page = this.page) {
    page.ops.push('/Artifact BMC', ...ops, 'EMC');
  }

  /** A heading or paragraph: its lines, broken across pages where they must be. */
  text(type: 'H1' | 'H2' | 'H3' | 'P', text: string) {
    const style = STYLES[type];
    const owner = this.element(type, 0);
    let lines = wrapText(text, style.font, style.size, this.contentWidth);
    // A heading keeps its first line and the start of what follows together (never last on a page).
    this.ensure(style.before + (type === 'P' ? style.leading : style.leading + KEEP_WITH_HEADING));
    if (!this.atPageTop()) this.down(style.before);
    while (lines.length) {
      const fit = Math.max(1, Math.floor(this.room() / style.leading));
      this.mark(owner, lines.slice(0, fit), MARGIN, style);
      this.down(Math.min(fit, lines.length) * style.leading);
      lines = lines.slice(fit);
      if (lines.length) this.newPage();
    }
    this.down(style.after);
  }

  list(items: string[]) {
    const style = STYLES.P;
    const list = this.element('L', 0);
    const indent = 14;
    for (const item of items) {
      const li = this.element('LI', list);
      const label = this.element('Lbl', li);
      const body = this.element('LBody', li);
      let lines = wrapText(item, style.font, style.size, this.contentWidth - indent);
      this.ensure(style.leading);
      this.mark(label, [toWinAnsi('\u2022')], MARGIN + 2, style);
      while (lines.length) {
        const fit = Math.max(1, Math.floor(this.room() / style.leading));
        this.mark(body, lines.slice(0, fit), MARGIN + indent, style);
        this.down(Math.min(fit, lines.length) * style.leading);
        lines = lines.slice(fit);
        if (lines.length) this.newPage();
      }
      this.down(2);
    }
    this.down(style.after);
  }

  table(header: string[], rows: string[][], shares?: number[]) {
    const columns = header.length;
    const given = shares && shares.length === columns ? shares : header.map(() => 1);
    const sum = given.reduce((a, b) => a + b, 0);
    const widths = given.map((share) => (share / sum) * this.contentWidth);
    const table = this.element('Table', 0);
    // The header row and the first lines of the first row together.
    this.ensure(STYLES.head.leading + STYLES.cell.leading * 2 + 4 * CELL_PAD);
    this.row(table, header, widths, true);
    for (const row of rows) this.row(table, row, widths, false);
    this.down(8);
  }

  private rule(y: number) {
    this.artifact(['0.75 G', '0.5 w', `${num(MARGIN)} ${num(y)} m ${num(this.width - MARGIN)} ${num(y)} l S`]);
  }

  private row(table: number, cells: string[], widths: number[], head: boolean) {
    const style = head ? STYLES.head : STYLES.cell;
    const tr = this.element('TR', table);
    const owners = widths.map(() => this.element(head ? 'TH' : 'TD', tr, head ? '<< /O /Table /Scope /Column >>' : undefined));
    let pending = widths.map((width, column) => wrapText(cells[column] ?? '', style.font, style.size, width - 2 * CELL_PAD));
    // At least two lines of a row on a page, unless the page is empty.
    this.ensure(Math.min(2, Math.max(...pending.map((l) => l.length))) * style.leading + 2 * CELL_PAD);
    while (pending.some((lines) => lines.length)) {
      const fit = Math.max(1, Math.floor((this.room() - 2 * CELL_PAD) / style.leading));
      const top = this.top() - CELL_PAD;
      let x = MARGIN;
      let used = 0;
      pending = pending.map((lines, column) => {
        const now = lines.slice(0, fit);
        if (now.length) this.mark(owners[column], now, x + CELL_PAD, style, top);
        used = Math.max(used, now.length);
        x += widths[column];
        return lines.slice(fit);
      });
      this.down(used * style.leading + 2 * CELL_PAD);
      this.rule(this.top());
      if (pending.some((lines) => lines.length)) this.newPage();
    }
  }

  /** The watermark across the page and the footer: Artifacts, drawn first so the text lies over them. */
  finishPages() {
    const mark = toWinAnsi(this.spec.watermark);
    const size = Math.min(28, (Math.hypot(this.width, this.height) * 0.8 * 1000) / Math.max(1, textWidth(mark, 'regular', 1000)));
    const span = textWidth(mark, 'regular', size);
    const angle = Math.atan2(this.height, this.width);
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const x = this.width / 2 - (span / 2) * c;
    const y = this.height / 2 - (span / 2) * s;
    this.pages.forEach((page, index) => {
      const footer = toWinAnsi(`${this.spec.watermark} \u2013 page ${index + 1} of ${this.pages.length}`);
      const artifacts = [
        '/Artifact <</Type /Pagination /Subtype /Watermark>> BDC',
        'q 0.85 g BT', `/F1 ${num(size)} Tf`, `${num(c)} ${num(s)} ${num(-s)} ${num(c)} ${num(x)} ${num(y)} Tm`, `${pdfLiteral(mark)} Tj`, 'ET Q',
        'EMC',
        '/Artifact <</Type /Pagination /Subtype /Footer>> BDC',
        'q 0.35 g BT /F1 8 Tf', `${num(MARGIN)} ${num(MARGIN)} Td`, `${pdfLiteral(footer)} Tj`, 'ET Q',
        'EMC',
      ];
      page.ops.unshift(...artifacts);
    });
  }
}

/** PDF date: D:YYYYMMDDHHmmSSZ. */
const pdfDate = (date: Date) => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** The document as PDF bytes, and how many pages it has. */
export function writePdf(spec: PdfSpec): { bytes: Buffer; pages: number } {
  const layout = new Layout(spec);
  for (const block of spec.blocks) {
    if (block.type === 'Table') layout.table(block.header, block.rows, block.widths);
    else if (block.type === 'L') layout.list(block.items);
    else layout.text(block.type, block.text);
  }
  layout.finishPages();

  // Object numbers: 1 catalog, 2 pages, 3 structure root, 4 parent tree, 5 info, 6-7 fonts, then pages and their contents, then elements.
  const pageRef = (index: number) => 8 + index * 2;
  const contentRef = (index: number) => 9 + index * 2;
  const firstElement = 8 + layout.pages.length * 2;
  const elementRef = (index: number) => firstElement + index;
  const objects = new Map<number, string>();
  objects.set(1, `<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 3 0 R /MarkInfo << /Marked true >> /Lang ${pdfTextString(spec.lang)} /ViewerPreferences << /DisplayDocTitle true >> >>`);
  objects.set(2, `<< /Type /Pages /Kids [${layout.pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${layout.pages.length} >>`);
  objects.set(3, `<< /Type /StructTreeRoot /K [${elementRef(0)} 0 R] /ParentTree 4 0 R /ParentTreeNextKey ${layout.pages.length} >>`);
  objects.set(4, `<< /Nums [${layout.pages.map((page, i) => `${i} [${page.owners.map((owner) => `${elementRef(owner)} 0 R`).join(' ')}]`).join(' ')}] >>`);
  objects.set(5, `<< /Title ${pdfTextString(spec.title)} /Producer (formation-tracks) /CreationDate (${pdfDate(spec.createdAt)}) >>`);
  objects.set(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.set(7, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  layout.pages.forEach((page, i) => {
    objects.set(
      pageRef(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(layout.width)} ${num(layout.height)}] /Resources << /Font << /F1 6 0 R /F2 7 0 R >> >> /Contents ${contentRef(i)} 0 R /StructParents ${i} /Tabs /S >>`,
    );
    const stream = page.ops.join('\n');
    objects.set(contentRef(i), `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  layout.elements.forEach((element, i) => {
    const parent = element.parent === null ? '3 0 R' : `${elementRef(element.parent)} 0 R`;
    const kids = element.kids.map((kid) => (typeof kid === 'number' ? `${elementRef(kid)} 0 R` : `<< /Type /MCR /Pg ${pageRef(kid.page)} 0 R /MCID ${kid.mcid} >>`));
    const firstPage = element.kids.find((kid): kid is MarkedRef => typeof kid !== 'number');
    objects.set(
      elementRef(i),
      `<< /Type /StructElem /S /${element.type} /P ${parent}${firstPage ? ` /Pg ${pageRef(firstPage.page)} 0 R` : ''}${element.attributes ? ` /A ${element.attributes}` : ''} /K [${kids.join(' ')}] >>`,
    );
  });

  // Everything written is ASCII but the binary marker line, so string length is byte length.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const count = objects.size;
  const offsets: number[] = [];
  for (let id = 1; id <= count; id++) {
    offsets[id] = offset;
    const chunk = Buffer.from(`${id} 0 obj\n${objects.get(id)}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  }
  const xref = [`xref\n0 ${count + 1}\n`, '0000000000 65535 f \n', ...offsets.slice(1).map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('');
  const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${count + 1} /Root 1 0 R /Info 5 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return { bytes: Buffer.concat(chunks), pages: layout.pages.length };
}
