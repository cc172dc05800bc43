// docs/GEOMETRY.md §3 — heights: along the outline by interpolation, then through the faces by planarity,
// repeated until nothing changes.
import { orient2d } from 'robust-predicates';
import { dist2 } from './roof-predicates.ts';

/**
 * Gives every ring point without z the linear interpolation, by path length along the ring, between
 * the nearest points with known z on either side (known before this step: explicit z or eave).
 */
export function interpolateOutline(
  ring: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>, z: Float64Array,
): void {
  const n = ring.length;
  const known = ring.map((p) => !Number.isNaN(z[p]));
  if (!known.some(Boolean)) return;
  const step = (i: number, j: number): number =>
    Math.hypot(px[ring[j]] - px[ring[i]], py[ring[j]] - py[ring[i]]);
  const values = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (known[i]) continue;
    let back = 0;
    let b = i;
    do {
      const prev = (b - 1 + n) % n;
      back += step(prev, b);
      b = prev;
    } while (!known[b]);
    let ahead = 0;
    let f = i;
    do {
      const nxt = (f + 1) % n;
      ahead += step(f, nxt);
      f = nxt;
    } while (!known[f]);
    const z0 = z[ring[b]];
    const z1 = z[ring[f]];
    values.set(ring[i], z0 + ((z1 - z0) * back) / (back + ahead));
  }
  for (const [p, v] of values) z[p] = v;
}

/**
 * Repeats until nothing changes: each face (in the given order) whose known points include three
 * non-collinear ones (robust orient2d) fits its plane z = z̄ + a (x − x̄) + b (y − ȳ) to them by
 * least squares and gives every unknown point of the face its z from that plane — the points of its
 * holes too (`holes[k]`: face k's hole rings), which receive the plane but never fit it
 * (roof-holes.ts). Points assigned earlier in a pass count as known for the faces after it.
 */
export function propagateFaceHeights(
  faces: readonly (readonly number[])[], px: ArrayLike<number>, py: ArrayLike<number>, z: Float64Array,
  holes: readonly (readonly (readonly number[])[])[] = [],
): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const [k, face] of faces.entries()) {
      const pts = [...new Set(face)];
      const known = pts.filter((p) => !Number.isNaN(z[p]));
      const unknown = pts.filter((p) => Number.isNaN(z[p]));
      for (const p of new Set((holes[k] ?? []).flat())) if (Number.isNaN(z[p])) unknown.push(p);
      if (unknown.length === 0 || !spansPlane(known, px, py)) continue;
      const plane = fitPlane(known, px, py, z);
      if (plane === null) continue;
      for (const p of unknown) z[p] = plane(px[p], py[p]);
      changed = true;
    }
  }
}

/**
 * Whether the points include three that are not collinear in plan: some point lies farther than
 * 1e-10 × |ab| from the line through the first point a and the point b farthest from it (robust
 * orient2d). Points on one outline edge are collinear but for rounding; an exact test would fit a
 * plane across them and extrapolate their rounding errors.
 */
function spansPlane(pts: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>): boolean {
  if (pts.length < 3) return false;
  const a = pts[0];
  let b = a;
  let far = 0;
  for (let k = 1; k < pts.length; k++) {
    const c = pts[k];
    const d = dist2(px[a], py[a], px[c], py[c]);
    if (d > far) {
      far = d;
      b = c;
    }
  }
  if (!(far > 0)) return false;
  const limit = 1e-10 * far;
  return pts.some((c) => {
    const o = orient2d(px[a], py[a], px[b], py[b], px[c], py[c]);
    return o !== 0 && Math.abs(o) > limit;
  });
}

/** Least-squares plane z(x, y) through the points (centred sums), null when singular. */
function fitPlane(
  pts: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>, z: Float64Array,
): ((x: number, y: number) => number) | null {
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (const p of pts) {
    mx += px[p];
    my += py[p];
    mz += z[p];
  }
  mx /= pts.length;
  my /= pts.length;
  mz /= pts.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let sxz = 0;
  let syz = 0;
  for (const p of pts) {
    const dx = px[p] - mx;
    const dy = py[p] - my;
    const dz = z[p] - mz;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
    sxz += dx * dz;
    syz += dy * dz;
  }
  const det = sxx * syy - sxy * sxy;
  if (!(det > 0)) return null;
  const a = (sxz * syy - syz * sxy) / det;
  const b = (syz * sxx - sxz * sxy) / det;
  return (x, y) => mz + a * (x - mx) + b * (y - my);
}
