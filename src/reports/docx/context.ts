// The Word writer's section context (pdf/sections/section-context.ts over docx 9): numbered Heading 1
// paragraphs, body text, key–value and column tables, and figures embedded as SVG with a PNG fallback
// (charts/svg.ts, charts/png.ts). Every run names Noto Sans SC for Latin and East Asian text.
import { AlignmentType, BorderStyle, HeadingLevel, ImageRun, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { ReportKind, ReportModel } from '../../model/report.ts';
import type { Drawing } from '../charts/drawing.ts';
import { drawingToPng } from '../charts/png.ts';
import { drawingToSvg } from '../charts/svg.ts';
import { CJK_FONT_FAMILY } from '../fonts/names.ts';
import type { ReportFormat } from '../labels/format.ts';
import type { ReportLabels } from '../labels/index.ts';
import type { SectionContext } from '../pdf/sections/section-context.ts';

/** A4 and 2 cm margins [twips]. */
export const PAGE = { width: 11906, height: 16838, margin: 1134 } as const;
const CONTENT_TWIPS = PAGE.width - 2 * PAGE.margin;
const ACCENT = '1565C0';

export const RUN_FONT = { ascii: CJK_FONT_FAMILY, hAnsi: CJK_FONT_FAMILY, eastAsia: CJK_FONT_FAMILY, cs: CJK_FONT_FAMILY };

/** A text run in the report font; `size` in points. */
export function run(text: string, o: { size?: number; bold?: boolean; color?: string } = {}): TextRun {
  return new TextRun({ text, font: RUN_FONT, size: Math.round((o.size ?? 10) * 2), bold: o.bold, color: o.color });
}

const thin = { style: BorderStyle.SINGLE, size: 2, color: 'CCCCCC' };

export class DocxContext implements SectionContext {
  readonly children: (Paragraph | Table)[] = [];
  readonly width = CONTENT_TWIPS / 20;
  private section = 0;
  constructor(
    readonly model: ReportModel,
    readonly kind: ReportKind,
    readonly l: ReportLabels,
    readonly f: ReportFormat,
  ) {}

  heading(title: string, newPage = false): void {
    this.section++;
    this.children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: newPage, keepNext: true, spacing: { before: 240, after: 120 }, children: [run(`${this.section} ${title}`, { size: 15, bold: true, color: ACCENT })] }));
  }

  sub(title: string): void {
    this.children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, spacing: { before: 160, after: 80 }, children: [run(title, { size: 11, bold: true })] }));
  }

  para(text: string): void {
    this.children.push(new Paragraph({ spacing: { after: 80 }, children: [run(text)] }));
  }

  bullets(items: readonly string[]): void {
    for (const it of items) this.children.push(new Paragraph({ bullet: { level: 0 }, children: [run(it)] }));
  }

  facts(rows: readonly (readonly [string, string])[]): void {
    this.table(null, rows.map((r) => [...r]), [0.45, 0.55]);
  }

  table(header: readonly string[] | null, rows: readonly (readonly string[])[], cols: readonly number[], opts: { fontSize?: number; rightFrom?: number } = {}): void {
    const size = opts.fontSize ?? 9;
    const rightFrom = opts.rightFrom ?? (header ? 1 : 99);
    const widths = cols.map((c) => Math.round(c * CONTENT_TWIPS));
    const row = (cells: readonly string[], isHeader: boolean) =>
      new TableRow({
        tableHeader: isHeader,
        cantSplit: true,
        children: cells.map(
          (c, i) =>
            new TableCell({
              width: { size: widths[i] ?? 1000, type: WidthType.DXA },
              shading: isHeader ? { type: ShadingType.CLEAR, color: 'auto', fill: 'E3F2FD' } : undefined,
              margins: { left: 60, right: 60, top: 20, bottom: 20 },
              children: [new Paragraph({ alignment: i >= rightFrom ? AlignmentType.RIGHT : AlignmentType.LEFT, children: [run(c, { size, bold: isHeader })] })],
            }),
        ),
      });
    this.children.push(
      new Table({
        width: { size: CONTENT_TWIPS, type: WidthType.DXA },
        columnWidths: widths,
        borders: { top: thin, bottom: thin, left: thin, right: thin, insideHorizontal: thin, insideVertical: thin },
        rows: [...(header ? [row(header, true)] : []), ...rows.map((r) => row(r, false))],
      }),
      new Paragraph({ spacing: { after: 80 }, children: [] }),
    );
  }

  figure(d: Drawing, caption: string, maxHeight = 360, title?: string): void {
    if (title) this.sub(title);
    const scale = Math.min(this.width / d.width, maxHeight / d.height, 1.6);
    const px = (pt: number) => Math.max(1, Math.round((pt * scale * 96) / 72));
    this.children.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        keepNext: true,
        children: [
          new ImageRun({
            type: 'svg',
            data: new TextEncoder().encode(drawingToSvg(d)),
            fallback: { type: 'png', data: drawingToPng(d, 2) },
            transformation: { width: px(d.width), height: px(d.height) },
            altText: { name: caption, description: caption, title: caption },
          }),
        ],
      }),
      new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 160 }, children: [run(caption, { size: 8, color: '555555' })] }),
    );
  }
}
