// The investment: total and per watt of DC capacity.
import type { SectionContext } from './section-context.ts';

export function investmentSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.investment);
  const e = m.economics;
  if (!e) return c.para(l.text.noEconomics);
  const perW = m.system.capacityKwp > 0 ? e.capex / (m.system.capacityKwp * 1000) : null;
  c.facts([
    [l.field.capex, f.money(e.capex)],
    [l.field.capacity, f.kwp(m.system.capacityKwp)],
    [`${l.field.capex} / W`, f.opt(perW, (x) => `${f.num(x, 2)} ${l.language === 'zh' ? '元' : 'CNY'}/W`)],
  ]);
}
