// The PVsyst-style loss diagram (nominal → each loss → AC, energy and share) and its table; lines
// without a loss are left out of both.
import { lossDiagram } from '../../charts/loss-diagram.ts';
import type { SectionContext } from './section-context.ts';

export function lossesSection(c: SectionContext, opts: { table: boolean } = { table: true }): void {
  const { model: m, l, f } = c;
  const e = m.energy;
  if (!e) return;
  c.heading(l.section.losses);
  c.figure(lossDiagram(e, l, f, c.width), l.figure.lossDiagram, 420);
  if (!opts.table) return;
  c.table(
    [l.section.losses, `${l.field.energy} (kWh)`, l.field.share],
    [[l.field.nominal, f.num(e.nominalKwh), '100.00 %'], ...e.losses.filter((x) => Math.abs(x.kwh) > 1e-9).map((x) => [l.loss[x.name], `−${f.num(x.kwh)}`, `−${f.percent(x.percent, 2)}`]), [l.field.annualEnergy, f.num(e.acKwh), f.pct(e.nominalKwh > 0 ? e.acKwh / e.nominalKwh : 0, 2)]],
    [0.5, 0.25, 0.25],
  );
}
