// Automatic roofs (engine/geometry/auto.ts, its reference src/engine/reference/auto.ts and the host
// wrapper src/engine/auto.ts): gable, shed, flat and hip roofs from an outline, by hand-derived values.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AutoIn, AutoType, Status } from '../../../engine/abi.ts';
import { autoRoofPoints } from '../../../src/engine/auto.ts';
import { isGeneratedId } from '../../../src/model/ids.ts';
import { roofInputSchema, type RoofInput } from '../../../src/model/roof.ts';
import type { KernelRunner } from '../../../src/engine/wasm.ts';
import { orthogonalPolygon, starPolygon } from './skeleton-polygons.ts';
import { debugEngine, reference, tiltOf, type Pt } from './skeleton-helpers.ts';

let wasm: KernelRunner;
beforeAll(async () => {
  wasm = await debugEngine();
});
const runners: [string, () => KernelRunner][] = [
  ['reference', () => reference],
  ['wasm', () => wasm],
];

interface Auto {
  status: number;
  pts: [number, number, number][];
  ring: number[];
  lines: [number, number][];
}

function runAuto(r: KernelRunner, outline: Pt[], type: AutoType, pitch: number, eave: number, azimuth = Number.NaN): Auto {
  const f64 = new Float64Array(AutoIn.HEADER + 2 * outline.length);
  f64[AutoIn.TYPE] = type;
  f64[AutoIn.PITCH] = pitch;
  f64[AutoIn.RIDGE_AZIMUTH] = azimuth;
  f64[AutoIn.EAVE_HEIGHT] = eave;
  f64.set(outline.flat(), AutoIn.HEADER);
  const out = r.run('autoRoof', f64, Int32Array.from([outline.length]));
  const [nPoints, nLines, nRing] = out.i32;
  const pts: [number, number, number][] = [];
  for (let k = 0; k < nPoints; k++) pts.push([out.f64[3 * k], out.f64[3 * k + 1], out.f64[3 * k + 2]]);
  const ring = Array.from(out.i32.subarray(3, 3 + nRing));
  const lines: [number, number][] = [];
  for (let k = 0; k < nLines; k++) lines.push([out.i32[3 + nRing + 2 * k], out.i32[4 + nRing + 2 * k]]);
  return { status: out.status, pts, ring, lines };
}

const RECT: Pt[] = [[0, 0], [10, 0], [10, 8], [0, 8]];
const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);

describe.each(runners)('autoRoof (%s)', (_name, get) => {
  it('gable on 10 × 8: ridge along x at y 4, its ends on the short sides at z = eave + 4·tan(pitch)', () => {
    const r = get();
    const a = runAuto(r, RECT, AutoType.GABLE, 30, 6);
    expect(a.status).toBe(Status.OK);
    // The minimum-area bounding rectangle is the outline; its longer axis runs east–west.
    const h = 6 + 4 * tan(30);
    expect(a.pts.slice(0, 4)).toEqual([[0, 0, 6], [10, 0, 6], [10, 8, 6], [0, 8, 6]]);
    expect(a.pts[4][0]).toBe(10);
    expect(a.pts[4][1]).toBe(4);
    expect(a.pts[4][2]).toBeCloseTo(h, 12);
    expect(a.pts[5][0]).toBe(0);
    expect(a.pts[5][1]).toBe(4);
    expect(a.pts[5][2]).toBeCloseTo(h, 12);
    // The ridge ends split the gable-end edges: they join the outline ring.
    expect(a.ring).toEqual([0, 1, 4, 2, 3, 5]);
    expect(a.lines).toEqual([[5, 4]]);
    // The two faces: south (0, 1, 4, 5) and north (5, 4, 2, 3), both at the pitch.
    const face = (ks: number[]) => ks.map((k) => a.pts[k]);
    expect(tiltOf(face([0, 1, 4, 5]))).toBeCloseTo(30, 10);
    expect(tiltOf(face([5, 4, 2, 3]))).toBeCloseTo(30, 10);
  });

  it('gable with ridgeAzimuth 0: the ridge runs north–south through x 5', () => {
    const r = get();
    const a = runAuto(r, RECT, AutoType.GABLE, 25, 3, 0);
    expect(a.pts).toHaveLength(6);
    expect(a.pts.slice(0, 4).map((p) => p[2])).toEqual([3, 3, 3, 3]);
    // crossings: bottom edge at (5, 0), top edge at (5, 8), both at z = 3 + 5·tan 25°
    expect(a.ring).toEqual([0, 4, 1, 2, 5, 3]);
    expect(a.pts[4][0]).toBeCloseTo(5, 12);
    expect(a.pts[4][1]).toBeCloseTo(0, 12);
    expect(a.pts[5][0]).toBeCloseTo(5, 12);
    expect(a.pts[5][1]).toBeCloseTo(8, 12);
    expect(a.pts[4][2]).toBeCloseTo(3 + 5 * tan(25), 12);
    expect(a.pts[5][2]).toBeCloseTo(3 + 5 * tan(25), 12);
    expect(a.lines).toEqual([[4, 5]]);
  });

  it('gable on a rotated rectangle: the ridge follows its long axis', () => {
    const r = get();
    const c = Math.cos(0.5);
    const s = Math.sin(0.5);
    const rot = RECT.map(([x, y]) => [x * c - y * s, x * s + y * c] as Pt);
    const a = runAuto(r, rot, AutoType.GABLE, 30, 6);
    expect(a.pts.slice(0, 4).map((p) => p[2])).toEqual([6, 6, 6, 6].map((z, i) => a.pts[i][2]));
    a.pts.slice(0, 4).forEach((p) => expect(p[2]).toBeCloseTo(6, 9));
    expect(a.lines).toHaveLength(1);
    const [i, j] = a.lines[0];
    expect(Math.hypot(a.pts[i][0] - a.pts[j][0], a.pts[i][1] - a.pts[j][1])).toBeCloseTo(10, 9);
    expect(a.pts[i][2]).toBeCloseTo(6 + 4 * tan(30), 9);
  });

  it('gable on an L: vertices take z from the plane over their side, ridge clipped to the outline', () => {
    const r = get();
    // Bounding rectangle 12 × 8 (minimum area), ridge along x at y 4; the L's inner corner (4,4) lies
    // on the ridge, the notch x∈[4,12], y∈[4,8] is cut out: the ridge runs from (0,4) to (4,4)… and
    // on along the outline edge (4,4)–(12,4), which is not interior: one line (0,4)–(4,4).
    const L: Pt[] = [[0, 0], [12, 0], [12, 4], [4, 4], [4, 8], [0, 8]];
    const a = runAuto(r, L, AutoType.GABLE, 45, 5);
    const h = 5 + 4;
    expect(a.pts[2][2]).toBeCloseTo(h, 12);
    expect(a.pts[3][2]).toBeCloseTo(h, 12);
    expect(a.pts[4][2]).toBeCloseTo(5, 12);
    expect(a.pts).toHaveLength(7);
    expect(a.pts[6].slice(0, 2)).toEqual([0, 4]);
    expect(a.lines).toEqual([[6, 3]]);
  });

  it('shed facing south: lowest along the south side, rising at the pitch to the north', () => {
    const r = get();
    const a = runAuto(r, RECT, AutoType.SHED, 20, 4);
    const zs = a.pts.map((p) => p[2]);
    expect(zs[0]).toBe(4);
    expect(zs[1]).toBe(4);
    expect(zs[2]).toBeCloseTo(4 + 8 * tan(20), 12);
    expect(zs[3]).toBeCloseTo(4 + 8 * tan(20), 12);
    expect(a.lines).toEqual([]);
    expect(a.ring).toEqual([0, 1, 2, 3]);
    expect(tiltOf(a.pts)).toBeCloseTo(20, 10);
  });

  it('shed facing east (ridgeAzimuth 90): lowest along the east side', () => {
    const r = get();
    const a = runAuto(r, RECT, AutoType.SHED, 20, 4, 90);
    const zs = a.pts.map((p) => p[2]);
    expect(zs[1]).toBeCloseTo(4, 12);
    expect(zs[2]).toBeCloseTo(4, 12);
    expect(zs[0]).toBeCloseTo(4 + 10 * tan(20), 12);
    expect(zs[3]).toBeCloseTo(4 + 10 * tan(20), 12);
  });

  it('flat L-shape: the outline at the eave height, no lines', () => {
    const r = get();
    const L: Pt[] = [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10]];
    const a = runAuto(r, L, AutoType.FLAT, 25, 7.5);
    expect(a.status).toBe(Status.OK);
    expect(a.pts).toEqual(L.map(([x, y]) => [x, y, 7.5]));
    expect(a.ring).toEqual([0, 1, 2, 3, 4, 5]);
    expect(a.lines).toEqual([]);
  });

  it('hip on 10 × 8: skeleton nodes at eave + t·tan(pitch), arcs as lines', () => {
    const r = get();
    const a = runAuto(r, RECT, AutoType.HIP, 30, 6);
    expect(a.status).toBe(Status.OK);
    expect(a.pts.slice(4).map((p) => p.map((v) => +v.toFixed(9)))).toEqual([
      [4, 4, +(6 + 4 * tan(30)).toFixed(9)],
      [6, 4, +(6 + 4 * tan(30)).toFixed(9)],
    ]);
    expect(a.lines).toEqual([[0, 4], [1, 5], [2, 5], [3, 4], [4, 5]]);
    expect(a.ring).toEqual([0, 1, 2, 3]);
  });

  it('rejects a malformed input', () => {
    const r = get();
    expect(runAuto(r, RECT, 7 as AutoType, 30, 6).status).toBe(Status.BAD_INPUT);
    expect(runAuto(r, RECT, AutoType.GABLE, Number.NaN, 6).status).toBe(Status.BAD_INPUT);
    expect(r.run('autoRoof', Float64Array.from([0, 30, 0, 6, 0, 0]), Int32Array.from([3])).status).toBe(Status.BAD_INPUT);
  });
});

describe('autoRoofPoints', () => {
  const input = (auto: RoofInput['auto']) =>
    roofInputSchema.parse({
      building: {
        id: 'b1',
        eaveHeight: 6,
        outerPoints: RECT.map(([x, y], i) => ({ id: `o${i + 1}`, x, y })),
        points: [{ id: 'ignored', x: 1, y: 1 }],
      },
      auto,
    });

  it('gable: outline ids kept, ridge ends inserted into the ring with new ids, one ridge line', () => {
    const out = autoRoofPoints(reference, input({ type: 'gable', pitch: 30 }));
    expect(out.outerPoints.map((p) => p.id).slice(0, 2)).toEqual(['o1', 'o2']);
    expect(out.outerPoints).toHaveLength(6);
    const ridgeEnd = out.outerPoints[2];
    expect(isGeneratedId(ridgeEnd.id)).toBe(true);
    expect(ridgeEnd).toMatchObject({ x: 10, y: 4 });
    expect(ridgeEnd.z).toBeCloseTo(6 + 4 * tan(30), 12);
    expect(out.points).toEqual([]);
    expect(out.lines).toHaveLength(1);
    expect(isGeneratedId(out.lines[0].id)).toBe(true);
    expect([out.lines[0].idp1, out.lines[0].idp2].sort()).toEqual([out.outerPoints[5].id, ridgeEnd.id].sort());
  });

  it('hip with the default pitch (25°): interior points with z, lines between known ids', () => {
    const out = autoRoofPoints(reference, input({ type: 'hip' } as RoofInput['auto']));
    expect(out.outerPoints.map((p) => p.id)).toEqual(['o1', 'o2', 'o3', 'o4']);
    expect(out.outerPoints.every((p) => p.z === 6)).toBe(true);
    expect(out.points).toHaveLength(2);
    out.points.forEach((p) => expect(p.z).toBeCloseTo(6 + 4 * tan(25), 12));
    const ids = new Set([...out.outerPoints, ...out.points].map((p) => p.id));
    expect(ids.size).toBe(6);
    expect(out.lines).toHaveLength(5);
    for (const l of out.lines) expect(ids.has(l.idp1) && ids.has(l.idp2)).toBe(true);
  });

  it('needs an auto roof', () => {
    expect(() => autoRoofPoints(reference, input(undefined))).toThrow();
  });
});

describe('autoRoof: wasm ≡ reference', () => {
  const polygons = fc.oneof(
    fc.record({ seed: fc.integer(), n: fc.integer({ min: 3, max: 40 }) }).map(({ seed, n }) => starPolygon(seed, n, 10, 0.3, 5, 5)),
    fc.record({ seed: fc.integer(), w: fc.integer({ min: 2, max: 9 }), h: fc.integer({ min: 2, max: 9 }), c: fc.integer({ min: 1, max: 50 }) })
      .map(({ seed, w, h, c }) => orthogonalPolygon(seed, w, h, c, 2)),
  );
  it('hip, gable, shed and flat on random outlines', () => {
    fc.assert(
      fc.property(
        polygons,
        fc.constantFrom(AutoType.HIP, AutoType.GABLE, AutoType.SHED, AutoType.FLAT),
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 360, noNaN: true }), { nil: undefined }),
        (p, type, pitch, az) => {
          const a = runAuto(wasm!, p, type, pitch, 5, az ?? Number.NaN);
          const b = runAuto(reference, p, type, pitch, 5, az ?? Number.NaN);
          expect(a.status).toBe(b.status);
          expect(a.ring).toEqual(b.ring);
          expect(a.lines).toEqual(b.lines);
          expect(a.pts.length).toBe(b.pts.length);
          a.pts.forEach((q, k) => q.forEach((v, c) => expect(Math.abs(v - b.pts[k][c])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)))));
        },
      ),
      { numRuns: 200 },
    );
  });
});
