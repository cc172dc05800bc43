// The electrical checks (name, value, limit, pass / fail) and the cables' lengths, losses and the
// largest voltage drop.
import type { SectionContext } from './section-context.ts';

export function electricalSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.electrical);
  const e = m.electrical;
  if (!e) return c.para(l.text.noElectrical);
  if (e.checks.length) c.table([l.field.check, l.field.value, l.field.limit, l.field.result], e.checks.map((k) => [k.name, k.value, k.limit, k.ok ? l.field.pass : l.field.fail]), [0.4, 0.2, 0.2, 0.2], { rightFrom: 1 });
  if (e.cables)
    c.facts([
      [l.field.dcCableLength, `${f.num(e.cables.dcLengthM, 1)} m`],
      [l.field.acCableLength, `${f.num(e.cables.acLengthM, 1)} m`],
      [l.field.dcCableLoss, `${f.num(e.cables.dcLossW, 1)} W`],
      [l.field.acCableLoss, `${f.num(e.cables.acLossW, 1)} W`],
      [l.field.maxDrop, f.percent(e.cables.maxDropPercent, 2)],
    ]);
}
