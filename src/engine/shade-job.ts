// A shade analysis on a worker pool (Node worker_threads or browser Workers: any WorkerPool whose
// workers run kernels): the modules are split into ranges, every worker builds the scene and its BVH
// once (from its own copy of the same arrays, on its first range) and shades the ranges it takes.
// The lifecycle is docs/PRODUCT.md's: idle → running ⇄ paused → finished, running|paused → stopped,
// finished|stopped → running (a restart computes everything again). Progress is reported per range.
//
//   const pool = createNodeEnginePool({ size: 4 });
//   const job = new ShadeJob(pool, input);
//   job.on('progress', ({ percent }) => …);  job.on('status', (s) => …);
//   const out = await job.start();             // pause() / resume() / stop() meanwhile
import type { ShadeInput, ShadeInputParsed, ShadeOutput } from '../model/shade.ts';
import { abortError, PauseController, withTransfer, type WorkerPool } from './pool.ts';
import { parseShadeInput } from './shade.ts';
import {
  assembleShade,
  decodeShadeBuild,
  decodeShadeRun,
  encodeShadeBuild,
  encodeShadeRun,
  moduleRanges,
  type ShadeBuildEncoding,
  type ShadeChunk,
} from './shade-codec.ts';
import type { AsyncKernelRunner } from './steps.ts';

export type ShadeJobStatus = 'idle' | 'running' | 'paused' | 'finished' | 'stopped';

export interface ShadeProgress {
  /** Modules shaded so far. */
  done: number;
  total: number;
  /** done / total × 100 (100 for an empty job). */
  percent: number;
}

export interface ShadeJobEvents {
  status: (status: ShadeJobStatus) => void;
  progress: (progress: ShadeProgress) => void;
}

export interface ShadeJobOptions {
  /**
   * Modules per range; default: about 32 ranges per worker, between 16 and 2000 modules (ranges are
   * handed out as workers free up, so the last one bounds the time a worker may sit idle at the end).
   */
  rangeSize?: number;
}

/** The transitions docs/PRODUCT.md allows. */
const ALLOWED: Record<ShadeJobStatus, readonly ShadeJobStatus[]> = {
  idle: ['running'],
  running: ['paused', 'finished', 'stopped'],
  paused: ['running', 'stopped'],
  finished: ['running'],
  stopped: ['running'],
};

/** A shade analysis on a pool, with progress, pause, resume and stop. */
export class ShadeJob<A extends AsyncKernelRunner> {
  private state: ShadeJobStatus = 'idle';
  private readonly parsed: ShadeInputParsed;
  private readonly listeners: { [K in keyof ShadeJobEvents]: Set<ShadeJobEvents[K]> } = { status: new Set(), progress: new Set() };
  private abort: AbortController | null = null;
  private pauser: PauseController | null = null;
  private last: ShadeOutput | null = null;
  private progressNow: ShadeProgress;

  /** Validates the input now (InputError naming the path); nothing runs before start(). */
  constructor(
    private readonly pool: WorkerPool<A>,
    input: ShadeInput,
    private readonly options: ShadeJobOptions = {},
  ) {
    this.parsed = parseShadeInput(input);
    const total = this.parsed.modules.length;
    this.progressNow = { done: 0, total, percent: total === 0 ? 100 : 0 };
  }

  get status(): ShadeJobStatus {
    return this.state;
  }

  /** The output of the last finished run (null before). */
  get result(): ShadeOutput | null {
    return this.last;
  }

  get progress(): ShadeProgress {
    return this.progressNow;
  }

  on<K extends keyof ShadeJobEvents>(event: K, fn: ShadeJobEvents[K]): () => void {
    this.listeners[event].add(fn);
    return () => this.listeners[event].delete(fn);
  }

  /**
   * Runs the analysis (from idle, or again from finished or stopped). Resolves with the output when
   * finished; rejects with an AbortError when stopped, or with the first failure (status stopped).
   */
  async start(): Promise<ShadeOutput> {
    this.move('running');
    const abort = new AbortController();
    const pauser = new PauseController();
    this.abort = abort;
    this.pauser = pauser;
    this.last = null;
    const total = this.parsed.modules.length;
    this.report({ done: 0, total, percent: total === 0 ? 100 : 0 });
    const build = encodeShadeBuild(this.parsed);
    const ranges = moduleRanges(total, this.rangeSize(total));
    const handles = new Map<A, number>();
    let done = 0;
    try {
      const chunks = await this.pool.map(
        ranges,
        async (api, [start, end]) => {
          const chunk = await this.shadeRange(api, handles, build, start, end);
          if (!abort.signal.aborted) {
            done += end - start;
            this.report({ done, total, percent: total === 0 ? 100 : (100 * done) / total });
          }
          return chunk;
        },
        { signal: abort.signal, pause: pauser },
      );
      const out = assembleShade(this.parsed, build.nSteps, chunks);
      this.last = out;
      this.move('finished');
      return out;
    } catch (e) {
      if (this.state === 'running' || this.state === 'paused') this.move('stopped');
      throw e;
    } finally {
      // Scenes are freed after whatever still runs on each worker (a worker answers in order).
      for (const [api, handle] of handles) api.run('shadeFree', new Float64Array(0), Int32Array.of(handle)).catch(() => {});
    }
  }

  /** running → paused: ranges already on a worker finish, no new one starts. */
  pause(): void {
    this.move('paused');
    this.pauser?.pause();
  }

  /** paused → running (a stopped or finished job runs again through start()). */
  resume(): void {
    if (this.state !== 'paused') throw new Error(`a shade job cannot resume from ${this.state}`);
    this.move('running');
    this.pauser?.resume();
  }

  /** running|paused → stopped: drops what is left; start() rejects with an AbortError. */
  stop(): void {
    this.move('stopped');
    this.pauser?.resume();
    this.abort?.abort(abortError());
  }

  private rangeSize(total: number): number {
    if (this.options.rangeSize !== undefined) return Math.max(1, Math.floor(this.options.rangeSize));
    return Math.max(16, Math.min(2000, Math.ceil(total / (32 * this.pool.size))));
  }

  private async shadeRange(api: A, handles: Map<A, number>, build: ShadeBuildEncoding, start: number, end: number): Promise<ShadeChunk> {
    let handle = handles.get(api);
    if (handle === undefined) {
      // Each worker gets its own copy of the scene, moved (not copied again) across the boundary.
      const f64 = build.f64.slice();
      const i32 = build.i32.slice();
      handle = decodeShadeBuild(await api.run('shadeBuild', withTransfer(f64, f64), withTransfer(i32, i32)));
      handles.set(api, handle);
    }
    const run = encodeShadeRun(handle, start, end, this.parsed);
    return decodeShadeRun(await api.run('shadeRun', withTransfer(run.f64, run.f64), run.i32), start, end);
  }

  private move(next: ShadeJobStatus): void {
    if (!ALLOWED[this.state].includes(next)) throw new Error(`a shade job cannot go from ${this.state} to ${next}`);
    this.state = next;
    for (const fn of this.listeners.status) fn(next);
  }

  private report(p: ShadeProgress): void {
    this.progressNow = p;
    for (const fn of this.listeners.progress) fn(p);
  }
}
