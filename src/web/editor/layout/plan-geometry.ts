// Plan geometry of the layout actions (document/layout.ts): point in polygon, a module footprint
// (a quad) on a face outline, the height of a face plane. Tolerance: LAYOUT.containmentTolerance.
import { LAYOUT } from '../../../model/layout.ts';
import { planeOf, planeZ, pointInRing, pointOnOrInRing, ringEdgeDistance, segmentsCross } from '../../../model/plan-geometry.ts';

const EPS = LAYOUT.containmentTolerance;

/** Even-odd point in polygon (plan): src/model/plan-geometry.ts pointInRing. */
export const pointInPolygon = pointInRing;

/**
 * Whether a plan quad (a module footprint) lies on a face outline: its corners inside (or on the
 * boundary, to LAYOUT.containmentTolerance), no face vertex strictly inside it and no edges crossing.
 */
export function quadOnFace(quad: readonly (readonly number[])[], face: readonly (readonly number[])[]): boolean {
  for (const c of quad) if (!pointOnOrInRing(c[0], c[1], face, EPS)) return false;
  for (const v of face) {
    if (!pointInPolygon(v[0], v[1], quad)) continue;
    // Strictly inside: farther than the tolerance from every quad edge.
    if (ringEdgeDistance(v[0], v[1], quad) > EPS) return false;
  }
  for (let i = 0, j = quad.length - 1; i < quad.length; j = i++) {
    for (let k = 0, l = face.length - 1; k < face.length; l = k++) if (segmentsCross(quad[j], quad[i], face[l], face[k], EPS)) return false;
  }
  return true;
}

/** A function giving the height of a face plane at (x, y), for moveModules' zAt [m] (NaN for a vertical face). */
export function planeHeight(vertices: readonly (readonly number[])[]): (x: number, y: number) => number {
  const p = planeOf(vertices);
  return p ? (x, y) => planeZ(p, x, y) : () => NaN;
}
