// Plane geometry predicates of the roof reference (docs/GEOMETRY.md §1): every sidedness decision goes
// through Shewchuk's robust orient2d (robust-predicates); distances and crossing points are plain
// floating point. Plan coordinates: x east, y north (y up), metres.
import { orient2d } from 'robust-predicates';

/**
 * Side of c relative to the directed line a→b, with y pointing up (north):
 * 1 when c lies to the left (a, b, c counter-clockwise seen from above), −1 to the right, 0 on the line.
 * robust-predicates assumes y pointing down, hence the sign flip.
 */
export function side(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const o = orient2d(ax, ay, bx, by, cx, cy);
  return o < 0 ? 1 : o > 0 ? -1 : 0;
}

/** Squared plan distance between two points [m²]. */
export function dist2(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx;
  const dy = ay - by;
  return dx * dx + dy * dy;
}

/**
 * Squared plan distance from p to the closed segment a–b [m²]. Beyond either end it is exactly
 * dist2 to that end, so "within tol of a segment" never disagrees with the snapping test: a point
 * not merged into an end point is within tol of the segment only through its interior.
 */
export function dist2ToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ux = bx - ax;
  const uy = by - ay;
  const len2 = ux * ux + uy * uy;
  const t = len2 === 0 ? 0 : ((px - ax) * ux + (py - ay) * uy) / len2;
  if (t <= 0) return dist2(px, py, ax, ay);
  if (t >= 1) return dist2(px, py, bx, by);
  return dist2(px, py, ax + t * ux, ay + t * uy);
}

/**
 * Whether segments a–b and c–d cross in both interiors: the end points of each lie strictly on
 * opposite sides of the other (robust orient2d), so touching and collinear cases are excluded.
 */
export function crossProperly(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): boolean {
  const s1 = side(ax, ay, bx, by, cx, cy);
  const s2 = side(ax, ay, bx, by, dx, dy);
  if (s1 === 0 || s2 === 0 || s1 === s2) return false;
  const s3 = side(cx, cy, dx, dy, ax, ay);
  const s4 = side(cx, cy, dx, dy, bx, by);
  return s3 !== 0 && s4 !== 0 && s3 !== s4;
}

/**
 * Whether two segments are parallel within the intersection epsilon: the shorter one spreads less
 * than eps [m] across the direction of the longer one. Such pairs are overlaps (handled by the
 * T-junction rule), never crossings.
 */
export function nearlyParallel(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number, eps: number,
): boolean {
  const ux = bx - ax;
  const uy = by - ay;
  const vx = dx - cx;
  const vy = dy - cy;
  const cross = Math.abs(ux * vy - uy * vx);
  const longer = Math.max(Math.hypot(ux, uy), Math.hypot(vx, vy));
  return cross <= eps * longer;
}

/**
 * The crossing point of the lines a–b and c–d by the parametric formula on a–b:
 * P = a + t (b − a), t = ((c − a) × (d − c)) / ((b − a) × (d − c)), t clamped to [0, 1].
 */
export function crossingPoint(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): [number, number] {
  const ux = bx - ax;
  const uy = by - ay;
  const vx = dx - cx;
  const vy = dy - cy;
  let t = ((cx - ax) * vy - (cy - ay) * vx) / (ux * vy - uy * vx);
  if (!(t > 0)) t = 0;
  else if (t > 1) t = 1;
  return [ax + t * ux, ay + t * uy];
}

/**
 * Where p lies relative to a polygon given as closed segments (x1, y1, x2, y2 per edge):
 * 0 on the boundary (within tol of an edge), 1 inside, −1 outside. Inside/outside by the crossing
 * number of a ray towards +x, each edge tested with robust orient2d (half-open rule on y).
 */
export function pointInPolygon(px: number, py: number, edges: readonly number[], tol: number): number {
  let inside = false;
  for (let k = 0; k < edges.length; k += 4) {
    const ax = edges[k];
    const ay = edges[k + 1];
    const bx = edges[k + 2];
    const by = edges[k + 3];
    if (dist2ToSegment(px, py, ax, ay, bx, by) <= tol * tol) return 0;
    if (ay > py !== by > py) {
      // The edge straddles the horizontal line through p: is p to the left of the upward edge?
      const s = ay < by ? side(ax, ay, bx, by, px, py) : side(bx, by, ax, ay, px, py);
      if (s > 0) inside = !inside;
    }
  }
  return inside ? 1 : -1;
}

/**
 * Whether, turning clockwise around v from the direction v→u, the direction v→w1 comes strictly
 * before v→w2 (robust). The direction v→u itself comes last (a full turn).
 */
export function cwBefore(
  vx: number, vy: number, ux: number, uy: number,
  w1x: number, w1y: number, w2x: number, w2y: number,
): boolean {
  const r1 = cwRank(vx, vy, ux, uy, w1x, w1y);
  const r2 = cwRank(vx, vy, ux, uy, w2x, w2y);
  if (r1 !== r2) return r1 < r2;
  if (r1 === 1 || r1 === 3) return false; // a single direction per rank
  // Same open half-plane: w1 first when w2 lies clockwise of v→w1.
  return side(vx, vy, w1x, w1y, w2x, w2y) < 0;
}

/** 0: right of v→u, 1: opposite to u, 2: left of v→u, 3: along v→u. */
function cwRank(vx: number, vy: number, ux: number, uy: number, wx: number, wy: number): number {
  const s = side(vx, vy, ux, uy, wx, wy);
  if (s < 0) return 0;
  if (s > 0) return 2;
  const dot = (wx - vx) * (ux - vx) + (wy - vy) * (uy - vy);
  return dot < 0 ? 1 : 3;
}
