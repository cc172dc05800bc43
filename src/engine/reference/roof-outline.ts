// The outline ring (docs/GEOMETRY.md §1): its edges after snapping, the self-intersection check and the
// inside/outside test used to drop the outside parts of interior lines.
import { crossProperly, dist2ToSegment, pointInPolygon } from './roof-predicates.ts';

/** An outline edge from point a to point b (representatives), at input outline position pos. */
export interface OutlineEdge {
  pos: number;
  a: number;
  b: number;
}

/**
 * The ring's edges: edge pos runs from outline[pos] to outline[pos + 1] (cyclically), both mapped
 * to their representatives; edges whose ends merged into one point are left out.
 */
export function outlineEdges(outline: Int32Array, rep: Int32Array): OutlineEdge[] {
  const edges: OutlineEdge[] = [];
  const n = outline.length;
  for (let pos = 0; pos < n; pos++) {
    const a = rep[outline[pos]];
    const b = rep[outline[(pos + 1) % n]];
    if (a !== b) edges.push({ pos, a, b });
  }
  return edges;
}

/**
 * SELF_INTERSECTING_OUTLINE: the pairs (by outline position, lower first) of non-adjacent ring edges
 * that cross, touch or overlap — a proper crossing (robust orient2d) or an end point of one within
 * tol [m] of the other. A ring of fewer than three edges, or a triangle with a vertex within tol of
 * its opposite edge (no area), is degenerate: one "pair" listing every outline position.
 */
export function selfIntersections(
  edges: readonly OutlineEdge[], x: Float64Array, y: Float64Array, tol: number, nOutline: number,
): number[][] {
  const m = edges.length;
  if (m < 3) return [Array.from({ length: nOutline }, (_, i) => i)];
  const found: number[][] = [];
  const tol2 = tol * tol;
  if (m === 3) {
    // A triangle with a vertex within tol of its opposite edge has no area: degenerate, as above.
    for (let k = 0; k < 3; k++) {
      const e = edges[k];
      const v = edges[(k + 1) % 3].b;
      if (dist2ToSegment(x[v], y[v], x[e.a], y[e.a], x[e.b], y[e.b]) <= tol2) return [Array.from({ length: nOutline }, (_, i) => i)];
    }
  }
  for (let i = 0; i < m; i++) {
    for (let j = i + 2; j < m; j++) {
      if (i === 0 && j === m - 1) continue; // adjacent across the ring's start
      const e = edges[i];
      const f = edges[j];
      const touch =
        crossProperly(x[e.a], y[e.a], x[e.b], y[e.b], x[f.a], y[f.a], x[f.b], y[f.b]) ||
        dist2ToSegment(x[f.a], y[f.a], x[e.a], y[e.a], x[e.b], y[e.b]) <= tol2 ||
        dist2ToSegment(x[f.b], y[f.b], x[e.a], y[e.a], x[e.b], y[e.b]) <= tol2 ||
        dist2ToSegment(x[e.a], y[e.a], x[f.a], y[f.a], x[f.b], y[f.b]) <= tol2 ||
        dist2ToSegment(x[e.b], y[e.b], x[f.a], y[f.a], x[f.b], y[f.b]) <= tol2;
      if (touch) found.push([e.pos, f.pos]);
    }
  }
  return found;
}

/** A point-in-outline test: 0 on the boundary (within tol [m]), 1 inside, −1 outside. */
export function outlineLocator(
  edges: readonly OutlineEdge[], x: ArrayLike<number>, y: ArrayLike<number>, tol: number,
): (px: number, py: number) => number {
  const flat: number[] = [];
  for (const e of edges) flat.push(x[e.a], y[e.a], x[e.b], y[e.b]);
  return (px, py) => pointInPolygon(px, py, flat, tol);
}
