// Automatic roofs (docs/GEOMETRY.md §5): from an outline and a roof type, the points (with z) and interior
// lines of a roofSolve input (engine/abi.ts, section autoRoof).
//   HIP   the straight skeleton: nodes at z = eave + t·tan(pitch), arcs as interior lines.
//   GABLE the bounding-rectangle gable clipped to the outline: the ridge runs along the longer axis of
//         the outline's minimum-area bounding rectangle (or along RIDGE_AZIMUTH), through its middle;
//         each outline vertex gets z = eave + tan(pitch)·(distance to the nearer long side of that
//         rectangle); the ridge's crossings with the outline become outline points (inserted in the
//         ring) and the ridge's parts inside the outline interior lines. Gable ends are vertical.
//   SHED  one plane looking toward RIDGE_AZIMUTH (180 when NaN): z = eave + tan(pitch)·(distance
//         behind the outline's front-most extent along that direction).
//   FLAT  the outline at eave height, no lines.
// Azimuths are compass degrees clockwise from north; plan x east, y north: direction (sin a, cos a).
import { AutoIn, AutoType, Status } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';
import { computeSkeleton } from './skeleton';

/** Outline points closer than this × the outline's size to the ridge line lie on it. */
const REL_TOL: f64 = 1e-9;

/** Plan unit vector of a compass azimuth [°] (x east, y north), exact at multiples of 90°. */
function compass(azimuth: f64): StaticArray<f64> {
  const a = ((azimuth % 360) + 360) % 360;
  const u = new StaticArray<f64>(2);
  if (a == 0) {
    u[1] = 1;
  } else if (a == 90) {
    u[0] = 1;
  } else if (a == 180) {
    u[1] = -1;
  } else if (a == 270) {
    u[0] = -1;
  } else {
    const r = (a * Math.PI) / 180;
    u[0] = Math.sin(r);
    u[1] = Math.cos(r);
  }
  return u;
}

function fail(status: i32): i32 {
  setOutputF64([]);
  setOutputI32([]);
  return status;
}

/** Kernel: automatic roof (engine/abi.ts, section autoRoof). */
export function autoRoof(): i32 {
  const f = getInputF64();
  const iv = getInputI32();
  if (iv.length < 1) return fail(Status.BAD_INPUT);
  const n = unchecked(iv[0]);
  if (n < 3 || f.length < AutoIn.HEADER + 2 * n) return fail(Status.BAD_INPUT);
  const typeF = unchecked(f[AutoIn.TYPE]);
  const pitch = unchecked(f[AutoIn.PITCH]);
  const azimuth = unchecked(f[AutoIn.RIDGE_AZIMUTH]);
  const eave = unchecked(f[AutoIn.EAVE_HEIGHT]);
  if (!isFinite(typeF) || !isFinite(pitch) || !isFinite(eave) || pitch < 0 || pitch >= 90)
    return fail(Status.BAD_INPUT);
  if (!isNaN(azimuth) && !isFinite(azimuth)) return fail(Status.BAD_INPUT);
  const type = <i32>typeF;
  const xs = new Array<f64>(n);
  const ys = new Array<f64>(n);
  for (let i = 0; i < n; i++) {
    const x = unchecked(f[AutoIn.HEADER + 2 * i]);
    const y = unchecked(f[AutoIn.HEADER + 2 * i + 1]);
    if (!isFinite(x) || !isFinite(y)) return fail(Status.BAD_INPUT);
    unchecked((xs[i] = x));
    unchecked((ys[i] = y));
  }
  const slope = Math.tan((pitch * Math.PI) / 180);
  if (type == AutoType.HIP) return hip(f, n, eave, slope);
  if (type == AutoType.GABLE) return gable(xs, ys, n, eave, slope, azimuth);
  if (type == AutoType.SHED) return shed(xs, ys, n, eave, slope, isNaN(azimuth) ? 180 : azimuth);
  if (type == AutoType.FLAT) return shed(xs, ys, n, eave, 0, 180);
  return fail(Status.BAD_INPUT);
}

function hip(f: StaticArray<f64>, n: i32, eave: f64, slope: f64): i32 {
  const r = computeSkeleton(f, AutoIn.HEADER, n);
  if (r.status == Status.BAD_INPUT) return fail(Status.BAD_INPUT);
  const nodes = r.f64s;
  const sk = r.i32s;
  const nNodes = unchecked(sk[0]);
  const nArcs = unchecked(sk[1]);
  const out = new Array<f64>(3 * nNodes);
  for (let k = 0; k < nNodes; k++) {
    unchecked((out[3 * k] = nodes[3 * k]));
    unchecked((out[3 * k + 1] = nodes[3 * k + 1]));
    unchecked((out[3 * k + 2] = eave + slope * nodes[3 * k + 2]));
  }
  const oi = new Array<i32>(0);
  oi.push(nNodes);
  oi.push(nArcs);
  oi.push(n);
  for (let i = 0; i < n; i++) oi.push(i);
  for (let k = 0; k < 2 * nArcs; k++) oi.push(unchecked(sk[2 + k]));
  setOutputF64(out);
  setOutputI32(oi);
  return r.status;
}

/** One plane: z = eave + slope·(front − s), s the position along the facing direction. */
function shed(xs: Array<f64>, ys: Array<f64>, n: i32, eave: f64, slope: f64, azimuth: f64): i32 {
  const f = compass(azimuth);
  const fx = unchecked(f[0]);
  const fy = unchecked(f[1]);
  let front = -Infinity;
  for (let i = 0; i < n; i++) front = Math.max(front, unchecked(xs[i]) * fx + unchecked(ys[i]) * fy);
  const out = new Array<f64>(3 * n);
  for (let i = 0; i < n; i++) {
    const x = unchecked(xs[i]);
    const y = unchecked(ys[i]);
    unchecked((out[3 * i] = x));
    unchecked((out[3 * i + 1] = y));
    unchecked((out[3 * i + 2] = slope == 0 ? eave : eave + slope * (front - (x * fx + y * fy))));
  }
  const oi = new Array<i32>(0);
  oi.push(n);
  oi.push(0);
  oi.push(n);
  for (let i = 0; i < n; i++) oi.push(i);
  setOutputF64(out);
  setOutputI32(oi);
  return Status.OK;
}

// coordinates for the hull's sort comparator (a comparator cannot capture locals)
let sortXs = new Array<f64>(0);
let sortYs = new Array<f64>(0);

/**
 * Direction (unit, x then y) of the ridge when no azimuth is given: the longer axis of the
 * minimum-area bounding rectangle (rotating calipers over the convex hull's edges). Ties (equal
 * areas or a square) go to the axis closest to east–west, so that the faces look north and south.
 */
function longerAxis(xs: Array<f64>, ys: Array<f64>, n: i32, scale: f64): StaticArray<f64> {
  // convex hull, Andrew's monotone chain
  const idx = new Array<i32>(n);
  for (let i = 0; i < n; i++) unchecked((idx[i] = i));
  sortXs = xs;
  sortYs = ys;
  idx.sort((a: i32, b: i32): i32 => {
    const dx = sortXs[a] - sortXs[b];
    if (dx != 0) return dx < 0 ? -1 : 1;
    const dy = sortYs[a] - sortYs[b];
    return dy < 0 ? -1 : dy > 0 ? 1 : 0;
  });
  const hull = new Array<i32>(0);
  for (let pass = 0; pass < 2; pass++) {
    const base = hull.length;
    for (let q = 0; q < n; q++) {
      const i = pass == 0 ? unchecked(idx[q]) : unchecked(idx[n - 1 - q]);
      while (hull.length >= base + 2) {
        const a = unchecked(hull[hull.length - 2]);
        const b = unchecked(hull[hull.length - 1]);
        const cr =
          (unchecked(xs[b]) - unchecked(xs[a])) * (unchecked(ys[i]) - unchecked(ys[a])) -
          (unchecked(ys[b]) - unchecked(ys[a])) * (unchecked(xs[i]) - unchecked(xs[a]));
        if (cr > 0) break;
        hull.pop();
      }
      hull.push(i);
    }
    hull.pop();
  }
  const h = hull.length;
  let bestArea = Infinity;
  let bux: f64 = 1;
  let buy: f64 = 0;
  for (let k = 0; k < h; k++) {
    const a = unchecked(hull[k]);
    const b = unchecked(hull[(k + 1) % h]);
    let dx = unchecked(xs[b]) - unchecked(xs[a]);
    let dy = unchecked(ys[b]) - unchecked(ys[a]);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len == 0) continue;
    dx /= len;
    dy /= len;
    let lo: f64 = Infinity;
    let hi: f64 = -Infinity;
    let lo2: f64 = Infinity;
    let hi2: f64 = -Infinity;
    for (let q = 0; q < h; q++) {
      const c = unchecked(hull[q]);
      const s = unchecked(xs[c]) * dx + unchecked(ys[c]) * dy;
      const s2 = -unchecked(xs[c]) * dy + unchecked(ys[c]) * dx;
      lo = Math.min(lo, s);
      hi = Math.max(hi, s);
      lo2 = Math.min(lo2, s2);
      hi2 = Math.max(hi2, s2);
    }
    const along = hi - lo;
    const across = hi2 - lo2;
    // the longer side's direction; on a tie the one closer to east–west
    let ux = dx;
    let uy = dy;
    if (across > along + REL_TOL * scale || (Math.abs(across - along) <= REL_TOL * scale && Math.abs(dy) > Math.abs(dx))) {
      ux = -dy;
      uy = dx;
    }
    const area = along * across;
    const tolA = REL_TOL * scale * scale;
    if (area < bestArea - tolA || (area <= bestArea + tolA && Math.abs(ux) > Math.abs(bux) + REL_TOL)) {
      bestArea = Math.min(area, bestArea);
      bux = ux;
      buy = uy;
    }
  }
  const u = new StaticArray<f64>(2);
  unchecked((u[0] = bux));
  unchecked((u[1] = buy));
  return u;
}

/** Whether (x, y) is strictly inside the polygon and farther than eps from its boundary. */
function strictlyInside(xs: Array<f64>, ys: Array<f64>, n: i32, x: f64, y: f64, eps: f64): bool {
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = unchecked(xs[i]);
    const yi = unchecked(ys[i]);
    const xj = unchecked(xs[j]);
    const yj = unchecked(ys[j]);
    // distance to the edge
    const ex = xi - xj;
    const ey = yi - yj;
    const l2 = ex * ex + ey * ey;
    let tt = l2 > 0 ? ((x - xj) * ex + (y - yj) * ey) / l2 : 0;
    tt = Math.max(0, Math.min(1, tt));
    const qx = xj + tt * ex - x;
    const qy = yj + tt * ey - y;
    if (qx * qx + qy * qy <= eps * eps) return false;
    if (yi > y != yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function gable(xs: Array<f64>, ys: Array<f64>, n: i32, eave: f64, slope: f64, azimuth: f64): i32 {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, unchecked(xs[i]));
    maxX = Math.max(maxX, unchecked(xs[i]));
    minY = Math.min(minY, unchecked(ys[i]));
    maxY = Math.max(maxY, unchecked(ys[i]));
  }
  const scale = Math.max(maxX - minX, maxY - minY);
  const eps = REL_TOL * scale;
  if (!(scale > 0)) return fail(Status.BAD_INPUT);
  let ux: f64;
  let uy: f64;
  if (isNaN(azimuth)) {
    const u = longerAxis(xs, ys, n, scale);
    ux = unchecked(u[0]);
    uy = unchecked(u[1]);
  } else {
    const u = compass(azimuth);
    ux = unchecked(u[0]);
    uy = unchecked(u[1]);
  }
  // across the ridge: w = u rotated by 90°
  const wx = -uy;
  const wy = ux;
  let lo: f64 = Infinity;
  let hi: f64 = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = unchecked(xs[i]) * wx + unchecked(ys[i]) * wy;
    lo = Math.min(lo, s);
    hi = Math.max(hi, s);
  }
  const mid = 0.5 * (lo + hi);
  const half = 0.5 * (hi - lo);
  const ridgeZ = eave + slope * half;
  const out = new Array<f64>(0);
  for (let i = 0; i < n; i++) {
    const d = unchecked(xs[i]) * wx + unchecked(ys[i]) * wy - mid;
    out.push(unchecked(xs[i]));
    out.push(unchecked(ys[i]));
    out.push(Math.abs(d) <= eps ? ridgeZ : eave + slope * (half - Math.abs(d)));
  }
  // ring with the ridge's crossings inserted; ridge points (index, position along the ridge)
  const ring = new Array<i32>(0);
  const ridgeIdx = new Array<i32>(0);
  const ridgePos = new Array<f64>(0);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const xi = unchecked(xs[i]);
    const yi = unchecked(ys[i]);
    const di = xi * wx + yi * wy - mid;
    const dj = unchecked(xs[j]) * wx + unchecked(ys[j]) * wy - mid;
    ring.push(i);
    if (Math.abs(di) <= eps) {
      ridgeIdx.push(i);
      ridgePos.push(xi * ux + yi * uy);
    }
    if ((di > eps && dj < -eps) || (di < -eps && dj > eps)) {
      const lam = di / (di - dj);
      const x = xi + lam * (unchecked(xs[j]) - xi);
      const y = yi + lam * (unchecked(ys[j]) - yi);
      const k = out.length / 3;
      out.push(x);
      out.push(y);
      out.push(ridgeZ);
      ring.push(k);
      ridgeIdx.push(k);
      ridgePos.push(x * ux + y * uy);
    }
  }
  // sort ridge points along the ridge (insertion sort: few points)
  const m = ridgeIdx.length;
  for (let k = 1; k < m; k++) {
    const p = unchecked(ridgePos[k]);
    const q = unchecked(ridgeIdx[k]);
    let j = k - 1;
    while (j >= 0 && unchecked(ridgePos[j]) > p) {
      unchecked((ridgePos[j + 1] = ridgePos[j]));
      unchecked((ridgeIdx[j + 1] = ridgeIdx[j]));
      j--;
    }
    unchecked((ridgePos[j + 1] = p));
    unchecked((ridgeIdx[j + 1] = q));
  }
  const lines = new Array<i32>(0);
  for (let k = 0; k + 1 < m; k++) {
    const a = unchecked(ridgeIdx[k]);
    const b = unchecked(ridgeIdx[k + 1]);
    if (unchecked(ridgePos[k + 1]) - unchecked(ridgePos[k]) <= eps) continue;
    const mx = 0.5 * (unchecked(out[3 * a]) + unchecked(out[3 * b]));
    const my = 0.5 * (unchecked(out[3 * a + 1]) + unchecked(out[3 * b + 1]));
    if (!strictlyInside(xs, ys, n, mx, my, eps)) continue;
    lines.push(a);
    lines.push(b);
  }
  const oi = new Array<i32>(0);
  oi.push(out.length / 3);
  oi.push(lines.length >> 1);
  oi.push(ring.length);
  for (let k = 0; k < ring.length; k++) oi.push(unchecked(ring[k]));
  for (let k = 0; k < lines.length; k++) oi.push(unchecked(lines[k]));
  setOutputF64(out);
  setOutputI32(oi);
  return Status.OK;
}
