// The strings and the single-line diagram: each inverter's MPPT inputs with their strings and
// modules, the inverters' DC capacity and energy, and the diagram inverters → MPPT → strings,
// combiners, grid (charts/single-line.ts).
import { singleLine } from '../../charts/single-line.ts';
import type { SectionContext } from './section-context.ts';

export function stringsSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  const g = m.geometry;
  c.heading(l.section.strings, true);
  const perString = new Map<number, number>();
  for (const mod of g.modules) if (mod.string !== null) perString.set(mod.string, (perString.get(mod.string) ?? 0) + 1);
  const groups = new Map<string, { inv: string; mppt: string; strings: number; modules: number }>();
  for (const s of g.strings) {
    const inv = g.inverters.find((i) => i.id === s.inverter)?.name ?? '—';
    const key = `${inv}\u0000${s.mppt ?? '-'}`;
    const e = groups.get(key) ?? { inv, mppt: s.mppt === null ? '—' : String(s.mppt), strings: 0, modules: 0 };
    e.strings++;
    e.modules += perString.get(s.number) ?? 0;
    groups.set(key, e);
  }
  c.table([l.field.inverter, l.field.mppt, l.field.strings, l.field.moduleCount], [...groups.values()].map((e) => [e.inv, e.mppt, f.num(e.strings), f.num(e.modules)]), [0.4, 0.2, 0.2, 0.2], { rightFrom: 2 });
  if (m.electrical?.inverters.length) {
    c.table(
      [l.field.inverter, l.field.model, l.field.strings, l.field.capacity, l.field.annualEnergy],
      m.electrical.inverters.map((i) => [i.name, i.model, f.num(i.strings), f.kwp(i.dcKwp), f.opt(i.acKwh, f.kwh)]),
      [0.18, 0.3, 0.12, 0.18, 0.22],
      { rightFrom: 2 },
    );
  }
  c.figure(singleLine(g, l, c.width), l.figure.singleLine, 600, l.section.singleLine);
}
