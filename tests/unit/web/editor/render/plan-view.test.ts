// The plan view's math: a user pans, zooms about the cursor and fits the drawing; what is under the
// cursor must stay under it, and the shader matrix must put the visible box on clip space's ±1.
import fc from 'fast-check';
import { vec2 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../../../../src/web/editor/contracts.ts';
import {
  fitBounds,
  panBy,
  planViewMatrix3,
  planViewMatrix4,
  screenToWorld,
  visibleBounds,
  worldToScreen,
  zoomAt,
} from '../../../../../src/web/editor/render/plan-view.ts';

const view: PlanView = { cx: 10, cy: 5, mPerPx: 0.5, width: 200, height: 100 };

const arbView = fc.record({
  cx: fc.double({ min: -5000, max: 5000, noNaN: true }),
  cy: fc.double({ min: -5000, max: 5000, noNaN: true }),
  mPerPx: fc.double({ min: 0.001, max: 20, noNaN: true }),
  width: fc.integer({ min: 50, max: 4000 }),
  height: fc.integer({ min: 50, max: 4000 }),
});

describe('plan view', () => {
  it('maps a worked example: the canvas centre is (cx, cy), the top-right corner is north-east', () => {
    // 200 × 100 px at 0.5 m/px shows 100 m × 50 m around (10, 5): x 60 m is the right edge, y 30 m the top.
    expect(worldToScreen(view, 10, 5)).toEqual([100, 50]);
    expect(worldToScreen(view, 60, 30)).toEqual([200, 0]);
    expect(screenToWorld(view, 0, 100)).toEqual([-40, -20]);
  });

  it('round-trips world → screen → world (to 1e-9 of the view span)', () => {
    fc.assert(
      fc.property(arbView, fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), (v, u, w) => {
        const x = v.cx + u * v.width * v.mPerPx;
        const y = v.cy + w * v.height * v.mPerPx;
        const [px, py] = worldToScreen(v, x, y);
        const [x2, y2] = screenToWorld(v, px, py);
        const tol = 1e-9 * Math.max(1, Math.abs(v.cx) + Math.abs(v.cy) + v.width * v.mPerPx);
        expect(Math.abs(x2 - x)).toBeLessThan(tol);
        expect(Math.abs(y2 - y)).toBeLessThan(tol);
      }),
    );
  });

  it('zoomAt keeps the world point under the anchor pixel', () => {
    fc.assert(
      fc.property(arbView, fc.double({ min: 0.2, max: 5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (v, factor, fx, fy) => {
        const px = fx * v.width;
        const py = fy * v.height;
        const before = screenToWorld(v, px, py);
        const z = zoomAt(v, px, py, factor);
        const after = screenToWorld(z, px, py);
        const tol = 1e-9 * Math.max(1, Math.abs(v.cx) + Math.abs(v.cy) + v.width * v.mPerPx * 20);
        expect(Math.abs(after[0] - before[0])).toBeLessThan(tol);
        expect(Math.abs(after[1] - before[1])).toBeLessThan(tol);
      }),
    );
  });

  it('zooming in by 2 halves the metres per pixel', () => {
    expect(zoomAt(view, 30, 70, 2).mPerPx).toBe(0.25);
  });

  it('panBy moves the content with the pointer', () => {
    // Drag 20 px right and 10 px down: the world point that was at (100, 50) is now at (120, 60).
    const p = panBy(view, 20, 10);
    const [px, py] = worldToScreen(p, 10, 5);
    expect(px).toBeCloseTo(120, 9);
    expect(py).toBeCloseTo(60, 9);
  });

  it('fitBounds shows the whole box inside the margins, centred', () => {
    const f = fitBounds({ ...view, width: 800, height: 600 }, { minX: 100, minY: -50, maxX: 500, maxY: 250 }, 40);
    // 400 m × 300 m into 720 × 520 px: 400/720 = 0.556 < 300/520 = 0.577 m/px, so the height limits.
    expect(f.mPerPx).toBeCloseTo(300 / 520, 12);
    expect(f.cx).toBe(300);
    expect(f.cy).toBe(100);
    const [x0, y0] = worldToScreen(f, 100, 250);
    expect(y0).toBeCloseTo(40, 9);
    expect(x0).toBeGreaterThanOrEqual(40);
  });

  it('the 3×3 and 4×4 matrices put the visible box on clip space ±1 (north up)', () => {
    const m3 = planViewMatrix3(view);
    const m4 = planViewMatrix4(view);
    const b = visibleBounds(view);
    const corners: [number, number, number, number][] = [
      [b.minX, b.minY, -1, -1],
      [b.maxX, b.maxY, 1, 1],
      [b.maxX, b.minY, 1, -1],
      [view.cx, view.cy, 0, 0],
    ];
    for (const [x, y, cx, cy] of corners) {
      const p = vec2.transformMat3(vec2.create(), [x, y], m3);
      expect(p[0]).toBeCloseTo(cx, 6);
      expect(p[1]).toBeCloseTo(cy, 6);
      // Column-major 4×4: translation in elements 12, 13.
      expect(m4[0] * x + m4[12]).toBeCloseTo(cx, 6);
      expect(m4[5] * y + m4[13]).toBeCloseTo(cy, 6);
    }
  });
});
