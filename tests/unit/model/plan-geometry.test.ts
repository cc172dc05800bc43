// Plan geometry (src/model/plan-geometry.ts) against values worked by hand.
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  boxRing,
  circleRing,
  closestOnSegment,
  counterClockwise,
  newellNormal,
  orient,
  planeOf,
  planeZ,
  pointInFlatRing,
  pointInRing,
  pointOnOrInRing,
  ringCentroid,
  ringEdgeDistance,
  segmentDistance,
  segmentsCross,
  signedArea,
  vertexMean,
} from '../../../src/model/plan-geometry.ts';

const square = [
  [0, 0],
  [4, 0],
  [4, 3],
  [0, 3],
];
/** An L: the 4 × 3 rectangle less its 2 × 2 top-right corner (area 12 − 4 = 8). */
const ell = [
  [0, 0],
  [4, 0],
  [4, 1],
  [2, 1],
  [2, 3],
  [0, 3],
];

describe('areas and centroids', () => {
  it('signed area: +12 counter-clockwise, −12 clockwise; the L is 8', () => {
    expect(signedArea(square)).toBe(12);
    expect(signedArea([...square].reverse())).toBe(-12);
    expect(signedArea(ell)).toBe(8);
    expect(signedArea([[0, 0], [1, 1]])).toBe(0);
  });

  it('counterClockwise turns a clockwise ring and keeps a counter-clockwise one', () => {
    expect(counterClockwise(square)).toBe(square);
    expect(counterClockwise([...square].reverse())).toEqual(square);
  });

  it('centroid of the rectangle (2, 1.5); of the L: (6·(1, 1.5) + 2·(3, 0.5)) / 8 = (1.5, 1.25)', () => {
    expect(ringCentroid(square)).toEqual([2, 1.5]);
    const [cx, cy] = ringCentroid(ell);
    expect(cx).toBeCloseTo(1.5, 12);
    expect(cy).toBeCloseTo(1.25, 12);
    // Far from the origin (lon/lat or UTM): the same shape moved keeps its centroid exactly moved.
    const far = ringCentroid(ell.map(([x, y]) => [x + 500_000, y + 3_400_000]));
    expect(far[0]).toBeCloseTo(500_001.5, 6);
    expect(far[1]).toBeCloseTo(3_400_001.25, 6);
    // A degenerate ring: the mean of its vertices.
    expect(ringCentroid([[0, 0], [2, 0], [4, 0]])).toEqual([2, 0]);
  });
});

describe('containment and distance', () => {
  it('point in ring (even-odd): inside the L, outside in its notch', () => {
    expect(pointInRing(1, 1, ell)).toBe(true);
    expect(pointInRing(3, 2, ell)).toBe(false);
    expect(pointInRing(5, 1, ell)).toBe(false);
    expect(pointInFlatRing(1, 1, ell.flat())).toBe(true);
    expect(pointInFlatRing(3, 2, ell.flat())).toBe(false);
  });

  it('segment distance: foot inside (3 − 0 = 3), beyond an end (hypot(3, 4) = 5), a zero-length segment', () => {
    expect(segmentDistance(2, 3, 0, 0, 4, 0)).toBe(3);
    expect(segmentDistance(7, 4, 0, 0, 4, 0)).toBe(5);
    expect(segmentDistance(3, 4, 0, 0, 0, 0)).toBe(5);
    expect(closestOnSegment(1, 2, 0, 0, 4, 0)).toEqual({ t: 0.25, x: 1, y: 0, dist: 2 });
    expect(closestOnSegment(-3, 0, 0, 0, 4, 0)).toEqual({ t: 0, x: 0, y: 0, dist: 3 });
  });

  it('edge distance and on-or-in with a tolerance', () => {
    expect(ringEdgeDistance(3, 2, ell)).toBe(1);
    expect(pointOnOrInRing(4.05, 0.5, ell, 0.1)).toBe(true);
    expect(pointOnOrInRing(4.2, 0.5, ell, 0.1)).toBe(false);
  });

  it('orientation and proper crossings (touching is none; with a tolerance, orientations within tolerance² count as touching)', () => {
    expect(orient([0, 0], [1, 0], [0, 1])).toBe(1);
    expect(orient([0, 0], [1, 0], [0, -1])).toBe(-1);
    expect(segmentsCross([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsCross([0, 0], [2, 0], [1, 0], [1, 2])).toBe(false);
    // q1 1e-5 m below p1–p2: orientation 2·1e-5 < 0.01² — touching.
    expect(segmentsCross([0, 0], [2, 0], [1, -1e-5], [1, 2], 0.01)).toBe(false);
    expect(segmentsCross([0, 0], [2, 0], [1, -1], [1, 2], 0.01)).toBe(true);
  });

  it('bounds', () => {
    expect(boundsOf(ell)).toEqual({ x0: 0, y0: 0, x1: 4, y1: 3 });
    expect(boundsOf([])).toEqual({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
  });
});

describe('planes', () => {
  it("Newell's normal: a counter-clockwise level square points up, twice its area (2·12)", () => {
    expect(newellNormal(square)).toEqual([0, 0, 24]);
    expect(newellNormal([...square].reverse())[2]).toBe(-24);
  });

  it('a roof face rising 1 m per 2 m northwards: normal ∝ (0, −1, 2), z = 0.5·y, tilt atan(1/2) = 26.57°', () => {
    const face = [
      [0, 0, 0],
      [10, 0, 0],
      [10, 4, 2],
      [0, 4, 2],
    ];
    const [nx, ny, nz] = newellNormal(face);
    expect(nx).toBeCloseTo(0, 12);
    expect(ny / nz).toBeCloseTo(-0.5, 12);
    const p = planeOf(face)!;
    expect(p.gx).toBeCloseTo(0, 12);
    expect(p.gy).toBeCloseTo(0.5, 12);
    expect(planeZ(p, 3, 2)).toBeCloseTo(1, 12);
    expect((Math.atan(Math.hypot(p.gx, p.gy)) * 180) / Math.PI).toBeCloseTo(26.565, 3);
    expect(vertexMean(face)).toEqual([5, 2, 1]);
  });

  it('a vertical polygon has no z(x, y)', () => {
    expect(planeOf([[0, 0, 0], [4, 0, 0], [4, 0, 3], [0, 0, 3]])).toBeNull();
  });
});

describe('shapes', () => {
  it('a 4 × 2 box turned 90°: corners counter-clockwise from (1, −2)', () => {
    const r = boxRing([0, 0], [4, 2], 90).map(([x, y]) => [Math.round(x * 1e9) / 1e9, Math.round(y * 1e9) / 1e9]);
    expect(r).toEqual([
      [1, -2],
      [1, 2],
      [-1, 2],
      [-1, -2],
    ]);
    expect(signedArea(r)).toBeCloseTo(8, 9);
  });

  it('a circle as a 4-gon of radius 2 around (1, 1): starts east, area 8', () => {
    const c = circleRing(1, 1, 2, 4).map(([x, y]) => [Math.round(x * 1e9) / 1e9, Math.round(y * 1e9) / 1e9]);
    expect(c).toEqual([
      [3, 1],
      [1, 3],
      [-1, 1],
      [1, -1],
    ]);
    expect(signedArea(c)).toBeCloseTo(8, 9);
  });
});
