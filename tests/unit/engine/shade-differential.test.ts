// Differential and property tests of the shading kernels: the wasm engine (binned-SAH BVH, f32 packet
// traversal) against the pure-TypeScript reference (median-split f64 BVH, one ray at a time) on random
// scenes. Both decide every ray–triangle pair with the same f64 expressions, so their outputs must be
// identical (docs/ARCHITECTURE.md: "the reference may be slower, never different").
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ShadeStride } from '../../../engine/abi.ts';
import { createEngine, createReferenceEngine, referenceRunner } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import { loadEngineNode, type KernelRunner } from '../../../src/engine/wasm.ts';
import type { ShadeInput } from '../../../src/model/shade.ts';

type XYZ = [number, number, number];
type Tri = [number, number, number, number, number, number, number, number, number];

const coord = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
const point: fc.Arbitrary<XYZ> = fc.tuple(coord(-6, 6), coord(-6, 6), coord(0, 4));
const triangle: fc.Arbitrary<Tri> = fc.tuple(point, point, point).map(([a, b, c]) => [...a, ...b, ...c] as Tri);

/** A rectangle module: centre, size, tilt [°] and azimuth [°] (corners 0→1 along the row). */
const moduleArb = fc
  .record({
    c: fc.tuple(coord(-5, 5), coord(-5, 5), coord(0, 3)),
    w: coord(0.3, 2.5),
    h: coord(0.3, 2.5),
    tilt: coord(0, 85),
    az: coord(0, 360),
  })
  .map(({ c, w, h, tilt, az }): [XYZ, XYZ, XYZ, XYZ] => {
    const a = (az * Math.PI) / 180;
    const t = (tilt * Math.PI) / 180;
    // Along the row (horizontal) and up the slope, facing azimuth az.
    const ux: XYZ = [Math.cos(a), -Math.sin(a), 0];
    const uy: XYZ = [-Math.sin(a) * Math.cos(t), -Math.cos(a) * Math.cos(t), Math.sin(t)];
    const at = (p: number, q: number): XYZ => [c[0] + p * ux[0] + q * uy[0], c[1] + p * ux[1] + q * uy[1], c[2] + p * ux[2] + q * uy[2]];
    return [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
  });
const sun: fc.Arbitrary<XYZ> = fc
  .tuple(coord(-1, 1), coord(-1, 1), coord(-0.3, 1))
  .filter(([x, y, z]) => x * x + y * y + z * z > 1e-3);

const shadeInput: fc.Arbitrary<ShadeInput> = fc.record({
  site: fc.constant({ latitude: 30, longitude: 120 }),
  scene: fc.record({
    triangles: fc.array(triangle, { maxLength: 40 }),
    obstacles: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('box' as const), center: fc.tuple(coord(-5, 5), coord(-5, 5)), size: fc.tuple(coord(0.2, 3), coord(0.2, 3)), height: coord(0.2, 4), rotation: coord(0, 90) }),
        fc.record({ kind: fc.constant('cylinder' as const), center: fc.tuple(coord(-5, 5), coord(-5, 5)), radius: coord(0.1, 1), height: coord(0.2, 4) }),
      ),
      { maxLength: 4 },
    ),
  }),
  modules: fc.array(moduleArb, { minLength: 1, maxLength: 12 }).map((cs) => cs.map((corners, i) => ({ id: `m${i}`, corners }))),
  samples: fc.record({ x: fc.integer({ min: 1, max: 3 }), y: fc.integer({ min: 1, max: 3 }) }),
  times: fc.record({ sunVectors: fc.array(sun, { minLength: 1, maxLength: 24 }) }),
  mode: fc.constantFrom('exact' as const, 'table' as const),
  output: fc.record({ perStep: fc.boolean(), diffuse: fc.boolean() }),
});

let wasm: EngineApi;
let kernels: KernelRunner;
const ref = createReferenceEngine();
beforeAll(async () => {
  kernels = await loadEngineNode('debug');
  wasm = createEngine(kernels);
});

describe('shade: wasm engine = TypeScript reference', () => {
  it('gives identical outputs on random scenes (exact and table modes, per-step, diffuse)', () => {
    fc.assert(
      fc.property(shadeInput, (input) => {
        expect(wasm.shade(input)).toEqual(ref.shade(input));
      }),
      { numRuns: 60 },
    );
  });

  it('answers any-hit identically for random rays (shadeRays)', () => {
    fc.assert(
      fc.property(fc.array(triangle, { minLength: 1, maxLength: 60 }), fc.array(fc.tuple(point, sun), { minLength: 1, maxLength: 50 }), (tris, rays) => {
        const build = Float64Array.from([0.001, ...tris.flat()]);
        const header = Int32Array.from([tris.length, 0, 0, 0, 1, 1]);
        const rayF = Float64Array.from(rays.flatMap(([o, d]) => [...o, ...d]));
        const hits = [kernels, referenceRunner].map((k) => {
          const h = k.run('shadeBuild', build, header).i32[0];
          const r = k.run('shadeRays', rayF, Int32Array.of(h)).i32;
          k.run('shadeFree', new Float64Array(0), Int32Array.of(h));
          return Array.from(r);
        });
        expect(hits[0]).toEqual(hits[1]);
        expect(hits[0]).toHaveLength(rayF.length / ShadeStride.RAY_F64);
      }),
      { numRuns: 100 },
    );
  });
});

describe('shade: properties', () => {
  it('fractions, beam and diffuse shading lie in [0, 1]; shaded steps never exceed the steps', () => {
    fc.assert(
      fc.property(shadeInput, (input) => {
        const out = wasm.shade(input);
        const steps = (input.times as { sunVectors: XYZ[] }).sunVectors.length;
        expect(out.steps).toBe(steps);
        for (const m of out.modules) {
          expect(m.beamShading).toBeGreaterThanOrEqual(0);
          expect(m.beamShading).toBeLessThanOrEqual(1);
          expect(m.diffuseShading).toBeGreaterThanOrEqual(0);
          expect(m.diffuseShading).toBeLessThanOrEqual(1);
          expect(m.shadedSteps).toBeLessThanOrEqual(steps);
        }
        for (const row of out.perStep ?? []) for (const f of row) expect(f >= 0 && f <= 1).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('adding an obstacle never lessens any module’s shading (exact mode)', () => {
    fc.assert(
      fc.property(shadeInput, triangle, (input, extra) => {
        const exact = { ...input, mode: 'exact' as const };
        const more = { ...exact, scene: { ...exact.scene, triangles: [...(exact.scene?.triangles ?? []), extra] } };
        const a = wasm.shade(exact).modules;
        const b = wasm.shade(more).modules;
        a.forEach((m, i) => {
          expect(b[i].beamShading).toBeGreaterThanOrEqual(m.beamShading);
          expect(b[i].diffuseShading).toBeGreaterThanOrEqual(m.diffuseShading);
        });
      }),
      { numRuns: 40 },
    );
  });
});
