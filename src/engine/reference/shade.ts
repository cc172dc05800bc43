// Pure-TypeScript reference of the shading kernels (engine/shading; layout in engine/abi.ts
// "shading"): same arrays in, same arrays out. A simple BVH (median split on the longest axis, f64
// boxes, one ray at a time) instead of the binned-SAH f32 packet traversal, and the same Möller–
// Trumbore expressions in the same order as engine/shading/trace.ts, so every ray–triangle decision
// — and therefore every count and sum — is identical to the engine's.
import { ShadeFlag, ShadeIn, ShadeInI32, ShadeRunI32, ShadeStride, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';

const LEAF = 4;
const DET_MIN = 1e-30;

interface RefScene {
  nModules: number;
  nSteps: number;
  nSky: number;
  samplesX: number;
  samplesY: number;
  lift: number;
  corners: Float64Array;
  sun: Float64Array;
  sky: Float64Array;
  /** 9 per triangle, BVH order: v0, e1, e2. */
  tri: Float64Array;
  owner: Int32Array;
  /** 6 per node: min xyz, max xyz. */
  box: Float64Array;
  /** 2 per node: leaf (first, count ≥ 0) or interior (left child, −1); right child = left + 1. */
  link: Int32Array;
}

const scenes: (RefScene | null)[] = [];

function result(status: Status, f64: Float64Array = new Float64Array(0), i32: Int32Array = new Int32Array(0)): KernelResult {
  return { status, f64, i32 };
}

function buildBvh(raw: Float64Array, n: number, pad: number): { order: Int32Array; box: Float64Array; link: Int32Array } {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const lo = new Float64Array(n * 3);
  const hi = new Float64Array(n * 3);
  const cen = new Float64Array(n * 3);
  for (let k = 0; k < n; k++) {
    for (let a = 0; a < 3; a++) {
      const p = raw[k * 9 + a];
      const q = raw[k * 9 + 3 + a];
      const r = raw[k * 9 + 6 + a];
      lo[k * 3 + a] = Math.min(p, q, r);
      hi[k * 3 + a] = Math.max(p, q, r);
      cen[k * 3 + a] = (lo[k * 3 + a] + hi[k * 3 + a]) / 2;
    }
  }
  const cap = Math.max(1, 2 * n - 1);
  const box = new Float64Array(cap * 6);
  const link = new Int32Array(cap * 2);
  let used = 1;
  const work: [number, number, number][] = [[0, 0, n]];
  while (work.length > 0) {
    const [node, start, end] = work.pop()!;
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let i = start; i < end; i++) {
      const t = order[i];
      for (let a = 0; a < 3; a++) {
        b[a] = Math.min(b[a], lo[t * 3 + a]);
        b[3 + a] = Math.max(b[3 + a], hi[t * 3 + a]);
      }
    }
    for (let a = 0; a < 3; a++) {
      box[node * 6 + a] = b[a] - pad;
      box[node * 6 + 3 + a] = b[3 + a] + pad;
    }
    if (end - start <= LEAF) {
      link[node * 2] = start;
      link[node * 2 + 1] = end - start;
      continue;
    }
    const ext = [b[3] - b[0], b[4] - b[1], b[5] - b[2]];
    const axis = ext[0] >= ext[1] && ext[0] >= ext[2] ? 0 : ext[1] >= ext[2] ? 1 : 2;
    const part = Array.from(order.subarray(start, end)).sort((x, y) => cen[x * 3 + axis] - cen[y * 3 + axis]);
    order.set(part, start);
    const mid = (start + end) >> 1;
    const left = used;
    used += 2;
    link[node * 2] = left;
    link[node * 2 + 1] = -1;
    work.push([left, start, mid], [left + 1, mid, end]);
  }
  return { order, box: box.subarray(0, used * 6), link: link.subarray(0, used * 2) };
}

/** shadeBuild (engine/abi.ts). */
export function shadeBuildRef(f: Float64Array, h: Int32Array): KernelResult {
  if (h.length < ShadeInI32.HEADER || f.length < ShadeIn.HEADER) return result(Status.BAD_INPUT);
  const nT = h[ShadeInI32.N_TRIANGLES];
  const nM = h[ShadeInI32.N_MODULES];
  const nS = h[ShadeInI32.N_STEPS];
  const nK = h[ShadeInI32.N_SKY];
  const sx = h[ShadeInI32.SAMPLES_X];
  const sy = h[ShadeInI32.SAMPLES_Y];
  if (nT < 0 || nM < 0 || nS < 0 || nK < 0 || sx < 1 || sy < 1 || sx * sy > 4096) return result(Status.BAD_INPUT);
  if (f.length !== ShadeIn.HEADER + nT * ShadeStride.TRIANGLE_F64 + nM * ShadeStride.MODULE_F64 + nS * ShadeStride.SUN_F64 + nK * ShadeStride.SKY_F64) {
    return result(Status.BAD_INPUT);
  }
  let o: number = ShadeIn.HEADER;
  const triIn = f.subarray(o, o + nT * 9);
  o += nT * 9;
  const corners = f.slice(o, o + nM * 12);
  o += nM * 12;
  const sun = f.slice(o, o + nS * ShadeStride.SUN_F64);
  o += nS * ShadeStride.SUN_F64;
  const sky = f.slice(o, o + nK * 3);
  const n = nT + 2 * nM;
  const raw = new Float64Array(n * 9);
  const own = new Int32Array(n).fill(-1);
  raw.set(triIn);
  for (let m = 0; m < nM; m++) {
    const b = m * 12;
    const t = (nT + 2 * m) * 9;
    raw.set(corners.subarray(b, b + 9), t);
    raw.set(corners.subarray(b, b + 3), t + 9);
    raw.set(corners.subarray(b + 6, b + 12), t + 12);
    own[nT + 2 * m] = m;
    own[nT + 2 * m + 1] = m;
  }
  let extent = 0;
  for (const v of raw) {
    if (!Number.isFinite(v)) return result(Status.BAD_INPUT);
    extent = Math.max(extent, Math.abs(v));
  }
  const bvh = buildBvh(raw, n, (extent + 1e-3) * 1e-9);
  const tri = new Float64Array(n * 9);
  const owner = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const s = bvh.order[k] * 9;
    const d = k * 9;
    const x0 = raw[s];
    const y0 = raw[s + 1];
    const z0 = raw[s + 2];
    tri[d] = x0;
    tri[d + 1] = y0;
    tri[d + 2] = z0;
    tri[d + 3] = raw[s + 3] - x0;
    tri[d + 4] = raw[s + 4] - y0;
    tri[d + 5] = raw[s + 5] - z0;
    tri[d + 6] = raw[s + 6] - x0;
    tri[d + 7] = raw[s + 7] - y0;
    tri[d + 8] = raw[s + 8] - z0;
    owner[k] = own[bvh.order[k]];
  }
  const scene: RefScene = { nModules: nM, nSteps: nS, nSky: nK, samplesX: sx, samplesY: sy, lift: f[ShadeIn.LIFT], corners, sun, sky, tri, owner, box: bvh.box, link: bvh.link };
  let handle = scenes.indexOf(null);
  if (handle < 0) handle = scenes.push(scene) - 1;
  else scenes[handle] = scene;
  return result(Status.OK, new Float64Array(0), Int32Array.of(handle, bvh.link.length / 2, 0));
}

/** shadeFree (engine/abi.ts). */
export function shadeFreeRef(_f: Float64Array, h: Int32Array): KernelResult {
  if (h.length < 1 || !scenes[h[0]]) return result(Status.BAD_INPUT);
  scenes[h[0]] = null;
  return result(Status.OK);
}

/** Möller–Trumbore, the expressions of engine/shading/trace.ts hitTriangle. */
function hitTriangle(tri: Float64Array, k: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): boolean {
  const t = k * 9;
  const e1x = tri[t + 3];
  const e1y = tri[t + 4];
  const e1z = tri[t + 5];
  const e2x = tri[t + 6];
  const e2y = tri[t + 7];
  const e2z = tri[t + 8];
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < DET_MIN) return false;
  const inv = 1.0 / det;
  const tx = ox - tri[t];
  const ty = oy - tri[t + 1];
  const tz = oz - tri[t + 2];
  const u = (tx * px + ty * py + tz * pz) * inv;
  if (u < 0.0 || u > 1.0) return false;
  const qx = ty * e1z - tz * e1y;
  const qy = tz * e1x - tx * e1z;
  const qz = tx * e1y - ty * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inv;
  if (v < 0.0 || u + v > 1.0) return false;
  return (e2x * qx + e2y * qy + e2z * qz) * inv > 0.0;
}

const stack: number[] = [];

/** Entry of a slab: NaN (0·∞, the ray on the slab's plane) counts as −∞. */
function slabMin(t1: number, t2: number): number {
  const m = Math.min(t1, t2);
  return m === m ? m : -Infinity;
}

/** Exit of a slab: NaN counts as +∞. */
function slabMax(t1: number, t2: number): number {
  const m = Math.max(t1, t2);
  return m === m ? m : Infinity;
}

/** Any-hit of one ray, ignoring module `skip`'s triangles (−2: none). */
function traceRay(s: RefScene, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, skip: number): boolean {
  const ix = 1 / dx;
  const iy = 1 / dy;
  const iz = 1 / dz;
  const { box, link, tri, owner } = s;
  stack.length = 0;
  stack.push(0);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const b = node * 6;
    // Slab test; a zero direction component gives ±∞, and 0·∞ = NaN on a slab plane counts as inside.
    let t1 = (box[b] - ox) * ix;
    let t2 = (box[b + 3] - ox) * ix;
    let near = Math.max(0, slabMin(t1, t2));
    let far = slabMax(t1, t2);
    t1 = (box[b + 1] - oy) * iy;
    t2 = (box[b + 4] - oy) * iy;
    near = Math.max(near, slabMin(t1, t2));
    far = Math.min(far, slabMax(t1, t2));
    t1 = (box[b + 2] - oz) * iz;
    t2 = (box[b + 5] - oz) * iz;
    near = Math.max(near, slabMin(t1, t2));
    far = Math.min(far, slabMax(t1, t2));
    if (!(near <= far)) continue;
    const first = link[node * 2];
    const count = link[node * 2 + 1];
    if (count < 0) {
      stack.push(first, first + 1);
      continue;
    }
    for (let k = first; k < first + count; k++) {
      if (owner[k] !== skip && hitTriangle(tri, k, ox, oy, oz, dx, dy, dz)) return true;
    }
  }
  return false;
}

/** shadeRays (engine/abi.ts). */
export function shadeRaysRef(f: Float64Array, h: Int32Array): KernelResult {
  const s = h.length > 0 ? scenes[h[0]] : null;
  if (!s || f.length % ShadeStride.RAY_F64 !== 0) return result(Status.BAD_INPUT);
  const n = f.length / ShadeStride.RAY_F64;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = i * 6;
    out[i] = traceRay(s, f[r], f[r + 1], f[r + 2], f[r + 3], f[r + 4], f[r + 5], -2) ? 1 : 0;
  }
  return result(Status.OK, new Float64Array(0), out);
}

interface Frame {
  n: [number, number, number];
  u: [number, number, number];
  v: [number, number, number];
  samples: Float64Array;
}

/** Normal, frame and samples of module m: the expressions of engine/shading/shade.ts moduleFrame. */
export function moduleFrame(corners: Float64Array, m: number, sx: number, sy: number, lift: number): Frame {
  const c = corners.subarray(m * 12, m * 12 + 12);
  const [c0x, c0y, c0z, c1x, c1y, c1z, c2x, c2y, c2z, c3x, c3y, c3z] = c;
  const ax = c2x - c0x, ay = c2y - c0y, az = c2z - c0z;
  const bx = c3x - c1x, by = c3y - c1y, bz = c3z - c1z;
  let nx = ay * bz - az * by;
  let ny = az * bx - ax * bz;
  let nz = ax * by - ay * bx;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (len > 0) {
    const inv = 1.0 / len;
    nx *= inv;
    ny *= inv;
    nz *= inv;
    if (nz < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
  } else {
    nx = 0;
    ny = 0;
    nz = 0;
  }
  let ux = c1x - c0x, uy = c1y - c0y, uz = c1z - c0z;
  const d = ux * nx + uy * ny + uz * nz;
  ux -= d * nx;
  uy -= d * ny;
  uz -= d * nz;
  const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (ul > 0) {
    const inv = 1.0 / ul;
    ux *= inv;
    uy *= inv;
    uz *= inv;
  }
  const wx = c0x - c1x + c2x - c3x, wy = c0y - c1y + c2y - c3y, wz = c0z - c1z + c2z - c3z;
  const samples = new Float64Array(sx * sy * 3);
  for (let j = 0; j < sy; j++) {
    const v = (j + 0.5) / sy;
    for (let i = 0; i < sx; i++) {
      const u = (i + 0.5) / sx;
      const uv = u * v;
      const o = (j * sx + i) * 3;
      samples[o] = c0x + u * (c1x - c0x) + v * (c3x - c0x) + uv * wx + lift * nx;
      samples[o + 1] = c0y + u * (c1y - c0y) + v * (c3y - c0y) + uv * wy + lift * ny;
      samples[o + 2] = c0z + u * (c1z - c0z) + v * (c3z - c0z) + uv * wz + lift * nz;
    }
  }
  return { n: [nx, ny, nz], u: [ux, uy, uz], v: [ny * uz - nz * uy, nz * ux - nx * uz, nx * uy - ny * ux], samples };
}

function shadedCount(s: RefScene, fr: Frame, m: number, dx: number, dy: number, dz: number): number {
  let count = 0;
  const p = fr.samples;
  for (let i = 0; i < p.length; i += 3) if (traceRay(s, p[i], p[i + 1], p[i + 2], dx, dy, dz, m)) count++;
  return count;
}

/** The shading table's bilinear interpolation: the expressions of engine/shading/shade.ts interpolate. */
export function interpolateTable(grid: Float64Array, f: Float64Array, nA: number, nE: number, az: number, el: number): number {
  const step = 360.0 / nA;
  const x = az / step;
  let i = Math.floor(x);
  const w = x - i;
  i = ((i % nA) + nA) % nA;
  const i1 = (i + 1) % nA;
  let j = 0;
  let wv = 0.0;
  if (nE > 1 && el > f[0]) {
    if (el >= f[nE - 1]) {
      j = nE - 2;
      wv = 1.0;
    } else {
      while (j < nE - 2 && el >= f[j + 1]) j++;
      wv = (el - f[j]) / (f[j + 1] - f[j]);
    }
  }
  const j1 = nE > 1 ? j + 1 : 0;
  const a0 = grid[i * nE + j];
  const a1 = grid[i1 * nE + j];
  const b0 = grid[i * nE + j1];
  const b1 = grid[i1 * nE + j1];
  return (1.0 - wv) * ((1.0 - w) * a0 + w * a1) + wv * ((1.0 - w) * b0 + w * b1);
}

/** shadeRun (engine/abi.ts). */
export function shadeRunRef(f: Float64Array, h: Int32Array): KernelResult {
  if (h.length < ShadeRunI32.HEADER) return result(Status.BAD_INPUT);
  const s = scenes[h[ShadeRunI32.HANDLE]];
  const start = h[ShadeRunI32.START];
  const end = h[ShadeRunI32.END];
  const flags = h[ShadeRunI32.FLAGS];
  const nA = h[ShadeRunI32.TABLE_AZ];
  const nE = h[ShadeRunI32.TABLE_EL];
  if (!s || start < 0 || end < start || end > s.nModules || nA < 0 || nE < 0) return result(Status.BAD_INPUT);
  const table = nA > 0;
  if (table && (nE < 1 || f.length !== nE + 3 * nA * nE)) return result(Status.BAD_INPUT);
  const perStep = (flags & ShadeFlag.PER_STEP) !== 0;
  const diffuse = (flags & ShadeFlag.DIFFUSE) !== 0;
  const nM = end - start;
  const nT = s.nSteps;
  const nS = s.samplesX * s.samplesY;
  const outF = new Float64Array(nM * ShadeStride.SHADE_MODULE_F64 + (perStep ? nM * nT : 0));
  const outI = new Int32Array(nM * ShadeStride.SHADE_MODULE_I32);
  const grid = new Float64Array(table ? nA * nE : 0);
  const invS = 1.0 / nS;
  for (let m = start; m < end; m++) {
    const fr = moduleFrame(s.corners, m, s.samplesX, s.samplesY, s.lift);
    const [nx, ny, nz] = fr.n;
    let beamRays = 0;
    if (table) {
      for (let q = 0; q < nA * nE; q++) {
        const o = nE + 3 * q;
        grid[q] = shadedCount(s, fr, m, f[o], f[o + 1], f[o + 2]) * invS;
      }
      beamRays = nA * nE * nS;
    }
    let sumFC = 0.0;
    let sumC = 0.0;
    let shaded = 0;
    let counted = 0;
    const row = nM * ShadeStride.SHADE_MODULE_F64 + (m - start) * nT;
    for (let t = 0; t < nT; t++) {
      const o = t * ShadeStride.SUN_F64;
      const dx = s.sun[o];
      const dy = s.sun[o + 1];
      const dz = s.sun[o + 2];
      if (!(dz > 0.0)) continue;
      const c = nx * dx + ny * dy + nz * dz;
      if (!(c > 0.0)) continue;
      let frac: number;
      if (table) frac = interpolateTable(grid, f, nA, nE, s.sun[o + 3], s.sun[o + 4]);
      else {
        frac = shadedCount(s, fr, m, dx, dy, dz) * invS;
        beamRays += nS;
      }
      sumFC += frac * c;
      sumC += c;
      counted++;
      if (frac > 0.0) shaded++;
      if (perStep) outF[row + t] = frac;
    }
    let diffuseShading = 0.0;
    let skyRays = 0;
    if (diffuse) {
      let kept = 0;
      let blocked = 0;
      const [ux, uy, uz] = fr.u;
      const [vx, vy, vz] = fr.v;
      for (let k = 0; k < s.nSky; k++) {
        const lx = s.sky[3 * k];
        const ly = s.sky[3 * k + 1];
        const lz = s.sky[3 * k + 2];
        const wx = lx * ux + ly * vx + lz * nx;
        const wy = lx * uy + ly * vy + lz * ny;
        const wz = lx * uz + ly * vz + lz * nz;
        if (!(wz > 0.0)) continue;
        kept++;
        blocked += shadedCount(s, fr, m, wx, wy, wz);
      }
      skyRays = kept * nS;
      if (kept > 0) diffuseShading = blocked / skyRays;
    }
    const oF = (m - start) * ShadeStride.SHADE_MODULE_F64;
    outF[oF] = sumFC;
    outF[oF + 1] = sumC;
    outF[oF + 2] = diffuseShading;
    const oI = (m - start) * ShadeStride.SHADE_MODULE_I32;
    outI[oI] = shaded;
    outI[oI + 1] = counted;
    outI[oI + 2] = beamRays;
    outI[oI + 3] = skyRays;
  }
  return result(Status.OK, outF, outI);
}
