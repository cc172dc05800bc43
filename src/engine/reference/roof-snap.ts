// docs/GEOMETRY.md §1.1 — snapping: a drawn point within the merge tolerance of an earlier point (in
// input order) is merged into it (relation INTERPOINT_, mergedInto = that point).
import { dist2 } from './roof-predicates.ts';

export interface SnapResult {
  /** Per input point: the point it was merged into, or itself. Representatives are never merged. */
  rep: Int32Array;
  /**
   * Per representative: its explicit z [m], or — when it has none — the first explicit z of the
   * points merged into it, in input order; NaN when none of them has one. (Entries of merged points
   * are unused.)
   */
  z: Float64Array;
}

/**
 * Merges every point into the earliest representative within tol [m] of it (distance ≤ tol).
 * Only representatives attract points, so mergedInto never chains.
 */
export function snapPoints(x: Float64Array, y: Float64Array, z: Float64Array, tol: number): SnapResult {
  const n = x.length;
  const rep = new Int32Array(n);
  const zRep = Float64Array.from(z);
  const reps: number[] = [];
  const tol2 = tol * tol;
  for (let i = 0; i < n; i++) {
    rep[i] = i;
    for (const j of reps) {
      if (dist2(x[i], y[i], x[j], y[j]) <= tol2) {
        rep[i] = j;
        break;
      }
    }
    if (rep[i] === i) reps.push(i);
    else if (Number.isNaN(zRep[rep[i]])) zRep[rep[i]] = z[i];
  }
  return { rep, z: zRep };
}
