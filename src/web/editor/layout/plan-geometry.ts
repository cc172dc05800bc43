// Plan geometry of the layout actions (document/layout.ts): point in polygon, a module footprint
// (a quad) on a face outline, the height of a face plane. Tolerance: LAYOUT.containmentTolerance.
import { LAYOUT } from '../../../model/layout.ts';

const EPS = LAYOUT.containmentTolerance;

/** Even-odd point in polygon (plan). */
export function pointInPolygon(x: number, y: number, ring: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from (x, y) to the segment (ax, ay)–(bx, by) [m]. */
function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Inside the ring or within `tol` of its boundary. */
function pointOnOrInPolygon(x: number, y: number, ring: readonly (readonly number[])[], tol: number): boolean {
  if (pointInPolygon(x, y, ring)) return true;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (segmentDistance(x, y, ring[j][0], ring[j][1], ring[i][0], ring[i][1]) <= tol) return true;
  }
  return false;
}

/** Whether the segments p1–p2 and q1–q2 cross properly (not merely touching). */
function segmentsCross(p1: readonly number[], p2: readonly number[], q1: readonly number[], q2: readonly number[]): boolean {
  const o = (a: readonly number[], b: readonly number[], c: readonly number[]) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const d1 = o(q1, q2, p1);
  const d2 = o(q1, q2, p2);
  const d3 = o(p1, p2, q1);
  const d4 = o(p1, p2, q2);
  const tol = EPS * EPS;
  return ((d1 > tol && d2 < -tol) || (d1 < -tol && d2 > tol)) && ((d3 > tol && d4 < -tol) || (d3 < -tol && d4 > tol));
}

/**
 * Whether a plan quad (a module footprint) lies on a face outline: its corners inside (or on the
 * boundary, to LAYOUT.containmentTolerance), no face vertex strictly inside it and no edges crossing.
 */
export function quadOnFace(quad: readonly (readonly number[])[], face: readonly (readonly number[])[]): boolean {
  for (const c of quad) if (!pointOnOrInPolygon(c[0], c[1], face, EPS)) return false;
  for (const v of face) {
    if (!pointInPolygon(v[0], v[1], quad)) continue;
    // Strictly inside: farther than the tolerance from every quad edge.
    let near = false;
    for (let i = 0, j = quad.length - 1; i < quad.length; j = i++) {
      if (segmentDistance(v[0], v[1], quad[j][0], quad[j][1], quad[i][0], quad[i][1]) <= EPS) near = true;
    }
    if (!near) return false;
  }
  for (let i = 0, j = quad.length - 1; i < quad.length; j = i++) {
    for (let k = 0, l = face.length - 1; k < face.length; l = k++) if (segmentsCross(quad[j], quad[i], face[l], face[k])) return false;
  }
  return true;
}

/** A function giving the height of a face plane at (x, y), for moveModules' zAt [m]. */
export function planeHeight(vertices: readonly (readonly number[])[]): (x: number, y: number) => number {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let x0 = 0;
  let y0 = 0;
  let z0 = 0;
  const n = vertices.length;
  for (let i = 0; i < n; i++) {
    const [xa, ya, za = 0] = vertices[i];
    const [xb, yb, zb = 0] = vertices[(i + 1) % n];
    nx += (ya - yb) * (za + zb);
    ny += (za - zb) * (xa + xb);
    nz += (xa - xb) * (ya + yb);
    x0 += xa / n;
    y0 += ya / n;
    z0 += za / n;
  }
  if (!(Math.abs(nz) > 1e-12 * Math.hypot(nx, ny))) return () => NaN;
  const gx = -nx / nz;
  const gy = -ny / nz;
  return (x, y) => z0 + gx * (x - x0) + gy * (y - y0);
}
