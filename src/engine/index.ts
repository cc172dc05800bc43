// The package's engine entry (`pv-studio/engine`), for Node:
//
//   import { roof, split, merge, skeleton, layout, shade, solarPosition, irradiance, simulate } from 'pv-studio/engine';
//   const out = roof({ building });                    // synchronous, in-process wasm
//
// The wasm (build/engine.wasm; PVSTUDIO_ENGINE=debug|reference picks the debug build or the pure
// TypeScript reference) is loaded once, when this module is first imported. If it cannot be loaded,
// the import still succeeds and the engine functions throw the load error (merge needs no wasm).
// Bigger jobs: createNodeWorker() / createNodeEnginePool(); browser code imports ./browser.ts.
import { engineVariantFromEnv, loadEngine } from './api.ts';
import { merge as mergeLines } from './merge.ts';
import type { EngineApi, SkeletonOutput } from './types.ts';
import type { LayoutInput, LayoutOutput } from '../model/layout.ts';
import type { ShadeInput, ShadeOutput } from '../model/shade.ts';
import type { CableRouteInput, CableRouteOutput, StringingInput, StringingOutput } from '../model/stringing.ts';
import type { RoofInput, RoofOutput, SplitInput, SplitOutput, MergeInput, MergeOutput } from '../model/index.ts';

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

let engine: EngineApi | undefined;
let loadError: unknown = new Error('no in-process engine in a browser: use createEngineWorker() (src/engine/browser.ts)');
if (isNode) {
  try {
    engine = await loadEngine(engineVariantFromEnv());
  } catch (e) {
    loadError = e;
  }
}

function inProcess(): EngineApi {
  if (!engine) throw loadError;
  return engine;
}

/** Roof faces from a drawn building (or an automatic roof). Engine failures: `success: false`. */
export function roof(input: RoofInput): RoofOutput {
  return inProcess().roof(input);
}

/** Cuts lines at the points on their interiors and at crossings (ids `<id>#k`). */
export function split(input: SplitInput): SplitOutput {
  return inProcess().split(input);
}

/** The inverse of split (pure TypeScript). */
export function merge(input: MergeInput): MergeOutput {
  return mergeLines(input);
}

/** Straight skeleton of a simple polygon given as [x, y] vertices. */
export function skeleton(outline: [number, number][]): SkeletonOutput {
  return inProcess().skeleton(outline);
}

/** Modules on one roof face (docs/ENGINE-API.md "layout"). */
export function layout(input: LayoutInput): LayoutOutput {
  return inProcess().layout(input);
}

/** Per-module beam and diffuse shading over a year of sun steps (docs/ENGINE-API.md "shade"). */
export function shade(input: ShadeInput): ShadeOutput {
  return inProcess().shade(input);
}

/** Automatic strings over a layout (docs/ENGINE-API.md "stringing"). */
export function stringing(input: StringingInput): StringingOutput {
  return inProcess().stringing(input);
}

/** Manhattan cable routes of strings and single runs (docs/ENGINE-API.md "cable-route"). */
export function cableRoute(input: CableRouteInput): CableRouteOutput {
  return inProcess().cableRoute(input);
}

// The physics commands are pure TypeScript: the same JSON in and out, no wasm needed.
export { solarPosition, irradiance } from './solar.ts';
export { simulate, simulateCsv } from './simulate.ts';
export { weather } from './weather.ts';

/** The in-process engine this module loaded (throws if it could not be loaded). */
export function defaultEngine(): EngineApi {
  return inProcess();
}

export {
  createEngine,
  createReferenceEngine,
  createRemoteEngine,
  engineClient,
  loadEngine,
  loadKernels,
  engineVariantFromEnv,
  referenceRunner,
  type EngineVariant,
  type EngineWorker,
  type EngineWorkerApi,
  type EngineClient,
} from './api.ts';
export { runSteps, runStepsRemote, type AsyncKernelRunner, type KernelCall, type KernelSteps } from './steps.ts';
export { createNodeWorker, createNodeEnginePool, startNodeWorker, type NodeWorkerOptions, type NodePoolOptions } from './node.ts';
export { createEngineWorker, createBrowserEnginePool, startEngineWorker } from './browser.ts';
export {
  WorkerPool,
  defaultPoolSize,
  abortError,
  preserveWorkerErrors,
  transfer,
  withTransfer,
  type WorkerHandle,
  type WorkerFactory,
  type PoolOptions,
  type MapOptions,
  type JobFn,
} from './pool.ts';
export { ShadeJob, type ShadeJobStatus, type ShadeProgress, type ShadeJobEvents, type ShadeJobOptions } from './shade-job.ts';
export { PauseController } from './pool.ts';
export { loadEngineNode, loadEngineUrl, instantiateEngine, WasmEngine, type KernelRunner, type KernelName, type KernelResult } from './wasm.ts';
export { InputError, type InputPath, type InputIssue } from './errors.ts';
export type { EngineApi, AsyncEngineApi, SkeletonOutput } from './types.ts';
export type { RoofInput, RoofOutput, SplitInput, SplitOutput, MergeInput, MergeOutput } from '../model/index.ts';
