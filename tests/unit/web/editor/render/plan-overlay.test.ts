// The interactive overlay: winter shadows with holes must shade the right area (a courtyard's hole
// stays lit), and the tool's rubber band and snap mark must be drawn.
import { describe, expect, it } from 'vitest';
import type { WinterShadow } from '../../../../../src/design-rules/winter-shadows.ts';
import { EMPTY_OVERLAY } from '../../../../../src/web/editor/contracts.ts';
import { MARK_DIAMOND } from '../../../../../src/web/editor/render/plan-layers.ts';
import { buildOverlayLayer, polygonsOfRings } from '../../../../../src/web/editor/render/plan-overlay.ts';

function area(p: Float32Array): number {
  let a = 0;
  for (let i = 0; i + 5 < p.length; i += 6) a += Math.abs((p[i + 2] - p[i]) * (p[i + 5] - p[i + 1]) - (p[i + 4] - p[i]) * (p[i + 3] - p[i + 1])) / 2;
  return a;
}

const square = (x0: number, y0: number, s: number, ccw = true): [number, number][] => {
  const r: [number, number][] = [
    [x0, y0],
    [x0 + s, y0],
    [x0 + s, y0 + s],
    [x0, y0 + s],
  ];
  return ccw ? r : r.reverse();
};

const shadow = (rings: [number, number][][], sunUp = true): WinterShadow => ({ label: '12:00', hourAngle: 0, elevation: 30, azimuth: 180, sunUp, shadows: rings });

describe('plan overlay', () => {
  it('groups a clockwise hole with the counter-clockwise ring around it', () => {
    const polys = polygonsOfRings([square(0, 0, 10), square(20, 0, 4), square(3, 3, 2, false)]);
    expect(polys).toHaveLength(2);
    const big = polys.find((p) => p[0][0] === 0 && p[0][2] === 10)!;
    expect(big).toHaveLength(2);
  });

  it('fills a 10 × 10 m shadow with a 2 × 2 m hole as 96 m² of triangles; no shadow when the sun is down', () => {
    const layer = buildOverlayLayer(null, [shadow([square(0, 0, 10), square(3, 3, 2, false)])]);
    expect(area(layer.triangles.positions)).toBeCloseTo(96, 4);
    const night = buildOverlayLayer(null, [shadow([square(0, 0, 10)], false)]);
    expect(night.triangles.count).toBe(0);
  });

  it('draws the tool overlay: segments, points, polygons and a diamond snap mark', () => {
    const layer = buildOverlayLayer({ ...EMPTY_OVERLAY, segments: [0, 0, 5, 0, 5, 0, 5, 5], points: [0, 0], polygons: [[0, 0, 4, 0, 4, 3]], snap: [5, 5] });
    // Two segments plus the triangle's three edges.
    expect(layer.segments.count).toBe(5);
    expect(area(layer.triangles.positions)).toBeCloseTo(6, 6);
    expect(layer.marks.count).toBe(2);
    expect(layer.marks.shapes[1]).toBe(MARK_DIAMOND);
  });
});
