// The geometry of the strings on the plan (DOM-free): each string as the path through its modules'
// plan centres in wiring order (the order of `moduleRefs`, src/model/electrical-design.ts), where its
// label stands, and which of its modules the layout no longer has (a layout changed after wiring).
import { parseModuleRef, type InverterConfigDocument } from '../../../model/electrical-design.ts';
import type { LayoutDocument } from '../../../model/design.ts';

/** A plan point [m]. */
export type PlanPoint = readonly [number, number];

export interface StringPath {
  readonly id: string;
  readonly number: number;
  /** Module centres in wiring order [m]; modules missing from the layout are left out. */
  readonly points: readonly PlanPoint[];
  /** How many of the string's modules the layout does not have. */
  readonly missing: number;
  /** Where the label stands: the first module's centre [m] (null when no module is found). */
  readonly anchor: PlanPoint | null;
  readonly inverterId: string | null;
  readonly mppt: number | null;
}

/** The plan centre of a module reference ('arrayId#index') in a layout, or null. */
export function modulePoint(layout: LayoutDocument, ref: string): PlanPoint | null {
  const m = parseModuleRef(ref);
  if (!m) return null;
  const a = layout.arrays.find((x) => x.id === m.arrayId);
  if (!a || 3 * m.index + 2 >= a.centers.length) return null;
  return [a.centers[3 * m.index], a.centers[3 * m.index + 1]];
}

/** A lookup of module centres by reference, built once per layout. */
export function modulePoints(layout: LayoutDocument): (ref: string) => PlanPoint | null {
  const byArray = new Map(layout.arrays.map((a) => [a.id, a.centers] as const));
  return (ref) => {
    const m = parseModuleRef(ref);
    const c = m && byArray.get(m.arrayId);
    if (!m || !c || 3 * m.index + 2 >= c.length) return null;
    return [c[3 * m.index], c[3 * m.index + 1]];
  };
}

/** The path of every string of the configuration over the layout, in the document's order. */
export function stringPaths(doc: Pick<InverterConfigDocument, 'strings'>, layout: LayoutDocument): StringPath[] {
  const at = modulePoints(layout);
  return doc.strings.map((s) => {
    const points: PlanPoint[] = [];
    for (const r of s.moduleRefs) {
      const p = at(r);
      if (p) points.push(p);
    }
    return { id: s.id, number: s.number, points, missing: s.moduleRefs.length - points.length, anchor: points[0] ?? null, inverterId: s.inverterId, mppt: s.mppt };
  });
}

/** Length of a polyline [m]. */
export function pathLength(points: readonly PlanPoint[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
  return sum;
}

/** The module references of a configuration the layout no longer has (strings and unassigned). */
export function missingModules(doc: Pick<InverterConfigDocument, 'strings' | 'unassigned'>, layout: LayoutDocument): string[] {
  const at = modulePoints(layout);
  const out: string[] = [];
  for (const s of doc.strings) for (const r of s.moduleRefs) if (!at(r)) out.push(r);
  for (const r of doc.unassigned) if (!at(r)) out.push(r);
  return out;
}
