// The stringing kernel against its TypeScript reference on random layouts (fast-check, fixed seed):
// several faces per call, each a grid of rows at any angle and origin (also far from the plan's
// origin, as projected coordinates are), with pitches, holes and jitter, or a cloud of points, or a
// grid on integer coordinates (exact distance ties); modules of all faces interleaved in the input;
// fixed lengths and ranges; with and without shading (smooth, quantised and per row).
// - Differential (docs/ARCHITECTURE.md: "the reference may be slower, never different"): the wasm
//   kernel (build/engine.debug.wasm) and src/engine/reference/stringing.ts return identical arrays.
// - Properties of the decoded answer: every module is in exactly one string or unassigned; strings
//   hold one face's modules; on full rectangular grids every string steps only between neighbours.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceRunner } from '../../../src/engine/api.ts';
import { decodeStringing, planStringing, type StringingPlan } from '../../../src/engine/stringing-codec.ts';
import { stringingRef } from '../../../src/engine/reference/stringing.ts';
import { stringing } from '../../../src/engine/stringing.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import { stringingInputSchema, type StringingInput } from '../../../src/model/stringing.ts';
import { grid, longestStep, partitionIds, type GridModule } from './stringing-layouts.ts';

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** One face's modules (ids unique per face through the prefix). */
const face = (faceId: string): fc.Arbitrary<GridModule[]> =>
  fc.oneof(
    // A grid of rows at any angle, with holes and jitter.
    fc
      .record({
        rows: fc.integer({ min: 1, max: 8 }),
        cols: fc.integer({ min: 1, max: 16 }),
        along: num(0.6, 2.5),
        across: num(0.6, 8),
        angle: num(0, 360),
        origin: fc.oneof(fc.tuple(num(-200, 200), num(-200, 200)), fc.tuple(num(4e5, 6e5), num(3e6, 4e6))),
        holes: fc.oneof(fc.constant(0), num(0, 0.35)),
        jitter: fc.oneof(fc.constant(0), num(0, 0.05)),
        seed: fc.integer({ min: 1, max: 1e6 }),
      })
      .map(({ rows, cols, along, across, angle, origin, holes, jitter, seed }) => {
        let s = seed;
        const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
        return grid(rows, cols, { pitchAlong: along, pitchAcross: across, angleDeg: angle, origin, faceId, prefix: `${faceId}-` })
          .filter(() => rnd() >= holes)
          .map((m) => ({ ...m, x: m.x + (rnd() - 0.5) * jitter, y: m.y + (rnd() - 0.5) * jitter }));
      }),
    // A cloud of points.
    fc
      .array(fc.tuple(num(0, 20), num(0, 20)), { minLength: 1, maxLength: 40 })
      .map((pts) => pts.map(([x, y], i) => ({ id: `${faceId}-p${i}`, x, y, faceId }))),
    // An integer grid: ties everywhere (equal distances to the left and right neighbour).
    fc
      .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 12 }), along: fc.constantFrom(1, 2), across: fc.constantFrom(1, 2, 3), turn: fc.boolean() })
      .map(({ rows, cols, along, across, turn }) =>
        grid(rows, cols, { pitchAlong: along, pitchAcross: across, faceId, prefix: `${faceId}-` }).map((m) => ({ ...m, x: Math.round(turn ? m.y : m.x), y: Math.round(turn ? m.x : m.y) })),
      ),
  );

const layout: fc.Arbitrary<StringingInput> = fc
  .record({
    faces: fc.array(fc.constant(null), { minLength: 1, maxLength: 4 }).chain((fs) => fc.tuple(...fs.map((_, k) => face(`F${k}`)))),
    order: fc.integer({ min: 0, max: 1e6 }),
    perString: fc.oneof(
      fc.integer({ min: 1, max: 12 }),
      fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 6 })).map(([min, extra]) => ({ min, max: min + extra })),
    ),
    shading: fc.constantFrom('none', 'smooth', 'quantised', 'rows'),
    shadeSeed: fc.integer({ min: 1, max: 1e6 }),
  })
  .map(({ faces, order, perString, shading, shadeSeed }) => {
    // Interleave the faces' modules by a seeded permutation.
    let s = order + 1;
    const modules = faces.flat().map((m) => ({ m, key: (s = (s * 48271) % 2147483647) })).sort((a, b) => a.key - b.key).map(({ m }) => m);
    let t = shadeSeed;
    const rnd = () => ((t = (t * 16807) % 2147483647) / 2147483647);
    const loss = (m: GridModule): number => {
      if (shading === 'smooth') return rnd();
      if (shading === 'quantised') return [0, 0, 0.25, 0.5][Math.floor(rnd() * 4)];
      return /-r0c/.test(m.id) ? 0.4 : 0; // 'rows': the first row of each grid shaded
    };
    const input: StringingInput = { modules, modulesPerString: perString };
    if (shading !== 'none') input.shading = Object.fromEntries(modules.map((m) => [m.id, loss(m)]));
    return input;
  });

function plan(input: StringingInput): StringingPlan {
  return planStringing(stringingInputSchema.parse(input));
}

function expectSameKernelOutput(p: StringingPlan): void {
  const a = engine.run('stringing', p.f64, p.i32);
  const b = stringingRef(p.f64, p.i32);
  expect(a.status).toBe(b.status);
  expect(Array.from(a.i32)).toEqual(Array.from(b.i32));
  expect(Array.from(a.f64)).toEqual(Array.from(b.f64));
}

describe('stringing: wasm kernel = TypeScript reference', () => {
  it('random layouts: grids at any angle with holes and jitter, clouds, integer grids, shading', () => {
    fc.assert(
      fc.property(layout, (input) => {
        const p = plan(input);
        expectSameKernelOutput(p);
        const out = decodeStringing(p, engine.run('stringing', p.f64, p.i32));
        expect(partitionIds(out)).toEqual(input.modules.map((m) => m.id).sort());
        const faceOf = new Map(input.modules.map((m) => [m.id, m.faceId]));
        for (const s of out.strings) expect(s.moduleIds.every((id) => faceOf.get(id) === s.faceId)).toBe(true);
      }),
      { numRuns: 400, seed: 20250611 },
    );
  });

  it('full rectangular grids: every step of every string joins neighbours', () => {
    const full = fc.record({
      rows: fc.integer({ min: 1, max: 9 }),
      cols: fc.integer({ min: 2, max: 20 }),
      along: num(0.8, 2.4),
      ratio: num(1.3, 6),
      angle: num(0, 360),
      n: fc.integer({ min: 2, max: 20 }),
    });
    fc.assert(
      fc.property(full, ({ rows, cols, along, ratio, angle, n }) => {
        const across = along * ratio;
        const modules = grid(rows, cols, { pitchAlong: along, pitchAcross: across, angleDeg: angle });
        const out = stringing(engine, { modules, modulesPerString: n });
        expect(out).toEqual(stringing(referenceRunner, { modules, modulesPerString: n }));
        // Rows are the lines: a step is one module along a row, or one row at a turn.
        expect(longestStep(out, modules)).toBeLessThanOrEqual(across * (1 + 1e-9));
        expect(out.unassigned).toHaveLength((rows * cols) % n);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('a big face (20,000 modules): the grid search finds the brute force’s neighbours', () => {
    const modules = grid(80, 250, { angleDeg: 11, pitchAlong: 1.154, pitchAcross: 4.1, origin: [5e5, 3.4e6] });
    const input = { modules, modulesPerString: { min: 14, max: 18 }, shading: Object.fromEntries(modules.map((m, i) => [m.id, (i % 97) / 97])) };
    expectSameKernelOutput(plan(input));
  });
});
