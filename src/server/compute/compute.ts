// The compute calls' worker pool: one per server, created on first use, `size` worker threads (config
// COMPUTE_WORKERS) running the engine code of worker-api.ts. An InputError from a worker (bad input
// the route schema could not see, with its `path`) becomes HTTP 400 naming the field.
//
// The shared workers are protected three ways (issue 19; limits in src/model/compute-budget.ts):
// a call's estimate above its budget is refused before it runs (400 COMPUTE_TOO_BIG naming the
// field), a call running past the timeout has its worker terminated and replaced (503
// COMPUTE_TIMEOUT; the other workers go on), and one owner (a user, or an address for share-key
// reads) may have only `perUser` calls running or waiting at once (429 COMPUTE_BUSY).
import type { Remote } from 'comlink';
import { startNodeWorker } from '../../engine/node.ts';
import { WorkerPool } from '../../engine/pool.ts';
import { budgetMessage, COMPUTE_BUDGET, tooBigForSync, weatherTextSteps, type ComputeEstimate } from '../../model/compute-budget.ts';
import { apiError } from '../errors.ts';
import type { WeatherSpec } from '../weather/weather-service.ts';
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

export interface ComputeLimits {
  /** A call running longer is stopped [ms]. */
  timeoutMs: number;
  /** Calls one owner may have running or waiting at once. */
  perUser: number;
}

export interface RunOptions {
  /** Who the call is for ('user:12', 'ip:…'): at most `perUser` calls each. Absent: not counted. */
  owner?: string;
  /** The call's estimated cost: refused with 400 when too big for a synchronous answer. */
  estimate?: ComputeEstimate;
  /** This call's timeout [ms] instead of the pool's (a queued job's, which nobody waits on). */
  timeoutMs?: number;
}

/** 400 naming the field when the estimate is over its budget (the seam a job engine can route on). */
export function refuseTooBig(estimate: ComputeEstimate): void {
  if (tooBigForSync(estimate)) throw apiError('COMPUTE_TOO_BIG', { field: estimate.field, detail: budgetMessage(estimate) }, { field: estimate.field });
}

export class ComputeService {
  private pool: WorkerPool<Api> | null = null;
  private closed = false;
  private readonly running = new Map<string, number>();
  readonly limits: ComputeLimits;

  constructor(
    readonly size: number,
    limits: Partial<ComputeLimits> = {},
  ) {
    this.limits = { timeoutMs: limits.timeoutMs ?? COMPUTE_BUDGET.timeoutMs, perUser: limits.perUser ?? COMPUTE_BUDGET.perUserConcurrency };
  }

  /** Workers running now (0 until the first compute call). */
  get started(): number {
    return this.pool?.started ?? 0;
  }

  /** Calls of an owner running or waiting now. */
  inFlight(owner: string): number {
    return this.running.get(owner) ?? 0;
  }

  /**
   * Runs one job on a worker: refused when its estimate is over budget (400) or its owner has too
   * many calls in flight (429); stopped after the timeout (503); InputError → 400 VALIDATION.
   */
  async run<R>(job: (api: Api) => Promise<R>, options: RunOptions = {}): Promise<R> {
    if (this.closed) throw apiError('INTERNAL');
    if (options.estimate) refuseTooBig(options.estimate);
    const { owner } = options;
    const timeoutMs = options.timeoutMs ?? this.limits.timeoutMs;
    if (owner !== undefined) {
      const n = this.inFlight(owner);
      if (n >= this.limits.perUser) throw apiError('COMPUTE_BUSY', { max: this.limits.perUser }, { retryAfter: 1 });
      this.running.set(owner, n + 1);
    }
    // A new worker loads its engine before its first job: start-up never counts against the timeout.
    this.pool ??= new WorkerPool<Api>(() => startNodeWorker<ComputeWorkerApi>(ENTRY), { size: this.size, ready: (api) => api.ready() });
    try {
      return await this.pool.run(job, { timeoutMs });
    } catch (err) {
      const bad = inputPath(err);
      if (bad) throw apiError('VALIDATION', bad, { field: bad.field });
      if (err instanceof Error && err.name === 'TimeoutError') throw apiError('COMPUTE_TIMEOUT', { seconds: timeoutMs / 1000 });
      throw err;
    } finally {
      if (owner !== undefined) {
        const n = this.inFlight(owner) - 1;
        if (n > 0) this.running.set(owner, n);
        else this.running.delete(owner);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.terminate();
    this.pool = null;
  }
}

/** The steps of a weather spec's year (a file's lines, an upper bound; a generated or PVGIS year ≤ 8784 h). */
export function weatherSpecSteps(spec: WeatherSpec): number {
  return 'file' in spec ? weatherTextSteps(spec.file.text) : 8784;
}

/** The owner key of a signed-in user's calls. */
export function userOwner(userId: number): string {
  return `user:${userId}`;
}
