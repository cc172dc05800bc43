// The shade command (docs/ENGINE-API.md "shade") on the wasm engine: exact shaded fractions from
// geometry worked out by hand, shadow lengths, steps that do not count, mutual shading of modules,
// the diffuse sky-view shading against pvlib's Passias formula, the year's time steps, input errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import { skyDirections, yearStepTimes } from '../../../src/engine/shade-directions.ts';
import { sceneTriangles } from '../../../src/engine/shade-scene.ts';
import { shadeSceneSchema, type ShadeInput } from '../../../src/model/shade.ts';

type XYZ = [number, number, number];
type Tri = [number, number, number, number, number, number, number, number, number];

const D2R = Math.PI / 180;
const site = { latitude: 31.23, longitude: 121.47 };
/** The 1 m × 1 m horizontal module at z 0 (corners 0→1 along x, 0→3 along y). */
const unitModule = { id: 'm', corners: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]] as [XYZ, XYZ, XYZ, XYZ] };

/** A horizontal plate x ∈ [x0, x1], y ∈ [−1, 2] at height z, as two triangles. */
function plate(x0: number, x1: number, z: number): Tri[] {
  return [
    [x0, -1, z, x1, -1, z, x1, 2, z],
    [x0, -1, z, x1, 2, z, x0, 2, z],
  ];
}

let engine: EngineApi;
beforeAll(async () => {
  engine = await loadEngine('debug');
});

function run(input: ShadeInput) {
  return engine.shade(input);
}

describe('shade: shaded fractions of a module under a plate (4 × 4 samples at x = 0.125 … 0.875)', () => {
  it.each([
    // [plate x range, sun vector, expected fraction]: a sample at x is shaded when x + 0.999·dx/dz
    // falls on the plate at z = 1 (the sample sits 1 mm above the module).
    ['no plate over the module, sun overhead', [5, 6], [0, 0, 1], 0],
    ['plate over x < 0.5, sun overhead', [0, 0.5], [0, 0, 1], 0.5],
    ['plate over everything, sun overhead', [-1, 2], [0, 0, 1], 1],
    ['plate over 1 ≤ x ≤ 1.5, sun at 45° in the east: samples 0.125 and 0.375 reach x 1.124, 1.374', [1, 1.5], [1, 0, 1], 0.5],
    ['plate over 1 ≤ x ≤ 1.5, sun overhead', [1, 1.5], [0, 0, 1], 0],
  ] as [string, [number, number], XYZ, number][])('%s', (_name, [x0, x1], sun, expected) => {
    const out = run({
      site,
      scene: { triangles: plate(x0, x1, 1) },
      modules: [unitModule],
      samples: { x: 4, y: 4 },
      times: { sunVectors: [sun] },
      output: { perStep: true, diffuse: false },
    });
    expect(out.perStep).toEqual([[expected]]);
    expect(out.modules[0].beamShading).toBe(expected);
    expect(out.modules[0].shadedSteps).toBe(expected > 0 ? 1 : 0);
    expect(out.steps).toBe(1);
    expect(out.rays).toBe(16);
  });

  it('weights each step by cos θ: fractions 1 and 0 at cos θ = 1 and 0.5 give 1 / 1.5', () => {
    // Step 1 overhead (cos θ = 1) under a plate over −0.5 ≤ x ≤ 2: all shaded. Step 2 at 60° from the
    // zenith towards the west (cos θ = 0.5): the rays meet z = 1 at x − 0.999·tan 60° ∈ [−1.61, −0.86]
    // for the samples x = 0.125 … 0.875, all west of the plate: none shaded.
    const out = run({
      site,
      scene: { triangles: plate(-0.5, 2, 1) },
      modules: [unitModule],
      samples: { x: 4, y: 4 },
      times: { sunVectors: [[0, 0, 1], [-Math.sin(60 * D2R), 0, Math.cos(60 * D2R)]] },
      output: { perStep: true, diffuse: false },
    });
    expect(out.perStep).toEqual([[1], [0]]);
    expect(out.modules[0].beamShading).toBeCloseTo(1 / 1.5, 12);
    expect(out.modules[0].shadedSteps).toBe(1);
  });
});

describe('shade: the shadow of a wall', () => {
  // A 100 m parapet along x (y ∈ [−0.2, 0]), 3 m high; behind it (north) a horizontal strip module
  // y ∈ [0.5, 10.5] with 1 × 100 samples 0.1 m apart; the sun due south at elevation e. The shadow
  // reaches H / tan e from the wall (H less the 1 mm lift): the shaded samples cover that length to
  // within one sample spacing.
  const H = 3;
  it.each([20, 30, 45, 60, 75])('elevation %i°: shadow length = H / tan(elevation)', (e) => {
    const out = run({
      site,
      scene: { obstacles: [{ kind: 'parapet', polyline: [[-50, -0.1], [50, -0.1]], height: H, thickness: 0.2 }] },
      modules: [{ id: 'strip', corners: [[-0.5, 0.5, 0], [0.5, 0.5, 0], [0.5, 10.5, 0], [-0.5, 10.5, 0]] }],
      samples: { x: 1, y: 100 },
      times: { sunVectors: [[0, -Math.cos(e * D2R), Math.sin(e * D2R)]] },
      output: { perStep: true, diffuse: false },
    });
    const shadowEnd = 0.5 + out.perStep![0][0] * 10;
    expect(Math.abs(shadowEnd - H / Math.tan(e * D2R))).toBeLessThanOrEqual(0.1);
  });
});

describe('shade: steps that do not count', () => {
  // A module tilted 30° facing south (normal (0, −sin 30°, cos 30°)) under a plate that shades it
  // from every direction.
  const s = Math.sin(30 * D2R);
  const c = Math.cos(30 * D2R);
  const tilted = { id: 't', corners: [[0, 0, 0], [1, 0, 0], [1, c, s], [0, c, s]] as [XYZ, XYZ, XYZ, XYZ] };
  const roof: Tri[] = plate(-20, 20, 3).map((t) => t.map((v, i) => (i % 3 === 1 ? v * 10 - 5 : v)) as Tri);

  it('sun behind the module or below the horizon: no ray, not in the sums', () => {
    const behind: XYZ = [0, Math.cos(10 * D2R), Math.sin(10 * D2R)]; // north, 10° high: n·s < 0
    const below: XYZ = [0, -1, -0.1];
    const out = run({ site, scene: { triangles: roof }, modules: [tilted], times: { sunVectors: [behind, below] }, output: { perStep: true, diffuse: false } });
    expect(out.modules[0]).toEqual({ id: 't', beamShading: 0, shadedSteps: 0, diffuseShading: 0 });
    expect(out.rays).toBe(0);
    expect(out.perStep).toEqual([[0], [0]]);
  });

  it('a counted step next to them decides alone', () => {
    const front: XYZ = [0, -Math.cos(50 * D2R), Math.sin(50 * D2R)];
    const out = run({ site, scene: { triangles: roof }, modules: [tilted], times: { sunVectors: [[0, 1, 0.1], front] }, output: { diffuse: false } });
    expect(out.modules[0].beamShading).toBe(1);
    expect(out.modules[0].shadedSteps).toBe(1);
    expect(out.rays).toBe(4);
  });
});

describe('shade: modules shade each other, never themselves', () => {
  it('an upper module over half of a lower one, sun overhead', () => {
    const lower = unitModule;
    const upper = { id: 'u', corners: [[-1, -1, 1], [0.5, -1, 1], [0.5, 2, 1], [-1, 2, 1]] as [XYZ, XYZ, XYZ, XYZ] };
    const out = run({ site, modules: [lower, upper], times: { sunVectors: [[0, 0, 1]] }, output: { diffuse: false } });
    expect(out.modules.map((m) => [m.id, m.beamShading])).toEqual([
      ['m', 0.5],
      ['u', 0],
    ]);
  });

  it('rows of tilted racks: the front row shades the lower part of the row behind at a low sun', () => {
    // Racks 2 m long tilted 30° (rise 1 m, run √3 m), rows 2 m apart, sun due south at 20°. The front
    // row's top edge (z 1) throws its shadow 1 / tan 20° = 2.747 m north: onto the back rack where
    // its surface y − 2 = t·cos 30°, z = t·sin 30° meets the shadow line z = 1 − (y − √3)·tan 20°.
    const run30 = Math.sqrt(3);
    const rack = (id: string, y0: number) => ({ id, corners: [[0, y0, 0], [20, y0, 0], [20, y0 + run30, 1], [0, y0 + run30, 1]] as [XYZ, XYZ, XYZ, XYZ] });
    const e = 20 * D2R;
    const out = run({ site, modules: [rack('front', 0), rack('back', 2)], samples: { x: 1, y: 200 }, times: { sunVectors: [[0, -Math.cos(e), Math.sin(e)]] }, output: { perStep: true, diffuse: false } });
    // Along the back rack (t from 0 to 2): shadow where t·sin30 < 1 − (2 + t·cos30 − √3)·tan20.
    const tEdge = (1 - (2 - run30) * Math.tan(e)) / (Math.sin(30 * D2R) + Math.cos(30 * D2R) * Math.tan(e));
    expect(out.perStep![0][0]).toBe(0);
    expect(Math.abs(out.perStep![0][1] - tEdge / 2)).toBeLessThanOrEqual(1 / 200);
  });
});

describe('shade: diffuse sky-view shading', () => {
  it('the direction set: 512 unit vectors of equal weight, cosine-weighted over the hemisphere', () => {
    const d = skyDirections();
    expect(d.length).toBe(512 * 3);
    let meanCos = 0;
    for (let k = 0; k < 512; k++) {
      expect(Math.hypot(d[3 * k], d[3 * k + 1], d[3 * k + 2])).toBeCloseTo(1, 12);
      expect(d[3 * k + 2]).toBeGreaterThan(0);
      meanCos += d[3 * k + 2] / 512;
    }
    // Cosine-weighted hemisphere: E[cos θ] = ∫cos²θ dω / ∫cos θ dω = (2π/3) / π = 2/3.
    expect(meanCos).toBeCloseTo(2 / 3, 3);
  });

  it('an open sky: 0, also for a tilted module (the ground it sees is not sky)', () => {
    const s = Math.sin(40 * D2R);
    const c = Math.cos(40 * D2R);
    const out = run({ site, modules: [unitModule, { id: 't', corners: [[0, 5, 0], [1, 5, 0], [1, 5 + c, s], [0, 5 + c, s]] }], times: { sunVectors: [] } });
    expect(out.modules.map((m) => m.diffuseShading)).toEqual([0, 0]);
  });

  it.each([30, 45, 60])('a long wall of angular height %i° next to a horizontal strip: pvlib sky_diffuse_passias', (alpha) => {
    // pvlib.shading.sky_diffuse_passias(α) = 1 − cos²(α/2) (Passias & Källbäck 1984): the isotropic
    // sky lost behind an infinitely long obstruction of angular height α. A 2 km wall 3 m high at
    // 3 / tan α from a 0.2 m wide strip stands for it. Tolerance 0.012: the quadrature error of the
    // 512-direction set for an infinite wall is at most 0.0101 (shade-directions.ts).
    const H = 3;
    const D = H / Math.tan(alpha * D2R);
    const out = run({
      site,
      scene: { triangles: [[-1000, D, 0, 1000, D, 0, 1000, D, H], [-1000, D, 0, 1000, D, H, -1000, D, H]] },
      modules: [{ id: 's', corners: [[-0.5, -0.1, 0], [0.5, -0.1, 0], [0.5, 0.1, 0], [-0.5, 0.1, 0]] }],
      samples: { x: 1, y: 1 },
      times: { sunVectors: [] },
    });
    const passias = 1 - Math.cos((alpha * D2R) / 2) ** 2;
    expect(Math.abs(out.modules[0].diffuseShading - passias)).toBeLessThan(0.012);
  });
});

describe('shade: times and the scene', () => {
  it('a year of hourly steps: 8760 (2025), 8784 (2024), mid-step times from local midnight', () => {
    expect(yearStepTimes(2025, 60, 8).length).toBe(8760);
    expect(yearStepTimes(2024, 60, 8).length).toBe(8784);
    expect(yearStepTimes(2025, 15, 0).length).toBe(35040);
    // First step 00:00–01:00 Beijing time on 1 January = 16:00–17:00 UTC on 31 December 2024.
    expect(new Date(yearStepTimes(2025, 60, 8)[0]).toISOString()).toBe('2024-12-31T16:30:00.000Z');
  });

  it('a year at Shanghai: no step counts at night, every step of a noon-lit horizontal module counts', () => {
    const out = run({ site, modules: [unitModule], times: { year: 2025, stepMinutes: 60, timezone: 8 }, output: { perStep: true, diffuse: false } });
    expect(out.steps).toBe(8760);
    expect(out.perStep).toHaveLength(8760);
    // Daylight hours of a year at 31° N: about half of 8760; each counted step casts 4 rays.
    expect(out.rays / 4).toBeGreaterThan(4200);
    expect(out.rays / 4).toBeLessThan(4600);
    expect(out.modules[0].beamShading).toBe(0);
  });

  it('cylinders: a 32-sided polygon, footprint (N/2)·sin(2π/N) r² = 0.99359 πr²', () => {
    const tris = sceneTriangles(shadeSceneSchema.parse({ obstacles: [{ kind: 'cylinder', center: [0, 0], radius: 2, height: 1, baseZ: 5 }] }));
    let top = 0;
    for (let k = 0; k < tris.length; k += 9) {
      if (tris[k + 2] !== 6 || tris[k + 5] !== 6 || tris[k + 8] !== 6) continue;
      top += Math.abs((tris[k + 3] - tris[k]) * (tris[k + 7] - tris[k + 1]) - (tris[k + 6] - tris[k]) * (tris[k + 4] - tris[k + 1])) / 2;
    }
    expect(top / (Math.PI * 4)).toBeCloseTo((16 * Math.sin((2 * Math.PI) / 32)) / Math.PI, 9);
    expect(1 - top / (Math.PI * 4)).toBeCloseTo(0.0064, 4);
  });

  it('a roof face with a hole (a skylight): open over the hole, closed elsewhere', () => {
    // A 10 m × 10 m flat roof at z 5 with a 2 m × 2 m skylight opening centred at (5, 5): the face's
    // triangles cover 100 − 4 = 96 m², and a sun straight overhead lights a module lying under the
    // opening while a module beside it stays in the roof's shadow.
    const roof = {
      vertices: [[0, 0, 5], [10, 0, 5], [10, 10, 5], [0, 10, 5]] as XYZ[],
      holes: [[[4, 4, 5], [4, 6, 5], [6, 6, 5], [6, 4, 5]] as XYZ[]],
    };
    const scene = { buildings: [{ faces: [roof], eaveHeight: 5, outer: [[0, 0], [10, 0], [10, 10], [0, 10]] as [number, number][] }] };
    const tris = sceneTriangles(shadeSceneSchema.parse(scene));
    let top = 0;
    for (let k = 0; k < tris.length; k += 9) {
      if (tris[k + 2] !== 5 || tris[k + 5] !== 5 || tris[k + 8] !== 5) continue;
      top += Math.abs((tris[k + 3] - tris[k]) * (tris[k + 7] - tris[k + 1]) - (tris[k + 6] - tris[k]) * (tris[k + 4] - tris[k + 1])) / 2;
    }
    expect(top).toBeCloseTo(96, 9);
    const under = { id: 'under', corners: [[4.5, 4.5, 1], [5.5, 4.5, 1], [5.5, 5.5, 1], [4.5, 5.5, 1]] as [XYZ, XYZ, XYZ, XYZ] };
    const beside = { id: 'beside', corners: [[1.5, 1.5, 1], [2.5, 1.5, 1], [2.5, 2.5, 1], [1.5, 2.5, 1]] as [XYZ, XYZ, XYZ, XYZ] };
    const out = run({ site, scene, modules: [under, beside], times: { sunVectors: [[0, 0, 1]] }, output: { perStep: false, diffuse: false } });
    const byId = new Map(out.modules.map((m) => [m.id, m.beamShading]));
    expect(byId.get('under')).toBe(0);
    expect(byId.get('beside')).toBe(1);
  });

  it('rejects duplicate module ids, naming the path', () => {
    expect(() => run({ site, modules: [unitModule, unitModule], times: { sunVectors: [[0, 0, 1]] } })).toThrow(
      expect.objectContaining({ name: 'InputError', path: ['modules', 1, 'id'] }),
    );
  });
});
