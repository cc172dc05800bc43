// A shade analysis on a pool of Node engine workers (shade-job.ts): the same answer on 1 and 2 workers
// as in-process, progress to 100 %, pause / resume / stop and restart with docs/PRODUCT.md's statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/api.ts';
import { createNodeEnginePool } from '../../../src/engine/node.ts';
import { PauseController, WorkerPool, type WorkerHandle } from '../../../src/engine/pool.ts';
import { ShadeJob, type ShadeJobStatus, type ShadeProgress } from '../../../src/engine/shade-job.ts';
import type { ShadeInput, ShadeOutput } from '../../../src/model/shade.ts';

type XYZ = [number, number, number];
const D2R = Math.PI / 180;

/** Three rows of ten tilted modules behind a box, in Shanghai, one day of hourly steps (sun vectors). */
function scene(): ShadeInput {
  const modules: { id: string; corners: [XYZ, XYZ, XYZ, XYZ] }[] = [];
  const run = 2 * Math.cos(25 * D2R);
  const rise = 2 * Math.sin(25 * D2R);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 10; c++) {
      const x = c * 1.2;
      const y = r * 3;
      modules.push({ id: `r${r}c${c}`, corners: [[x, y, 0.5], [x + 1.1, y, 0.5], [x + 1.1, y + run, 0.5 + rise], [x, y + run, 0.5 + rise]] });
    }
  }
  const sunVectors: XYZ[] = [];
  for (let h = 6; h <= 18; h++) {
    const az = (90 + (h - 6) * 15) * D2R;
    const el = Math.max(2, 40 * Math.sin(((h - 6) / 12) * Math.PI)) * D2R;
    sunVectors.push([Math.sin(az) * Math.cos(el), Math.cos(az) * Math.cos(el), Math.sin(el)]);
  }
  return {
    site: { latitude: 31.23, longitude: 121.47 },
    scene: { obstacles: [{ kind: 'box', center: [6, -2], size: [4, 1], height: 3 }] },
    modules,
    samples: { x: 2, y: 2 },
    times: { sunVectors },
    output: { perStep: true },
  };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shade job on Node worker pools', () => {
  const one = createNodeEnginePool({ size: 1, variant: 'debug' });
  const two = createNodeEnginePool({ size: 2, variant: 'debug' });
  let expected: ShadeOutput;
  beforeAll(async () => {
    expected = (await loadEngine('debug')).shade(scene());
  });
  afterAll(() => Promise.all([one.terminate(), two.terminate()]));

  it('2 workers and 1 worker give the in-process answer; progress climbs to 100 %', async () => {
    // Some module is shaded at all: the comparison means something.
    expect(expected.modules.some((m) => m.beamShading > 0)).toBe(true);
    const statuses: ShadeJobStatus[] = [];
    const progress: ShadeProgress[] = [];
    const job = new ShadeJob(two, scene(), { rangeSize: 4 });
    job.on('status', (s) => statuses.push(s));
    job.on('progress', (p) => progress.push(p));
    expect(job.status).toBe('idle');
    expect(await job.start()).toEqual(expected);
    expect(await new ShadeJob(one, scene(), { rangeSize: 7 }).start()).toEqual(expected);
    expect(statuses).toEqual(['running', 'finished']);
    expect(progress[0]).toEqual({ done: 0, total: 30, percent: 0 });
    expect(progress.at(-1)).toEqual({ done: 30, total: 30, percent: 100 });
    // 8 ranges of 4 (the last of 2) after the start.
    expect(progress).toHaveLength(9);
    for (let i = 1; i < progress.length; i++) expect(progress[i].done).toBeGreaterThan(progress[i - 1].done);
    expect(two.started).toBe(2);
  });

  it('pause holds the remaining ranges back, resume finishes with the same answer', async () => {
    const job = new ShadeJob(two, scene(), { rangeSize: 1 });
    const statuses: ShadeJobStatus[] = [];
    job.on('status', (s) => statuses.push(s));
    let paused = false;
    let whilePaused = 0;
    job.on('progress', (p) => {
      if (job.status === 'paused') whilePaused++;
      if (!paused && p.done > 0) {
        paused = true;
        job.pause();
      }
    });
    const done = job.start();
    while (!paused) await delay(5);
    // Only the ranges already on a worker (one per worker) may finish while paused; give the
    // others every chance to (wrongly) start.
    await delay(500);
    expect(job.status).toBe('paused');
    expect(whilePaused).toBeLessThanOrEqual(2);
    expect(job.progress.done).toBeLessThan(30);
    job.resume();
    expect(await done).toEqual(expected);
    expect(statuses).toEqual(['running', 'paused', 'running', 'finished']);
  });

  it('stop rejects with an AbortError, and a restart runs again to the same answer', async () => {
    const job = new ShadeJob(two, scene(), { rangeSize: 1 });
    const statuses: ShadeJobStatus[] = [];
    job.on('status', (s) => statuses.push(s));
    const off = job.on('progress', (p) => {
      if (p.done > 0) {
        off();
        job.stop();
      }
    });
    await expect(job.start()).rejects.toMatchObject({ name: 'AbortError' });
    expect(job.status).toBe('stopped');
    expect(job.result).toBeNull();
    expect(two.pending).toBe(0);
    expect(await job.start()).toEqual(expected);
    expect(job.result).toEqual(expected);
    // finished → running again
    expect(await job.start()).toEqual(expected);
    expect(statuses).toEqual(['running', 'stopped', 'running', 'finished', 'running', 'finished']);
  });

  it('a paused job can be stopped; transitions outside docs/PRODUCT.md throw', async () => {
    const job = new ShadeJob(two, scene(), { rangeSize: 1 });
    expect(() => job.pause()).toThrow('cannot go from idle to paused');
    expect(() => job.stop()).toThrow('cannot go from idle to stopped');
    const run = job.start();
    job.pause();
    expect(() => job.pause()).toThrow('cannot go from paused to paused');
    job.stop();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(() => job.resume()).toThrow('cannot resume from stopped');
  });

  it('rejects invalid input when the job is made, naming the path', () => {
    expect(() => new ShadeJob(two, { ...scene(), samples: { x: 0, y: 2 } })).toThrow(expect.objectContaining({ name: 'InputError', path: ['samples', 'x'] }));
  });
});

describe('PauseController on the pool (in-process fake workers)', () => {
  it('queued jobs of a paused batch wait; other batches go on; resume runs the rest in order', async () => {
    const log: string[] = [];
    const pool = new WorkerPool<{ work(tag: string): Promise<string> }>(
      (): WorkerHandle<{ work(tag: string): Promise<string> }> => ({
        api: {
          async work(tag) {
            await delay(5);
            log.push(tag);
            return tag;
          },
        },
        terminate: () => {},
      }),
      { size: 1 },
    );
    const pause = new PauseController();
    pause.pause();
    const held = pool.map(['a1', 'a2'], (api, t) => api.work(t), { pause });
    const free = await pool.map(['b1', 'b2'], (api, t) => api.work(t));
    expect(free).toEqual(['b1', 'b2']);
    expect(log).toEqual(['b1', 'b2']);
    expect(pool.pending).toBe(2);
    pause.resume();
    expect(await held).toEqual(['a1', 'a2']);
    expect(log).toEqual(['b1', 'b2', 'a1', 'a2']);
  });
});
