// The compute calls' worker pool: one per server, created on first use, `size` worker threads (config
// COMPUTE_WORKERS) running the engine code of worker-api.ts. An InputError from a worker (bad input
// the route schema could not see, with its `path`) becomes HTTP 400 naming the field.
import type { Remote } from 'comlink';
import { startNodeWorker } from '../../engine/node.ts';
import { WorkerPool } from '../../engine/pool.ts';
import { apiError } from '../errors.ts';
import type { ComputeWorkerApi } from './worker-api.ts';

const ENTRY = new URL('./worker.ts', import.meta.url);

type Api = Remote<ComputeWorkerApi>;

/** An error from a worker that carries an input path (InputError, possibly rebuilt by comlink). */
function inputPath(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof Error) || err.name !== 'InputError') return null;
  const path = (err as Error & { path?: unknown }).path;
  const field = Array.isArray(path) && path.length > 0 ? path.map(String).join('.') : 'body';
  return { field, message: err.message };
}

export class ComputeService {
  private pool: WorkerPool<Api> | null = null;
  private closed = false;

  constructor(readonly size: number) {}

  /** Workers running now (0 until the first compute call). */
  get started(): number {
    return this.pool?.started ?? 0;
  }

  /** Runs one job on a worker; InputError → 400 VALIDATION naming the field. */
  async run<R>(job: (api: Api) => Promise<R>): Promise<R> {
    if (this.closed) throw apiError('INTERNAL');
    this.pool ??= new WorkerPool<Api>(() => startNodeWorker<ComputeWorkerApi>(ENTRY), { size: this.size });
    try {
      return await this.pool.run(job);
    } catch (err) {
      const bad = inputPath(err);
      if (bad) throw apiError('VALIDATION', bad, { field: bad.field });
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.terminate();
    this.pool = null;
  }
}
