// The shading kernels' host codec (engine/abi.ts, "shading"): a parsed shade input → shadeBuild's
// arrays; a module range → shadeRun's arrays; shadeRun's output → per-module partial results; the
// partial results of all ranges → the ShadeOutput of docs/ENGINE-API.md. Ids live only here.
import { ShadeFlag, ShadeIn, ShadeInI32, ShadeRunI32, ShadeStride, Status } from '../../engine/abi.ts';
import { SHADE, type ShadeInputParsed, type ShadeOutput } from '../model/shade.ts';
import { skyDirections, tableGrid, vectorSunSteps, yearSunSteps } from './shade-directions.ts';
import { sceneTriangles } from './shade-scene.ts';
import type { KernelResult } from './wasm.ts';

/** shadeBuild's input and what the rest of the job needs to know about it. */
export interface ShadeBuildEncoding {
  f64: Float64Array;
  i32: Int32Array;
  nModules: number;
  nSteps: number;
  nTriangles: number;
}

/** Encodes the scene, the modules, the sun steps and the sky directions of a parsed shade input. */
export function encodeShadeBuild(input: ShadeInputParsed): ShadeBuildEncoding {
  const tris = sceneTriangles(input.scene);
  const nTriangles = tris.length / ShadeStride.TRIANGLE_F64;
  const sun = 'sunVectors' in input.times ? vectorSunSteps(input.times.sunVectors) : yearSunSteps(input.site, input.times);
  const nSteps = sun.length / ShadeStride.SUN_F64;
  const sky = input.output.diffuse ? skyDirections() : new Float64Array(0);
  const nModules = input.modules.length;
  const f64 = new Float64Array(ShadeIn.HEADER + tris.length + nModules * ShadeStride.MODULE_F64 + sun.length + sky.length);
  f64[ShadeIn.LIFT] = SHADE.liftM;
  let o: number = ShadeIn.HEADER;
  f64.set(tris, o);
  o += tris.length;
  for (const m of input.modules) {
    for (const c of m.corners) {
      f64.set(c, o);
      o += 3;
    }
  }
  f64.set(sun, o);
  o += sun.length;
  f64.set(sky, o);
  const i32 = new Int32Array(ShadeInI32.HEADER);
  i32[ShadeInI32.N_TRIANGLES] = nTriangles;
  i32[ShadeInI32.N_MODULES] = nModules;
  i32[ShadeInI32.N_STEPS] = nSteps;
  i32[ShadeInI32.N_SKY] = sky.length / ShadeStride.SKY_F64;
  i32[ShadeInI32.SAMPLES_X] = input.samples.x;
  i32[ShadeInI32.SAMPLES_Y] = input.samples.y;
  return { f64, i32, nModules, nSteps, nTriangles };
}

/** The handle of a built scene (throws when the kernel rejected the input). */
export function decodeShadeBuild(r: KernelResult): number {
  if (r.status !== Status.OK || r.i32.length < 1) throw new Error(`shadeBuild failed with status ${r.status}`);
  return r.i32[0];
}

/** shadeRun's input for modules [start, end) of the scene `handle`. */
export function encodeShadeRun(handle: number, start: number, end: number, input: ShadeInputParsed): { f64: Float64Array; i32: Int32Array } {
  const i32 = new Int32Array(ShadeRunI32.HEADER);
  i32[ShadeRunI32.HANDLE] = handle;
  i32[ShadeRunI32.START] = start;
  i32[ShadeRunI32.END] = end;
  i32[ShadeRunI32.FLAGS] = (input.output.perStep ? ShadeFlag.PER_STEP : 0) | (input.output.diffuse ? ShadeFlag.DIFFUSE : 0);
  if (input.mode !== 'table') return { f64: new Float64Array(0), i32 };
  const grid = tableGrid(input.table.azimuthStep, input.table.elevations);
  i32[ShadeRunI32.TABLE_AZ] = grid.nAz;
  i32[ShadeRunI32.TABLE_EL] = grid.nEl;
  return { f64: grid.f64, i32 };
}

/** The partial result of a module range (shadeRun's output, unpacked). */
export interface ShadeChunk {
  start: number;
  end: number;
  /** SHADE_MODULE_F64 per module, then the per-step fractions (module-major) when asked for. */
  f64: Float64Array;
  /** SHADE_MODULE_I32 per module. */
  i32: Int32Array;
}

export function decodeShadeRun(r: KernelResult, start: number, end: number): ShadeChunk {
  if (r.status !== Status.OK) throw new Error(`shadeRun failed with status ${r.status}`);
  return { start, end, f64: r.f64, i32: r.i32 };
}

/** The output of docs/ENGINE-API.md from the chunks covering every module once. */
export function assembleShade(input: ShadeInputParsed, nSteps: number, chunks: readonly ShadeChunk[]): ShadeOutput {
  const ids = input.modules.map((m) => m.id);
  const modules: ShadeOutput['modules'] = new Array(ids.length);
  let rays = 0;
  const perStep = input.output.perStep ? Array.from({ length: nSteps }, () => new Array<number>(ids.length).fill(0)) : undefined;
  for (const c of chunks) {
    const n = c.end - c.start;
    for (let k = 0; k < n; k++) {
      const m = c.start + k;
      const sumFC = c.f64[k * ShadeStride.SHADE_MODULE_F64];
      const sumC = c.f64[k * ShadeStride.SHADE_MODULE_F64 + 1];
      const diffuse = c.f64[k * ShadeStride.SHADE_MODULE_F64 + 2];
      const oI = k * ShadeStride.SHADE_MODULE_I32;
      rays += c.i32[oI + 2] + c.i32[oI + 3];
      modules[m] = { id: ids[m], beamShading: sumC > 0 ? Math.min(1, sumFC / sumC) : 0, shadedSteps: c.i32[oI], diffuseShading: diffuse };
      if (perStep) {
        const row = n * ShadeStride.SHADE_MODULE_F64 + k * nSteps;
        for (let t = 0; t < nSteps; t++) perStep[t][m] = c.f64[row + t];
      }
    }
  }
  return perStep ? { modules, steps: nSteps, rays, perStep } : { modules, steps: nSteps, rays };
}

/** Module ranges of at most `size` modules. */
export function moduleRanges(nModules: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let s = 0; s < nModules; s += size) out.push([s, Math.min(nModules, s + size)]);
  return out;
}
