// The worker pool (pool.ts): scheduling, order, progress, cancel, failures; on real Node workers.
import { gableRoof } from '../../fixtures/roofs.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeEnginePool } from '../../../src/engine/node.ts';
import { WorkerPool, type WorkerHandle } from '../../../src/engine/pool.ts';
import type { RoofInput } from '../../../src/model/index.ts';
import type { KernelName } from '../../../src/engine/wasm.ts';

/** docs/GEOMETRY.md gable (outline 10 × 8, ridge along y = 4), with a given eave and ridge height. */
function gable(eaveHeight: number, ridge = eaveHeight + 2): RoofInput {
  return gableRoof(eaveHeight, ridge, `b${eaveHeight}`);
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pool of Node engine workers', () => {
  const pool = createNodeEnginePool({ size: 2, variant: 'debug' });
  afterAll(() => pool.terminate());

  it('runs N jobs on 2 workers, results in input order, progress up to the total', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => gable(3 + i, 3 + i + (i % 3) + 1));
    const progress: [number, number][] = [];
    const out = await pool.map(jobs, (api, input) => api.roof(input), { onProgress: (d, t) => progress.push([d, t]) });
    expect(pool.started).toBe(2);
    expect(out).toHaveLength(12);
    out.forEach((r, i) => {
      expect(r.success).toBe(true);
      expect(r.faces).toHaveLength(2);
      const rise = (i % 3) + 1;
      for (const f of r.faces) expect(f.tilt).toBeCloseTo((Math.atan(rise / 4) * 180) / Math.PI, 6);
      const zs = r.points.map((p) => p.z);
      expect(Math.min(...(zs as number[]))).toBe(3 + i);
    });
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => [i + 1, 12]));
  });

  it('shares the work: both workers take jobs', async () => {
    const seen = await pool.map(Array.from({ length: 8 }, (_, i) => i), async (api, i) => {
      await api.ready();
      await delay(20);
      return [i, api] as const;
    });
    expect(new Set(seen.map(([, api]) => api)).size).toBe(2);
  });

  it('cancel: rejects with an AbortError and starts no further job', async () => {
    const controller = new AbortController();
    let started = 0;
    const batch = pool.map(
      Array.from({ length: 40 }, (_, i) => gable(3 + i)),
      async (api, input) => {
        started++;
        await delay(10);
        return api.roof(input);
      },
      {
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 3) controller.abort();
        },
      },
    );
    await expect(batch).rejects.toMatchObject({ name: 'AbortError' });
    const atAbort = started;
    expect(atAbort).toBeLessThan(8);
    await delay(100);
    expect(started).toBe(atAbort);
    expect(pool.pending).toBe(0);
    // The pool goes on working after a cancelled batch.
    const again = await pool.map([gable(6)], (api, input) => api.roof(input));
    expect(again[0].faces).toHaveLength(2);
  });

  it('an already aborted signal rejects at once', async () => {
    await expect(pool.map([1], (api) => api.ready(), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("a throwing job rejects the batch with the job's error and stops the rest", async () => {
    let started = 0;
    const boom = new Error('job 2 failed');
    const batch = pool.map(Array.from({ length: 30 }, (_, i) => i), async (api, i) => {
      started++;
      if (i === 2) throw boom;
      await delay(10);
      return api.roof(gable(5));
    });
    await expect(batch).rejects.toBe(boom);
    await delay(100);
    expect(started).toBeLessThan(8);
  });

  it('an error thrown inside the worker rejects the batch with that error', async () => {
    const batch = pool.map(['roofSolve', 'noSuchKernel'], (api, kernel) =>
      api.run(kernel as KernelName, new Float64Array(8), Int32Array.from([0, 0, 0])),
    );
    await expect(batch).rejects.toThrow('engine.wasm has no kernel noSuchKernel');
  });

  it('an input error of one job rejects the batch, naming the path', async () => {
    const bad = { building: { ...gable(6).building, lines: [{ id: 'l1', idp1: 'r1', idp2: 'nowhere' }] } };
    await expect(pool.map([gable(6), bad], (api, input) => api.roof(input))).rejects.toMatchObject({ name: 'InputError' });
  });
});

// ── scheduling, on in-process fake workers (no threads) ─────────────────────────────────────────

interface Fake {
  work(ms: number, value: number): Promise<number>;
}

function fakeFactory(log: { started: number[]; running: Map<number, number>; maxRunning: number }) {
  return (index: number): WorkerHandle<Fake> => {
    log.started.push(index);
    const api: Fake = {
      async work(ms: number, value: number) {
        const n = (log.running.get(index) ?? 0) + 1;
        log.running.set(index, n);
        log.maxRunning = Math.max(log.maxRunning, n);
        await delay(ms);
        log.running.set(index, n - 1);
        return value;
      },
    };
    return { api, terminate: () => {} };
  };
}

describe('WorkerPool scheduling', () => {
  it('starts workers on demand, one job per worker at a time, a free worker takes the next job', async () => {
    const log = { started: [] as number[], running: new Map<number, number>(), maxRunning: 0 };
    const pool = new WorkerPool(fakeFactory(log), { size: 3 });
    expect(pool.started).toBe(0);
    // One long job and many short ones: the short ones flow through the other two workers.
    const ranOn = new Map<Fake, number[]>();
    const out = await pool.map([200, 10, 10, 10, 10, 10, 10, 10, 10, 10], (api, ms, i) => {
      ranOn.set(api, [...(ranOn.get(api) ?? []), i]);
      return api.work(ms, i);
    });
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...ranOn.values()].find((jobs) => jobs.includes(0))).toEqual([0]);
    expect(log.started).toEqual([0, 1, 2]);
    expect(log.maxRunning).toBe(1);
  });

  it('two batches share the queue; broadcast runs once on every worker', async () => {
    const log = { started: [] as number[], running: new Map<number, number>(), maxRunning: 0 };
    const pool = new WorkerPool(fakeFactory(log), { size: 2 });
    const [a, b] = await Promise.all([
      pool.map([5, 5, 5], (api, ms, i) => api.work(ms, i)),
      pool.map([5, 5], (api, ms, i) => api.work(ms, 10 + i)),
    ]);
    expect(a).toEqual([0, 1, 2]);
    expect(b).toEqual([10, 11]);
    expect(await pool.broadcast((api, w) => api.work(1, w))).toEqual([0, 1]);
    expect(log.maxRunning).toBe(1);
  });

  it('a worker that stops on its own fails its job and is replaced', async () => {
    let kill: (e: Error) => void = () => {};
    let made = 0;
    const pool = new WorkerPool<Fake>(
      () => {
        const n = made++;
        const exited = new Promise((_, reject) => {
          if (n === 0) kill = reject;
        });
        const api: Fake = { work: (ms, v) => (n === 0 ? new Promise<number>(() => {}) : delay(ms).then(() => v)) };
        return { api, terminate: () => {}, exited };
      },
      { size: 1 },
    );
    const batch = pool.map([1], (api, ms) => api.work(ms, 7));
    await delay(5);
    kill(new Error('worker crashed'));
    await expect(batch).rejects.toThrow('worker crashed');
    expect(await pool.map([1], (api, ms) => api.work(ms, 8))).toEqual([8]);
    expect(made).toBe(2);
  });

  it('terminate rejects unfinished batches and later calls', async () => {
    const log = { started: [] as number[], running: new Map<number, number>(), maxRunning: 0 };
    const pool = new WorkerPool(fakeFactory(log), { size: 1 });
    const batch = pool.map([50, 50, 50], (api, ms, i) => api.work(ms, i));
    await delay(5);
    await pool.terminate();
    await expect(batch).rejects.toThrow('terminated');
    await expect(pool.map([1], (api, ms) => api.work(ms, 1))).rejects.toThrow('terminated');
  });
});

describe('WorkerPool timeouts (issue 19)', () => {
  /** Workers whose job takes `ms`; worker 0 never finishes (stuck). */
  function stuckFirst() {
    const made: { terminated: boolean }[] = [];
    const pool = new WorkerPool<Fake>(
      () => {
        const n = made.length;
        const state = { terminated: false };
        made.push(state);
        const api: Fake = { work: (ms, v) => (n === 0 ? new Promise<number>(() => {}) : delay(ms).then(() => v)) };
        return { api, terminate: () => void (state.terminated = true) };
      },
      { size: 1 },
    );
    return { pool, made };
  }

  it('a job past timeoutMs rejects with a TimeoutError, its worker is terminated and replaced', async () => {
    const { pool, made } = stuckFirst();
    const t0 = performance.now();
    await expect(pool.run((api) => api.work(1, 7), { timeoutMs: 50 })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(45);
    await delay(0);
    expect(made[0].terminated).toBe(true);
    expect(await pool.run((api) => api.work(1, 8), { timeoutMs: 50 })).toBe(8);
    expect(made).toHaveLength(2);
    expect(made[1].terminated).toBe(false);
    await pool.terminate();
  });

  it('neither the wait in the queue nor a new worker’s start-up counts against the timeout', async () => {
    const made: number[] = [];
    const boot = new Map<Fake, Promise<unknown>>();
    const pool = new WorkerPool<Fake>(
      (i) => {
        made.push(i);
        // the worker answers nothing before its 80 ms start-up is over
        const booted = delay(80);
        const api: Fake = { work: (ms, v) => booted.then(() => delay(ms)).then(() => v) };
        boot.set(api, booted);
        return { api, terminate: () => {} };
      },
      { size: 1, ready: (api) => boot.get(api) },
    );
    // three 30 ms jobs queued on one worker that takes 80 ms to start, each allowed 60 ms
    expect(await pool.map([30, 30, 30], (api, ms, i) => api.work(ms, i), { timeoutMs: 60 })).toEqual([0, 1, 2]);
    expect(made).toEqual([0]);
    await pool.terminate();
  });

  it('a job within its time is not stopped and its timer does not outlive it', async () => {
    let terminated = 0;
    const pool = new WorkerPool<Fake>(() => ({ api: { work: (ms, v) => delay(ms).then(() => v) }, terminate: () => void terminated++ }), { size: 1 });
    expect(await pool.run((api) => api.work(10, 2), { timeoutMs: 40 })).toBe(2);
    await delay(60);
    expect(terminated).toBe(0);
    expect(await pool.run((api) => api.work(1, 3), { timeoutMs: 40 })).toBe(3);
    await pool.terminate();
  });
});
