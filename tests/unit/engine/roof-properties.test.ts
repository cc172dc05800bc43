// Property tests of roof / split (src/engine/roof.ts on the debug wasm kernel), with fast-check:
// - flat roofs on random star-shaped outlines cut by random edge-to-edge chords: the faces tile the
//   outline (plan areas sum to its shoelace area, 1e-6 relative);
// - the same roofs tilted by a random plane (heights only at the outline vertices): every face lies
//   in that plane — tilt atan|∇z|, azimuth the downhill bearing, area = planArea·√(1 + |∇z|²) —
//   which needs the outline interpolation and the face-by-face height propagation through crossings;
// - pyramids on random convex outlines: each triangle's tilt is atan(rise / distance of the apex to
//   its eave edge) and looks straight out of that edge;
// - garbage drawings (duplicates, collinear overlaps, zero-length lines, self-intersecting outlines)
//   never throw and never return NaN in a face; split never throws either.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { roof, split } from '../../../src/engine/roof.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import type { RoofOutput } from '../../../src/model/index.ts';

const DEG = 180 / Math.PI;
const REL = 1e-6;

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

type XY = [number, number];
type P = { id: string; x: number; y: number; z?: number };

const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A star-shaped outline around (cx, cy): vertices at increasing angles, radii 3..30 m. */
const starOutline = fc
  .tuple(num(-100, 100), num(-100, 100), fc.array(fc.tuple(num(0.3, 1), num(3, 30)), { minLength: 3, maxLength: 14 }))
  .map(([cx, cy, spokes]) => {
    const total = spokes.reduce((s, [g]) => s + g, 0);
    let angle = 0;
    return spokes.map(([gap, r]): XY => {
      angle += (gap / total) * 2 * Math.PI;
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    });
  });

/** A convex outline: points on a circle at sorted random angles. */
const convexOutline = fc
  .tuple(num(-100, 100), num(-100, 100), num(5, 40), fc.array(num(0.2, 1), { minLength: 3, maxLength: 12 }))
  .map(([cx, cy, r, gaps]) => {
    const total = gaps.reduce((s, g) => s + g, 0);
    let angle = 0;
    return gaps.map((g): XY => {
      angle += (g / total) * 2 * Math.PI;
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    });
  });

/** Chords between points on two different outline edges (parameters away from the corners). */
const chords = fc.array(fc.tuple(fc.nat(), num(0.05, 0.95), fc.nat(), num(0.05, 0.95)), { maxLength: 6 });

function shoelace(ring: XY[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % ring.length];
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a) / 2;
}

/** A building over the ring with chords; z(x, y) gives the outline vertices' heights (or none). */
function building(ring: XY[], cuts: [number, number, number, number][], z?: (x: number, y: number) => number) {
  const n = ring.length;
  const outerPoints: P[] = ring.map(([x, y], k) => (z ? { id: `o${k}`, x, y, z: z(x, y) } : { id: `o${k}`, x, y }));
  const points: P[] = [];
  const lines: { id: string; idp1: string; idp2: string }[] = [];
  const on = (e: number, t: number): XY => {
    const [ax, ay] = ring[e];
    const [bx, by] = ring[(e + 1) % n];
    return [ax + t * (bx - ax), ay + t * (by - ay)];
  };
  cuts.forEach(([e1, t1, e2, t2], k) => {
    const a = e1 % n;
    let b = e2 % n;
    if (a === b) b = (b + 1) % n;
    const [x1, y1] = on(a, t1);
    const [x2, y2] = on(b, t2);
    points.push({ id: `c${k}a`, x: x1, y: y1 }, { id: `c${k}b`, x: x2, y: y2 });
    lines.push({ id: `l${k}`, idp1: `c${k}a`, idp2: `c${k}b` });
  });
  return { building: { id: 'b', eaveHeight: 5, outerPoints, points, lines } };
}

/** Areas of the faces lost to DEGENERATE_FACE (each below 1e-4 m²): a bound on the tiling's gap. */
const degenerateSlack = (out: RoofOutput) => out.errors.filter((e) => e.code === 'DEGENERATE_FACE').length * 1e-4;

function expectNoNaN(out: RoofOutput): void {
  for (const f of out.faces) {
    const nums = [f.tilt, f.azimuth, f.area, f.planArea, ...f.normal, ...f.vertices.flat()];
    if (!nums.every(Number.isFinite)) throw new Error(`non-finite number in face ${JSON.stringify(f)}`);
  }
}

describe('roof properties (fast-check)', () => {
  it('flat roofs with random chords: the faces tile the outline', () => {
    fc.assert(
      fc.property(starOutline, chords, (ring, cuts) => {
        const out = roof(engine, building(ring, cuts));
        expectNoNaN(out);
        // Chords run edge to edge and every height is the eave: only slivers can fail.
        expect(out.errors.every((e) => e.code === 'DEGENERATE_FACE')).toBe(true);
        const area = shoelace(ring);
        const sum = out.faces.reduce((s, f) => s + f.planArea, 0);
        expect(Math.abs(sum - area)).toBeLessThanOrEqual(REL * area + degenerateSlack(out));
        for (const f of out.faces) {
          expect(f.tilt).toBe(0);
          expect(f.azimuth).toBe(180);
          expect(f.area).toBe(f.planArea);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('roofs tilted by a random plane: every face is planar and lies in that plane', () => {
    fc.assert(
      fc.property(starOutline, chords, num(-0.8, 0.8), num(-0.8, 0.8), (ring, cuts, gx, gy) => {
        fc.pre(Math.hypot(gx, gy) > 1e-3);
        const z = (x: number, y: number) => 5 + gx * x + gy * y;
        const out = roof(engine, building(ring, cuts, z));
        expectNoNaN(out);
        expect(out.errors.every((e) => e.code === 'DEGENERATE_FACE')).toBe(true);
        // Plane z = 5 + gx·x + gy·y: normal ∝ (−gx, −gy, 1), so tilt = atan|∇z| and the face looks
        // down the gradient, bearing atan2(−gx, −gy) clockwise from north.
        const tilt = Math.atan(Math.hypot(gx, gy)) * DEG;
        let azimuth = Math.atan2(-gx, -gy) * DEG;
        if (azimuth < 0) azimuth += 360;
        const stretch = Math.sqrt(1 + gx * gx + gy * gy);
        for (const f of out.faces) {
          // Heights: on the plane up to rounding (propagated ones amplified by at most extent/tol).
          for (const [x, y, zz] of f.vertices) expect(Math.abs(zz - z(x, y))).toBeLessThan(1e-7);
          // Angles: a height error δ tilts a face of plan size √planArea by about δ/√planArea rad.
          const angleTol = 1e-6 + (1e-7 / Math.sqrt(f.planArea)) * DEG;
          expect(Math.abs(f.tilt - tilt)).toBeLessThan(angleTol);
          const dAz = Math.abs(f.azimuth - azimuth);
          expect(Math.min(dAz, 360 - dAz)).toBeLessThan(angleTol / Math.sin(tilt / DEG));
          expect(Math.abs(f.area - f.planArea * stretch)).toBeLessThanOrEqual(REL * f.area);
        }
        const area = shoelace(ring);
        const sum = out.faces.reduce((s, f) => s + f.planArea, 0);
        expect(Math.abs(sum - area)).toBeLessThanOrEqual(REL * area + degenerateSlack(out));
      }),
      { numRuns: 300 },
    );
  });

  it('pyramids on convex outlines: tilt atan(rise / apex-to-edge distance), facing out of the edge', () => {
    fc.assert(
      fc.property(convexOutline, num(0.5, 10), (ring, rise) => {
        const n = ring.length;
        const cx = ring.reduce((s, p) => s + p[0], 0) / n;
        const cy = ring.reduce((s, p) => s + p[1], 0) / n;
        const input = {
          building: {
            id: 'p',
            eaveHeight: 3,
            outerPoints: ring.map(([x, y], k) => ({ id: `o${k}`, x, y })),
            points: [{ id: 'apex', x: cx, y: cy, z: 3 + rise }],
            lines: ring.map((_, k) => ({ id: `h${k}`, idp1: 'apex', idp2: `o${k}` })),
          },
        };
        const out = roof(engine, input);
        expectNoNaN(out);
        expect(out.errors.every((e) => e.code === 'DEGENERATE_FACE')).toBe(true);
        for (let k = 0; k < n; k++) {
          const f = out.faces.find((g) => g.pointIds.includes(`o${k}`) && g.pointIds.includes(`o${(k + 1) % n}`));
          if (!f) continue; // a degenerate sliver
          const [ax, ay] = ring[k];
          const [bx, by] = ring[(k + 1) % n];
          const len = Math.hypot(bx - ax, by - ay);
          // Outward normal of the edge (the ring is counter-clockwise): (dy, −dx)/len.
          const ox = (by - ay) / len;
          const oy = -(bx - ax) / len;
          const dist = (ax - cx) * ox + (ay - cy) * oy;
          expect(Math.abs(f.tilt - Math.atan(rise / dist) * DEG)).toBeLessThan(1e-7);
          let az = Math.atan2(ox, oy) * DEG;
          if (az < 0) az += 360;
          const dAz = Math.abs(f.azimuth - az);
          expect(Math.min(dAz, 360 - dAz)).toBeLessThan(1e-6);
          expect(Math.abs(f.planArea - (len * dist) / 2)).toBeLessThan(1e-7 * (len * dist));
        }
      }),
      { numRuns: 300 },
    );
  });

  /** Random drawings on a small grid with jitter: duplicates, collinear overlaps, zero-length lines. */
  const garbage = fc.record({
    pts: fc.array(
      fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0, 0, 0, 1e-5, 5e-5, 1e-4, 3e-4, 0.37), fc.option(num(-5, 20), { nil: undefined })),
      { minLength: 3, maxLength: 24 },
    ),
    outline: fc.array(fc.nat(), { minLength: 3, maxLength: 8 }),
    lines: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 16 }),
    eave: num(-10, 30),
  });

  it('garbage drawings never throw and never give NaN in a face', () => {
    fc.assert(
      fc.property(garbage, ({ pts, outline, lines, eave }) => {
        const points: P[] = pts.map(([x, y, j, z], i) => (z === undefined ? { id: `p${i}`, x: x + j, y: y - j } : { id: `p${i}`, x: x + j, y: y - j, z }));
        const n = points.length;
        // Outline: distinct points picked by index (possibly self-intersecting or collinear).
        const ringIds = [...new Set(outline.map((k) => k % n))];
        if (ringIds.length < 3) ringIds.push(...[0, 1, 2].filter((k) => !ringIds.includes(k)));
        const outerPoints = ringIds.map((k) => points[k]);
        const inner = points.filter((_, k) => !ringIds.includes(k));
        const drawnLines = lines.map(([a, b], k) => ({ id: `l${k}`, idp1: points[a % n].id, idp2: points[b % n].id }));
        const out = roof(engine, { building: { id: 'g', eaveHeight: eave, outerPoints: outerPoints.slice(0, Math.max(3, outerPoints.length)), points: inner, lines: drawnLines } });
        expectNoNaN(out);
        expect(out.success).toBe(out.errors.length === 0);
        const s = split(engine, { points, lines: drawnLines });
        for (const l of s.lines) expect([l.x1, l.y1, l.x2, l.y2].every(Number.isFinite)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('malformed kernel input is BAD_INPUT, never a crash', () => {
    fc.assert(
      fc.property(fc.array(fc.double(), { maxLength: 40 }), fc.array(fc.integer({ min: -5, max: 12 }), { maxLength: 30 }), (f, i) => {
        const r = engine.run('roofSolve', Float64Array.from(f), Int32Array.from(i));
        expect([0, 1, 2]).toContain(r.status);
      }),
      { numRuns: 2000 },
    );
  });
});
