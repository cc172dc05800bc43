// The shade job's hourly record on a pool of Node engine workers (shade-job.ts `hourly`): the ranges'
// per-step rows, encoded as they arrive, are every module's per-step answer of the in-process engine
// (its dense `perStep` table), quantised to 1/240; the engine's output is otherwise unchanged.
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/api.ts';
import { createNodeEnginePool } from '../../../src/engine/node.ts';
import { ShadeJob } from '../../../src/engine/shade-job.ts';
import type { ShadeInput } from '../../../src/model/shade.ts';
import { hourlyLevel, readModuleHourly } from '../../../src/model/shade-hourly.ts';

type XYZ = [number, number, number];
const D2R = Math.PI / 180;

/** Two rows of six 25°-tilted modules behind a 3 m box in Shanghai, a year of hourly steps. */
function scene(): ShadeInput {
  const modules: { id: string; corners: [XYZ, XYZ, XYZ, XYZ] }[] = [];
  const run = 2 * Math.cos(25 * D2R);
  const rise = 2 * Math.sin(25 * D2R);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 6; c++) {
      const x = c * 1.2;
      const y = r * 3;
      modules.push({ id: `r${r}c${c}`, corners: [[x, y, 0.5], [x + 1.1, y, 0.5], [x + 1.1, y + run, 0.5 + rise], [x, y + run, 0.5 + rise]] });
    }
  }
  return {
    site: { latitude: 31.23, longitude: 121.47 },
    scene: { obstacles: [{ kind: 'box', center: [3, -2], size: [4, 1], height: 3 }] },
    modules,
    samples: { x: 2, y: 2 },
    times: { year: 2025, stepMinutes: 60, timezone: 8 },
    output: { diffuse: false },
  };
}

describe('shade job: the hourly record through a worker pool', () => {
  const pool = createNodeEnginePool({ size: 2, variant: 'debug' });
  afterAll(() => pool.terminate());

  it('every module, every step: the in-process per-step answer, quantised; the rest of the output as without it', async () => {
    const engine = await loadEngine('debug');
    const dense = engine.shade({ ...scene(), output: { diffuse: false, perStep: true } });
    const plain = engine.shade(scene());
    const out = await new ShadeJob(pool, scene(), { rangeSize: 5, hourly: true }).start();
    expect(out.perStep).toBeUndefined();
    const { hourly, ...rest } = out;
    expect(rest).toEqual(plain);
    expect(hourly?.time).toEqual({ year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 });
    expect(hourly?.modules).toHaveLength(12);
    let shaded = 0;
    hourly!.modules.forEach((bytes, m) => {
      const { record: r, next } = readModuleHourly(bytes, 0, 8760);
      expect(next).toBe(bytes.length);
      const want: number[] = [];
      for (let t = 0; t < 8760; t++) if (dense.perStep![t][m] > 0) want.push(t);
      expect(Array.from(r.steps)).toEqual(want);
      want.forEach((t, k) => expect(r.levels[k]).toBe(hourlyLevel(dense.perStep![t][m])));
      shaded += want.length;
    });
    // The box shades the front row at some hours: the comparison means something.
    expect(shaded).toBeGreaterThan(100);
  });

  it('keeps no record for sun vectors (no year to align to)', async () => {
    const input = { ...scene(), times: { sunVectors: [[0, -0.5, 0.5] as XYZ] } };
    expect((await new ShadeJob(pool, input, { hourly: true }).start()).hourly).toBeUndefined();
  });
});
