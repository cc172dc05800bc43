// The cover page: the document's title, the project's name and address, the date, the DC capacity
// and the annual energy.
import { FONT, MARGIN, type PdfContext } from '../context.ts';

export function coverSection(c: PdfContext): void {
  const { doc, model: m, l, f } = c;
  doc.rect(0, 0, doc.page.width, 200).fill('#1565C0');
  doc.font(FONT.bold).fontSize(26).fillColor('#FFFFFF').text(l.kindTitle[c.kind], MARGIN.left, 90, { width: c.width });
  doc.fillColor('#222222');
  doc.font(FONT.bold).fontSize(22).text(m.project.name, MARGIN.left, 250, { width: c.width });
  if (m.project.address) doc.font(FONT.regular).fontSize(12).fillColor('#555555').text(m.project.address, { width: c.width });
  doc.fillColor('#222222').moveDown(2);
  const facts: [string, string][] = [
    [l.field.date, f.date(m.generatedAt)],
    [l.field.capacity, f.kwp(m.system.capacityKwp)],
    [l.field.annualEnergy, m.energy ? f.kwh(m.energy.acKwh) : l.field.notAvailable],
  ];
  for (const [k, v] of facts) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(13).fillColor('#555555').text(k, MARGIN.left, y, { width: 180 });
    doc.font(FONT.bold).fontSize(13).fillColor('#222222').text(v, MARGIN.left + 180, y, { width: c.width - 180 });
    doc.moveDown(0.6);
  }
  doc.font(FONT.regular).fontSize(9).fillColor('#777777').text(l.text.generatedBy, MARGIN.left, doc.page.height - MARGIN.bottom - 30, { width: c.width, lineBreak: false });
  doc.fillColor('#222222');
  doc.addPage();
}
