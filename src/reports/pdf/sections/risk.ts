// Risks and the conclusion of the feasibility study: the usual risk list, then a verdict from the
// model's NPV (viable when NPV ≥ 0) with the figures it rests on.
import type { SectionContext } from './section-context.ts';

export function riskSection(c: SectionContext): void {
  c.heading(c.l.section.risk);
  c.bullets(c.l.text.riskItems);
}

export function conclusionSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.conclusion);
  const parts: string[] = [`${l.field.capacity} ${f.kwp(m.system.capacityKwp)}`];
  if (m.energy) parts.push(`${l.field.annualEnergy} ${f.kwh(m.energy.acKwh)}`);
  if (m.economics) parts.push(`${l.field.npv} ${f.money(m.economics.npv)}`, `${l.field.irr} ${f.opt(m.economics.irr, (x) => f.pct(x, 2))}`, `${l.field.payback} ${f.opt(m.economics.paybackYears, f.years)}`);
  c.para(parts.join(l.language === 'zh' ? '，' : ', ') + (l.language === 'zh' ? '。' : '.'));
  if (m.economics) c.para(m.economics.npv >= 0 ? l.text.conclusionPositive : l.text.conclusionNegative);
}
