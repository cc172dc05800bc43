import { describe, expect, it } from 'vitest';
import { roofInputSchema } from '../../../src/model/roof.ts';
import { GEOMETRY } from '../../../src/model/constants.ts';

describe('roof input schema', () => {
  const outline = [
    { id: 'a', x: 0, y: 0 },
    { id: 'b', x: 10, y: 0 },
    { id: 'c', x: 10, y: 8 },
  ];

  it('accepts a minimal building and fills the defaults', () => {
    const r = roofInputSchema.parse({ building: { id: 'b1', eaveHeight: 6, outerPoints: outline } });
    expect(r.building.points).toEqual([]);
    expect(r.building.lines).toEqual([]);
  });

  it('names the offending path of a bad coordinate', () => {
    const r = roofInputSchema.safeParse({
      building: { id: 'b1', eaveHeight: 6, outerPoints: [...outline.slice(0, 2), { id: 'c', x: 'ten', y: 8 }] },
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['building', 'outerPoints', 2, 'x']);
  });

  it('rejects an outline of fewer than 3 points, non-finite numbers and unknown roof types', () => {
    expect(roofInputSchema.safeParse({ building: { id: 'b', eaveHeight: 6, outerPoints: outline.slice(0, 2) } }).success).toBe(false);
    expect(roofInputSchema.safeParse({ building: { id: 'b', eaveHeight: Infinity, outerPoints: outline } }).success).toBe(false);
    expect(
      roofInputSchema.safeParse({ building: { id: 'b', eaveHeight: 6, outerPoints: outline }, auto: { type: 'dome', pitch: 20 } }).success,
    ).toBe(false);
  });

  it('defaults the automatic roof pitch to 25°', () => {
    const r = roofInputSchema.parse({ building: { id: 'b', eaveHeight: 6, outerPoints: outline }, auto: { type: 'hip' } });
    expect(r.auto!.pitch).toBe(25);
  });

  it('carries the geometry tolerances of spec 000 §9', () => {
    expect(GEOMETRY.angleSnapDeg).toBe(2);
    expect(GEOMETRY.planarityDeg).toBe(0.5);
    expect([GEOMETRY.degenerateLength, GEOMETRY.pixelSnap, GEOMETRY.intersectionEps, GEOMETRY.mergeTolerance]).toEqual([1e-12, 1, 1e-10, 1e-4]);
    expect(GEOMETRY.minDrawnLinePx).toBe(20);
  });
});
