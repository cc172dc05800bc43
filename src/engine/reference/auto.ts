// Pure-TypeScript reference of the `autoRoof` kernel (engine/geometry/auto.ts), same flat arrays in
// and out (engine/abi.ts, section autoRoof). Hip roofs use the reference skeleton (./skeleton.ts).
// See the kernel's header for the rules of each roof type.
import { orient2d } from 'robust-predicates';
import { AutoIn, AutoType, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';
import { skeletonRef } from './skeleton.ts';

/** Outline points closer than this × the outline's size to the ridge line lie on it. */
const REL_TOL = 1e-9;

function result(status: Status, f64: number[] = [], i32: number[] = []): KernelResult {
  return { status, f64: Float64Array.from(f64), i32: Int32Array.from(i32) };
}

/** The `autoRoof` kernel in TypeScript: same input and output arrays as the WASM kernel. */
export function autoRoofRef(f64: Float64Array, i32: Int32Array): KernelResult {
  if (i32.length < 1) return result(Status.BAD_INPUT);
  const n = i32[0];
  if (!(n >= 3) || f64.length < AutoIn.HEADER + 2 * n) return result(Status.BAD_INPUT);
  const type = f64[AutoIn.TYPE];
  const pitch = f64[AutoIn.PITCH];
  const azimuth = f64[AutoIn.RIDGE_AZIMUTH];
  const eave = f64[AutoIn.EAVE_HEIGHT];
  if (![type, pitch, eave].every(Number.isFinite) || pitch < 0 || pitch >= 90) return result(Status.BAD_INPUT);
  if (!Number.isNaN(azimuth) && !Number.isFinite(azimuth)) return result(Status.BAD_INPUT);
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const x = f64[AutoIn.HEADER + 2 * i];
    const y = f64[AutoIn.HEADER + 2 * i + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return result(Status.BAD_INPUT);
    pts.push([x, y]);
  }
  const slope = Math.tan((pitch * Math.PI) / 180);
  switch (Math.trunc(type)) {
    case AutoType.HIP:
      return hip(f64.subarray(AutoIn.HEADER, AutoIn.HEADER + 2 * n), n, eave, slope);
    case AutoType.GABLE:
      return gable(pts, eave, slope, azimuth);
    case AutoType.SHED:
      return shed(pts, eave, slope, Number.isNaN(azimuth) ? 180 : azimuth);
    case AutoType.FLAT:
      return shed(pts, eave, 0, 180);
    default:
      return result(Status.BAD_INPUT);
  }
}

/** Plan unit vector of a compass azimuth [°] (x east, y north), exact at multiples of 90°. */
function compass(azimuth: number): [number, number] {
  const a = ((azimuth % 360) + 360) % 360;
  if (a === 0) return [0, 1];
  if (a === 90) return [1, 0];
  if (a === 180) return [0, -1];
  if (a === 270) return [-1, 0];
  const r = (a * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

function ringOf(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function hip(xy: Float64Array, n: number, eave: number, slope: number): KernelResult {
  const sk = skeletonRef(xy, Int32Array.from([n]));
  if (sk.status === Status.BAD_INPUT) return result(Status.BAD_INPUT);
  const nNodes = sk.i32[0];
  const nArcs = sk.i32[1];
  const out: number[] = [];
  for (let k = 0; k < nNodes; k++) out.push(sk.f64[3 * k], sk.f64[3 * k + 1], eave + slope * sk.f64[3 * k + 2]);
  const oi = [nNodes, nArcs, n, ...ringOf(n), ...sk.i32.subarray(2, 2 + 2 * nArcs)];
  return result(sk.status, out, oi);
}

function shed(pts: [number, number][], eave: number, slope: number, azimuth: number): KernelResult {
  const [fx, fy] = compass(azimuth);
  const front = Math.max(...pts.map(([x, y]) => x * fx + y * fy));
  const out = pts.flatMap(([x, y]) => [x, y, slope === 0 ? eave : eave + slope * (front - (x * fx + y * fy))]);
  return result(Status.OK, out, [pts.length, 0, pts.length, ...ringOf(pts.length)]);
}

/** Andrew's monotone chain; counter-clockwise hull vertices. */
function convexHull(pts: [number, number][]): [number, number][] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const half = (list: [number, number][]) => {
    const h: [number, number][] = [];
    for (const q of list) {
      // robust-predicates' orient2d is negative for a left turn with y up: keep strict left turns
      while (h.length >= 2 && orient2d(h[h.length - 2][0], h[h.length - 2][1], h[h.length - 1][0], h[h.length - 1][1], q[0], q[1]) >= 0)
        h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** Unit direction of the longer axis of the minimum-area bounding rectangle (ties: closest to east–west). */
function longerAxis(pts: [number, number][], scale: number): [number, number] {
  const hull = convexHull(pts);
  let best = Infinity;
  let u: [number, number] = [1, 0];
  const tolA = REL_TOL * scale * scale;
  for (let k = 0; k < hull.length; k++) {
    const [ax, ay] = hull[k];
    const [bx, by] = hull[(k + 1) % hull.length];
    const len = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2);
    if (len === 0) continue;
    const dx = (bx - ax) / len;
    const dy = (by - ay) / len;
    const s = hull.map(([x, y]) => x * dx + y * dy);
    const s2 = hull.map(([x, y]) => -x * dy + y * dx);
    const along = Math.max(...s) - Math.min(...s);
    const across = Math.max(...s2) - Math.min(...s2);
    let c: [number, number] = [dx, dy];
    const tie = Math.abs(across - along) <= REL_TOL * scale;
    if (across > along + REL_TOL * scale || (tie && Math.abs(dy) > Math.abs(dx))) c = [-dy, dx];
    const area = along * across;
    if (area < best - tolA || (area <= best + tolA && Math.abs(c[0]) > Math.abs(u[0]) + REL_TOL)) {
      best = Math.min(best, area);
      u = c;
    }
  }
  return u;
}

function strictlyInside(pts: [number, number][], x: number, y: number, eps: number): boolean {
  let inside = false;
  const n = pts.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    const ex = xi - xj;
    const ey = yi - yj;
    const l2 = ex * ex + ey * ey;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - xj) * ex + (y - yj) * ey) / l2)) : 0;
    if (Math.hypot(xj + t * ex - x, yj + t * ey - y) <= eps) return false;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function gable(pts: [number, number][], eave: number, slope: number, azimuth: number): KernelResult {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const scale = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  if (!(scale > 0)) return result(Status.BAD_INPUT);
  const eps = REL_TOL * scale;
  let u: [number, number];
  if (Number.isNaN(azimuth)) u = longerAxis(pts, scale);
  else u = compass(azimuth);
  const w: [number, number] = [-u[1], u[0]];
  const across = pts.map(([x, y]) => x * w[0] + y * w[1]);
  const lo = Math.min(...across);
  const hi = Math.max(...across);
  const mid = 0.5 * (lo + hi);
  const half = 0.5 * (hi - lo);
  const ridgeZ = eave + slope * half;
  const out: number[] = [];
  pts.forEach(([x, y], i) => {
    const d = across[i] - mid;
    out.push(x, y, Math.abs(d) <= eps ? ridgeZ : eave + slope * (half - Math.abs(d)));
  });
  const ring: number[] = [];
  const ridge: { idx: number; pos: number }[] = [];
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const di = across[i] - mid;
    const dj = across[j] - mid;
    ring.push(i);
    if (Math.abs(di) <= eps) ridge.push({ idx: i, pos: pts[i][0] * u[0] + pts[i][1] * u[1] });
    if ((di > eps && dj < -eps) || (di < -eps && dj > eps)) {
      const lam = di / (di - dj);
      const x = pts[i][0] + lam * (pts[j][0] - pts[i][0]);
      const y = pts[i][1] + lam * (pts[j][1] - pts[i][1]);
      const k = out.length / 3;
      out.push(x, y, ridgeZ);
      ring.push(k);
      ridge.push({ idx: k, pos: x * u[0] + y * u[1] });
    }
  }
  ridge.sort((a, b) => a.pos - b.pos);
  const lines: number[] = [];
  for (let k = 0; k + 1 < ridge.length; k++) {
    const a = ridge[k].idx;
    const b = ridge[k + 1].idx;
    if (ridge[k + 1].pos - ridge[k].pos <= eps) continue;
    const mx = 0.5 * (out[3 * a] + out[3 * b]);
    const my = 0.5 * (out[3 * a + 1] + out[3 * b + 1]);
    if (strictlyInside(pts, mx, my, eps)) lines.push(a, b);
  }
  return result(Status.OK, out, [out.length / 3, lines.length / 2, ring.length, ...ring, ...lines]);
}
