// The PDF writer's page context: the pdfkit document, the labels and number formats of the
// language, and the layout helpers every section uses (numbered headings, paragraphs, key–value and
// column tables that break across pages, figures scaled to fit), A4 with margins.
import type { ReportKind, ReportModel } from '../../model/report.ts';
import type { Drawing } from '../charts/drawing.ts';
import type { ReportFormat } from '../labels/format.ts';
import type { ReportLabels } from '../labels/index.ts';
import { drawOnPdf } from './draw.ts';
import type { SectionContext } from './sections/section-context.ts';

export const FONT = { regular: 'NotoSansSC', bold: 'NotoSansSC-Bold' } as const;
export const MARGIN = { top: 60, bottom: 60, left: 50, right: 50 } as const;
const ACCENT = '#1565C0';

export class PdfContext implements SectionContext {
  private section = 0;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly model: ReportModel,
    readonly kind: ReportKind,
    readonly l: ReportLabels,
    readonly f: ReportFormat,
  ) {}

  get width(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }
  private get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** Starts a new page when less than `h` points are left. */
  ensure(h: number): void {
    if (this.doc.y + h > this.bottom) this.doc.addPage();
  }

  /** A numbered section heading ("3 Energy yield"), on a new page when `newPage`. */
  heading(title: string, newPage = false): void {
    if (newPage && this.doc.y > MARGIN.top + 1) this.doc.addPage();
    else this.ensure(80);
    this.section++;
    this.doc.moveDown(0.6).font(FONT.bold).fontSize(15).fillColor(ACCENT).text(`${this.section} ${title}`, MARGIN.left, this.doc.y);
    const y = this.doc.y + 2;
    this.doc.moveTo(MARGIN.left, y).lineTo(MARGIN.left + this.width, y).lineWidth(0.8).stroke(ACCENT);
    this.doc.fillColor('#222222').moveDown(0.5);
  }

  /** A sub-heading. */
  sub(title: string): void {
    this.ensure(60);
    this.doc.moveDown(0.3).font(FONT.bold).fontSize(11).fillColor('#222222').text(title, MARGIN.left, this.doc.y).moveDown(0.2);
  }

  para(text: string): void {
    this.doc.font(FONT.regular).fontSize(9.5).fillColor('#222222').text(text, MARGIN.left, this.doc.y, { width: this.width }).moveDown(0.3);
  }

  bullets(items: readonly string[]): void {
    for (const it of items) this.para(`•  ${it}`);
  }

  /** Two-column facts: label, value. */
  facts(rows: readonly (readonly [string, string])[]): void {
    // a short list of facts is kept on one page
    if (rows.length <= 16) this.ensure(rows.length * 14.5 + 4);
    this.table(null, rows.map((r) => [...r]), [0.45, 0.55]);
  }

  /** A table with an optional header row; columns as fractions of the width; numbers right-aligned. */
  table(header: readonly string[] | null, rows: readonly (readonly string[])[], cols: readonly number[], opts: { fontSize?: number; rightFrom?: number } = {}): void {
    const size = opts.fontSize ?? 8.5;
    const rowH = size + 6;
    const widths = cols.map((c) => c * this.width);
    const rightFrom = opts.rightFrom ?? (header ? 1 : 99);
    const drawRow = (cells: readonly string[], bold: boolean, fill: string | null) => {
      this.ensure(rowH);
      const y = this.doc.y;
      if (fill) this.doc.rect(MARGIN.left, y, this.width, rowH).fill(fill);
      let x = MARGIN.left;
      this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).fillColor('#222222');
      cells.forEach((c, i) => {
        const w = widths[i] ?? 60;
        this.doc.text(c, x + 3, y + 3, { width: w - 6, align: i >= rightFrom ? 'right' : 'left', lineBreak: false, ellipsis: true, height: rowH });
        x += w;
      });
      this.doc.moveTo(MARGIN.left, y + rowH).lineTo(MARGIN.left + this.width, y + rowH).lineWidth(0.3).stroke('#CCCCCC');
      this.doc.x = MARGIN.left;
      this.doc.y = y + rowH;
    };
    if (header) drawRow(header, true, '#E3F2FD');
    rows.forEach((r, i) => {
      if (header && this.doc.y + rowH > this.bottom) {
        this.doc.addPage();
        drawRow(header, true, '#E3F2FD');
      }
      drawRow(r, false, i % 2 ? '#FAFAFA' : null);
    });
    this.doc.moveDown(0.5);
  }

  /** A figure: the drawing scaled to the width (and at most `maxHeight`), with its caption below. */
  figure(d: Drawing, caption: string, maxHeight = 360, title?: string): void {
    const scale = Math.min(this.width / d.width, maxHeight / d.height, 1.6);
    const h = d.height * scale;
    this.ensure(h + 20 + (title ? 24 : 0));
    if (title) this.sub(title);
    const x = MARGIN.left + (this.width - d.width * scale) / 2;
    const y = this.doc.y;
    drawOnPdf(this.doc, d, x, y, scale, FONT);
    this.doc.x = MARGIN.left;
    this.doc.y = y + h + 4;
    this.doc.font(FONT.regular).fontSize(8).fillColor('#555555').text(caption, MARGIN.left, this.doc.y, { width: this.width, align: 'center' }).fillColor('#222222').moveDown(0.5);
  }
}
