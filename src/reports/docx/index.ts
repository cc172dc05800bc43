// The Word report (issue 17 §2) with docx 9: the same sections as the PDF (pdf/kinds.ts, written
// once against pdf/sections/section-context.ts), headings, tables, the charts as SVG images with a
// PNG fallback, a header with the project's name and "page x of n" in the footer, A4. Chinese runs
// name Noto Sans SC (Latin and East Asian fonts), embedded as a subset of the document's characters
// so the document reads the same where the font is not installed.
import { AlignmentType, Document, Footer, Header, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import { reportModelSchema } from '../../model/report.ts';
import { CJK_FONT_FAMILY } from '../fonts/names.ts';
import { fontText, subsetNotoSansSc } from '../fonts/index.ts';
import { reportFormat } from '../labels/format.ts';
import { reportLabels } from '../labels/index.ts';
import { REPORT_SECTIONS } from '../pdf/kinds.ts';
import type { ReportInput } from '../report-input.ts';
import { DocxContext, PAGE, RUN_FONT, run } from './context.ts';
import { docxCover } from './cover.ts';

/** Writes the Word document of `input.kind` in `input.language`. */
export async function writeDocx(input: ReportInput): Promise<Uint8Array> {
  const { kind, language } = input;
  const model = reportModelSchema.parse(input.model);
  const l = reportLabels(language);
  const f = reportFormat(language);
  const g = model.geometry;
  const text = fontText(l, { ...model, geometry: { inverters: g.inverters, combiners: g.combiners } }, [f.money(1), f.years(1), f.moneyPerKwh(1), '第页共 Page of']);
  const [regular, bold] = await Promise.all([subsetNotoSansSc(text, 'regular'), subsetNotoSansSc(text, 'bold')]);
  const c = new DocxContext(model, kind, l, f);
  docxCover(c);
  for (const section of REPORT_SECTIONS[kind]) section(c);
  const small = { font: RUN_FONT, size: 16, color: '777777' };
  const doc = new Document({
    creator: 'PV Studio',
    title: `${model.project.name} — ${l.kindTitle[kind]}`,
    fonts: [{ name: CJK_FONT_FAMILY, data: regular, bold }],
    styles: { default: { document: { run: { font: RUN_FONT, size: 20 } } } },
    sections: [
      {
        properties: { titlePage: true, page: { size: { width: PAGE.width, height: PAGE.height }, margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin } } },
        headers: { default: new Header({ children: [new Paragraph({ children: [run(`${model.project.name} · ${l.kindTitle[kind]}`, { size: 8, color: '777777' })] })] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children:
                  language === 'zh'
                    ? [new TextRun({ ...small, children: ['第 ', PageNumber.CURRENT, ' 页，共 ', PageNumber.TOTAL_PAGES, ' 页'] })]
                    : [new TextRun({ ...small, children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
              }),
            ],
          }),
        },
        children: c.children,
      },
    ],
  });
  const buf = await Packer.toBuffer(doc);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
