// A shading scene: the triangles (scene + two per module) in BVH order, the modules' corners, the sun
// steps and the sky directions, read from shadeBuild's input (engine/abi.ts, "shading").
import { ShadeIn, ShadeInI32, ShadeStride } from '../abi';
import { Bvh, buildBvh } from './bvh';

/** Triangle record in BVH order: v0 (3), e1 = v1 − v0 (3), e2 = v2 − v0 (3) [m]. */
export const TRI_F64: i32 = 9;

export class Scene {
  nTri: i32 = 0;
  nModules: i32 = 0;
  nSteps: i32 = 0;
  nSky: i32 = 0;
  samplesX: i32 = 1;
  samplesY: i32 = 1;
  /** Sample lift along the module normal [m]. */
  lift: f64 = 0.001;
  /** Growth of every box against rounding [m] (bvh.ts). */
  pad: f64 = 0.0;
  /** TRI_F64 per triangle, BVH order. */
  tri: StaticArray<f64> = new StaticArray<f64>(0);
  /** Owning module of each triangle (BVH order), −1 for scene triangles. */
  owner: StaticArray<i32> = new StaticArray<i32>(0);
  bvh: Bvh = new Bvh();
  /** 12 per module. */
  corners: StaticArray<f64> = new StaticArray<f64>(0);
  /** ShadeStride.SUN_F64 per step. */
  sun: StaticArray<f64> = new StaticArray<f64>(0);
  /** 3 per direction, module frame. */
  sky: StaticArray<f64> = new StaticArray<f64>(0);
}

@inline function copyRange(src: StaticArray<f64>, from: i32, n: i32): StaticArray<f64> {
  const out = new StaticArray<f64>(n);
  memory.copy(changetype<usize>(out), changetype<usize>(src) + (<usize>from << 3), <usize>n << 3);
  return out;
}

/** Reads shadeBuild's input; null when the arrays are malformed. */
export function readScene(f: StaticArray<f64>, h: StaticArray<i32>): Scene | null {
  if (h.length < <i32>ShadeInI32.HEADER || f.length < <i32>ShadeIn.HEADER) return null;
  const nT = h[ShadeInI32.N_TRIANGLES];
  const nM = h[ShadeInI32.N_MODULES];
  const nS = h[ShadeInI32.N_STEPS];
  const nK = h[ShadeInI32.N_SKY];
  const sx = h[ShadeInI32.SAMPLES_X];
  const sy = h[ShadeInI32.SAMPLES_Y];
  if (nT < 0 || nM < 0 || nS < 0 || nK < 0 || sx < 1 || sy < 1 || sx * sy > 4096) return null;
  const need =
    <i64>ShadeIn.HEADER +
    <i64>nT * ShadeStride.TRIANGLE_F64 +
    <i64>nM * ShadeStride.MODULE_F64 +
    <i64>nS * ShadeStride.SUN_F64 +
    <i64>nK * ShadeStride.SKY_F64;
  if (<i64>f.length != need) return null;
  const s = new Scene();
  s.nModules = nM;
  s.nSteps = nS;
  s.nSky = nK;
  s.samplesX = sx;
  s.samplesY = sy;
  s.lift = f[ShadeIn.LIFT];
  let o: i32 = <i32>ShadeIn.HEADER;
  const triIn = o;
  o += nT * ShadeStride.TRIANGLE_F64;
  s.corners = copyRange(f, o, nM * ShadeStride.MODULE_F64);
  o += nM * ShadeStride.MODULE_F64;
  s.sun = copyRange(f, o, nS * ShadeStride.SUN_F64);
  o += nS * ShadeStride.SUN_F64;
  s.sky = copyRange(f, o, nK * ShadeStride.SKY_F64);

  // All triangles as v0, v1, v2 (input order: scene, then two per module), with bounds.
  const n = nT + 2 * nM;
  s.nTri = n;
  const raw = new StaticArray<f64>(n * 9);
  const own = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(raw), changetype<usize>(f) + (<usize>triIn << 3), <usize>(nT * 9) << 3);
  for (let k: i32 = 0; k < nT; k++) unchecked((own[k] = -1));
  const c = s.corners;
  for (let m: i32 = 0; m < nM; m++) {
    const b = m * 12;
    const t = (nT + 2 * m) * 9;
    // (0, 1, 2) and (0, 2, 3)
    for (let q: i32 = 0; q < 9; q++) unchecked((raw[t + q] = c[b + q]));
    for (let q: i32 = 0; q < 3; q++) {
      unchecked((raw[t + 9 + q] = c[b + q]));
      unchecked((raw[t + 12 + q] = c[b + 6 + q]));
      unchecked((raw[t + 15 + q] = c[b + 9 + q]));
    }
    unchecked((own[nT + 2 * m] = m));
    unchecked((own[nT + 2 * m + 1] = m));
  }
  const bounds = new StaticArray<f64>(n * 6);
  let extent: f64 = 0.0;
  for (let k: i32 = 0; k < n; k++) {
    const t = k * 9;
    for (let a: i32 = 0; a < 3; a++) {
      const p = unchecked(raw[t + a]);
      const q = unchecked(raw[t + 3 + a]);
      const r = unchecked(raw[t + 6 + a]);
      if (!isFinite(p) || !isFinite(q) || !isFinite(r)) return null;
      const lo = Math.min(p, Math.min(q, r));
      const hi = Math.max(p, Math.max(q, r));
      unchecked((bounds[k * 6 + a] = lo));
      unchecked((bounds[k * 6 + 3 + a] = hi));
      extent = Math.max(extent, Math.max(Math.abs(lo), Math.abs(hi)));
    }
  }
  // f32 box error bound (bvh.ts): 2⁻¹⁸ of the largest coordinate, 4× the worst rounding of the test.
  const pad = (extent + 1e-3) * 3.814697265625e-6;
  s.pad = pad;
  s.bvh = buildBvh(bounds, n, pad);
  // Triangle records in BVH order.
  const tri = new StaticArray<f64>(n * TRI_F64);
  const owner = new StaticArray<i32>(n);
  const order = s.bvh.order;
  for (let k: i32 = 0; k < n; k++) {
    const src = unchecked(order[k]);
    const t = src * 9;
    const d = k * TRI_F64;
    const x0 = unchecked(raw[t]), y0 = unchecked(raw[t + 1]), z0 = unchecked(raw[t + 2]);
    unchecked((tri[d] = x0));
    unchecked((tri[d + 1] = y0));
    unchecked((tri[d + 2] = z0));
    unchecked((tri[d + 3] = raw[t + 3] - x0));
    unchecked((tri[d + 4] = raw[t + 4] - y0));
    unchecked((tri[d + 5] = raw[t + 5] - z0));
    unchecked((tri[d + 6] = raw[t + 6] - x0));
    unchecked((tri[d + 7] = raw[t + 7] - y0));
    unchecked((tri[d + 8] = raw[t + 8] - z0));
    unchecked((owner[k] = own[src]));
  }
  s.tri = tri;
  s.owner = owner;
  return s;
}
