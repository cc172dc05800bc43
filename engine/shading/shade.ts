// The shading kernels (engine/abi.ts, "shading"): shadeBuild keeps a scene and its BVH under a handle,
// shadeRun computes per-module beam shading over the sun steps (exact ray casts per step, or a
// PVsyst-style shading table interpolated per step) and the diffuse (sky-view) shading, shadeRays
// answers any-hit for arbitrary rays, shadeFree drops a scene.
//
// Beam: per counted step t (sun above the horizon and in front of the module), fₜ = shaded samples /
// samples; the output sums Σ fₜ·cosθₜ and Σ cosθₜ (the host divides). Diffuse: an isotropic sky seen
// through the module's cosine-weighted hemisphere — the host's equal-weight direction set, kept where
// it points above the horizon — shading = blocked (sample, direction) rays / all kept rays.
// Every ray in front of the module is first checked against its sample's horizon (horizon.ts): one
// that clears it cannot hit anything and is answered without a traversal (same answer, and most
// daytime rays clear it). Rays behind the module (table directions only) are always traced.
//   PVsyst help, "Shading factor table" (azimuth × height grid, bilinear interpolation, "fast" mode).
import { ShadeFlag, ShadeRunI32, ShadeStride, Status } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';
import { readScene, Scene } from './scene';
import { azimuthOf, horizon, reserveHorizonStack, SECTORS, sectorOf } from './horizon';
import { packet, reserveStack, tracePacket } from './trace';

/** Slopes below tan 5° are not resolved by the horizons: the sun that low is always ray cast. */
const HORIZON_FLOOR: f64 = 0.08748866352592401;

const scenes = new Array<Scene | null>(0);

function fail(status: Status): i32 {
  setOutputF64(new Array<f64>(0));
  setOutputI32(new Array<i32>(0));
  return <i32>status;
}

function sceneAt(handle: i32): Scene | null {
  if (handle < 0 || handle >= scenes.length) return null;
  return unchecked(scenes[handle]);
}

/** Builds a scene and its BVH; output I32 [handle, nodes, depth]. */
export function shadeBuild(): i32 {
  const s = readScene(getInputF64(), getInputI32());
  if (s === null) return fail(Status.BAD_INPUT);
  reserveStack(s.bvh.depth);
  reserveHorizonStack(s.bvh.depth);
  let handle: i32 = -1;
  for (let i: i32 = 0; i < scenes.length; i++) {
    if (unchecked(scenes[i]) === null) {
      handle = i;
      break;
    }
  }
  if (handle < 0) {
    handle = scenes.length;
    scenes.push(s);
  } else unchecked((scenes[handle] = s));
  const out = new Array<i32>(3);
  unchecked((out[0] = handle));
  unchecked((out[1] = s.bvh.nNodes));
  unchecked((out[2] = s.bvh.depth));
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  return <i32>Status.OK;
}

/** Frees the scene of handle input I32[0]. */
export function shadeFree(): i32 {
  const h = getInputI32();
  if (h.length < 1 || sceneAt(h[0]) === null) return fail(Status.BAD_INPUT);
  unchecked((scenes[h[0]] = null));
  setOutputF64(new Array<f64>(0));
  setOutputI32(new Array<i32>(0));
  return <i32>Status.OK;
}

/** Any-hit of arbitrary rays, four at a time; output I32 hit flags. */
export function shadeRays(): i32 {
  const h = getInputI32();
  const f = getInputF64();
  if (h.length < 1) return fail(Status.BAD_INPUT);
  const s = sceneAt(h[0]);
  if (s === null || f.length % ShadeStride.RAY_F64 != 0) return fail(Status.BAD_INPUT);
  const n = f.length / ShadeStride.RAY_F64;
  const out = new Array<i32>(n);
  const r = changetype<usize>(packet);
  const src = changetype<usize>(f);
  for (let i: i32 = 0; i < n; i += 4) {
    const k = min(4, n - i);
    for (let lane: i32 = 0; lane < k; lane++) {
      const q = src + (<usize>(i + lane) * ShadeStride.RAY_F64 << 3);
      const l = <usize>lane << 3;
      for (let c: usize = 0; c < 6; c++) store<f64>(r + l + (c << 5), load<f64>(q + (c << 3)));
    }
    const hit = tracePacket(s, (1 << k) - 1, -2);
    for (let lane: i32 = 0; lane < k; lane++) unchecked((out[i + lane] = (hit >> lane) & 1));
  }
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  return <i32>Status.OK;
}

/** One module's geometry: unit normal, in-plane frame, lifted sample points. */
class ModuleFrame {
  nx: f64 = 0.0;
  ny: f64 = 0.0;
  nz: f64 = 0.0;
  ux: f64 = 0.0;
  uy: f64 = 0.0;
  uz: f64 = 0.0;
  vx: f64 = 0.0;
  vy: f64 = 0.0;
  vz: f64 = 0.0;
  /** 3 per sample: x, y, z [m]. */
  samples: StaticArray<f64> = new StaticArray<f64>(0);
  /** SECTORS slopes per sample (horizon.ts). */
  horizons: StaticArray<f64> = new StaticArray<f64>(0);
  /** Per sector, the highest of the samples' horizons: a sun above it shades no sample. */
  top: StaticArray<f64> = new StaticArray<f64>(SECTORS);
}

/** Slope (tan of the elevation) and azimuth sector of a direction. */
@inline function slopeOf(dx: f64, dy: f64, dz: f64): f64 {
  const hz = Math.sqrt(dx * dx + dy * dy);
  return hz > 0.0 ? dz / hz : dz > 0.0 ? Infinity : -Infinity;
}

/**
 * The horizons of module m's samples, for directions in front of the module. They leave out the
 * triangles lying wholly at least half the lift below the lowest sample along the normal (the
 * module's row neighbours, the rows behind it): a ray from a sample with n · d > 0 keeps above that
 * level. Without a lift or a normal, nothing is left out.
 */
function moduleHorizons(s: Scene, g: ModuleFrame, m: i32, nS: i32): void {
  const base = changetype<usize>(g.horizons);
  const nx = g.nx, ny = g.ny, nz = g.nz;
  let below = -Infinity;
  if (s.lift > 1e-6 && nx * nx + ny * ny + nz * nz > 0.5) {
    let lowest = Infinity;
    for (let i: i32 = 0; i < nS; i++) {
      const o = i * 3;
      lowest = Math.min(lowest, nx * unchecked(g.samples[o]) + ny * unchecked(g.samples[o + 1]) + nz * unchecked(g.samples[o + 2]));
    }
    below = lowest - 0.5 * s.lift;
  }
  for (let i: i32 = 0; i < nS; i++) {
    const o = i * 3;
    horizon(s, unchecked(g.samples[o]), unchecked(g.samples[o + 1]), unchecked(g.samples[o + 2]), m, HORIZON_FLOOR, base + (<usize>(i * SECTORS) << 3), s.pad, nx, ny, nz, below);
  }
  for (let k: i32 = 0; k < SECTORS; k++) {
    let hi = -Infinity;
    for (let i: i32 = 0; i < nS; i++) hi = Math.max(hi, load<f64>(base + (<usize>(i * SECTORS + k) << 3)));
    unchecked((g.top[k] = hi));
  }
}

/** Normal, frame and samples of module m (same expressions as the reference's moduleFrame). */
function moduleFrame(s: Scene, m: i32, g: ModuleFrame): void {
  const c = s.corners;
  const b = m * 12;
  const c0x = c[b], c0y = c[b + 1], c0z = c[b + 2];
  const c1x = c[b + 3], c1y = c[b + 4], c1z = c[b + 5];
  const c2x = c[b + 6], c2y = c[b + 7], c2z = c[b + 8];
  const c3x = c[b + 9], c3y = c[b + 10], c3z = c[b + 11];
  const ax = c2x - c0x, ay = c2y - c0y, az = c2z - c0z;
  const bx = c3x - c1x, by = c3y - c1y, bz = c3z - c1z;
  let nx = ay * bz - az * by;
  let ny = az * bx - ax * bz;
  let nz = ax * by - ay * bx;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (len > 0.0) {
    const inv = 1.0 / len;
    nx *= inv;
    ny *= inv;
    nz *= inv;
    if (nz < 0.0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
  } else {
    nx = 0.0;
    ny = 0.0;
    nz = 0.0;
  }
  g.nx = nx;
  g.ny = ny;
  g.nz = nz;
  // In-plane frame: u along corners 0 → 1 (made normal to n), v = n × u.
  let ux = c1x - c0x, uy = c1y - c0y, uz = c1z - c0z;
  const d = ux * nx + uy * ny + uz * nz;
  ux -= d * nx;
  uy -= d * ny;
  uz -= d * nz;
  const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (ul > 0.0) {
    const inv = 1.0 / ul;
    ux *= inv;
    uy *= inv;
    uz *= inv;
  }
  g.ux = ux;
  g.uy = uy;
  g.uz = uz;
  g.vx = ny * uz - nz * uy;
  g.vy = nz * ux - nx * uz;
  g.vz = nx * uy - ny * ux;
  // Samples at the cell centres, bilinear over the four corners, lifted along n.
  const sx = s.samplesX;
  const sy = s.samplesY;
  const lift = s.lift;
  const wx = c0x - c1x + c2x - c3x, wy = c0y - c1y + c2y - c3y, wz = c0z - c1z + c2z - c3z;
  const out = g.samples;
  for (let j: i32 = 0; j < sy; j++) {
    const v = (<f64>j + 0.5) / <f64>sy;
    for (let i: i32 = 0; i < sx; i++) {
      const u = (<f64>i + 0.5) / <f64>sx;
      const uv = u * v;
      const o = (j * sx + i) * 3;
      unchecked((out[o] = c0x + u * (c1x - c0x) + v * (c3x - c0x) + uv * wx + lift * nx));
      unchecked((out[o + 1] = c0y + u * (c1y - c0y) + v * (c3y - c0y) + uv * wy + lift * ny));
      unchecked((out[o + 2] = c0z + u * (c1z - c0z) + v * (c3z - c0z) + uv * wz + lift * nz));
    }
  }
}

/**
 * Shaded samples of module m towards direction d (its own triangles ignored); `slope` and `sector`
 * are d's (slopeOf, sectorOf): when d is in front of the module (`front`: n · d > 0), samples whose
 * horizon lies below d need no ray.
 */
function shadedCount(s: Scene, g: ModuleFrame, m: i32, nS: i32, dx: f64, dy: f64, dz: f64, slope: f64, sector: i32, front: bool): i32 {
  const r = changetype<usize>(packet);
  const pts = changetype<usize>(g.samples);
  const hor = changetype<usize>(g.horizons) + (<usize>sector << 3);
  let count: i32 = 0;
  for (let i: i32 = 0; i < nS; i += 4) {
    const k = min(4, nS - i);
    let lanes: i32 = 0;
    for (let lane: i32 = 0; lane < k; lane++) {
      if (!front || !(slope > load<f64>(hor + (<usize>((i + lane) * SECTORS) << 3)))) lanes |= 1 << lane;
    }
    if (lanes == 0) continue;
    for (let lane: i32 = 0; lane < k; lane++) {
      const q = pts + (<usize>(i + lane) * 24);
      const l = <usize>lane << 3;
      store<f64>(r + l, load<f64>(q, 0), 0);
      store<f64>(r + l, load<f64>(q, 8), 32);
      store<f64>(r + l, load<f64>(q, 16), 64);
      store<f64>(r + l, dx, 96);
      store<f64>(r + l, dy, 128);
      store<f64>(r + l, dz, 160);
    }
    count += popcnt(tracePacket(s, lanes, m));
  }
  return count;
}

/** Shading of modules [start, end): see engine/abi.ts for the layout. */
export function shadeRun(): i32 {
  const h = getInputI32();
  const f = getInputF64();
  if (h.length < <i32>ShadeRunI32.HEADER) return fail(Status.BAD_INPUT);
  const s = sceneAt(h[ShadeRunI32.HANDLE]);
  const start = h[ShadeRunI32.START];
  const end = h[ShadeRunI32.END];
  const flags = h[ShadeRunI32.FLAGS];
  const nA = h[ShadeRunI32.TABLE_AZ];
  const nE = h[ShadeRunI32.TABLE_EL];
  if (s === null || start < 0 || end < start || end > s.nModules || nA < 0 || nE < 0) return fail(Status.BAD_INPUT);
  const table = nA > 0;
  if (table && (nE < 1 || f.length != nE + 3 * nA * nE)) return fail(Status.BAD_INPUT);
  const perStep = (flags & ShadeFlag.PER_STEP) != 0;
  const diffuse = (flags & ShadeFlag.DIFFUSE) != 0;
  const nM = end - start;
  const nT = s.nSteps;
  const nS = s.samplesX * s.samplesY;
  const outF = new Array<f64>(nM * ShadeStride.SHADE_MODULE_F64 + (perStep ? nM * nT : 0));
  const outI = new Array<i32>(nM * ShadeStride.SHADE_MODULE_I32);
  const g = new ModuleFrame();
  g.samples = new StaticArray<f64>(nS * 3);
  g.horizons = new StaticArray<f64>(nS * SECTORS);
  const grid = new StaticArray<f64>(table ? nA * nE : 0);
  const sun = s.sun;
  // Slope and sector of every sun step, table direction and sky direction (the latter per module).
  const sunSlope = new StaticArray<f64>(nT);
  const sunSector = new StaticArray<i32>(nT);
  for (let t: i32 = 0; t < nT; t++) {
    const o = t * ShadeStride.SUN_F64;
    unchecked((sunSlope[t] = slopeOf(sun[o], sun[o + 1], sun[o + 2])));
    unchecked((sunSector[t] = sectorOf(azimuthOf(sun[o], sun[o + 1]))));
  }
  const nG = table ? nA * nE : 0;
  const gridSlope = new StaticArray<f64>(nG);
  const gridSector = new StaticArray<i32>(nG);
  for (let q: i32 = 0; q < nG; q++) {
    const o = nE + 3 * q;
    unchecked((gridSlope[q] = slopeOf(f[o], f[o + 1], f[o + 2])));
    unchecked((gridSector[q] = sectorOf(azimuthOf(f[o], f[o + 1]))));
  }
  const invS = 1.0 / <f64>nS;
  for (let m = start; m < end; m++) {
    moduleFrame(s, m, g);
    moduleHorizons(s, g, m, nS);
    const nx = g.nx, ny = g.ny, nz = g.nz;
    let beamRays: i32 = 0;
    if (table) {
      for (let q: i32 = 0; q < nA * nE; q++) {
        const o = nE + 3 * q;
        const front = nx * f[o] + ny * f[o + 1] + nz * f[o + 2] > 1e-9;
        unchecked((grid[q] = <f64>shadedCount(s, g, m, nS, f[o], f[o + 1], f[o + 2], gridSlope[q], gridSector[q], front) * invS));
      }
      beamRays = nA * nE * nS;
    }
    let sumFC: f64 = 0.0;
    let sumC: f64 = 0.0;
    let shaded: i32 = 0;
    let counted: i32 = 0;
    const row = nM * ShadeStride.SHADE_MODULE_F64 + (m - start) * nT;
    for (let t: i32 = 0; t < nT; t++) {
      const o = t * ShadeStride.SUN_F64;
      const dx = unchecked(sun[o]), dy = unchecked(sun[o + 1]), dz = unchecked(sun[o + 2]);
      if (!(dz > 0.0)) continue;
      const c = nx * dx + ny * dy + nz * dz;
      if (!(c > 0.0)) continue;
      let frac: f64;
      if (table) frac = interpolate(grid, f, nA, nE, unchecked(sun[o + 3]), unchecked(sun[o + 4]));
      else {
        const slope = unchecked(sunSlope[t]);
        const sector = unchecked(sunSector[t]);
        frac = slope > unchecked(g.top[sector]) ? 0.0 : <f64>shadedCount(s, g, m, nS, dx, dy, dz, slope, sector, true) * invS;
        beamRays += nS;
      }
      sumFC += frac * c;
      sumC += c;
      counted++;
      if (frac > 0.0) shaded++;
      if (perStep) unchecked((outF[row + t] = frac));
    }
    let diffuseShading: f64 = 0.0;
    let skyRays: i32 = 0;
    if (diffuse) {
      const sky = s.sky;
      let kept: i32 = 0;
      let blocked: i32 = 0;
      for (let k: i32 = 0; k < s.nSky; k++) {
        const lx = unchecked(sky[3 * k]), ly = unchecked(sky[3 * k + 1]), lz = unchecked(sky[3 * k + 2]);
        const wx = lx * g.ux + ly * g.vx + lz * nx;
        const wy = lx * g.uy + ly * g.vy + lz * ny;
        const wz = lx * g.uz + ly * g.vz + lz * nz;
        if (!(wz > 0.0)) continue;
        kept++;
        // n · w = lz > 0 (the set's directions are on the module's side).
        blocked += shadedCount(s, g, m, nS, wx, wy, wz, slopeOf(wx, wy, wz), sectorOf(azimuthOf(wx, wy)), lz > 1e-9);
      }
      skyRays = kept * nS;
      if (kept > 0) diffuseShading = <f64>blocked / <f64>skyRays;
    }
    const oF = (m - start) * ShadeStride.SHADE_MODULE_F64;
    unchecked((outF[oF] = sumFC));
    unchecked((outF[oF + 1] = sumC));
    unchecked((outF[oF + 2] = diffuseShading));
    const oI = (m - start) * ShadeStride.SHADE_MODULE_I32;
    unchecked((outI[oI] = shaded));
    unchecked((outI[oI + 1] = counted));
    unchecked((outI[oI + 2] = beamRays));
    unchecked((outI[oI + 3] = skyRays));
  }
  setOutputF64(outF);
  setOutputI32(outI);
  return <i32>Status.OK;
}

/**
 * Bilinear interpolation of a module's shading table (azimuth-major, nA azimuths k·360/nA, the nE
 * elevation nodes in f[0 .. nE)) at azimuth az [°] and elevation el [°]; elevations outside the
 * nodes take the nearest row. Same expressions as the reference's interpolateTable.
 */
function interpolate(grid: StaticArray<f64>, f: StaticArray<f64>, nA: i32, nE: i32, az: f64, el: f64): f64 {
  const step = 360.0 / <f64>nA;
  const x = az / step;
  let i = <i32>Math.floor(x);
  const w = x - <f64>i;
  i = ((i % nA) + nA) % nA;
  const i1 = (i + 1) % nA;
  let j: i32 = 0;
  let wv: f64 = 0.0;
  if (nE > 1 && el > unchecked(f[0])) {
    if (el >= unchecked(f[nE - 1])) {
      j = nE - 2;
      wv = 1.0;
    } else {
      while (j < nE - 2 && el >= unchecked(f[j + 1])) j++;
      wv = (el - unchecked(f[j])) / (unchecked(f[j + 1]) - unchecked(f[j]));
    }
  }
  const j1 = nE > 1 ? j + 1 : 0;
  const a0 = unchecked(grid[i * nE + j]);
  const a1 = unchecked(grid[i1 * nE + j]);
  const b0 = unchecked(grid[i * nE + j1]);
  const b1 = unchecked(grid[i1 * nE + j1]);
  return (1.0 - wv) * ((1.0 - w) * a0 + w * a1) + wv * ((1.0 - w) * b0 + w * b1);
}
