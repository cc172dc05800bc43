// The pure-TypeScript reference of the engine's layout kernel (engine/abi.ts, section layout): same
// flat arrays in and out, same answers, a simpler algorithm. Every candidate of the footprint grid is
// tested on its own against every polygon (a bounding-box check first): no edge may meet the footprint
// shrunk by the tolerance — which covers edges crossing it and polygon vertices inside it — and its
// centre must lie in the allowed area (a ray cast to the right). O(candidates × polygons); the kernel
// gets the same decisions from row-band interval arithmetic (engine/placement/layout.ts).
import { Align, LayoutIn, LayoutOutI32, LayoutStride, PolygonKind, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';

/** The edge (ua, va)–(ub, vb) clipped to the closed band bl ≤ v ≤ bh: its u-range, or null. */
export function clipEdgeRef(ua: number, va: number, ub: number, vb: number, bl: number, bh: number): [number, number] | null {
  // The expressions of engine/placement/band.ts clipEdge, in the same order (bit-identical results).
  if (va < bl && vb < bl) return null;
  if (va > bh && vb > bh) return null;
  let pa = ua;
  let pb = ub;
  if (va !== vb) {
    const slope = (ub - ua) / (vb - va);
    if (va < bl) pa = ua + (bl - va) * slope;
    else if (va > bh) pa = ua + (bh - va) * slope;
    if (vb < bl) pb = ua + (bl - va) * slope;
    else if (vb > bh) pb = ua + (bh - va) * slope;
  }
  let lo = pa < pb ? pa : pb;
  let hi = pa < pb ? pb : pa;
  const emin = ua < ub ? ua : ub;
  const emax = ua < ub ? ub : ua;
  if (lo < emin) lo = emin;
  if (hi > emax) hi = emax;
  return [lo, hi];
}

interface Poly {
  kind: PolygonKind;
  u: number[];
  v: number[];
  umin: number;
  umax: number;
  vmin: number;
  vmax: number;
}

function result(status: Status, i32: number[], f64: number[]): KernelResult {
  return { status, i32: Int32Array.from(i32), f64: Float64Array.from(f64) };
}

function header(status: Status, nRows: number, nCols: number): number[] {
  const h = new Array<number>(LayoutOutI32.HEADER).fill(0);
  h[LayoutOutI32.STATUS] = status;
  h[LayoutOutI32.N_ROWS] = nRows;
  h[LayoutOutI32.N_COLS] = nCols;
  return h;
}

function gridCount(lo: number, hi: number, size: number, pitch: number, eps: number): number {
  const room = hi - lo - size + eps;
  return room < 0 ? 0 : Math.floor(room / pitch) + 1;
}

function gridOrigin(lo: number, hi: number, size: number, pitch: number, n: number, align: number): number {
  if (align === Align.END) return hi - size - (n - 1) * pitch;
  if (align === Align.CENTER) return lo + (hi - lo - size - (n - 1) * pitch) * 0.5;
  return lo;
}

/** Whether (u, v) is inside the ring (crossings of the ray to +u, half-open in v). */
function inside(p: Poly, u: number, v: number): boolean {
  if (v < p.vmin || v > p.vmax) return false;
  let odd = false;
  const n = p.u.length;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const va = p.v[i];
    const vb = p.v[j];
    if (va > v !== vb > v) {
      const x = p.u[i] + ((v - va) * (p.u[j] - p.u[i])) / (vb - va);
      if (x > u) odd = !odd;
    }
  }
  return odd;
}

/** Whether any edge of the ring meets the footprint [u, u + w] × [v, v + d] shrunk by eps. */
function blocks(p: Poly, u: number, v: number, w: number, d: number, eps: number): boolean {
  const bl = v + eps;
  const bh = v + d - eps;
  if (p.vmax < bl || p.vmin > bh || !(p.umin < u + w - eps) || !(p.umax > u + eps)) return false;
  const n = p.u.length;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const c = clipEdgeRef(p.u[i], p.v[i], p.u[j], p.v[j], bl, bh);
    if (c !== null && c[0] < u + w - eps && c[1] > u + eps) return true;
  }
  return false;
}

/** layout in TypeScript: F64/I32 input per engine/abi.ts → { status, f64, i32 }. */
export function layoutRef(f64: Float64Array, i32: Int32Array): KernelResult {
  const H = LayoutIn.HEADER;
  const bad = () => result(Status.BAD_INPUT, header(Status.BAD_INPUT, 0, 0), []);
  if (f64.length < H || i32.length < 1) return bad();
  for (let k = 0; k < H; k++) if (!Number.isFinite(f64[k])) return bad();
  const [ux, uy, vx, vy] = [f64[LayoutIn.UX], f64[LayoutIn.UY], f64[LayoutIn.VX], f64[LayoutIn.VY]];
  const w = f64[LayoutIn.WIDTH];
  const d = f64[LayoutIn.DEPTH];
  const pu = f64[LayoutIn.PITCH_U];
  const pv = f64[LayoutIn.PITCH_V];
  const eps = f64[LayoutIn.EPS];
  const alignX = Math.trunc(f64[LayoutIn.ALIGN_X]);
  const alignY = Math.trunc(f64[LayoutIn.ALIGN_Y]);
  const maxModules = f64[LayoutIn.MAX_MODULES];
  const perColumn = Math.trunc(f64[LayoutIn.PER_COLUMN]);
  if (!(w > 0) || !(eps >= 0) || !(d > 2 * eps) || !(pu > 0) || !(pv > 0)) return bad();
  if (alignX < 0 || alignX > 2 || alignY < 0 || alignY > 2 || perColumn < 1 || perColumn > 1000) return bad();

  const nPoly = i32[0];
  if (nPoly < 0 || i32.length < 1 + 2 * nPoly) return bad();
  const polys: Poly[] = [];
  let at = H;
  for (let p = 0; p < nPoly; p++) {
    const kind = i32[1 + 2 * p];
    const count = i32[2 + 2 * p];
    if ((kind !== PolygonKind.REGION && kind !== PolygonKind.KEEPOUT) || count < 3) return bad();
    if (f64.length < at + 2 * count) return bad();
    const poly: Poly = { kind, u: [], v: [], umin: Infinity, umax: -Infinity, vmin: Infinity, vmax: -Infinity };
    for (let k = 0; k < count; k++, at += 2) {
      const x = f64[at];
      const y = f64[at + 1];
      if (!Number.isFinite(x) || !Number.isFinite(y)) return bad();
      const u = x * ux + y * uy;
      const v = x * vx + y * vy;
      poly.u.push(u);
      poly.v.push(v);
      poly.umin = Math.min(poly.umin, u);
      poly.umax = Math.max(poly.umax, u);
      poly.vmin = Math.min(poly.vmin, v);
      poly.vmax = Math.max(poly.vmax, v);
    }
    polys.push(poly);
  }
  const regions = polys.filter((p) => p.kind === PolygonKind.REGION);
  const keepouts = polys.filter((p) => p.kind === PolygonKind.KEEPOUT);
  const umin = Math.min(...regions.map((p) => p.umin));
  const umax = Math.max(...regions.map((p) => p.umax));
  const vmin = Math.min(...regions.map((p) => p.vmin));
  const vmax = Math.max(...regions.map((p) => p.vmax));
  let nCols = 0;
  let nRows = 0;
  let u0 = 0;
  let v0 = 0;
  if (umax >= umin) {
    nCols = gridCount(umin, umax, w, pu, eps);
    nRows = gridCount(vmin, vmax, d, pv, eps);
    const cap = f64[LayoutIn.MAX_CANDIDATES];
    if (nCols * nRows > cap || nCols > cap || nRows > cap) return result(Status.FAILED, header(Status.FAILED, nRows, nCols), []);
    u0 = gridOrigin(umin, umax, w, pu, nCols, alignX);
    v0 = gridOrigin(vmin, vmax, d, pv, nRows, alignY);
  }

  // Every candidate, tested on its own.
  const placed: { r: number; c: number }[] = [];
  for (let r = 0; r < nRows; r++) {
    const v = v0 + r * pv;
    const vt = v + d * 0.5;
    for (let c = 0; c < nCols; c++) {
      const u = u0 + c * pu;
      if (polys.some((p) => blocks(p, u, v, w, d, eps))) continue;
      const uc = u + w * 0.5;
      const inRegion = regions.reduce((odd, p) => (inside(p, uc, vt) ? !odd : odd), false);
      if (inRegion && !keepouts.some((p) => inside(p, uc, vt))) placed.push({ r, c });
    }
  }

  // The cap, in packing order.
  const modules = new Array<number>(placed.length).fill(perColumn);
  let limit = 0;
  if (maxModules >= 0) {
    const order = placed.map((_, q) => q);
    order.sort((a, b) => {
      const dr = placed[a].r - placed[b].r;
      const dc = placed[a].c - placed[b].c;
      if (dr !== 0) return alignY === Align.END ? -dr : dr;
      return alignX === Align.END ? -dc : dc;
    });
    let remaining = maxModules;
    for (const q of order) {
      const take = Math.min(perColumn, remaining);
      if (take < perColumn) limit = 1;
      modules[q] = take;
      remaining -= take;
    }
  }
  const out = header(Status.OK, nRows, nCols);
  let nModules = 0;
  let nOut = 0;
  placed.forEach((p, q) => {
    if (modules[q] === 0) return;
    out.push(p.r, p.c, modules[q]);
    nModules += modules[q];
    nOut++;
  });
  out[LayoutOutI32.N_PLACED] = nOut;
  out[LayoutOutI32.N_MODULES] = nModules;
  out[LayoutOutI32.LIMIT_REACHED] = limit;
  const outF = new Array<number>(LayoutStride.OUT_F64).fill(0);
  outF[0] = u0;
  outF[1] = v0;
  return result(Status.OK, out, outF);
}
