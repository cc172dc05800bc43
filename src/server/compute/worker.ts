// A compute worker thread (started by compute.ts through the engine's Node bootstrap): exposes
// computeWorkerApi over comlink, the engine's kernels loading in the background (PVSTUDIO_ENGINE or
// workerData.variant picks release, debug or the TypeScript reference).
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { parentPort, workerData } from 'node:worker_threads';
import { engineVariantFromEnv, loadKernels, type EngineVariant } from '../../engine/api.ts';
import { preserveWorkerErrors } from '../../engine/pool.ts';
import { computeWorkerApi } from './worker-api.ts';

if (!parentPort) throw new Error('compute/worker.ts must run in a worker thread (see compute.ts)');
const variant: EngineVariant = (workerData as { variant?: EngineVariant } | undefined)?.variant ?? engineVariantFromEnv();

preserveWorkerErrors();
expose(computeWorkerApi(loadKernels(variant)), nodeEndpoint(parentPort));
