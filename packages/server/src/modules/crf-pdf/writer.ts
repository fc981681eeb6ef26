import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { CrfFonts } from './font.js';

/** Colours of the printed CRF: annotations stand apart from what the site fills in (docs/decisions.md, "CRF PDFs"). */
export const COLOURS = { text: '#000000', muted: '#555555', annotation: '#1F4FA3', required: '#C00000', query: '#A04A00', rule: '#999999', shade: '#EEF2F8' } as const;

const MARGIN = 48;
const FOOTER_SPACE = 36;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: string;
  align?: 'left' | 'center' | 'right';
}

/**
 * A thin layer over pdfkit for the CRF layouts: A4 pages with room kept for the footer, text measured before
 * it is placed so a block moves to the next page whole, and a footer (page n of m) written on every page
 * once the page count is known.
 */
export class CrfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly left = MARGIN;
  readonly width: number;
  private readonly done: Promise<void>;

  constructor(fonts: CrfFonts, info: { title: string; subject: string }, sink: Writable) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      bufferPages: true,
      compress: true,
      info: { Title: info.title, Subject: info.subject, Creator: 'DCAP', Producer: 'DCAP' },
    });
    this.width = this.doc.page.width - 2 * MARGIN;
    this.doc.registerFont('regular', fonts.regular.data, fonts.regular.face ?? '');
    this.doc.registerFont('bold', fonts.bold.data, fonts.bold.face ?? '');
    this.doc.font('regular');
    this.done = new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
      this.doc.on('error', reject);
    });
    this.doc.pipe(sink);
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  /** The lowest y content may reach on this page. */
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.x = this.left;
  }

  /** Moves to a new page unless `height` more points fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom || this.y <= this.doc.page.margins.top + 1) return false;
    this.newPage();
    return true;
  }

  private style(style: TextStyle): void {
    this.doc.font(style.bold ? 'bold' : 'regular').fontSize(style.size ?? 9).fillColor(style.colour ?? COLOURS.text);
  }

  measure(text: string, width: number, style: TextStyle = {}): number {
    if (text === '') return 0;
    this.style(style);
    return this.doc.heightOfString(text, { width });
  }

  /** Writes text at a place without moving the flow. */
  textAt(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    if (text === '') return 0;
    this.style(style);
    const height = this.doc.heightOfString(text, { width });
    this.doc.text(text, x, y, { width, align: style.align ?? 'left' });
    return height;
  }

  /** A paragraph at the flow's position, across the page (or from `indent`), moved to a new page whole. */
  para(text: string, style: TextStyle = {}, indent = 0, gap = 3): void {
    const width = this.width - indent;
    const height = this.measure(text, width, style);
    if (height < this.bottom - this.doc.page.margins.top) this.ensure(height);
    const top = this.y;
    this.textAt(text, this.left + indent, top, width, style);
    this.y = Math.max(this.doc.y, top + height) + gap;
  }

  heading(text: string, size = 13, before = 6): void {
    this.y += before;
    this.ensure(size * 3);
    this.para(text, { size, bold: true }, 0, 2);
    this.rule();
  }

  rule(colour: string = COLOURS.rule): void {
    const y = this.y + 1;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(colour).stroke();
    this.y = y + 4;
  }

  box(x: number, y: number, width: number, height: number, colour: string = COLOURS.rule): void {
    this.doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(colour).stroke();
  }

  shade(x: number, y: number, width: number, height: number): void {
    this.doc.rect(x, y, width, height).fillColor(COLOURS.shade).fill();
    this.doc.fillColor(COLOURS.text);
  }

  /** An image (PNG or JPEG bytes) scaled to fit a box at the flow's position, from `indent`; moved to a new page whole. */
  image(bytes: Buffer, indent: number, width: number, height: number, gap = 3): void {
    this.ensure(height);
    try {
      this.doc.image(bytes, this.left + indent, this.y, { fit: [width, height] });
    } catch {
      // Uploads are checked by their header only: an image the PDF library cannot read is left out, not fatal.
      return;
    }
    this.y += height + gap;
  }

  /** An empty tick box whose top sits at `y`. */
  tick(x: number, y: number, size = 8): void {
    this.box(x, y, size, size, COLOURS.text);
  }

  /** Writes the footer of every page and closes the document; resolves once the sink has it all. */
  async finish(footer: (page: number, pages: number) => string): Promise<void> {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      this.doc.switchToPage(index);
      const margins = this.doc.page.margins;
      const keep = margins.bottom;
      // Writing below the bottom margin would start a new page; the footer lies there on purpose.
      margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - 14;
      this.doc.moveTo(this.left, y - 4).lineTo(this.left + this.width, y - 4).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
      this.style({ size: 7.5, colour: COLOURS.muted });
      this.doc.text(footer(index - range.start + 1, range.count), this.left, y, { width: this.width, align: 'center', lineBreak: false });
      margins.bottom = keep;
    }
    this.doc.end();
    await this.done;
  }
}
