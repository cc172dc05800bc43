// The yield: annual AC and DC energy, specific yield, performance ratio, plane-of-array irradiation,
// the monthly energy chart and (in full) the monthly table.
import { barChart } from '../../charts/bar-chart.ts';
import type { SectionContext } from './section-context.ts';

export function yieldSection(c: SectionContext, opts: { table: boolean } = { table: true }): void {
  const { model: m, l, f } = c;
  c.heading(l.section.yield);
  const e = m.energy;
  if (!e) return c.para(l.text.noEnergy);
  c.facts([
    [l.field.annualEnergy, f.kwh(e.acKwh)],
    [l.field.dcEnergy, f.kwh(e.dcKwh)],
    [l.field.specificYield, `${f.num(e.specificYield, 1)} kWh/kWp`],
    [l.field.performanceRatio, f.pct(e.performanceRatio, 1)],
    [l.field.poa, `${f.num(e.poaKwhM2, 1)} kWh/m²`],
  ]);
  const months = [...e.monthly].sort((a, b) => a.month - b.month);
  c.figure(barChart({ width: c.width, height: 200, categories: months.map((x) => l.monthsShort[x.month - 1]), series: [{ name: l.field.energy, values: months.map((x) => x.acKwh) }], unit: 'kWh' }), l.figure.monthlyEnergy, 220);
  if (!opts.table) return;
  c.table(
    [l.field.month, `${l.field.energy} (kWh)`, `${l.field.poa} (kWh/m²)`],
    [...months.map((x) => [l.months[x.month - 1], f.num(x.acKwh), f.num(x.poaKwhM2, 1)]), [l.field.annualEnergy, f.num(e.acKwh), f.num(e.poaKwhM2, 1)]],
    [0.34, 0.33, 0.33],
  );
}
