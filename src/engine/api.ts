// The engine's one typed API (types.ts EngineApi) over a kernel runner: the wasm module or the
// pure-TypeScript reference. In-process it is synchronous (createEngine); with the kernels in a
// worker it is the same API, asynchronous (createRemoteEngine / engineClient: the codec stays on the
// caller's side, the kernels' flat arrays cross by transfer). What the workers expose: workerApi.
import type { Remote } from 'comlink';
import { autoRoofRef } from './reference/auto.ts';
import { roofSolveRef } from './reference/roof-solve.ts';
import { skeletonRef } from './reference/skeleton.ts';
import { shadeBuildRef, shadeFreeRef, shadeRaysRef, shadeRunRef } from './reference/shade.ts';
import { shade, shadeSteps } from './shade.ts';
import { layoutRef } from './reference/layout.ts';
import { layout, layoutSteps } from './layout.ts';
import { stringingRef } from './reference/stringing.ts';
import { cableRouteRef } from './reference/cable-route.ts';
import { stringing, stringingSteps } from './stringing.ts';
import { cableRoute, cableRouteSteps } from './cable-route.ts';
import { roof, roofPacked, roofPackedSteps, roofSteps, split, splitSteps } from './roof.ts';
import { roofPackedArrays } from './roof-packed.ts';
import { skeletonOf, skeletonSteps } from './auto.ts';
import { runStepsRemote, type AsyncKernelRunner } from './steps.ts';
import { merge } from './merge.ts';
import { withTransfer } from './pool.ts';
import { loadEngineNode, type KernelName, type KernelResult, type KernelRunner } from './wasm.ts';
import type { AsyncEngineApi, EngineApi } from './types.ts';

/** Which kernels run: the optimised wasm, the debug wasm (assertions on), or the TS reference. */
export type EngineVariant = 'release' | 'debug' | 'reference';

/** The engine API over a kernel runner. */
export function createEngine(runner: KernelRunner): EngineApi {
  return {
    roof: (input) => roof(runner, input),
    split: (input) => split(runner, input),
    merge: (input) => merge(input),
    skeleton: (outline) => skeletonOf(runner, outline),
    shade: (input) => shade(runner, input),
    layout: (input) => layout(runner, input),
    roofPacked: (input) => roofPacked(runner, input),
    stringing: (input) => stringing(runner, input),
    cableRoute: (input) => cableRoute(runner, input),
  };
}

/** A kernel runner backed by the pure-TypeScript reference implementations. */
export const referenceRunner: KernelRunner = {
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult {
    switch (kernel) {
      case 'roofSolve':
        return roofSolveRef(f64, i32);
      case 'autoRoof':
        return autoRoofRef(f64, i32);
      case 'skeleton':
        return skeletonRef(f64, i32);
      case 'shadeBuild':
        return shadeBuildRef(f64, i32);
      case 'shadeRun':
        return shadeRunRef(f64, i32);
      case 'shadeRays':
        return shadeRaysRef(f64, i32);
      case 'shadeFree':
        return shadeFreeRef(f64, i32);
      case 'layout':
        return layoutRef(f64, i32);
      case 'stringing':
        return stringingRef(f64, i32);
      case 'cableRoute':
        return cableRouteRef(f64, i32);
      default: {
        const unknown: never = kernel;
        throw new Error(`no reference kernel ${String(unknown)}`);
      }
    }
  },
};

/** The engine API over the pure-TypeScript reference (slower, same answers). */
export function createReferenceEngine(): EngineApi {
  return createEngine(referenceRunner);
}

/** Reads the variant from PVSTUDIO_ENGINE (release | debug | reference), default release. */
export function engineVariantFromEnv(fallback: EngineVariant = 'release'): EngineVariant {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.PVSTUDIO_ENGINE;
  if (v === undefined || v === '') return fallback;
  if (v === 'release' || v === 'debug' || v === 'reference') return v;
  throw new Error(`PVSTUDIO_ENGINE must be release, debug or reference, not ${v}`);
}

/** Node: the kernels of build/engine.wasm (default), build/engine.debug.wasm or the TS reference. */
export async function loadKernels(variant: EngineVariant = 'release'): Promise<KernelRunner> {
  return variant === 'reference' ? referenceRunner : loadEngineNode(variant);
}

/** Node: the engine on build/engine.wasm (default), build/engine.debug.wasm or the reference. */
export async function loadEngine(variant: EngineVariant = 'release'): Promise<EngineApi> {
  return createEngine(await loadKernels(variant));
}

// ── kernels in another thread ───────────────────────────────────────────────────────────────────
//
// What crosses a worker boundary is the kernels' flat arrays, by transfer: the JSON ⇄ array codec
// runs on the caller's side. Cloning the objects instead costs far more (a 1k-segment roof's output
// is ~1 MB of small objects: ~15 ms of structured clone against ~0.1 ms for its arrays), and that
// cost would fall on the caller's thread anyway.

/** The engine API with its kernels on a remote runner (a worker): same answers, asynchronous. */
export function createRemoteEngine(remote: AsyncKernelRunner): AsyncEngineApi {
  return {
    roof: (input) => runStepsRemote(remote, roofSteps(input)),
    split: (input) => runStepsRemote(remote, splitSteps(input)),
    merge: async (input) => merge(input),
    skeleton: (outline) => runStepsRemote(remote, skeletonSteps(outline)),
    shade: (input) => runStepsRemote(remote, shadeSteps(input)),
    layout: (input) => runStepsRemote(remote, layoutSteps(input)),
    roofPacked: (input) => runStepsRemote(remote, roofPackedSteps(input)),
    stringing: (input) => runStepsRemote(remote, stringingSteps(input)),
    cableRoute: (input) => runStepsRemote(remote, cableRouteSteps(input)),
  };
}

// ── the worker boundary ─────────────────────────────────────────────────────────────────────────

/** What an engine worker exposes through comlink (every call is asynchronous from outside). */
export interface EngineWorkerApi extends EngineApi {
  /** Runs one kernel on the worker's engine; the result's arrays come back by transfer. */
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult;
  /** true once the worker's engine is loaded (calls made before simply wait for it). */
  ready(): true;
  /** Returns its argument transferred back (no copy): measures the boundary, checks transfer. */
  echo(data: Float64Array): Float64Array;
}

/** The object a worker hands to `expose`: each method may answer now or later. */
export type EngineWorkerImpl = {
  [K in keyof EngineWorkerApi]: (
    ...args: Parameters<EngineWorkerApi[K]>
  ) => ReturnType<EngineWorkerApi[K]> | Promise<ReturnType<EngineWorkerApi[K]>>;
};

/**
 * The object an engine worker exposes. Its methods wait for `kernels` (loading in the background),
 * so the worker calls `expose` before anything is awaited and no message is lost. roof, split and
 * skeleton also run whole in the worker (objects cloned both ways): slower than the client's path.
 */
export function workerApi(kernels: Promise<KernelRunner>): EngineWorkerImpl {
  // A failed load is reported by the calls that wait for it, not as an unhandled rejection.
  kernels.catch(() => {});
  const engine = kernels.then(createEngine);
  engine.catch(() => {});
  return {
    run: async (kernel, f64, i32) => {
      const r = (await kernels).run(kernel, f64, i32);
      return withTransfer(r, r.f64, r.i32);
    },
    roof: async (input) => (await engine).roof(input),
    split: async (input) => (await engine).split(input),
    merge: (input) => merge(input),
    skeleton: async (outline) => (await engine).skeleton(outline),
    shade: async (input) => (await engine).shade(input),
    layout: async (input) => (await engine).layout(input),
    stringing: async (input) => (await engine).stringing(input),
    cableRoute: async (input) => (await engine).cableRoute(input),
    roofPacked: async (input) => {
      const r = (await engine).roofPacked(input);
      return withTransfer(r, ...roofPackedArrays(r));
    },
    ready: async () => {
      await kernels;
      return true as const;
    },
    echo: (data) => withTransfer(data, data),
  };
}

/**
 * What callers of an engine worker use: the engine API (asynchronous) with the codec on the
 * caller's side and the kernels in the worker, plus the worker's housekeeping calls.
 */
export interface EngineClient extends AsyncEngineApi, AsyncKernelRunner {
  ready(): Promise<true>;
  echo(data: Float64Array): Promise<Float64Array>;
}

/** The client over a worker's comlink proxy. */
export function engineClient(remote: Remote<EngineWorkerApi>): EngineClient {
  const kernels: AsyncKernelRunner = { run: (kernel, f64, i32) => remote.run(kernel, f64, i32) };
  return {
    ...createRemoteEngine(kernels),
    run: kernels.run,
    ready: () => remote.ready(),
    echo: (data) => remote.echo(data),
  };
}

/** A started engine worker (a pool's WorkerHandle): the client, the raw proxy, a way to stop it. */
export interface EngineWorker {
  api: EngineClient;
  /** The worker's comlink proxy: roof/split/skeleton run whole in the worker through it. */
  remote: Remote<EngineWorkerApi>;
  terminate(): void | Promise<unknown>;
  exited?: Promise<unknown>;
}
