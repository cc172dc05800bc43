// What a report section writes through — implemented by the PDF writer (pdf/context.ts, pdfkit) and
// the Word writer (docx/context.ts, docx), so each section (this folder, one per file) is written
// once for both documents: numbered headings, paragraphs, key–value facts, tables, vector figures.
import type { ReportKind, ReportModel } from '../../../model/report.ts';
import type { Drawing } from '../../charts/drawing.ts';
import type { ReportFormat } from '../../labels/format.ts';
import type { ReportLabels } from '../../labels/index.ts';

export interface SectionContext {
  readonly model: ReportModel;
  readonly kind: ReportKind;
  readonly l: ReportLabels;
  readonly f: ReportFormat;
  /** The text width [pt]: the width drawings are made at. */
  readonly width: number;
  /** A numbered section heading, on a new page when `newPage`. */
  heading(title: string, newPage?: boolean): void;
  sub(title: string): void;
  para(text: string): void;
  bullets(items: readonly string[]): void;
  /** Two columns: label, value. */
  facts(rows: readonly (readonly [string, string])[]): void;
  /** A table; `cols` are fractions of the width; cells from `rightFrom` on are right-aligned (default 1 with a header). */
  table(header: readonly string[] | null, rows: readonly (readonly string[])[], cols: readonly number[], opts?: { fontSize?: number; rightFrom?: number }): void;
  /** A figure scaled to the width (at most `maxHeight` [pt]) with its caption, under a sub-heading `title` kept with it. */
  figure(d: Drawing, caption: string, maxHeight?: number, title?: string): void;
}
