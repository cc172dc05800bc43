// CO₂ avoided: the first year's and the 25 years' tonnes and the emission factor used.
import type { SectionContext } from './section-context.ts';

export function co2Section(c: SectionContext): void {
  const { model: m, l, f } = c;
  if (!m.co2) return;
  c.heading(l.section.co2);
  c.facts([
    [l.field.co2FirstYear, f.tonnes(m.co2.firstYearTonnes, 2)],
    [l.field.co2Lifetime, f.tonnes(m.co2.lifetimeTonnes, 1)],
    [l.field.co2Factor, `${f.num(m.co2.factorKgPerKwh, 4)} kg/kWh`],
  ]);
}
