// The shade step's save path keeps the hourly record (brief H10): the editor's ShadeJob options
// (SHADE_JOB_OPTIONS) make the real job — here on an in-process pool of the reference kernels — keep
// each module's shaded hours, the machine hands the finished output on whole, and shadeDocumentOf
// writes it into the 'shade-analysis' document (model/shade-hourly.ts), or leaves it out with
// `hourlyOmitted: 'size'` when it would make the document too large.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { referenceRunner } from '../../../../../src/engine/api.ts';
import { WorkerPool } from '../../../../../src/engine/pool.ts';
import { shade } from '../../../../../src/engine/shade.ts';
import { ShadeJob, type ShadeJobOutput } from '../../../../../src/engine/shade-job.ts';
import type { AsyncKernelRunner } from '../../../../../src/engine/steps.ts';
import { shadeDocumentSchema, type LayoutDocument } from '../../../../../src/model/design.ts';
import type { ShadeInput } from '../../../../../src/model/shade.ts';
import { unpackHourly } from '../../../../../src/engine/shade-hourly-pack.ts';
import { encodeModuleHourly, hourlyLevel, SHADE_HOURLY } from '../../../../../src/model/shade-hourly.ts';
import { SHADE_JOB_OPTIONS, shadeDocumentOf } from '../../../../../src/web/editor/shade/shade-input.ts';
import { shadeMachine } from '../../../../../src/web/editor/shade/shade.machine.ts';

/** A layout of one array 'A' with `n` modules (only ids and counts matter to the save). */
const layoutOf = (n: number) => ({ arrays: [{ id: 'A', centers: new Array(3 * n).fill(0) }] }) as unknown as LayoutDocument;
const VERSIONS = { layoutVersion: 3, buildingVersion: 2 };

describe('the shade save path keeps the hourly record', () => {
  it('a year behind a wall in Shanghai: the winter noon hour fully shaded, the summer one not, every hour as the kernel gave it', async () => {
    const pool = new WorkerPool<AsyncKernelRunner>(() => ({ api: { run: async (k, f, i) => referenceRunner.run(k, f, i) }, terminate: () => {} }), { size: 1 });
    // A 3 m wall (y −0.1…0.1, x −4.5…5.5) and two 1 × 1 m flat modules north of it: A:0 at y 1…2, A:1 at y 10…11.
    const input: ShadeInput = {
      site: { latitude: 31.23, longitude: 121.47 },
      scene: { obstacles: [{ kind: 'box', center: [0.5, 0], size: [10, 0.2], height: 3 }] },
      modules: [
        { id: 'A:0', corners: [[0, 1, 0], [1, 1, 0], [1, 2, 0], [0, 2, 0]] },
        { id: 'A:1', corners: [[0, 10, 0], [1, 10, 0], [1, 11, 0], [0, 11, 0]] },
      ],
      samples: { x: 2, y: 2 },
      times: { year: 2025, stepMinutes: 60, timezone: 8 },
      output: { diffuse: false },
    };
    const actor = createActor(shadeMachine, { input: { createJob: () => new ShadeJob(pool, input, SHADE_JOB_OPTIONS) } }).start();
    actor.send({ type: 'shade.start' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('finished') && resolve()));
    const output = actor.getSnapshot().context.output as ShadeJobOutput;
    await pool.terminate();
    expect(output.hourly?.time).toEqual({ year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 });

    const doc = shadeDocumentOf(output, layoutOf(2), VERSIONS, { year: 2025, finishedAt: new Date('2025-06-01T00:00:00Z') });
    expect(shadeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.hourlyOmitted).toBeUndefined();
    expect(doc.hourly).toMatchObject({ encoding: SHADE_HOURLY.encoding, year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 });
    const [[a0]] = unpackHourly(doc.hourly!.chunks, [2], 8760);
    const level = (t: number) => {
      const k = a0.steps.indexOf(t);
      return k < 0 ? 0 : a0.levels[k];
    };
    // 21 December 12:00–13:00 Beijing time (day 354 → step 8508), sun at 12:30 = 12:37 solar time
    // (+4 min/° of 1.47° east of 120° E, equation of time +1.7 min): hour angle 9.3°, declination
    // −23.44°, elevation asin(sin 31.23°·sin(−23.44°) + cos 31.23°·cos 23.44°·cos 9.3°) = 34.6°. The
    // wall's shadow reaches 3 / tan 34.6° ≈ 4.3 m north: over the whole of A:0 (y 1…2).
    expect(level(354 * 24 + 12)).toBe(240);
    // 21 June, same hour: elevation asin(0.5185·0.3978 + 0.8551·0.9175·0.9869) = 78.7°, shadow
    // 3 / tan 78.7° = 0.6 m: short of A:0.
    expect(level(171 * 24 + 12)).toBe(0);
    // Every hour is the kernel's own per-step answer (run in process with the dense table), quantised.
    const dense = shade(referenceRunner, { ...input, output: { diffuse: false, perStep: true } });
    const shadedHours = dense.perStep!.filter((row) => row[0] > 0).length;
    expect(a0.steps.length).toBe(shadedHours);
    for (let k = 0; k < a0.steps.length; k++) expect(a0.levels[k]).toBe(hourlyLevel(dense.perStep![a0.steps[k]][0]));
    // The annual figure the document keeps is the same run's.
    expect(doc.arrays[0].beam[0]).toBe(dense.modules[0].beamShading);
  });

  it('too large a record is left out and said so; an output without one saves as before', () => {
    // Records DEFLATE cannot shrink: every hour shaded at a pseudo-random level (a 32-bit LCG,
    // Numerical Recipes' constants) — 8760 bytes of near 8-bit entropy a module, 4 characters of base64
    // per 3 bytes: 600 modules ≈ 7.0 M characters, over SHADE_HOURLY.budgetChars (6 M); 300 ≈ 3.5 M fit.
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const record = () => encodeModuleHourly(Float64Array.from({ length: 8760 }, () => (1 + Math.floor(random() * 240)) / 240));
    const outputOf = (n: number): ShadeJobOutput => {
      const modules = Array.from({ length: n }, (_, i) => ({ id: `A:${i}`, beamShading: 0.5, shadedSteps: 4380, diffuseShading: 0 }));
      return { modules, steps: 8760, rays: 0, hourly: { time: { year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 }, modules: modules.map(record) } };
    };
    const big = shadeDocumentOf(outputOf(600), layoutOf(600), VERSIONS, { year: 2025, finishedAt: new Date() });
    expect(big.hourly).toBeUndefined();
    expect(big.hourlyOmitted).toBe('size');
    expect(shadeDocumentSchema.safeParse(big).success).toBe(true);
    const fits = shadeDocumentOf(outputOf(300), layoutOf(300), VERSIONS, { year: 2025, finishedAt: new Date() });
    expect(fits.hourlyOmitted).toBeUndefined();
    expect(fits.hourly!.chunks.length).toBe(4);
    expect(shadeDocumentSchema.safeParse(fits).success).toBe(true);
    // Beyond SHADE_HOURLY.maxRawBytes (40 MiB) before compression — 2,400 modules shaded at every hour,
    // 17,522 bytes each (42 MB) — the record is not even packed.
    const year = encodeModuleHourly(new Float64Array(8760).fill(1));
    const many = Array.from({ length: 2400 }, (_, i) => ({ id: `A:${i}`, beamShading: 1, shadedSteps: 4380, diffuseShading: 0 }));
    const raw = shadeDocumentOf({ modules: many, steps: 8760, rays: 0, hourly: { time: { year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 }, modules: many.map(() => year) } }, layoutOf(2400), VERSIONS, { year: 2025, finishedAt: new Date() });
    expect(raw.hourlyOmitted).toBe('size');
    const { hourly: _h, ...plain } = outputOf(3);
    const old = shadeDocumentOf(plain, layoutOf(3), VERSIONS, { year: 2025, finishedAt: new Date() });
    expect('hourly' in old || 'hourlyOmitted' in old).toBe(false);
  });
});
