// Where the automatic configuration puts the equipment on the plan (a simple rule, to be moved by the
// designer afterwards): each inverter on the wall nearest its strings — the point of the building
// outlines (or, without buildings, of the modules' bounding box grown by 1 m) closest to the centroid
// of its strings' modules, set INVERTER_OFFSET_M outside it, and slid along that wall in steps of
// INVERTER_SPACING_M until it stands that far from every inverter already placed; each combiner box at
// the centroid of its strings' modules (on the roof among them); the grid point GRID_OFFSET_M beyond the
// first inverter, away from its strings. Plan metres, x east, y north.

type XY = [number, number];

/** Distance of an inverter from the wall it hangs on [m]. */
export const INVERTER_OFFSET_M = 0.5;
/** Least distance between two inverters [m]. */
export const INVERTER_SPACING_M = 1;
/** Distance of the grid point beyond the first inverter [m]. */
export const GRID_OFFSET_M = 2;

/** Centroid of points (the origin for none). */
export function centroid(points: readonly (readonly [number, number])[]): XY {
  if (points.length === 0) return [0, 0];
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/** The modules' bounding box grown by `margin`, as a ring. */
export function boxRing(points: readonly (readonly [number, number])[], margin = 1): XY[] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  if (!Number.isFinite(x0)) return [[-margin, -margin], [margin, -margin], [margin, margin], [-margin, margin]];
  return [[x0 - margin, y0 - margin], [x1 + margin, y0 - margin], [x1 + margin, y1 + margin], [x0 - margin, y1 + margin]];
}

interface WallPoint {
  point: XY;
  /** Unit vector along the wall. */
  tangent: XY;
  /** Unit vector from the centroid to the wall (the wall's normal when the centroid lies on it). */
  out: XY;
}

/** The point of the rings' edges nearest to c, with the edge's direction. */
function nearestWall(rings: readonly (readonly XY[])[], c: XY): WallPoint {
  let best: WallPoint | null = null;
  let bestD = Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      if (len2 === 0) continue;
      const t = Math.max(0, Math.min(1, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / len2));
      const p: XY = [a[0] + t * dx, a[1] + t * dy];
      const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
      if (d < bestD) {
        bestD = d;
        const len = Math.sqrt(len2);
        const tangent: XY = [dx / len, dy / len];
        // The outward side: away from the centroid, else the edge's right-hand normal.
        const out: XY = d > 1e-9 ? [(p[0] - c[0]) / d, (p[1] - c[1]) / d] : [tangent[1], -tangent[0]];
        best = { point: p, tangent, out };
      }
    }
  }
  return best ?? { point: c, tangent: [1, 0], out: [0, -1] };
}

/**
 * Plan positions of inverters, each from the module points of its strings, on the nearest wall of
 * `rings` (building outlines; empty: the modules' bounding box grown by 1 m), spaced apart.
 * @returns per inverter, its position and the outward direction at it
 */
export function placeInverters(groups: readonly (readonly (readonly [number, number])[])[], rings: readonly (readonly XY[])[]): { position: XY; out: XY }[] {
  const walls = rings.length > 0 ? rings : [boxRing(groups.flat())];
  const placed: XY[] = [];
  return groups.map((points) => {
    const w = nearestWall(walls, centroid(points));
    const base: XY = [w.point[0] + INVERTER_OFFSET_M * w.out[0], w.point[1] + INVERTER_OFFSET_M * w.out[1]];
    let position = base;
    // Slide along the wall, alternately either way, until clear of the others.
    for (let k = 1; placed.some((q) => Math.hypot(q[0] - position[0], q[1] - position[1]) < INVERTER_SPACING_M - 1e-9); k++) {
      const step = Math.ceil(k / 2) * (k % 2 === 1 ? 1 : -1) * INVERTER_SPACING_M;
      position = [base[0] + step * w.tangent[0], base[1] + step * w.tangent[1]];
    }
    placed.push(position);
    return { position, out: w.out };
  });
}

/** The grid point: GRID_OFFSET_M beyond an inverter along its outward direction. */
export function gridPointNear(inverter: { position: XY; out: XY }): XY {
  return [inverter.position[0] + GRID_OFFSET_M * inverter.out[0], inverter.position[1] + GRID_OFFSET_M * inverter.out[1]];
}
