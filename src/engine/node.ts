// The engine in Node worker threads: one worker (createNodeWorker) or a pool of them
// (createNodeEnginePool). Workers start from node-worker-bootstrap.mjs, which registers tsx.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { releaseProxy, wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { engineClient, type EngineClient, type EngineVariant, type EngineWorker, type EngineWorkerApi } from './api.ts';
import { defaultPoolSize, preserveWorkerErrors, WorkerPool, type WorkerHandle } from './pool.ts';

const BOOTSTRAP = new URL('./node-worker-bootstrap.mjs', import.meta.url);

export interface NodeWorkerOptions {
  /** Kernels the worker runs; default PVSTUDIO_ENGINE (read in the worker), else release. */
  variant?: EngineVariant;
}

/**
 * Starts a TypeScript worker entry that calls comlink's `expose` on `parentPort` through the Node
 * adapter (as node-worker.ts does), e.g. a later shading worker with its own API W.
 */
export function startNodeWorker<W>(entry: URL, workerData: Record<string, unknown> = {}): WorkerHandle<Remote<W>> {
  preserveWorkerErrors();
  const worker = new Worker(BOOTSTRAP, { workerData: { ...workerData, entry: entry.href } });
  const api = wrap<W>(nodeEndpoint(worker));
  const exited = new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  // Observed by the pool only: a crash must not become an unhandled rejection.
  exited.catch(() => {});
  let stopped: Promise<number> | undefined;
  return {
    api,
    exited,
    terminate: () => {
      if (!stopped) {
        api[releaseProxy]();
        stopped = worker.terminate();
      }
      return stopped;
    },
  };
}

/**
 * One engine worker thread. `api` answers like the in-process engine, asynchronously: the JSON ⇄
 * array codec runs in this thread and the kernels in the worker, their arrays moving by transfer.
 * `remote` is the worker's own comlink proxy.
 */
export function createNodeWorker(options: NodeWorkerOptions = {}): EngineWorker {
  const handle = startNodeWorker<EngineWorkerApi>(new URL('./node-worker.ts', import.meta.url), { variant: options.variant });
  return { ...handle, api: engineClient(handle.api), remote: handle.api };
}

export interface NodePoolOptions extends NodeWorkerOptions {
  /** Number of workers; default min(available cores, 4). */
  size?: number;
}

/** A pool of engine worker threads. Call `terminate()` when done, or the process stays alive. */
export function createNodeEnginePool(options: NodePoolOptions = {}): WorkerPool<EngineClient> {
  const size = options.size ?? defaultPoolSize(availableParallelism());
  return new WorkerPool(() => createNodeWorker(options), { size });
}
