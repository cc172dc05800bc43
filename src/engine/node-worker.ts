// The engine in a Node worker thread (started through node-worker-bootstrap.mjs by node.ts):
// the same API as in-process, over comlink's Node adapter. Expose first, load the wasm after.
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { parentPort, workerData } from 'node:worker_threads';
import { engineVariantFromEnv, loadKernels, workerApi, type EngineVariant } from './api.ts';
import { preserveWorkerErrors } from './pool.ts';

if (!parentPort) throw new Error('node-worker.ts must run in a worker thread (see node.ts)');
const variant: EngineVariant = (workerData as { variant?: EngineVariant } | undefined)?.variant ?? engineVariantFromEnv();

preserveWorkerErrors();
expose(workerApi(loadKernels(variant)), nodeEndpoint(parentPort));
