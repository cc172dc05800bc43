// The design basis of the feasibility study: the standards the design follows and the weather year
// it was simulated on.
import type { SectionContext } from './section-context.ts';

export function designBasisSection(c: SectionContext): void {
  const { model: m, l } = c;
  c.heading(l.section.designBasis);
  c.bullets([...l.text.designBasisItems, `${l.field.weatherSource}: ${m.weather.source}${m.weather.citation ? ` — ${m.weather.citation}` : ''}`]);
}
