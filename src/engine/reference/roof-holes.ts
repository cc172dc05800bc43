// Islands as holes of roof faces — the reference of engine/geometry/holes.ts, whose header states the
// rules (docs/GEOMETRY.md is silent on them): an island (a part of the drawing touching neither the
// outline nor any line connected to it: a dormer, a skylight frame) is a hole of the innermost face
// around it; the face's plane, planarity, tilt and azimuth come from its outer ring only, its hole
// points without z take theirs from that plane, and its areas exclude the holes.
import { side } from './roof-predicates.ts';
import { compareLex, signedArea2 } from './roof-faces.ts';

/**
 * Per face (same order as `faces`), its holes: the islands whose smallest-index vertex lies strictly
 * inside it (exact winding number), given to the containing face of smallest outer plan area (the
 * lowest index on a tie), each face's holes sorted lexicographically. Islands inside no face are
 * dropped.
 */
export function assignHoles(
  faces: readonly (readonly number[])[], islands: readonly number[][], px: ArrayLike<number>, py: ArrayLike<number>,
): number[][][] {
  const holes: number[][][] = faces.map(() => []);
  if (islands.length === 0) return holes;
  const area = faces.map((f) => signedArea2(f, px, py) / 2);
  for (const island of islands) {
    const v = island[0];
    let best = -1;
    faces.forEach((face, f) => {
      if (best >= 0 && !(area[f] < area[best])) return;
      if (strictlyInside(face, v, px, py)) best = f;
    });
    if (best >= 0) holes[best].push(island);
  }
  for (const list of holes) list.sort(compareLex);
  return holes;
}

/** Whether point v lies strictly inside the ring `face`: not one of its vertices, winding number ≠ 0. */
function strictlyInside(face: readonly number[], v: number, px: ArrayLike<number>, py: ArrayLike<number>): boolean {
  if (face.includes(v)) return false;
  const x = px[v];
  const y = py[v];
  let wn = 0;
  for (let k = 0; k < face.length; k++) {
    const a = face[k];
    const b = face[(k + 1) % face.length];
    if (py[a] <= y) {
      if (py[b] > y && side(px[a], py[a], px[b], py[b], x, y) > 0) wn++;
    } else if (py[b] <= y && side(px[a], py[a], px[b], py[b], x, y) < 0) {
      wn--;
    }
  }
  return wn !== 0;
}

/**
 * The face's net plan area [m²]: the outer ring's, then each hole's (negative) added in order — the
 * engine's order of operations, so that DEGENERATE_FACE decides identically.
 */
export function netArea(face: readonly number[], holes: readonly (readonly number[])[], px: ArrayLike<number>, py: ArrayLike<number>): number {
  let a = signedArea2(face, px, py) / 2;
  for (const h of holes) a += signedArea2(h, px, py) / 2;
  return a;
}

/**
 * FACE_F64 metrics of the outer ring made net of the holes: planArea minus their footprint, area
 * minus its projection onto the face's plane (footprint / nz).
 */
export function subtractHoles(metrics: number[], holes: readonly (readonly number[])[], px: ArrayLike<number>, py: ArrayLike<number>): void {
  if (holes.length === 0) return;
  let a2 = 0;
  for (const h of holes) a2 += signedArea2(h, px, py);
  const plan = -a2 / 2;
  metrics[2] -= plan / metrics[6];
  metrics[3] -= plan;
}
