// Loan and equity: the equity IRR when the economics had a loan (equityIrr set), and the project IRR
// it is compared with.
import type { SectionContext } from './section-context.ts';

export function loanSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  const e = m.economics;
  if (!e || e.equityIrr === null) return;
  c.heading(l.section.loan);
  c.facts([
    [l.field.irr, f.opt(e.irr, (x) => f.pct(x, 2))],
    [l.field.equityIrr, f.pct(e.equityIrr, 2)],
  ]);
}
