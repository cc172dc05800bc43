// The Word document's cover: the document's title, the project's name and address, the date, the DC
// capacity and the annual energy, then a page break.
import { Paragraph, PageBreak } from 'docx';
import { run, type DocxContext } from './context.ts';

export function docxCover(c: DocxContext): void {
  const { model: m, l, f } = c;
  c.children.push(
    new Paragraph({ spacing: { before: 2400, after: 480 }, children: [run(l.kindTitle[c.kind], { size: 26, bold: true, color: '1565C0' })] }),
    new Paragraph({ spacing: { after: 120 }, children: [run(m.project.name, { size: 22, bold: true })] }),
  );
  if (m.project.address) c.children.push(new Paragraph({ spacing: { after: 480 }, children: [run(m.project.address, { size: 12, color: '555555' })] }));
  c.facts([
    [l.field.date, f.date(m.generatedAt)],
    [l.field.capacity, f.kwp(m.system.capacityKwp)],
    [l.field.annualEnergy, m.energy ? f.kwh(m.energy.acKwh) : l.field.notAvailable],
  ]);
  c.children.push(new Paragraph({ spacing: { before: 960 }, children: [run(l.text.generatedBy, { size: 9, color: '777777' }), new PageBreak()] }));
}
