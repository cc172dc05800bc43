// The shading: the method the yield used, the modules' mean annual shading loss and the heat map of
// every module's loss on the plan.
import { layoutPlan } from '../../charts/layout-plan.ts';
import type { SectionContext } from './section-context.ts';

/** Mean of the modules' annual shading losses that were analysed (null: none). */
export function meanShading(modules: readonly { shading: number | null }[]): number | null {
  let s = 0, n = 0;
  for (const m of modules) {
    if (m.shading === null) continue;
    s += m.shading;
    n++;
  }
  return n ? s / n : null;
}

export function shadingSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.shading, true);
  const mean = meanShading(m.geometry.modules);
  c.facts([
    [l.field.shadingMethod, m.energy ? l.shadingMethod[m.energy.shading] : l.field.notAvailable],
    [l.field.meanShading, f.opt(mean, (x) => f.pct(x, 2))],
  ]);
  if (mean === null) return c.para(l.text.shadingNone);
  const d = layoutPlan(m.geometry, l, { width: c.width, height: c.width * 0.75, colour: 'shading', wiring: false });
  c.figure(d, `${l.figure.shadingMap} (0 % → 15 %)`, 460);
}
