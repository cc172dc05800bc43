// The project overview of the feasibility study and the economic report: the project in one table
// (site, capacity, equipment, annual energy, investment, IRR).
import type { SectionContext } from './section-context.ts';

export function overviewSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.overview);
  const rows: [string, string][] = [[l.field.projectName, m.project.name]];
  if (m.project.address) rows.push([l.field.address, m.project.address]);
  rows.push([l.field.capacity, f.kwp(m.system.capacityKwp)], [l.field.acCapacity, f.kw(m.system.acCapacityKw)], [l.field.moduleCount, f.num(m.system.modules)]);
  if (m.system.module) rows.push([l.field.module, `${m.system.module.manufacturer} ${m.system.module.model}`]);
  for (const i of m.system.inverters) rows.push([l.field.inverter, `${i.manufacturer} ${i.model} × ${i.count}`]);
  if (m.energy) rows.push([l.field.annualEnergy, f.kwh(m.energy.acKwh)], [l.field.specificYield, `${f.num(m.energy.specificYield, 1)} kWh/kWp`]);
  if (m.economics) rows.push([l.field.capex, f.money(m.economics.capex)], [l.field.irr, f.opt(m.economics.irr, (x) => f.pct(x, 2))]);
  c.facts(rows);
}
