// The layout kernel against its TypeScript reference and against the geometry, on random scenes
// (fast-check, fixed seed): random faces (rectangles, L-shapes, star polygons; any azimuth, tilted or
// flat), setbacks, keep-outs with setbacks, flush modules or tilted racks, portrait/landscape, gaps,
// alignments and caps.
// - Differential (docs/ARCHITECTURE.md: "the reference may be slower, never different"): the wasm kernel
//   (build/engine.debug.wasm) and src/engine/reference/layout.ts return identical arrays — also on
//   integer scenes where modules touch edges and keep-outs exactly.
// - Properties, checked with geometry written here (segment/rectangle intersection by orientation
//   tests, even–odd point location): every module's plan footprint, shrunk by 1e-5 m, lies inside the
//   inset face, outside every grown keep-out, and meets no edge of either; no two modules overlap.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLayoutPacked, planLayout, type LayoutPlan } from '../../../src/engine/layout-codec.ts';
import { layoutRef } from '../../../src/engine/reference/layout.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import { layoutInputSchema, type LayoutInput } from '../../../src/model/layout.ts';

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

type XY = [number, number];
const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A star-shaped ring around (cx, cy) with radii in [rMin, rMax]. */
const star = (cx: number, cy: number, rMin: number, rMax: number, nMin = 3, nMax = 10) =>
  fc.array(fc.tuple(num(0.3, 1), num(rMin, rMax)), { minLength: nMin, maxLength: nMax }).map((spokes) => {
    const total = spokes.reduce((s, [g]) => s + g, 0);
    let angle = 0;
    return spokes.map(([gap, r]): XY => {
      angle += (gap / total) * 2 * Math.PI;
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    });
  });

const faceRing: fc.Arbitrary<XY[]> = fc.oneof(
  fc.tuple(num(-50, 50), num(-50, 50), num(4, 40), num(4, 30)).map(([x, y, w, h]): XY[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]),
  fc.tuple(num(-50, 50), num(-50, 50), num(6, 40), num(6, 30), num(0.2, 0.8), num(0.2, 0.8)).map(([x, y, W, H, fw, fh]): XY[] => [
    [x, y],
    [x + W, y],
    [x + W, y + H * fh],
    [x + W * fw, y + H * fh],
    [x + W * fw, y + H],
    [x, y + H],
  ]),
  fc.tuple(num(-50, 50), num(-50, 50)).chain(([cx, cy]) => star(cx, cy, 4, 30, 3, 12)),
);

/** A random layout input around a random face. */
const scene: fc.Arbitrary<LayoutInput> = faceRing.chain((ring) => {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const keepout = fc
    .tuple(num(x0 - 2, x1 + 2), num(y0 - 2, y1 + 2))
    .chain(([cx, cy]) => fc.record({ polygon: star(cx, cy, 0.2, 4), setback: fc.oneof(fc.constant(0), num(0, 0.8)) }));
  const mounting = fc.oneof(
    fc.constant({ type: 'flush' as const }),
    fc.record({
      type: fc.constant('tilted' as const),
      tilt: num(0, 45),
      azimuth: num(0, 360),
      rowSpacing: fc.oneof(fc.constant(null), num(0, 4)),
      modulesPerColumn: fc.integer({ min: 1, max: 3 }),
    }),
  );
  const align = fc.constantFrom('start' as const, 'center' as const, 'end' as const);
  return fc.record({
    face: fc.record({ tilt: num(0, 50), azimuth: num(0, 360), z: num(0, 20) }).map(({ tilt, azimuth, z }) => ({
      // Heights on the plane that looks towards `azimuth` at `tilt` (z falls in the facing direction).
      vertices: ring.map(([x, y]): [number, number, number] => [x, y, z - Math.tan((tilt * Math.PI) / 180) * (x * Math.sin((azimuth * Math.PI) / 180) + y * Math.cos((azimuth * Math.PI) / 180))]),
      tilt,
      azimuth,
    })),
    keepouts: fc.array(keepout, { maxLength: 8 }),
    module: fc.record({ length: num(1, 2.5), width: num(0.5, 1.2), powerW: num(100, 700) }),
    orientation: fc.constantFrom('portrait' as const, 'landscape' as const),
    mounting,
    gap: fc.record({ x: num(0, 0.1), y: num(0, 0.1) }),
    setback: fc.oneof(fc.constant(0), num(0, 1.5)),
    alignment: fc.record({ x: align, y: align }),
    maxCapacityKw: fc.oneof(fc.constant(null), fc.constant(null), num(1, 40)),
    site: fc.record({ latitude: num(-55, 55) }),
  });
});

/** Integer scenes: a grid face, 1 × 2 modules, keep-outs on integer points: many exact contacts. */
const integerScene: fc.Arbitrary<LayoutInput> = fc
  .record({
    w: fc.integer({ min: 3, max: 30 }),
    h: fc.integer({ min: 3, max: 20 }),
    keepouts: fc.array(
      fc.tuple(fc.integer({ min: -2, max: 30 }), fc.integer({ min: -2, max: 20 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.boolean()),
      { maxLength: 6 },
    ),
    setback: fc.integer({ min: 0, max: 2 }),
    azimuth: fc.constantFrom(0, 90, 180, 270),
    orientation: fc.constantFrom('portrait' as const, 'landscape' as const),
  })
  .map(({ w, h, keepouts, setback, azimuth, orientation }) => ({
    face: { vertices: [[0, 0, 5], [w, 0, 5], [w, h, 5], [0, h, 5]] as [number, number, number][], tilt: 0, azimuth },
    keepouts: keepouts.map(([x, y, a, b, tri]) => ({
      polygon: (tri ? [[x, y], [x + a, y], [x, y + b]] : [[x, y], [x + a, y], [x + a, y + b], [x, y + b]]) as XY[],
      setback: 0,
    })),
    module: { length: 2, width: 1, powerW: 400 },
    orientation,
    mounting: { type: 'flush' as const },
    gap: { x: 0, y: 0 },
    setback,
  }));

function plan(input: LayoutInput): LayoutPlan {
  return planLayout(layoutInputSchema.parse(input));
}

function expectSameKernelOutput(p: LayoutPlan): void {
  const a = engine.run('layout', p.f64, p.i32);
  const b = layoutRef(p.f64, p.i32);
  expect(a.status).toBe(b.status);
  expect(Array.from(a.i32)).toEqual(Array.from(b.i32));
  expect(Array.from(a.f64)).toEqual(Array.from(b.f64));
}

describe('wasm kernel = TypeScript reference', () => {
  it('random faces, keep-outs, mountings, alignments and caps', () => {
    fc.assert(
      fc.property(scene, (input) => {
        let p: LayoutPlan;
        try {
          p = plan(input);
        } catch {
          return; // a rule that cannot be met or a too-steep module: nothing reaches the kernel
        }
        expectSameKernelOutput(p);
      }),
      { numRuns: 300 },
    );
  });

  it('integer scenes with exact contacts', () => {
    fc.assert(
      fc.property(integerScene, (input) => expectSameKernelOutput(plan(input))),
      { numRuns: 300 },
    );
  });
});

// ── geometry written for the test ────────────────────────────────────────────────────────────────
const orient = (a: XY, b: XY, c: XY) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Even–odd point location. */
function inRing(ring: XY[], p: XY): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether segments ab and cd properly cross or touch. */
function segmentsMeet(a: XY, b: XY, c: XY, d: XY): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** A convex quad (counter-clockwise) shrunk towards its centre by `by` metres along each side. */
function shrink(q: XY[], by: number): XY[] {
  const cx = (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4;
  const cy = (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4;
  return q.map(([x, y]) => {
    const dx = x - cx;
    const dy = y - cy;
    const len = Math.hypot(dx, dy);
    return [x - (dx / len) * by * Math.SQRT2, y - (dy / len) * by * Math.SQRT2] as XY;
  });
}

function segmentMeetsQuad(a: XY, b: XY, q: XY[]): boolean {
  const inside = (p: XY) => q.every((_, k) => orient(q[k], q[(k + 1) % 4], p) > 0);
  if (inside(a) || inside(b)) return true;
  return q.some((_, k) => segmentsMeet(a, b, q[k], q[(k + 1) % 4]));
}

/** Whether two convex quads overlap (separating axis over their edges). */
function quadsOverlap(p: XY[], q: XY[]): boolean {
  for (const poly of [p, q]) {
    for (let k = 0; k < 4; k++) {
      const nx = -(poly[(k + 1) % 4][1] - poly[k][1]);
      const ny = poly[(k + 1) % 4][0] - poly[k][0];
      const proj = (s: XY[]) => s.map(([x, y]) => x * nx + y * ny);
      const a = proj(p);
      const b = proj(q);
      if (Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a)) return false;
    }
  }
  return true;
}

describe('properties of the placed modules', () => {
  it('footprints lie inside the inset face, outside grown keep-outs, and never overlap', () => {
    fc.assert(
      fc.property(scene, (input) => {
        let p: LayoutPlan;
        try {
          p = plan(input);
        } catch {
          return;
        }
        const out = decodeLayoutPacked(p, engine.run('layout', p.f64, p.i32));
        const quads: XY[][] = [];
        for (let n = 0; n < out.count; n++) {
          const c = out.corners.subarray(12 * n, 12 * n + 12);
          quads.push(shrink([[c[0], c[1]], [c[3], c[4]], [c[6], c[7]], [c[9], c[10]]], 1e-5));
        }
        const edges = [...p.regions, ...p.keepouts].flatMap((r) => r.map((a, k): [XY, XY] => [a, r[(k + 1) % r.length]]));
        for (const q of quads) {
          for (const corner of q) {
            expect(p.regions.filter((r) => inRing(r, corner)).length % 2).toBe(1);
            expect(p.keepouts.some((r) => inRing(r, corner))).toBe(false);
          }
          expect(edges.some(([a, b]) => segmentMeetsQuad(a, b, q))).toBe(false);
        }
        // Overlaps: sweep over quads sorted by their leftmost x.
        const order = quads.map((q, i) => ({ i, lo: Math.min(...q.map((c) => c[0])), hi: Math.max(...q.map((c) => c[0])) })).sort((a, b) => a.lo - b.lo);
        for (let s = 0; s < order.length; s++) {
          for (let t = s + 1; t < order.length && order[t].lo < order[s].hi; t++) {
            expect(quadsOverlap(quads[order[s].i], quads[order[t].i])).toBe(false);
          }
        }
        expect(out.rows.length).toBe(out.count);
      }),
      { numRuns: 150 },
    );
  });
});
