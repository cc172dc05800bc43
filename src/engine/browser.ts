// The engine in browser Web Workers: one worker (createEngineWorker) or a pool (createBrowserEnginePool).
// The JSON ⇄ array codec runs on the calling thread, the kernels in the worker (arrays by transfer).
import { releaseProxy, wrap } from 'comlink';
import { engineClient, type EngineClient, type EngineWorker, type EngineWorkerApi } from './api.ts';
import { preserveWorkerErrors, WorkerPool } from './pool.ts';

/** A started engine worker with its raw proxy and a way to stop it (the handle a pool keeps). */
export function startEngineWorker(): EngineWorker {
  preserveWorkerErrors();
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'pv-studio-engine' });
  const remote = wrap<EngineWorkerApi>(worker);
  const exited = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`engine worker failed: ${e.message}`)), { once: true });
  });
  exited.catch(() => {});
  let stopped = false;
  return {
    api: engineClient(remote),
    remote,
    exited,
    terminate: () => {
      if (stopped) return;
      stopped = true;
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/** The engine in a Web Worker: every EngineApi method, asynchronous. */
export function createEngineWorker(): EngineClient {
  return startEngineWorker().api;
}

/** A pool of engine Web Workers; default size min(navigator.hardwareConcurrency, 4). */
export function createBrowserEnginePool(options: { size?: number } = {}): WorkerPool<EngineClient> {
  return new WorkerPool(() => startEngineWorker(), options);
}
