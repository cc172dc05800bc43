// The horizon of a sample point: per azimuth sector, an upper bound on the slope (tan of the elevation)
// of every scene triangle seen from the point that a ray in front of the module could hit. A ray
// towards a direction steeper than the bound of its sector cannot hit anything, so it needs no
// traversal: the answer is the same as the ray cast's, only cheaper (most sun positions clear every
// obstacle). The bound holds only for directions in front of the module (d · n > 0): the triangles
// lying wholly on or below the module's plane — its neighbours in a row, the rows behind it — are left
// out, since a ray that starts above the plane and rises from it never reaches them.
//
// The BVH is walked from the root; a node is skipped when its box cannot raise any sector it spans,
// and a node that is small as seen from the point (FAR) is bounded as a whole box: Δz / d over the
// azimuths its plan rectangle spans (Δz its top above the point, d the plan distance of its nearest
// point; d = 0: unbounded). In the leaves every triangle is bounded on its own, per sector: its top
// over its least plan distance inside the sector, which is at least the distance to its plan box
// and, for every edge line with the whole triangle beyond it (distance h, unit normal m), at least
// h / max(u · m) over the sector's directions u — a long edge seen obliquely (the row in front seen
// towards the east) is bounded far below its top over its nearest distance.
// Slopes below `floor` are not resolved (every sector starts at floor), so only nearby or tall
// things are visited. Sectors are widened by SLACK on both sides, so a direction whose computed azimuth
// sits on a sector edge is covered by either sector; every distance is shrunk and every top raised by
// the scene's pad (bvh.ts) against rounding.
import { NODE_BYTES } from './bvh';
import { Scene, TRI_F64 } from './scene';

export const SECTORS: i32 = 64;
const SECTOR_RAD: f64 = (2.0 * Math.PI) / <f64>SECTORS;
const SLACK: f64 = 1e-6;
const TWO_PI: f64 = 2.0 * Math.PI;
/** A node whose plan size is below FAR × its plan distance is bounded as one box (not descended). */
const FAR: f64 = 0.5;

let stack = new StaticArray<i32>(64);

export function reserveHorizonStack(depth: i32): void {
  if (stack.length < depth + 2) stack = new StaticArray<i32>(depth + 2);
}

/** Per sector, widened by SLACK: unit plan vectors (x east, y north) of its two edges and middle. */
const edgeLo = new StaticArray<f64>(2 * SECTORS);
const edgeHi = new StaticArray<f64>(2 * SECTORS);
const middle = new StaticArray<f64>(2 * SECTORS);
/** Cosine of a widened sector's half width: m lies inside the sector when middle · m ≥ this. */
const COS_HALF: f64 = Math.cos(0.5 * SECTOR_RAD + SLACK);
for (let k: i32 = 0; k < SECTORS; k++) {
  const a0 = <f64>k * SECTOR_RAD - SLACK;
  const a1 = <f64>(k + 1) * SECTOR_RAD + SLACK;
  const am = (<f64>k + 0.5) * SECTOR_RAD;
  unchecked((edgeLo[2 * k] = Math.sin(a0)));
  unchecked((edgeLo[2 * k + 1] = Math.cos(a0)));
  unchecked((edgeHi[2 * k] = Math.sin(a1)));
  unchecked((edgeHi[2 * k + 1] = Math.cos(a1)));
  unchecked((middle[2 * k] = Math.sin(am)));
  unchecked((middle[2 * k + 1] = Math.cos(am)));
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

/** The largest u · m over the plan directions u of sector k (m a unit vector), rounded up. */
@inline function maxCos(k: i32, mx: f64, my: f64): f64 {
  const o = k << 1;
  if (unchecked(middle[o]) * mx + unchecked(middle[o + 1]) * my >= COS_HALF) return 1.0;
  const a = unchecked(edgeLo[o]) * mx + unchecked(edgeLo[o + 1]) * my;
  const b = unchecked(edgeHi[o]) * mx + unchecked(edgeHi[o + 1]) * my;
  return Math.max(a, b) + 1e-9;
}

/** The slope below which nothing is resolved (the current walk's floor). */
let lowest: f64 = 0.0;
/** sectorRange's answer: sectors first..last, unwrapped (take them modulo SECTORS). */
let rangeFirst: i32 = 0;
let rangeLast: i32 = 0;

/** The sectors spanned by the plan rectangle [x0, x1] × [y0, y1] (relative to the point, not containing it). */
function sectorRange(x0: f64, y0: f64, x1: f64, y1: f64): void {
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
  rangeFirst = <i32>Math.floor((a0 + lo - SLACK) / SECTOR_RAD);
  rangeLast = <i32>Math.floor((a0 + hi + SLACK) / SECTOR_RAD);
}

@inline function wrap(s: i32): i32 {
  return ((s % SECTORS) + SECTORS) % SECTORS;
}

/** Raises every sector to ∞; with `test` set, only answers whether any would rise. */
function raiseAll(h: usize, test: bool): bool {
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

/** Raises sectors for a box (absolute coordinates) seen from p; true if it would raise any (test). */
function boxBound(h: usize, px: f64, py: f64, pz: f64, x0: f64, y0: f64, z1: f64, x1: f64, y1: f64, test: bool): bool {
  const dz = z1 - pz;
  if (!(dz > 0.0)) return false;
  const rx0 = x0 - px, rx1 = x1 - px, ry0 = y0 - py, ry1 = y1 - py;
  const dx = rx0 > 0.0 ? rx0 : rx1 < 0.0 ? -rx1 : 0.0;
  const dy = ry0 > 0.0 ? ry0 : ry1 < 0.0 ? -ry1 : 0.0;
  // Above the point: every sector unbounded.
  if (dx == 0.0 && dy == 0.0) return raiseAll(h, test);
  // A little over Δz / d: the slope of any point of the box, with rounding to spare.
  const slope = (dz / Math.sqrt(dx * dx + dy * dy)) * (1.0 + 1e-12);
  if (!(slope > lowest)) return false;
  sectorRange(rx0, ry0, rx1, ry1);
  let raised = false;
  for (let s = rangeFirst; s <= rangeLast; s++) {
    const q = h + (<usize>wrap(s) << 3);
    if (slope > load<f64>(q)) {
      if (test) return true;
      store<f64>(q, slope);
      raised = true;
    }
  }
  return raised;
}

/** Up to three edge lines of the current triangle: unit normal (mx, my) away from the point, distance. */
const lines = new StaticArray<f64>(9);

/** Raises sectors for the triangle record at t (scene.ts) seen from p (see the header). */
function triangleBound(h: usize, px: f64, py: f64, pz: f64, t: usize, pad: f64): void {
  const ax = load<f64>(t, 24), ay = load<f64>(t, 32), az = load<f64>(t, 40);
  const bx = load<f64>(t, 48), by = load<f64>(t, 56), bz = load<f64>(t, 64);
  const top = load<f64>(t, 16) + Math.max(0.0, Math.max(az, bz)) + pad - pz;
  if (!(top > 0.0)) return;
  // Plan vertices relative to p, and the padded plan box.
  const x0 = load<f64>(t, 0) - px, y0 = load<f64>(t, 8) - py;
  const x1 = x0 + ax, y1 = y0 + ay, x2 = x0 + bx, y2 = y0 + by;
  const rx0 = Math.min(x0, Math.min(x1, x2)) - pad, rx1 = Math.max(x0, Math.max(x1, x2)) + pad;
  const ry0 = Math.min(y0, Math.min(y1, y2)) - pad, ry1 = Math.max(y0, Math.max(y1, y2)) + pad;
  const dx = rx0 > 0.0 ? rx0 : rx1 < 0.0 ? -rx1 : 0.0;
  const dy = ry0 > 0.0 ? ry0 : ry1 < 0.0 ? -ry1 : 0.0;
  const dBox = Math.sqrt(dx * dx + dy * dy);
  if (!(top > lowest * dBox)) return;
  // Edge lines with the whole triangle beyond them (the triangle is linear: its vertices decide).
  const L = changetype<usize>(lines);
  let n: i32 = 0;
  for (let e: i32 = 0; e < 3; e++) {
    const ex = e == 0 ? ax : e == 1 ? bx - ax : -bx;
    const ey = e == 0 ? ay : e == 1 ? by - ay : -by;
    const len = Math.sqrt(ex * ex + ey * ey);
    if (!(len > 0.0)) continue;
    let mx = ey / len;
    let my = -ex / len;
    const c0 = mx * x0 + my * y0, c1 = mx * x1 + my * y1, c2 = mx * x2 + my * y2;
    let d = Math.min(c0, Math.min(c1, c2));
    if (!(d > 0.0)) {
      d = -Math.max(c0, Math.max(c1, c2));
      mx = -mx;
      my = -my;
    }
    d -= pad;
    if (!(d > 0.0)) continue;
    const o = <usize>(n * 3) << 3;
    store<f64>(L + o, mx);
    store<f64>(L + o, my, 8);
    store<f64>(L + o, d, 16);
    n++;
  }
  let first: i32 = 0;
  let last: i32 = SECTORS - 1;
  if (dBox > 0.0) {
    sectorRange(rx0, ry0, rx1, ry1);
    first = rangeFirst;
    last = rangeLast;
  } else if (n == 0) {
    // Over the point in plan: unbounded.
    raiseAll(h, false);
    return;
  }
  for (let s = first; s <= last; s++) {
    const k = wrap(s);
    let d = dBox;
    let reach = true;
    for (let i: i32 = 0; i < n; i++) {
      const o = <usize>(i * 3) << 3;
      const c = maxCos(k, load<f64>(L + o), load<f64>(L + o, 8));
      // No direction of the sector heads towards the line: the triangle is not in the sector.
      if (!(c > 0.0)) {
        reach = false;
        break;
      }
      d = Math.max(d, load<f64>(L + o, 16) / c);
    }
    if (!reach) continue;
    const slope = (top / d) * (1.0 + 1e-12);
    const q = h + (<usize>k << 3);
    if (slope > load<f64>(q)) store<f64>(q, slope);
  }
}

/**
 * The horizon of point p (SECTORS slopes at h, each ≥ floor) over the scene's triangles, ignoring
 * module `skip`'s and those whose three vertices v all have n · v ≤ `below` (n the module's unit
 * normal; −∞: none left out). Valid for directions d with n · d > 0 only. `pad` [m] widens boxes
 * against rounding (bvh.ts).
 */
export function horizon(s: Scene, px: f64, py: f64, pz: f64, skip: i32, floor: f64, h: usize, pad: f64, nx: f64, ny: f64, nz: f64, below: f64): void {
  for (let k: i32 = 0; k < SECTORS; k++) store<f64>(h + (<usize>k << 3), floor);
  lowest = floor;
  const nodes = changetype<usize>(s.bvh.nodes);
  const tris = changetype<usize>(s.tri);
  const owners = changetype<usize>(s.owner);
  const st = changetype<usize>(stack);
  let sp: i32 = 0;
  let node: i32 = 0;
  while (true) {
    const p = nodes + <usize>node * NODE_BYTES;
    const x0 = <f64>load<f32>(p, 0), y0 = <f64>load<f32>(p, 4), x1 = <f64>load<f32>(p, 12), y1 = <f64>load<f32>(p, 16);
    const z1 = <f64>load<f32>(p, 20);
    if (boxBound(h, px, py, pz, x0, y0, z1, x1, y1, true)) {
      const b = load<i32>(p, 28);
      if (b < 0) {
        const dx = x0 > px ? x0 - px : x1 < px ? px - x1 : 0.0;
        const dy = y0 > py ? y0 - py : y1 < py ? py - y1 : 0.0;
        const w = Math.max(x1 - x0, y1 - y0);
        if (w * w < FAR * FAR * (dx * dx + dy * dy)) {
          // Small as seen from p: the whole box (its own module's triangles included, a looser bound).
          boxBound(h, px, py, pz, x0, y0, z1, x1, y1, false);
        } else {
          const a = load<i32>(p, 24);
          store<i32>(st + (<usize>sp << 2), a + 1);
          sp++;
          node = a;
          continue;
        }
      } else {
        const first = load<i32>(p, 24);
        for (let k = first; k < first + b; k++) {
          if (load<i32>(owners + (<usize>k << 2)) == skip) continue;
          const t = tris + <usize>k * (TRI_F64 << 3);
          const hv = nx * load<f64>(t, 0) + ny * load<f64>(t, 8) + nz * load<f64>(t, 16);
          const ha = hv + nx * load<f64>(t, 24) + ny * load<f64>(t, 32) + nz * load<f64>(t, 40);
          const hb = hv + nx * load<f64>(t, 48) + ny * load<f64>(t, 56) + nz * load<f64>(t, 64);
          if (Math.max(hv, Math.max(ha, hb)) <= below) continue;
          triangleBound(h, px, py, pz, t, pad);
        }
      }
    }
    if (sp == 0) break;
    sp--;
    node = load<i32>(st + (<usize>sp << 2));
  }
}
