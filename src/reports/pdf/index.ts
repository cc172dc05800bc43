// The PDF report (issue 17 §2) with pdfkit: A4, the sections of the document's kind (kinds.ts), a
// header with the project's name and page numbers on every page after the cover, every figure from
// the report model formatted in the document's language; Chinese in Noto Sans SC, embedded as a
// subset of the characters this file uses (fonts/).
import PDFDocument from 'pdfkit';
import { reportModelSchema } from '../../model/report.ts';
import { reportFormat } from '../labels/format.ts';
import { reportLabels } from '../labels/index.ts';
import { fontText, subsetNotoSansSc, withNotoGlyphs } from '../fonts/index.ts';
import type { ReportInput } from '../report-input.ts';
import { FONT, MARGIN, PdfContext } from './context.ts';
import { REPORT_SECTIONS } from './kinds.ts';
import { coverSection } from './sections/cover.ts';

/** Writes the PDF of `input.kind` in `input.language`. */
export async function writePdf(input: ReportInput): Promise<Uint8Array> {
  const { kind, language } = input;
  const model = reportModelSchema.parse(input.model);
  const l = withNotoGlyphs(reportLabels(language));
  const f = reportFormat(language);
  const g = model.geometry;
  // every string the file can print: labels, the model's texts (not its module refs), inverter names
  const text = fontText(l, { ...model, geometry: { inverters: g.inverters, combiners: g.combiners } }, [f.money(1), f.years(1), f.moneyPerKwh(1), '第页共 Page of']);
  const [regular, bold] = await Promise.all([subsetNotoSansSc(text, 'regular'), subsetNotoSansSc(text, 'bold')]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: `${model.project.name} — ${l.kindTitle[kind]}`, Creator: 'PV Studio', Producer: 'PV Studio (pdfkit)' },
    lang: language === 'zh' ? 'zh-CN' : 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  doc.font(FONT.regular);
  const c = new PdfContext(doc, model, kind, l, f);
  coverSection(c);
  for (const section of REPORT_SECTIONS[kind]) section(c);
  pageFurniture(doc, `${model.project.name} · ${l.kindTitle[kind]}`, l.language === 'zh' ? (i, n) => `第 ${i} 页，共 ${n} 页` : (i, n) => `Page ${i} of ${n}`);
  doc.end();
  await done;
  const out = Buffer.concat(chunks);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The header (title) and footer (page x of n) of every page but the cover. */
function pageFurniture(doc: PDFKit.PDFDocument, title: string, pageText: (i: number, n: number) => string): void {
  const range = doc.bufferedPageRange();
  // a trailing empty page (left by the cover when nothing followed) is not counted
  for (let i = range.start; i < range.start + range.count; i++) {
    if (i === 0) continue;
    doc.switchToPage(i);
    const { width, height } = doc.page;
    const saved = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font(FONT.regular).fontSize(8).fillColor('#777777');
    doc.text(title, MARGIN.left, 30, { width: width - MARGIN.left - MARGIN.right, lineBreak: false, ellipsis: true });
    doc.moveTo(MARGIN.left, 42).lineTo(width - MARGIN.right, 42).lineWidth(0.4).stroke('#BBBBBB');
    doc.text(pageText(i + 1, range.count), MARGIN.left, height - 40, { width: width - MARGIN.left - MARGIN.right, align: 'center', lineBreak: false });
    doc.page.margins = saved;
  }
  doc.fillColor('#222222');
}
