// Plan geometry, once (issue 18 item 8): the small polygon and plane routines that the engine wrapper
// (src/engine), the design rules (src/design-rules), the editor (src/web/editor: documents, layout,
// snapping, the 2D overlay and the 3D view) and the maps share. Plan metres, x east, y north, z up; a
// ring is its vertices in order, the first not repeated ([x, y] or [x, y, z]). Pure functions over
// numbers, no dependencies.
//
// The engine's AssemblyScript kernels (engine/) and their TypeScript references (src/engine/reference)
// keep their own index-based predicates on purpose: they mirror the wasm line for line.

/** A plan point [x, y] (a z, if present, is ignored by the plan routines). */
export type XY = readonly number[];
/** A ring of points. */
export type Ring = readonly XY[];

/** Signed area of a ring by the shoelace formula [m²]: positive counter-clockwise (seen from above). */
export function signedArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const p = ring[i];
    const q = ring[(i + 1) % n];
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

/** The ring counter-clockwise (the same ring when it already is; a reversed copy otherwise). */
export function counterClockwise<R extends Ring>(ring: R): R {
  return signedArea(ring) < 0 ? ([...ring].reverse() as unknown as R) : ring;
}

/** Area centroid of a ring [m]; the mean of its vertices when its area is 0. */
export function ringCentroid(ring: Ring): [number, number] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = ring.length;
  // Relative to the first vertex: the products stay small far from the origin (lon/lat, UTM).
  const [x0, y0] = ring[0] ?? [0, 0];
  for (let i = 0; i < n; i++) {
    const px = ring[i][0] - x0;
    const py = ring[i][1] - y0;
    const qx = ring[(i + 1) % n][0] - x0;
    const qy = ring[(i + 1) % n][1] - y0;
    const c = px * qy - qx * py;
    a += c;
    cx += (px + qx) * c;
    cy += (py + qy) * c;
  }
  if (a === 0) {
    let sx = 0;
    let sy = 0;
    for (const p of ring) {
      sx += p[0];
      sy += p[1];
    }
    return n > 0 ? [sx / n, sy / n] : [0, 0];
  }
  return [x0 + cx / (3 * a), y0 + cy / (3 * a)];
}

/** Even-odd point in ring (a point exactly on an edge may go either way). */
export function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Even-odd point in a ring given flat [x0, y0, x1, y1, …]. */
export function pointInFlatRing(x: number, y: number, flat: readonly number[]): boolean {
  let inside = false;
  const n = flat.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = flat[2 * i];
    const yi = flat[2 * i + 1];
    const xj = flat[2 * j];
    const yj = flat[2 * j + 1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The point of segment a–b nearest p: its parameter t ∈ [0, 1], position and distance [m]. */
export function closestOnSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): { t: number; x: number; y: number; dist: number } {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return { t, x, y, dist: Math.hypot(px - x, py - y) };
}

/** Distance from p to the segment a–b [m]. */
export function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Distance from p to the nearest edge of a closed ring [m]. */
export function ringEdgeDistance(x: number, y: number, ring: Ring): number {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) best = Math.min(best, segmentDistance(x, y, ring[j][0], ring[j][1], ring[i][0], ring[i][1]));
  return best;
}

/** Inside the ring, or within `tolerance` of its boundary [m]. */
export function pointOnOrInRing(x: number, y: number, ring: Ring, tolerance: number): boolean {
  return pointInRing(x, y, ring) || ringEdgeDistance(x, y, ring) <= tolerance;
}

/** Twice the signed area of the triangle a, b, c: > 0 when c lies left of a → b. */
export function orient(a: XY, b: XY, c: XY): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/**
 * Whether the segments p1–p2 and q1–q2 cross properly: each has the other's ends strictly on both
 * sides, so touching is no crossing. With a `tolerance` [m], an end counts as on a side only when its
 * orientation (twice the triangle's area [m²]) exceeds tolerance².
 */
export function segmentsCross(p1: XY, p2: XY, q1: XY, q2: XY, tolerance = 0): boolean {
  const d1 = orient(q1, q2, p1);
  const d2 = orient(q1, q2, p2);
  const d3 = orient(p1, p2, q1);
  const d4 = orient(p1, p2, q2);
  const tol = tolerance * tolerance;
  return ((d1 > tol && d2 < -tol) || (d1 < -tol && d2 > tol)) && ((d3 > tol && d4 < -tol) || (d3 < -tol && d4 > tol));
}

/**
 * Newell's normal of a polygon in 3D (M. E. Newell; Sutherland, Sproull & Schumacker 1974): the sum
 * over its edges, twice its vector area — upward (nz > 0) for a ring counter-clockwise from above.
 * Exact for planar polygons, a best fit for nearly planar ones; [0, 0, 0] for a degenerate one.
 * A missing z counts as 0.
 */
export function newellNormal(vertices: Ring): [number, number, number] {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0, n = vertices.length; i < n; i++) {
    const a = vertices[i];
    const b = vertices[(i + 1) % n];
    const za = a[2] ?? 0;
    const zb = b[2] ?? 0;
    nx += (a[1] - b[1]) * (za + zb);
    ny += (za - zb) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return [nx, ny, nz];
}

/** A non-vertical plane z = z0 + gx·(x − x0) + gy·(y − y0) [m]. */
export interface PlanePlan {
  x0: number;
  y0: number;
  z0: number;
  /** ∂z/∂x, ∂z/∂y [-]. */
  gx: number;
  gy: number;
}

/**
 * The plane of a polygon: Newell's normal through the vertices' mean; null when the polygon stands
 * vertical (or is degenerate), where no z(x, y) exists.
 */
export function planeOf(vertices: Ring): PlanePlan | null {
  const [nx, ny, nz] = newellNormal(vertices);
  if (!(Math.abs(nz) > 1e-12 * Math.hypot(nx, ny))) return null;
  const [x0, y0, z0] = vertexMean(vertices);
  return { x0, y0, z0, gx: -nx / nz, gy: -ny / nz };
}

/** The mean of the vertices [m] (a missing z counts as 0). */
export function vertexMean(vertices: Ring): [number, number, number] {
  let x0 = 0;
  let y0 = 0;
  let z0 = 0;
  const n = vertices.length;
  for (const v of vertices) {
    x0 += v[0] / n;
    y0 += v[1] / n;
    z0 += (v[2] ?? 0) / n;
  }
  return [x0, y0, z0];
}

/** The height of a plane at (x, y) [m]. */
export function planeZ(p: PlanePlan, x: number, y: number): number {
  return p.z0 + p.gx * (x - p.x0) + p.gy * (y - p.y0);
}

/** An axis-aligned box [m]. */
export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of points (x0 = +∞ … when there are none). */
export function boundsOf(points: Iterable<XY>): Bounds {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    if (p[0] < x0) x0 = p[0];
    if (p[1] < y0) y0 = p[1];
    if (p[0] > x1) x1 = p[0];
    if (p[1] > y1) y1 = p[1];
  }
  return { x0, y0, x1, y1 };
}

/** The four corners of a rectangle, counter-clockwise: centre, size [w along its x, d], turned by `rotationDeg` counter-clockwise from east. */
export function boxRing(center: XY, size: XY, rotationDeg: number): [number, number][] {
  const r = (rotationDeg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const hw = size[0] / 2;
  const hd = size[1] / 2;
  const corner = (u: number, v: number): [number, number] => [center[0] + u * c - v * s, center[1] + u * s + v * c];
  return [corner(-hw, -hd), corner(hw, -hd), corner(hw, hd), corner(-hw, hd)];
}

/** A circle as a regular n-gon, counter-clockwise from east [m]. */
export function circleRing(cx: number, cy: number, r: number, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}
