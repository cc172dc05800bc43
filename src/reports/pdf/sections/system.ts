// The system: DC and AC capacity, DC/AC ratio, the module, the arrays (tilt, azimuth, modules, kWp),
// the inverters, strings and combiners.
import type { SectionContext } from './section-context.ts';

export function systemSection(c: SectionContext, opts: { detail: boolean } = { detail: true }): void {
  const { model: m, l, f } = c;
  const s = m.system;
  c.heading(l.section.system);
  const rows: [string, string][] = [
    [l.field.capacity, f.kwp(s.capacityKwp)],
    [l.field.acCapacity, f.kw(s.acCapacityKw)],
    [l.field.dcAcRatio, f.opt(s.dcAcRatio, (x) => f.num(x, 2))],
    [l.field.moduleCount, f.num(s.modules)],
  ];
  if (s.module) rows.push([l.field.module, `${s.module.manufacturer} ${s.module.model}, ${f.num(s.module.powerW)} W${s.module.efficiency !== null ? `, ${f.pct(s.module.efficiency)}` : ''}`]);
  rows.push([l.field.strings, f.num(s.strings)]);
  if (s.modulesPerString) rows.push([l.field.modulesPerString, s.modulesPerString.min === s.modulesPerString.max ? f.num(s.modulesPerString.min) : `${s.modulesPerString.min}–${s.modulesPerString.max}`]);
  rows.push([l.field.combiners, f.num(s.combiners)]);
  c.facts(rows);
  if (!opts.detail) return;
  if (s.arrays.length) {
    c.sub(l.field.arrays);
    c.table(
      [l.field.array, l.field.tilt, l.field.azimuth, l.field.moduleCount, l.field.capacity],
      s.arrays.map((a) => [a.id, `${f.num(a.tilt, 1)}°`, `${f.num(a.azimuth, 1)}°`, f.num(a.modules), f.kwp(a.kwp)]),
      [0.28, 0.16, 0.16, 0.18, 0.22],
    );
  }
  if (s.inverters.length) {
    c.sub(l.field.inverters);
    c.table(
      [l.field.manufacturer, l.field.model, l.field.power, l.field.count],
      s.inverters.map((i) => [i.manufacturer, i.model, f.kw(i.acKw), f.num(i.count)]),
      [0.3, 0.4, 0.15, 0.15],
      { rightFrom: 2 },
    );
  }
}
