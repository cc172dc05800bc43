// Differential tests of the shading kernels' shortcuts on the scenes they are built for: rows of
// tilted racks (coplanar neighbours in a row, rows behind lying below a module's plane), a parapet
// seen along its length, obstacles tens of metres away, the sun low or grazing the module plane. The
// wasm engine answers most rays from each sample's horizon (engine/shading/horizon.ts) without a
// traversal; the TypeScript reference casts every ray. Both decide every ray–triangle pair with the
// same f64 expressions, so their outputs must be identical (docs/ARCHITECTURE.md: "the reference may be
// slower, never different").
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, createReferenceEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import { loadEngineNode } from '../../../src/engine/wasm.ts';
import type { ShadeInput } from '../../../src/model/shade.ts';

type XYZ = [number, number, number];
type XY = [number, number];
type Obstacle = NonNullable<NonNullable<ShadeInput['scene']>['obstacles']>[number];

const D2R = Math.PI / 180;
const num = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });

interface Rows {
  rows: number;
  cols: number;
  /** Module slope length and width [m]. */
  len: number;
  wid: number;
  tilt: number;
  /** Azimuth the racks face [°], clockwise from north. */
  azimuth: number;
  /** Row pitch beyond the racks' plan depth [m]. */
  spacing: number;
  /** Gap between modules in a row [m]: 0 makes neighbours share an edge. */
  gap: number;
  roofZ: number;
}

const rowsArb: fc.Arbitrary<Rows> = fc.record({
  rows: fc.integer({ min: 1, max: 4 }),
  cols: fc.integer({ min: 1, max: 5 }),
  len: num(0.8, 2.4),
  wid: num(0.5, 1.2),
  tilt: fc.oneof(fc.constant(0), num(0, 40)),
  azimuth: fc.oneof(fc.constant(180), num(0, 360)),
  spacing: num(0, 2.5),
  gap: fc.constantFrom(0, 0.02),
  roofZ: num(0, 12),
});

/** The rack modules, rotated so that they face `azimuth`, centred on the origin. */
function rackModules(r: Rows): { id: string; corners: [XYZ, XYZ, XYZ, XYZ] }[] {
  const run = r.len * Math.cos(r.tilt * D2R);
  const rise = r.len * Math.sin(r.tilt * D2R);
  const pitch = run + r.spacing;
  // Built facing south (rows along x, up the slope towards +y), then turned by azimuth − 180°.
  const turn = (180 - r.azimuth) * D2R;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  const x0 = (-r.cols * (r.wid + r.gap)) / 2;
  const y0 = (-r.rows * pitch) / 2;
  const at = (x: number, y: number, z: number): XYZ => [x * c - y * s, x * s + y * c, z];
  const out: { id: string; corners: [XYZ, XYZ, XYZ, XYZ] }[] = [];
  for (let i = 0; i < r.rows; i++) {
    for (let j = 0; j < r.cols; j++) {
      const x = x0 + j * (r.wid + r.gap);
      const y = y0 + i * pitch;
      const z = r.roofZ + 0.3;
      out.push({
        id: `r${i}c${j}`,
        corners: [at(x, y, z), at(x + r.wid, y, z), at(x + r.wid, y + run, z + rise), at(x, y + run, z + rise)],
      });
    }
  }
  return out;
}

/** Obstacles near and far (the far ones are bounded as whole BVH boxes), and a parapet ring. */
const obstaclesArb = (roofZ: number): fc.Arbitrary<Obstacle[]> =>
  fc
    .tuple(
      fc.array(
        fc.record({ r: num(3, 40), a: num(0, 360), w: num(0.3, 4), d: num(0.3, 3), h: num(0.3, 6), cyl: fc.boolean() }),
        { maxLength: 6 },
      ),
      fc.option(fc.record({ half: num(6, 25), h: num(0.3, 1.5) }), { nil: undefined }),
    )
    .map(([boxes, parapet]) => {
      const out: Obstacle[] = boxes.map(({ r, a, w, d, h, cyl }) => {
        const center: XY = [r * Math.sin(a * D2R), r * Math.cos(a * D2R)];
        return cyl
          ? { kind: 'cylinder', center, radius: w / 4, height: h, baseZ: roofZ }
          : { kind: 'box', center, size: [w, d], height: h, baseZ: roofZ, rotation: a };
      });
      if (parapet) {
        const q = parapet.half;
        const ring: XY[] = [[-q, -q], [q, -q], [q, q], [-q, q], [-q, -q]];
        out.push({ kind: 'parapet', polyline: ring, height: parapet.h, thickness: 0.25, baseZ: roofZ });
      }
      return out;
    });

/** The unit normal of racks tilted `tilt` facing `azimuth`. */
function rackNormal(r: Rows): XYZ {
  const t = r.tilt * D2R;
  const a = r.azimuth * D2R;
  return [Math.sin(t) * Math.sin(a), Math.sin(t) * Math.cos(a), Math.cos(t)];
}

/** Suns anywhere above the horizon, low ones (0°–8°), and ones grazing the module plane. */
const sunsArb = (r: Rows): fc.Arbitrary<XYZ[]> => {
  const n = rackNormal(r);
  const any = fc.tuple(num(0, 360), num(-2, 90));
  const low = fc.tuple(num(0, 360), num(0, 8));
  const toVec = ([az, el]: [number, number]): XYZ => [Math.sin(az * D2R) * Math.cos(el * D2R), Math.cos(az * D2R) * Math.cos(el * D2R), Math.sin(el * D2R)];
  // n × (a horizontal direction), tipped by ε towards ±n: grazing the plane on either side.
  const grazing = fc.tuple(num(0, 360), fc.oneof(fc.constant(0), num(-1e-3, 1e-3), num(-1e-9, 1e-9))).map(([az, eps]): XYZ => {
    const h: XYZ = [Math.sin(az * D2R), Math.cos(az * D2R), 0];
    const t: XYZ = [n[1] * h[2] - n[2] * h[1], n[2] * h[0] - n[0] * h[2], n[0] * h[1] - n[1] * h[0]];
    return [t[0] + eps * n[0], t[1] + eps * n[1], t[2] + eps * n[2]];
  });
  return fc
    .tuple(fc.array(any.map(toVec), { maxLength: 12 }), fc.array(low.map(toVec), { maxLength: 12 }), fc.array(grazing, { maxLength: 8 }))
    .map(([a, b, c]) => [...a, ...b, ...c].filter(([x, y, z]) => x * x + y * y + z * z > 1e-6))
    .filter((s) => s.length > 0);
};

const rackScene: fc.Arbitrary<ShadeInput> = rowsArb.chain((r) =>
  fc.record({
    site: fc.constant({ latitude: 31.23, longitude: 121.47 }),
    scene: obstaclesArb(r.roofZ).map((obstacles) => ({ obstacles })),
    modules: fc.constant(rackModules(r)),
    samples: fc.record({ x: fc.integer({ min: 1, max: 3 }), y: fc.integer({ min: 1, max: 3 }) }),
    times: sunsArb(r).map((sunVectors) => ({ sunVectors })),
    mode: fc.constantFrom('exact' as const, 'table' as const),
    output: fc.record({ perStep: fc.constant(true), diffuse: fc.boolean() }),
  }),
);

let wasm: EngineApi;
const ref = createReferenceEngine();
beforeAll(async () => {
  wasm = createEngine(await loadEngineNode('release'));
});

describe('shade: horizon shortcuts give the reference’s answers on rack rows', () => {
  it('gives identical outputs for rows of tilted racks with near and far obstacles, low and grazing suns', () => {
    fc.assert(
      fc.property(rackScene, (input) => {
        expect(wasm.shade(input)).toEqual(ref.shade(input));
      }),
      { numRuns: 40 },
    );
  });

  it('gives identical outputs over a year of hourly steps for a small rack array', () => {
    // 3 rows of 4 modules facing south at 10°, rows 0.35 m apart: the front rows shade the ones behind
    // in winter mornings and evenings (the case the row-spacing rule is about).
    const r: Rows = { rows: 3, cols: 4, len: 2.278, wid: 1.134, tilt: 10, azimuth: 180, spacing: 0.35, gap: 0.02, roofZ: 10 };
    const input: ShadeInput = {
      site: { latitude: 31.23, longitude: 121.47 },
      scene: { obstacles: [{ kind: 'box', center: [7, 1], size: [2, 1.5], height: 2.5, baseZ: 10, rotation: 0 }] },
      modules: rackModules(r),
      samples: { x: 2, y: 2 },
      times: { year: 2025, stepMinutes: 60, timezone: 8 },
      output: { diffuse: true },
    };
    const out = wasm.shade(input);
    expect(out).toEqual(ref.shade(input));
    // The racks do shade one another: some module loses part of its beam.
    expect(out.modules.some((m) => m.beamShading > 0)).toBe(true);
  });

  it('traces the table directions behind a module: a wall below the module plane blocks one of them', () => {
    // A 1 m module at 30° facing south (n = (0, −½, √3/2)); a wall 0.9 m high along y = 1.93 for
    // 2 ≤ x ≤ 4.5, wholly below the module plane (which is 1.11 m high there). The sun at azimuth 60°,
    // elevation 18° is in front (n · s = 0.03); the table interpolates it from the nodes (60°, 10°) and
    // (60°, 20°) with weights 0.2 and 0.8. The node at 10° is behind the module (n · d = −0.10): its
    // rays from all four samples reach y = 1.93 at heights 0.73–0.83 m and hit the wall; the node at
    // 20° passes over it (1.37 m and up). So the shaded fraction is 0.2 · 1 + 0.8 · 0 = 0.2.
    const h = Math.sqrt(3) / 2;
    const wall: [number, number, number, number, number, number, number, number, number][] = [
      [2, 1.93, 0, 4.5, 1.93, 0, 4.5, 1.93, 0.9],
      [2, 1.93, 0, 4.5, 1.93, 0.9, 2, 1.93, 0.9],
    ];
    const sun: XYZ = [Math.sin(60 * D2R) * Math.cos(18 * D2R), Math.cos(60 * D2R) * Math.cos(18 * D2R), Math.sin(18 * D2R)];
    const input: ShadeInput = {
      site: { latitude: 31.23, longitude: 121.47 },
      scene: { triangles: wall },
      modules: [{ id: 'm', corners: [[0, 0, 0], [1, 0, 0], [1, h, 0.5], [0, h, 0.5]] }],
      samples: { x: 2, y: 2 },
      times: { sunVectors: [sun] },
      mode: 'table',
      output: { perStep: true, diffuse: false },
    };
    const out = wasm.shade(input);
    expect(out.perStep?.[0][0]).toBeCloseTo(0.2, 12);
    expect(out).toEqual(ref.shade(input));
  });
});
