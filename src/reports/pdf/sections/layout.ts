// The layout drawing: buildings, faces, obstacles, modules coloured by string, cables, inverters,
// combiners, the grid point, north arrow and scale bar, in true metres (charts/layout-plan.ts).
import { layoutPlan } from '../../charts/layout-plan.ts';
import type { SectionContext } from './section-context.ts';

export function layoutSection(c: SectionContext): void {
  const { model: m, l } = c;
  c.heading(l.section.layout, true);
  const d = layoutPlan(m.geometry, l, { width: c.width, height: c.width * 0.85, colour: 'string' });
  c.figure(d, `${l.figure.layout} — ${l.text.layoutNote}`, 520);
}
