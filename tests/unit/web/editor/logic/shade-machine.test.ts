// The shading lifecycle (src/web/editor/shade/shade.machine.ts; spec 000 §4 "Shade analysis can be
// started, paused, continued, stopped or restarted", with confirmations for stop and restart): every
// transition driven with createActor and a fake job the test controls, the job actor swapped with
// machine.provide, and one run of the real ShadeJob on an in-process pool of the reference kernels.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { referenceRunner } from '../../../../../src/engine/api.ts';
import { WorkerPool } from '../../../../../src/engine/pool.ts';
import { ShadeJob, type ShadeJobStatus, type ShadeProgress } from '../../../../../src/engine/shade-job.ts';
import type { AsyncKernelRunner } from '../../../../../src/engine/steps.ts';
import type { ShadeInput, ShadeOutput } from '../../../../../src/model/shade.ts';
import { shadeButtons, shadeMachine, shadeStatus, type ShadeJobLike } from '../../../../../src/web/editor/shade/shade.machine.ts';

const OUTPUT: ShadeOutput = { modules: [{ id: 'A:0', beamShading: 0.1, shadedSteps: 3, diffuseShading: 0.05 }], steps: 10, rays: 40 };

/** A job the test drives: progress, finish and fail by hand; records what the machine asked. */
class FakeJob implements ShadeJobLike {
  status: ShadeJobStatus = 'idle';
  calls: string[] = [];
  private listeners = new Set<(p: ShadeProgress) => void>();
  private settle: { resolve: (o: ShadeOutput) => void; reject: (e: unknown) => void } | null = null;
  start(): Promise<ShadeOutput> {
    this.calls.push('start');
    this.status = 'running';
    return new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }
  pause(): void {
    this.calls.push('pause');
    this.status = 'paused';
  }
  resume(): void {
    this.calls.push('resume');
    this.status = 'running';
  }
  stop(): void {
    this.calls.push('stop');
    this.status = 'stopped';
    const e = new Error('stopped');
    e.name = 'AbortError';
    this.settle?.reject(e);
  }
  on(_event: 'progress', fn: (p: ShadeProgress) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  emit(done: number, total: number): void {
    for (const fn of this.listeners) fn({ done, total, percent: (100 * done) / total });
  }
  finish(): Promise<void> {
    this.status = 'finished';
    this.settle?.resolve(OUTPUT);
    return flush();
  }
  fail(message: string): Promise<void> {
    this.status = 'stopped';
    this.settle?.reject(new Error(message));
    return flush();
  }
}

/** Lets promise callbacks run. */
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

function started() {
  const jobs: FakeJob[] = [];
  const actor = createActor(shadeMachine, {
    input: {
      createJob: () => {
        const j = new FakeJob();
        jobs.push(j);
        return j;
      },
    },
  }).start();
  return { actor, jobs, job: () => jobs[jobs.length - 1] };
}

describe('the shade lifecycle with a fake job', () => {
  it('idle → running with progress → finished, the output kept', async () => {
    const { actor, jobs, job } = started();
    expect(shadeStatus(actor.getSnapshot())).toBe('idle');
    expect(shadeButtons(actor.getSnapshot())).toEqual({ start: true, pause: false, resume: false, stop: false, restart: false });
    actor.send({ type: 'shade.start' });
    expect(actor.getSnapshot().matches({ active: 'running' })).toBe(true);
    expect(jobs).toHaveLength(1);
    expect(job().calls).toEqual(['start']);
    job().emit(25, 100);
    expect(actor.getSnapshot().context.progress).toEqual({ done: 25, total: 100, percent: 25 });
    await job().finish();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(actor.getSnapshot().context.output).toEqual(OUTPUT);
    expect(actor.getSnapshot().context.progress.percent).toBe(100);
    // A finished job is not stopped when the machine leaves `active`.
    expect(job().calls).toEqual(['start']);
  });

  it('pause and continue reach the job; progress arrives while paused too', () => {
    const { actor, job } = started();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.pause' });
    expect(shadeStatus(actor.getSnapshot())).toBe('paused');
    expect(shadeButtons(actor.getSnapshot())).toMatchObject({ pause: false, resume: true, stop: true });
    // Ranges already on a worker finish after a pause.
    job().emit(40, 100);
    expect(actor.getSnapshot().context.progress.done).toBe(40);
    actor.send({ type: 'shade.resume' });
    expect(shadeStatus(actor.getSnapshot())).toBe('running');
    expect(job().calls).toEqual(['start', 'pause', 'resume']);
  });

  it('stop asks for confirmation; cancel returns to running (or paused), the job untouched', () => {
    const { actor, job } = started();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.stop' });
    expect(shadeStatus(actor.getSnapshot())).toBe('confirmingStop');
    actor.send({ type: 'shade.cancel' });
    expect(shadeStatus(actor.getSnapshot())).toBe('running');
    actor.send({ type: 'shade.pause' });
    actor.send({ type: 'shade.stop' });
    actor.send({ type: 'shade.cancel' });
    expect(shadeStatus(actor.getSnapshot())).toBe('paused');
    expect(job().calls).toEqual(['start', 'pause']);
  });

  it('confirmed stop stops the job: stopped, no output', async () => {
    const { actor, job } = started();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.stop' });
    actor.send({ type: 'shade.confirm' });
    await flush();
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(job().calls).toEqual(['start', 'stop']);
    // The AbortError of a stopped job is not a failure.
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.output).toBeNull();
  });

  it('a job finishing while the stop is being confirmed keeps its result', async () => {
    const { actor, job } = started();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.stop' });
    await job().finish();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(actor.getSnapshot().context.confirmFrom).toBeNull();
  });

  it('restart asks for confirmation; cancel keeps the result; confirm runs a new job', async () => {
    const { actor, jobs, job } = started();
    actor.send({ type: 'shade.start' });
    await job().finish();
    actor.send({ type: 'shade.restart' });
    expect(shadeStatus(actor.getSnapshot())).toBe('confirmingRestart');
    actor.send({ type: 'shade.cancel' });
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(actor.getSnapshot().context.output).toEqual(OUTPUT);
    actor.send({ type: 'shade.restart' });
    actor.send({ type: 'shade.confirm' });
    expect(shadeStatus(actor.getSnapshot())).toBe('running');
    expect(jobs).toHaveLength(2);
    expect(actor.getSnapshot().context.output).toBeNull();
    expect(actor.getSnapshot().context.progress.percent).toBe(0);
  });

  it('restart from stopped; cancel goes back to stopped', async () => {
    const { actor, jobs } = started();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.stop' });
    actor.send({ type: 'shade.confirm' });
    await flush();
    actor.send({ type: 'shade.restart' });
    actor.send({ type: 'shade.cancel' });
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    actor.send({ type: 'shade.restart' });
    actor.send({ type: 'shade.confirm' });
    expect(actor.getSnapshot().matches({ active: 'running' })).toBe(true);
    expect(jobs).toHaveLength(2);
  });

  it('a failing job ends stopped with its error', async () => {
    const { actor, job } = started();
    actor.send({ type: 'shade.start' });
    await job().fail('worker crashed');
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('worker crashed');
  });

  it('ignores what does not apply: pause when idle, resume while running, restart while running', () => {
    const { actor } = started();
    actor.send({ type: 'shade.pause' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.resume' });
    actor.send({ type: 'shade.restart' });
    expect(actor.getSnapshot().matches({ active: 'running' })).toBe(true);
  });

  it('without a job factory the run fails at once', async () => {
    const actor = createActor(shadeMachine, { input: {} }).start();
    actor.send({ type: 'shade.start' });
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeTruthy();
  });
});

describe('the job actor swapped with machine.provide', () => {
  it('the machine sends job.pause / job.resume to the actor and reacts to what it sends back', () => {
    const received: string[] = [];
    let back: ((e: AnyEventObject) => void) | null = null;
    let cleaned = 0;
    const machine = shadeMachine.provide({
      actors: {
        shadeJob: fromCallback(({ sendBack, receive }) => {
          back = sendBack;
          receive((e) => received.push(e.type));
          return () => void cleaned++;
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'shade.start' });
    actor.send({ type: 'shade.pause' });
    actor.send({ type: 'shade.resume' });
    expect(received).toEqual(['job.pause', 'job.resume']);
    back!({ type: 'job.progress', progress: { done: 1, total: 2, percent: 50 } });
    expect(actor.getSnapshot().context.progress.percent).toBe(50);
    back!({ type: 'job.finished', output: OUTPUT });
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    // Leaving `active` stops the actor.
    expect(cleaned).toBe(1);
  });
});

describe('the real ShadeJob on an in-process pool of the reference kernels', () => {
  it('runs to finished with progress 100 % and a shaded module behind a wall', async () => {
    const pool = new WorkerPool<AsyncKernelRunner>(() => ({ api: { run: async (k, f, i) => referenceRunner.run(k, f, i) }, terminate: () => {} }), { size: 1 });
    // Two 1 × 1 m flat modules; a 3 m wall 1 m south of the first. Noon sun 30° high due south: the
    // wall's shadow reaches 3/tan 30° = 5.2 m north — over the first module (y 1…2), not the second (y 10…11).
    const el = (30 * Math.PI) / 180;
    const input: ShadeInput = {
      site: { latitude: 31, longitude: 121 },
      scene: { obstacles: [{ kind: 'box', center: [0.5, 0], size: [10, 0.2], height: 3 }] },
      modules: [
        { id: 'A:0', corners: [[0, 1, 0], [1, 1, 0], [1, 2, 0], [0, 2, 0]] },
        { id: 'A:1', corners: [[0, 10, 0], [1, 10, 0], [1, 11, 0], [0, 11, 0]] },
      ],
      samples: { x: 2, y: 2 },
      times: { sunVectors: [[0, -Math.cos(el), Math.sin(el)]] },
      output: { diffuse: false },
    };
    const actor = createActor(shadeMachine, { input: { createJob: () => new ShadeJob(pool, input, { rangeSize: 1 }) } }).start();
    actor.send({ type: 'shade.start' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('finished') && resolve()));
    const out = actor.getSnapshot().context.output!;
    expect(out.modules.map((m) => m.beamShading)).toEqual([1, 0]);
    expect(actor.getSnapshot().context.progress.percent).toBe(100);
    await pool.terminate();
  });
});
