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
//
// With `hourly: true` (a year of time steps) the job also keeps each module's per-step shading as the
// compact record of model/shade-hourly.ts (`out.hourly`): every range asks the kernel for its per-step
// rows and encodes them as soon as they arrive, so the dense module × step table (8760 numbers a
// module) never exists beyond one range, and ranges are kept to HOURLY_RANGE_VALUES per-step values.
import { ShadeStride } from '../../engine/abi.ts';
import type { ShadeInput, ShadeInputParsed, ShadeOutput } from '../model/shade.ts';
import { encodeModuleHourly, type ShadeHourlyTime } from '../model/shade-hourly.ts';
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

/** Most per-step values one range returns with `hourly` (×8 bytes: 32 MB). */
export const HOURLY_RANGE_VALUES = 4_000_000;

/** The hourly record of a finished job: the analysis's time steps and each module's encoded record. */
export interface ShadeJobHourly {
  time: ShadeHourlyTime;
  /** Per module, in the input's order: its record (model/shade-hourly.ts encodeModuleHourly). */
  modules: Uint8Array[];
}

/** A job's output: the engine's, and with `hourly` the modules' per-step records. */
export type ShadeJobOutput = ShadeOutput & { hourly?: ShadeJobHourly };

export interface ShadeJobOptions {
  /**
   * Modules per range; default: about 32 ranges per worker, between 16 and 2000 modules (ranges are
   * handed out as workers free up, so the last one bounds the time a worker may sit idle at the end).
   */
  rangeSize?: number;
  /**
   * Keep each module's per-step shading as a compact record (`hourly` of the output; needs `times` as
   * a year, ignored with sun vectors). Default false.
   */
  hourly?: boolean;
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
  private last: ShadeJobOutput | null = null;
  /** Per module, its hourly record (with `hourly`, filled as ranges finish). */
  private hourlyModules: Uint8Array[] = [];
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
  get result(): ShadeJobOutput | null {
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
  async start(): Promise<ShadeJobOutput> {
    this.move('running');
    const abort = new AbortController();
    const pauser = new PauseController();
    this.abort = abort;
    this.pauser = pauser;
    this.last = null;
    const total = this.parsed.modules.length;
    this.report({ done: 0, total, percent: total === 0 ? 100 : 0 });
    const build = encodeShadeBuild(this.parsed);
    const hourly = this.hourlyTime(build.nSteps);
    this.hourlyModules = hourly ? new Array<Uint8Array>(total) : [];
    const ranges = moduleRanges(total, this.rangeSize(total, hourly ? build.nSteps : 0));
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
      const shaded = assembleShade(this.parsed, build.nSteps, chunks);
      const out: ShadeJobOutput = hourly ? { ...shaded, hourly: { time: hourly, modules: this.hourlyModules } } : shaded;
      this.hourlyModules = [];
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

  /** The time steps of the hourly record, or null when none is kept. */
  private hourlyTime(steps: number): ShadeHourlyTime | null {
    const times = this.parsed.times;
    if (!this.options.hourly || !('year' in times) || steps === 0) return null;
    return { year: times.year, stepMinutes: times.stepMinutes, timezone: times.timezone, steps };
  }

  /** Modules per range; `hourlySteps`: the per-step values each module returns (0 without the hourly record). */
  private rangeSize(total: number, hourlySteps: number): number {
    const cap = hourlySteps > 0 ? Math.max(1, Math.floor(HOURLY_RANGE_VALUES / hourlySteps)) : Infinity;
    if (this.options.rangeSize !== undefined) return Math.max(1, Math.min(cap, Math.floor(this.options.rangeSize)));
    return Math.max(1, Math.min(cap, Math.max(16, Math.min(2000, Math.ceil(total / (32 * this.pool.size))))));
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
    const hourly = this.hourlyModules.length > 0;
    const parsed = hourly && !this.parsed.output.perStep ? { ...this.parsed, output: { ...this.parsed.output, perStep: true } } : this.parsed;
    const run = encodeShadeRun(handle, start, end, parsed);
    const chunk = decodeShadeRun(await api.run('shadeRun', withTransfer(run.f64, run.f64), run.i32), start, end);
    if (!hourly) return chunk;
    // The per-step rows follow the modules' sums (shade-codec.ts): encode them, keep only the sums
    // unless the caller also asked for the dense table.
    const n = end - start;
    const head = n * ShadeStride.SHADE_MODULE_F64;
    const steps = (chunk.f64.length - head) / n;
    for (let k = 0; k < n; k++) this.hourlyModules[start + k] = encodeModuleHourly(chunk.f64, head + k * steps, steps);
    return this.parsed.output.perStep ? chunk : { ...chunk, f64: chunk.f64.slice(0, head) };
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
