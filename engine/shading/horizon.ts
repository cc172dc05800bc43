// The horizon of a sample point: per azimuth sector, an upper bound on the slope (tan of the elevation)
// of every scene triangle seen from the point (the module's own triangles excepted). A ray towards a
// direction steeper than the bound of its sector cannot hit anything, so it needs no traversal: the
// answer is the same as the ray cast's, only cheaper (most sun positions clear every obstacle).
//
// Bounds come from boxes: a box whose top is Δz above the point at plan distance d (nearest point of
// its plan rectangle) has slope ≤ Δz / d over the azimuths its rectangle spans; d = 0: unbounded. The
// BVH is walked from the root and a node is skipped when its bound does not raise any sector it spans;
// slopes below `floor` are not resolved (every sector starts at floor), so only nearby or tall things
// are visited. Sectors are widened by SLACK on both sides, so a direction whose computed azimuth sits
// on a sector edge is covered by either sector.
import { NODE_BYTES } from './bvh';
import { Scene, TRI_F64 } from './scene';

export const SECTORS: i32 = 64;
const SECTOR_RAD: f64 = (2.0 * Math.PI) / <f64>SECTORS;
const SLACK: f64 = 1e-6;
const TWO_PI: f64 = 2.0 * Math.PI;

let stack = new StaticArray<i32>(64);

export function reserveHorizonStack(depth: i32): void {
  if (stack.length < depth + 2) stack = new StaticArray<i32>(depth + 2);
}

/** Compass azimuth [rad] in [0, 2π) of the plan direction (dx, dy) (x east, y north). */
@inline export function azimuthOf(dx: f64, dy: f64): f64 {
  const a = Math.atan2(dx, dy);
  return a < 0.0 ? a + TWO_PI : a;
}

/** The sector of a compass azimuth [rad]. */
@inline export function sectorOf(az: f64): i32 {
  return min(SECTORS - 1, <i32>(az / SECTOR_RAD));
}

/**
 * Raises the sectors spanned by the plan rectangle [x0, x1] × [y0, y1] (relative to the point, not
 * containing it) to `slope` where they are lower; with `test` set, only answers whether any would rise.
 */
function spanSectors(h: usize, x0: f64, y0: f64, x1: f64, y1: f64, slope: f64, test: bool): bool {
  // The rectangle's corners' azimuths, unwrapped around the first: the rectangle does not contain the
  // origin, so it spans less than half a turn.
  const a0 = azimuthOf(x0, y0);
  let lo: f64 = 0.0;
  let hi: f64 = 0.0;
  for (let k: i32 = 1; k < 4; k++) {
    const cx = (k & 1) != 0 ? x1 : x0;
    const cy = (k & 2) != 0 ? y1 : y0;
    let d = azimuthOf(cx, cy) - a0;
    if (d > Math.PI) d -= TWO_PI;
    else if (d < -Math.PI) d += TWO_PI;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  let first = <i32>Math.floor((a0 + lo - SLACK) / SECTOR_RAD);
  const last = <i32>Math.floor((a0 + hi + SLACK) / SECTOR_RAD);
  let raised = false;
  for (let s = first; s <= last; s++) {
    const q = h + (<usize>(((s % SECTORS) + SECTORS) % SECTORS) << 3);
    if (slope > load<f64>(q)) {
      if (test) return true;
      store<f64>(q, slope);
      raised = true;
    }
  }
  return raised;
}

/** Raises sectors for a box (absolute coordinates) seen from p; true if it would raise any (test). */
function boxBound(h: usize, px: f64, py: f64, pz: f64, x0: f64, y0: f64, z1: f64, x1: f64, y1: f64, test: bool): bool {
  const dz = z1 - pz;
  if (!(dz > 0.0)) return false;
  const rx0 = x0 - px, rx1 = x1 - px, ry0 = y0 - py, ry1 = y1 - py;
  const dx = rx0 > 0.0 ? rx0 : rx1 < 0.0 ? -rx1 : 0.0;
  const dy = ry0 > 0.0 ? ry0 : ry1 < 0.0 ? -ry1 : 0.0;
  if (dx == 0.0 && dy == 0.0) {
    // Above the point: every sector unbounded.
    let raised = false;
    for (let s: i32 = 0; s < SECTORS; s++) {
      const q = h + (<usize>s << 3);
      if (load<f64>(q) < Infinity) {
        if (test) return true;
        store<f64>(q, Infinity);
        raised = true;
      }
    }
    return raised;
  }
  // A little over Δz / d: the slope of any point of the box, with rounding to spare.
  const slope = (dz / Math.sqrt(dx * dx + dy * dy)) * (1.0 + 1e-12);
  return spanSectors(h, rx0, ry0, rx1, ry1, slope, test);
}

/**
 * The horizon of point p (SECTORS slopes at h, each ≥ floor) over the scene's triangles, ignoring
 * module `skip`'s. `pad` [m] widens triangle boxes against rounding (bvh.ts).
 */
export function horizon(s: Scene, px: f64, py: f64, pz: f64, skip: i32, floor: f64, h: usize, pad: f64): void {
  for (let k: i32 = 0; k < SECTORS; k++) store<f64>(h + (<usize>k << 3), floor);
  const nodes = changetype<usize>(s.bvh.nodes);
  const tris = changetype<usize>(s.tri);
  const owners = changetype<usize>(s.owner);
  const st = changetype<usize>(stack);
  let sp: i32 = 0;
  let node: i32 = 0;
  while (true) {
    const p = nodes + <usize>node * NODE_BYTES;
    const visit = boxBound(h, px, py, pz, load<f32>(p, 0), load<f32>(p, 4), load<f32>(p, 20), load<f32>(p, 12), load<f32>(p, 16), true);
    if (visit) {
      const b = load<i32>(p, 28);
      if (b < 0) {
        const a = load<i32>(p, 24);
        store<i32>(st + (<usize>sp << 2), a + 1);
        sp++;
        node = a;
        continue;
      }
      // A leaf: the box of its triangles other than the module's own.
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
      const first = load<i32>(p, 24);
      for (let k = first; k < first + b; k++) {
        if (load<i32>(owners + (<usize>k << 2)) == skip) continue;
        const t = tris + <usize>k * (TRI_F64 << 3);
        const vx = load<f64>(t, 0), vy = load<f64>(t, 8), vz = load<f64>(t, 16);
        const ax = load<f64>(t, 24), ay = load<f64>(t, 32), az = load<f64>(t, 40);
        const bx = load<f64>(t, 48), by = load<f64>(t, 56), bz = load<f64>(t, 64);
        x0 = Math.min(x0, vx + Math.min(0.0, Math.min(ax, bx)));
        x1 = Math.max(x1, vx + Math.max(0.0, Math.max(ax, bx)));
        y0 = Math.min(y0, vy + Math.min(0.0, Math.min(ay, by)));
        y1 = Math.max(y1, vy + Math.max(0.0, Math.max(ay, by)));
        z1 = Math.max(z1, vz + Math.max(0.0, Math.max(az, bz)));
      }
      if (z1 > -Infinity) boxBound(h, px, py, pz, x0 - pad, y0 - pad, z1 + pad, x1 + pad, y1 + pad, false);
    }
    if (sp == 0) break;
    sp--;
    node = load<i32>(st + (<usize>sp << 2));
  }
}
