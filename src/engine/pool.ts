// A small pool of engine workers for big jobs (many roofs, the shade analysis of a huge scene).
//
// Generic over the worker's API (A: whatever a worker handle's `api` is, a comlink Remote<…> or a
// client over one): the pool knows how to start workers (a factory, so the same pool runs Node
// worker_threads and browser Workers) and hands each job to an idle worker through the job's
// function. One FIFO queue is shared by every batch: an idle worker takes the next job, so a
// slow job never holds up the others and two batches share the workers fairly.
//
//   const pool = createNodeEnginePool({ size: 4 });        // or createBrowserEnginePool()
//   const roofs = await pool.map(buildings, (api, b) => api.roof(b), { onProgress, signal });
//   await pool.terminate();
//
// Large typed arrays go by transfer, not by copy: mark the argument in the job function,
// `(api, chunk) => api.shadeChunk(withTransfer(chunk, chunk.rays))`, and let the worker return
// `withTransfer(result, result.fractions)`. State each worker keeps for a batch (a scene, its BVH) is set
// up once per worker with `broadcast` before the batch.
import { transfer, transferHandlers, type TransferHandler } from 'comlink';

export { transfer } from 'comlink';

/**
 * Marks `value` (a call's argument or a worker's return value) so that the buffers of the given
 * typed arrays move instead of being copied: each buffer once, shared memory never (it is shared
 * anyway). The arrays are unusable on the sending side afterwards.
 */
export function withTransfer<T>(value: T, ...views: ArrayBufferView[]): T {
  const buffers = new Set<ArrayBuffer>();
  for (const v of views) if (v.buffer instanceof ArrayBuffer) buffers.add(v.buffer);
  return transfer(value, [...buffers]);
}

/** One started worker: the object jobs call it through (a comlink proxy) and a way to stop it. */
export interface WorkerHandle<A> {
  api: A;
  terminate(): void | Promise<unknown>;
  /** Settles when the worker stops on its own (crash, exit); its running job then fails. */
  exited?: Promise<unknown>;
}

/** Starts worker number `index` of the pool. */
export type WorkerFactory<A> = (index: number) => WorkerHandle<A>;

export interface PoolOptions<A = unknown> {
  /** Number of workers; default min(hardware concurrency, 4). Workers start on first use. */
  size?: number;
  /**
   * Runs on each new worker before its first job (e.g. waits for its engine to load); a job's
   * timeoutMs counts from after it, so a worker's start-up never times a job out.
   */
  ready?: (api: A) => Promise<unknown> | unknown;
}

export interface MapOptions {
  /** Called after each finished job with (jobs done, jobs in the batch); the last call has done = total. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting drops the batch's pending jobs and rejects the batch with an AbortError. */
  signal?: AbortSignal;
  /** While paused, the batch's queued jobs wait (jobs already running finish); resume goes on. */
  pause?: PauseController;
  /**
   * A job running longer than this on its worker [ms] is stopped: the worker is terminated (the pool
   * starts a new one for the next job) and the batch rejects with a TimeoutError. Waiting in the
   * queue does not count.
   */
  timeoutMs?: number;
}

/**
 * Pauses and resumes the batches it is given to (MapOptions.pause), like an AbortController aborts
 * them: `pause()` holds their queued jobs back, `resume()` lets them run again. A job that is
 * already running on a worker is not interrupted.
 */
export class PauseController {
  private held = false;
  private readonly listeners = new Set<() => void>();

  get paused(): boolean {
    return this.held;
  }

  pause(): void {
    this.held = true;
  }

  resume(): void {
    if (!this.held) return;
    this.held = false;
    for (const l of [...this.listeners]) l();
  }

  /** Calls fn on every resume until the returned function is called. */
  onResume(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

/** What a job runs: it calls its worker through the proxy. */
export type JobFn<A, J, R> = (api: A, job: J, index: number) => Promise<R> | R;

interface Batch {
  settled: boolean;
  fail(error: unknown): void;
  /** true while its jobs must wait (MapOptions.pause). */
  held(): boolean;
  /** MapOptions.timeoutMs. */
  timeoutMs?: number;
}

interface Task<A> {
  batch: Batch;
  exec(api: A): Promise<unknown> | unknown;
  ok(value: unknown): void;
}

interface Slot<A> {
  handle: WorkerHandle<A>;
  busy: boolean;
  alive: boolean;
  /** The task running on it. */
  current: Task<A> | null;
  /** Tasks that must run on this worker (broadcast). */
  own: Task<A>[];
  /** Stops the worker and fails its jobs (set by startWorker). */
  lose(reason: unknown): void;
  /** Settles when PoolOptions.ready has run on it. */
  ready: Promise<unknown>;
}

/** Default pool size: min(cores, 4), at least 1 (4 where the core count is unknown). */
export function defaultPoolSize(cores?: number): number {
  const n = cores ?? (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 4;
  return Math.max(1, Math.min(n, 4));
}

/** The error a batch rejects with when a job outlives MapOptions.timeoutMs (name "TimeoutError", as AbortSignal.timeout). */
export function timeoutError(ms: number): Error {
  const e = new Error(`the job ran longer than ${ms} ms and its worker was stopped`);
  e.name = 'TimeoutError';
  return e;
}

/** The error a cancelled batch rejects with (name "AbortError", as fetch rejects). */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const e = new Error('The operation was aborted', reason === undefined ? undefined : { cause: reason });
  e.name = 'AbortError';
  return e;
}

export class WorkerPool<A> {
  readonly size: number;
  private readonly factory: WorkerFactory<A>;
  private readonly onReady: PoolOptions<A>['ready'];
  private readonly slots: Slot<A>[] = [];
  private readonly queue: Task<A>[] = [];
  private readonly batches = new Set<Batch>();
  private created = 0;
  private terminated = false;

  constructor(factory: WorkerFactory<A>, options: PoolOptions<A> = {}) {
    const size = options.size ?? defaultPoolSize();
    if (!Number.isInteger(size) || size < 1) throw new RangeError('pool size must be a positive integer');
    this.size = size;
    this.factory = factory;
    this.onReady = options.ready;
  }

  /** Workers running now (they start on first use, up to `size`). */
  get started(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a worker. */
  get pending(): number {
    return this.queue.length + this.slots.reduce((n, s) => n + s.own.length, 0);
  }

  /**
   * Runs fn over every job on the pool's workers and resolves with the results in the order of
   * `jobs`. The first failing job rejects the batch with its error and drops the batch's pending
   * jobs (so does an abort, with an AbortError); jobs already running finish on their worker and
   * their results are discarded.
   */
  map<J, R>(jobs: Iterable<J>, fn: JobFn<A, J, R>, options: MapOptions = {}): Promise<R[]> {
    const list = Array.from(jobs);
    return this.batch(list.length, options, (push) => {
      list.forEach((job, index) => push((api) => fn(api, job, index)));
    });
  }

  /** Runs one job on the next idle worker. */
  async run<R>(fn: (api: A) => Promise<R> | R, options: Pick<MapOptions, 'signal' | 'timeoutMs'> = {}): Promise<R> {
    const [r] = await this.map([0], (api) => fn(api), options);
    return r;
  }

  /**
   * Runs fn once on every worker of the pool (starting them all), each when it is idle: e.g. to load
   * the scene that later jobs use. A buffer can be transferred to one worker only: send each worker
   * its own copy, or share a SharedArrayBuffer. A worker that replaces a crashed one has not seen
   * it: state every job needs is safer set up by the worker factory.
   */
  broadcast<R>(fn: (api: A, workerIndex: number) => Promise<R> | R, options: MapOptions = {}): Promise<R[]> {
    if (!this.terminated) while (this.slots.length < this.size) this.startWorker();
    const slots = [...this.slots];
    return this.batch(slots.length, options, (_push, pin) => {
      slots.forEach((slot, i) => pin(slot, (api) => fn(api, i)));
    });
  }

  /** Stops every worker; batches not yet finished reject. */
  async terminate(): Promise<void> {
    if (this.terminated) return;
    this.terminated = true;
    const error = new Error('the worker pool was terminated');
    for (const b of [...this.batches]) b.fail(error);
    this.queue.length = 0;
    const slots = this.slots.splice(0);
    for (const s of slots) s.alive = false;
    await Promise.all(slots.map((s) => s.handle.terminate()));
  }

  private batch<R>(
    total: number,
    { onProgress, signal, pause, timeoutMs }: MapOptions,
    enqueue: (
      push: (exec: (api: A) => Promise<R> | R) => void,
      pin: (slot: Slot<A>, exec: (api: A) => Promise<R> | R) => void,
    ) => void,
  ): Promise<R[]> {
    if (this.terminated) return Promise.reject(new Error('the worker pool was terminated'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (total === 0) return Promise.resolve([]);

    return new Promise<R[]>((resolve, reject) => {
      const results = new Array<R>(total);
      let done = 0;
      const onAbort = () => batch.fail(abortError(signal));
      const unpause = pause?.onResume(() => this.pump());
      const settle = () => {
        batch.settled = true;
        this.batches.delete(batch);
        signal?.removeEventListener('abort', onAbort);
        unpause?.();
        this.drop(batch);
      };
      const batch: Batch = {
        held: () => pause?.paused === true,
        timeoutMs,
        settled: false,
        fail: (error) => {
          if (batch.settled) return;
          settle();
          reject(error);
        },
      };
      this.batches.add(batch);
      signal?.addEventListener('abort', onAbort, { once: true });

      let next = 0;
      const task = (exec: (api: A) => Promise<R> | R): Task<A> => {
        const index = next++;
        return {
          batch,
          exec,
          ok: (value) => {
            if (batch.settled) return;
            results[index] = value as R;
            done++;
            onProgress?.(done, total);
            if (done === total) {
              settle();
              resolve(results);
            }
          },
        };
      };
      enqueue(
        (exec) => this.queue.push(task(exec)),
        (slot, exec) => slot.own.push(task(exec)),
      );
      this.pump();
    });
  }

  /** Removes a finished batch's pending tasks. */
  private drop(batch: Batch): void {
    const keep = (t: Task<A>) => t.batch !== batch;
    this.queue.splice(0, this.queue.length, ...this.queue.filter(keep));
    for (const s of this.slots) s.own = s.own.filter(keep);
  }

  private startWorker(): Slot<A> {
    const handle = this.factory(this.created++);
    const lost = (reason: unknown) => {
      if (!slot.alive) return;
      // A worker that stopped on its own (or was stopped for a timeout) fails its jobs and is
      // replaced on the next job.
      slot.alive = false;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      const error = reason instanceof Error ? reason : new Error('the worker stopped');
      // A browser worker may survive an 'error' event: stop it so it cannot linger.
      void Promise.resolve()
        .then(() => slot.handle.terminate())
        .catch(() => {});
      slot.current?.batch.fail(error);
      for (const t of slot.own.splice(0)) t.batch.fail(error);
      this.pump();
    };
    const onReady = this.onReady;
    const ready = onReady ? Promise.resolve().then(() => onReady(handle.api)) : Promise.resolve();
    ready.catch(() => {});
    const slot: Slot<A> = { handle, busy: false, alive: true, current: null, own: [], lose: lost, ready };
    handle.exited?.then(lost, lost);
    this.slots.push(slot);
    return slot;
  }

  /** Hands tasks to idle workers: a worker's own tasks first, then the shared queue (paused batches wait). */
  private pump(): void {
    if (this.terminated) return;
    for (const slot of this.slots) {
      if (!slot.busy && slot.alive) {
        const task = takeReady(slot.own) ?? takeReady(this.queue);
        if (task) this.start(slot, task);
      }
    }
    while (this.slots.length < this.size) {
      const task = takeReady(this.queue);
      if (!task) break;
      this.start(this.startWorker(), task);
    }
  }

  private start(slot: Slot<A>, task: Task<A>): void {
    slot.busy = true;
    slot.current = task;
    const ms = task.batch.timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    slot.ready
      .then(() => {
        // A worker stuck in a job cannot be interrupted, only stopped: the timer stops it.
        if (ms !== undefined) {
          timer = setTimeout(() => {
            if (slot.current === task && slot.alive) slot.lose(timeoutError(ms));
          }, ms);
          (timer as { unref?: () => void }).unref?.();
        }
        return task.exec(slot.handle.api);
      })
      .then(
        (value) => task.ok(value),
        (error: unknown) => task.batch.fail(error ?? new Error('job failed')),
      )
      .finally(() => {
        clearTimeout(timer);
        slot.current = null;
        slot.busy = false;
        this.pump();
      });
  }
}

/** Removes and returns the first task whose batch is not paused. */
function takeReady<A>(tasks: Task<A>[]): Task<A> | undefined {
  const i = tasks.findIndex((t) => !t.batch.held());
  return i < 0 ? undefined : tasks.splice(i, 1)[0];
}

// ── errors across the boundary ──────────────────────────────────────────────────────────────────

/** A plain-data copy of an error's own fields (InputError's `path`, a code …). */
interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

const ERROR_MARKER = Symbol.for('pv-studio.error');

/**
 * Comlink copies only message, name and stack of an error thrown in a worker. This replaces its
 * "throw" handler so that an error's own data fields (InputError's `path`, `issues`, a `code`) reach
 * the caller too. Call it on both sides of the boundary (the worker entries and factories do).
 */
export function preserveWorkerErrors(): void {
  const base = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, unknown> | undefined;
  if (!base || (base as unknown as Record<symbol, boolean>)[ERROR_MARKER]) return;
  const handler: TransferHandler<{ value: unknown }, unknown> & Record<symbol, boolean> = {
    [ERROR_MARKER]: true,
    canHandle: base.canHandle,
    serialize(thrown) {
      const value = thrown.value;
      if (!(value instanceof Error)) return base.serialize(thrown);
      const fields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) if (isCloneable(v)) fields[k] = v;
      const s: SerializedError = { message: value.message, name: value.name, stack: value.stack, fields };
      return [{ isError: true, pvStudio: true, value: s }, []];
    },
    deserialize(serialized) {
      const s = serialized as { pvStudio?: boolean; value: SerializedError };
      if (!s.pvStudio) return base.deserialize(serialized);
      const e = Object.assign(new Error(s.value.message), s.value.fields);
      e.name = s.value.name;
      if (s.value.stack) e.stack = s.value.stack;
      throw e;
    },
  };
  transferHandlers.set('throw', handler as TransferHandler<unknown, unknown>);
}

function isCloneable(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) return true;
  try {
    structuredClone(v);
    return true;
  } catch {
    return false;
  }
}
