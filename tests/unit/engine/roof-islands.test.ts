// Islands — closed rings of roof lines touching neither the outline nor any line connected to it (a
// skylight frame, a dormer) — are holes of the face around them (rules: engine/geometry/holes.ts).
// Expected values are analytic: the pyramid over 10 × 10 with its apex (5,5) at 3 m above the eave
// has faces of tilt atan(3/5) whose plane rises 0.6 m per metre inwards, so 1/cos(tilt) = √34/5; a
// face's sloped area is its plan area · √34/5.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceEngine, loadEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import type { LineIn, PointIn, RoofInput, RoofOutput } from '../../../src/model/roof.ts';

const DEG = 180 / Math.PI;
const SEC = Math.sqrt(34) / 5;
const PYRAMID_TILT = Math.atan(3 / 5) * DEG;

const square = (id: string, x0: number, y0: number, w: number, h = w, z?: number): PointIn[] =>
  [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]].map(([x, y], k) => (z === undefined ? { id: `${id}${k + 1}`, x, y } : { id: `${id}${k + 1}`, x, y, z }));
const ring = (id: string): LineIn[] => [0, 1, 2, 3].map((k) => ({ id: `${id}-${k}`, idp1: `${id}${k + 1}`, idp2: `${id}${((k + 1) % 4) + 1}` }));
const outline = square('o', 0, 0, 10);
const hips: LineIn[] = outline.map((o) => ({ id: `hip-${o.id}`, idp1: 'apex', idp2: o.id }));

function flatWith(points: PointIn[], lines: LineIn[]): RoofInput {
  return { building: { id: 'flat', eaveHeight: 6, outerPoints: outline, points, lines } };
}
function pyramidWith(points: PointIn[], lines: LineIn[]): RoofInput {
  return { building: { id: 'pyr', eaveHeight: 6, outerPoints: outline, points: [{ id: 'apex', x: 5, y: 5, z: 9 }, ...points], lines: [...hips, ...lines] } };
}
const faceWith = (out: RoofOutput, ids: string[]) => {
  const f = out.faces.find((g) => ids.every((id) => g.pointIds.includes(id)));
  if (!f) throw new Error(`no face through ${ids.join(', ')}`);
  return f;
};
const planSum = (out: RoofOutput) => out.faces.reduce((s, f) => s + f.planArea, 0);

describe.each([
  ['wasm', () => loadEngine('debug')],
  ['reference', async () => createReferenceEngine()],
])('islands are holes (%s)', (_name, load) => {
  let engine: EngineApi;
  beforeAll(async () => {
    engine = await load();
  });

  it('a skylight frame on a flat roof: the roof face gets it as a hole (96 m²), the frame is a 4 m² face', () => {
    const out = engine.roof(flatWith(square('s', 4, 4, 2), ring('s')));
    expect(out.errors).toEqual([]);
    expect(out.faces).toHaveLength(2);
    const roof = faceWith(out, ['o1']);
    expect(roof.planArea).toBeCloseTo(96, 9);
    expect(roof.area).toBeCloseTo(96, 9);
    // The hole runs clockwise seen from above, from its smallest point, at the roof's height.
    expect(roof.holePointIds).toEqual([['s1', 's4', 's3', 's2']]);
    expect(roof.holes).toEqual([[[4, 4, 6], [4, 6, 6], [6, 6, 6], [6, 4, 6]]]);
    const frame = faceWith(out, ['s1']);
    expect(frame.planArea).toBeCloseTo(4, 9);
    expect(frame.holes).toBeUndefined();
    expect(planSum(out)).toBeCloseTo(100, 9);
  });

  it('a skylight in the south face of a pyramid sits in the roof plane; the face loses 2·√34/5 m²', () => {
    const out = engine.roof(pyramidWith(square('s', 4, 1, 2, 1), ring('s')));
    expect(out.errors).toEqual([]);
    const south = faceWith(out, ['o1', 'o2', 'apex']);
    expect(south.tilt).toBeCloseTo(PYRAMID_TILT, 9);
    expect(south.azimuth).toBeCloseTo(180, 9);
    expect(south.planArea).toBeCloseTo(25 - 2, 9);
    expect(south.area).toBeCloseTo((25 - 2) * SEC, 9);
    // z = 6 + 0.6·y on the south face.
    const z = Object.fromEntries(out.points.map((p) => [p.id, p.z]));
    expect(z.s1).toBeCloseTo(6.6, 9);
    expect(z.s4).toBeCloseTo(7.2, 9);
    const frame = faceWith(out, ['s1']);
    expect(frame.tilt).toBeCloseTo(PYRAMID_TILT, 9);
    expect(frame.area).toBeCloseTo(2 * SEC, 9);
    for (const ids of [['o2', 'o3'], ['o3', 'o4'], ['o4', 'o1']]) expect(faceWith(out, ids).area).toBeCloseTo(5 * Math.sqrt(34), 9);
    expect(planSum(out)).toBeCloseTo(100, 9);
  });

  it('a raised frame (own z 8) does not make the face non-planar: same tilt and area, the frame is flat at 8 m', () => {
    const out = engine.roof(pyramidWith(square('s', 4, 1, 2, 1, 8), ring('s')));
    expect(out.errors).toEqual([]);
    const south = faceWith(out, ['o1', 'o2', 'apex']);
    expect(south.tilt).toBeCloseTo(PYRAMID_TILT, 9);
    expect(south.area).toBeCloseTo((25 - 2) * SEC, 9);
    expect(south.holes?.[0].map((v) => v[2])).toEqual([8, 8, 8, 8]);
    const frame = faceWith(out, ['s1']);
    expect(frame.tilt).toBe(0);
    expect(frame.azimuth).toBe(180);
    expect(frame.area).toBeCloseTo(2, 9);
  });

  it('a dormer: its foot takes the roof plane, its ridge its own z; two faces of tilt atan(√0.61)', () => {
    // Ridge 0.5 m above the roof plane (z = 6 + 0.6·y) from (5,1) to (5,3): each dormer face rises
    // 0.5 m over 1 m across and 0.6 m per metre northwards: normal (∓0.5, −0.6, 1).
    const points = [...square('d', 4, 1, 2, 2), { id: 'r1', x: 5, y: 1, z: 7.1 }, { id: 'r2', x: 5, y: 3, z: 8.3 }];
    const out = engine.roof(pyramidWith(points, [...ring('d'), { id: 'ridge', idp1: 'r1', idp2: 'r2' }]));
    expect(out.errors).toEqual([]);
    const south = faceWith(out, ['o1', 'o2', 'apex']);
    expect(south.planArea).toBeCloseTo(21, 9);
    expect(south.area).toBeCloseTo(21 * SEC, 9);
    expect(south.holePointIds).toEqual([['d1', 'd4', 'r2', 'd3', 'd2', 'r1']]);
    const west = faceWith(out, ['d1', 'd4']);
    const east = faceWith(out, ['d2', 'd3']);
    const tilt = Math.atan(Math.sqrt(0.25 + 0.36)) * DEG;
    expect(west.tilt).toBeCloseTo(tilt, 9);
    expect(east.tilt).toBeCloseTo(tilt, 9);
    expect(west.azimuth).toBeCloseTo(180 + Math.atan(0.5 / 0.6) * DEG, 9);
    expect(east.azimuth).toBeCloseTo(180 - Math.atan(0.5 / 0.6) * DEG, 9);
    expect(west.area).toBeCloseTo(2 * Math.sqrt(1.61), 9);
    expect(planSum(out)).toBeCloseTo(100, 9);
  });

  it('nested islands: a skylight on a dormer face is a hole of that face, not of the roof', () => {
    const out = engine.roof(flatWith([...square('a', 2, 2, 6), ...square('b', 4, 4, 2)], [...ring('a'), ...ring('b')]));
    expect(out.errors).toEqual([]);
    const byArea = [...out.faces].sort((f, g) => g.planArea - f.planArea);
    expect(byArea.map((f) => f.planArea)).toEqual([expect.closeTo(64, 9), expect.closeTo(32, 9), expect.closeTo(4, 9)]);
    expect(byArea.map((f) => f.holePointIds)).toEqual([[['a1', 'a4', 'a3', 'a2']], [['b1', 'b4', 'b3', 'b2']], undefined]);
  });

  it('a ring tied to the roof by a line is no island: no hole, the faces still tile the outline', () => {
    const out = engine.roof(flatWith(square('s', 4, 4, 2), [...ring('s'), { id: 'tie', idp1: 's1', idp2: 'o1' }]));
    expect(out.errors).toEqual([]);
    expect(out.faces.every((f) => f.holes === undefined)).toBe(true);
    expect(planSum(out)).toBeCloseTo(100, 9);
  });

  it('random frames on a pyramid: faces tile the outline, tilt and azimuth as without them, area·cos(tilt) = planArea', () => {
    const frame = fc.tuple(fc.double({ min: 0.5, max: 9.5, noNaN: true }), fc.double({ min: 0.2, max: 4.5, noNaN: true }), fc.double({ min: 0.05, max: 2, noNaN: true }), fc.option(fc.double({ min: 6, max: 10, noNaN: true })));
    const base = engine.roof(pyramidWith([], []));
    fc.assert(
      fc.property(fc.array(frame, { minLength: 1, maxLength: 4 }), (frames) => {
        const points: PointIn[] = [];
        const lines: LineIn[] = [];
        const kept: [number, number, number][] = [];
        frames.forEach(([x, y, s, z], k) => {
          // Keep the frame inside the south triangle (0,0)–(10,0)–(5,5): y + s < min(x, 10 − x − s),
          // and apart from the others (overlapping frames of different heights cannot be planar).
          if (!(y + s < Math.min(x, 10 - x - s) - 0.01)) return;
          if (kept.some(([a, b, t]) => x < a + t + 0.01 && a < x + s + 0.01 && y < b + t + 0.01 && b < y + s + 0.01)) return;
          kept.push([x, y, s]);
          points.push(...square(`f${k}-`, x, y, s, s, z ?? undefined));
          lines.push(...ring(`f${k}-`));
        });
        const out = engine.roof(pyramidWith(points, lines));
        expect(out.success).toBe(true);
        expect(planSum(out)).toBeCloseTo(100, 7);
        for (const b of base.faces) {
          const f = faceWith(out, b.pointIds);
          expect(f.tilt).toBeCloseTo(b.tilt, 9);
          expect(f.azimuth).toBeCloseTo(b.azimuth, 9);
          expect(f.area).toBeCloseTo(f.planArea * SEC, 7);
        }
      }),
      { numRuns: 150 },
    );
  });
});
