// The straight skeleton kernel (engine/geometry/skeleton.ts) and its TypeScript reference
// (src/engine/reference/skeleton.ts): hand-derived cases, the skeleton's defining properties on random
// polygons, wasm ≡ reference, and speed on 1,000-vertex outlines.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AutoIn, AutoType, Status } from '../../../engine/abi.ts';
import { loadEngineNode, type KernelRunner } from '../../../src/engine/wasm.ts';
import { comb, orthogonalPolygon, simplePolygon, stairs, starPolygon } from './skeleton-polygons.ts';
import {
  area,
  area3d,
  debugEngine,
  facePolygons,
  reference,
  skeletonViolations,
  skeletonWith,
  tiltOf,
  type Pt,
} from './skeleton-helpers.ts';

let wasm: KernelRunner;
beforeAll(async () => {
  wasm = await debugEngine();
});

/** Runners under test: the reference always, the wasm once built. */
const runners: [string, () => KernelRunner][] = [
  ['reference', () => reference],
  ['wasm', () => wasm],
];

function sorted(nodes: [number, number, number][], n: number): number[][] {
  return nodes.slice(n).map((p) => p.map((v) => Math.round(v * 1e9) / 1e9));
}

describe.each(runners)('skeleton (%s): hand-derived cases', (_name, get) => {
  const run = (p: Pt[]) => skeletonWith(get(), p);

  it('rectangle 10 × 6: ridge (3,3)–(7,3) at t 3, two trapezoids and two triangles', () => {
    // Each corner moves along its 45° bisector; the short sides collapse at t = 6/2 = 3 at (3,3) and
    // (7,3), which the ridge joins. Faces: bottom/top trapezoids (10 + 4)/2·3 = 21, end triangles
    // 6·3/2 = 9; 2·21 + 2·9 = 60 = 10·6.
    const s = run([[0, 0], [10, 0], [10, 6], [0, 6]]);
    expect(s.status).toBe(Status.OK);
    expect(sorted(s.nodes, 4)).toEqual([[3, 3, 3], [7, 3, 3]]);
    expect(s.arcs).toEqual([[0, 4], [1, 5], [2, 5], [3, 4], [4, 5]]);
    expect(s.faces).toEqual([[0, 1, 5, 4], [1, 2, 5], [2, 3, 4, 5], [3, 0, 4]]);
    expect(facePolygons(s).map(area)).toEqual([21, 9, 21, 9]);
  });

  it('the same rectangle clockwise: same nodes, faces per input edge, counter-clockwise', () => {
    // Input edge 0 is (0,0)→(0,6), the west side: its face is the triangle (0,6), (0,0), (3,3).
    const s = run([[0, 0], [0, 6], [10, 6], [10, 0]]);
    expect(sorted(s.nodes, 4)).toEqual([[3, 3, 3], [7, 3, 3]]);
    expect(s.faces).toEqual([[1, 0, 4], [2, 1, 4, 5], [3, 2, 5], [0, 3, 5, 4]]);
    expect(facePolygons(s).map(area)).toEqual([9, 21, 9, 21]);
  });

  it('square 10: one apex (5,5) at t 5 joined to the four corners', () => {
    const s = run([[0, 0], [10, 0], [10, 10], [0, 10]]);
    expect(sorted(s.nodes, 4)).toEqual([[5, 5, 5]]);
    expect(s.arcs).toEqual([[0, 4], [1, 4], [2, 4], [3, 4]]);
    expect(s.faces).toEqual([[0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]);
  });

  it('L-shape with arms 4 wide: reflex corner and outer corner meet at (2,2) at t 2', () => {
    // Reflex (4,4) moves (−1,−1), corner (0,0) moves (1,1): both reach (2,2) at t 2; the arm ends
    // collapse at (8,2) and (2,8) at t 2. Nodes in (t, x, y) order: (2,2), (2,8), (8,2).
    const L: Pt[] = [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10]];
    const s = run(L);
    expect(sorted(s.nodes, 6)).toEqual([[2, 2, 2], [2, 8, 2], [8, 2, 2]]);
    expect(s.arcs).toEqual([[0, 6], [1, 8], [2, 8], [3, 6], [4, 7], [5, 7], [6, 7], [6, 8]]);
    // Face of the reflex corner's edge (10,4)→(4,4): (10,4), (4,4), (2,2), (8,2): area (6 + 6)/2·2.
    expect(s.faces[2]).toEqual([2, 3, 6, 8]);
    expect(area(facePolygons(s)[2])).toBeCloseTo(12, 12);
  });

  it('U-shape: arms and base 3 wide, everything meets at t 1.5', () => {
    // Reflex (6,3) moves (1,−1) to (7.5,1.5), meeting corner (9,0); reflex (3,3) moves (−1,−1) to
    // (1.5,1.5), meeting corner (0,0). Arm tops collapse at (1.5,4.5) and (7.5,4.5). The base's middle
    // collapses into the ridge (1.5,1.5)–(7.5,1.5). Face areas 11.25, 6.75, 2.25, 4.5, 6.75, 4.5, 2.25,
    // 6.75 sum to 45 = 9·6 − 3·3.
    const U: Pt[] = [[0, 0], [9, 0], [9, 6], [6, 6], [6, 3], [3, 3], [3, 6], [0, 6]];
    const s = run(U);
    expect(sorted(s.nodes, 8)).toEqual([[1.5, 1.5, 1.5], [1.5, 4.5, 1.5], [7.5, 1.5, 1.5], [7.5, 4.5, 1.5]]);
    expect(s.arcs).toEqual([[0, 8], [1, 10], [2, 11], [3, 11], [4, 10], [5, 8], [6, 9], [7, 9], [8, 9], [8, 10], [10, 11]]);
    const areas = facePolygons(s).map(area);
    [11.25, 6.75, 2.25, 4.5, 6.75, 4.5, 2.25, 6.75].forEach((a, i) => expect(areas[i]).toBeCloseTo(a, 12));
  });

  it('T-shape: two reflex corners and the bar top meet at (6,8) at t 2 (a node of degree 5)', () => {
    // Stem x∈[4,8], y∈[0,6]; bar y∈[6,10], x∈[0,12]; both 4 wide. Reflex (8,6) moves (−1,1), reflex
    // (4,6) moves (1,1): both reach (6,8) at t 2, where the bar top (moved to y = 8) passes too. Stem
    // and bar collapse into the ridges (6,2)–(6,8), (2,8)–(6,8), (6,8)–(10,8).
    const T: Pt[] = [[4, 0], [8, 0], [8, 6], [12, 6], [12, 10], [0, 10], [0, 6], [4, 6]];
    const s = run(T);
    expect(sorted(s.nodes, 8)).toEqual([[2, 8, 2], [6, 2, 2], [6, 8, 2], [10, 8, 2]]);
    expect(s.arcs).toEqual([[0, 9], [1, 9], [2, 10], [3, 11], [4, 11], [5, 8], [6, 8], [7, 10], [8, 10], [9, 10], [10, 11]]);
    expect(s.faces[4]).toEqual([4, 5, 8, 10, 11]);
    const areas = facePolygons(s).map(area);
    [4, 12, 8, 4, 20, 4, 8, 12].forEach((a, i) => expect(areas[i]).toBeCloseTo(a, 12));
  });

  it('a V-notch: the reflex tip splits the opposite edge at t = 4 / (1 + √37)', () => {
    // Notch edges (11,10)→(10,4) and (10,4)→(9,10), inward normals (6,−1)/√37 and (−6,−1)/√37: the tip
    // moves with v = (na + nb)/(1 + na·nb) = (0, −√37). It meets the bottom edge (line y = t) when
    // 4 − √37·t = t: a split event at (10, t), t = 4/(1 + √37) ≈ 0.56475, long before any edge event.
    const V: Pt[] = [[0, 0], [20, 0], [20, 10], [11, 10], [10, 4], [9, 10], [0, 10]];
    const s = run(V);
    const t = 4 / (1 + Math.sqrt(37));
    expect(s.nodes[7][0]).toBeCloseTo(10, 12);
    expect(s.nodes[7][1]).toBeCloseTo(t, 12);
    expect(s.nodes[7][2]).toBeCloseTo(t, 12);
    // the split node joins the notch tip and starts the two halves' ridges
    expect(s.arcs.filter((a) => a.includes(7))).toHaveLength(3);
    expect(s.arcs).toContainEqual([4, 7]);
    expect(skeletonViolations(V, s)).toEqual([]);
  });

  it('collinear and repeated vertices: edges of one line share one face, reported at the first', () => {
    // (5,0) lies on the bottom edge and (10,6) is repeated: the skeleton is the 10 × 6 rectangle's.
    // Edges 0 and 1 share the bottom face, edges 3 (zero length) and 4 the top face.
    const p: Pt[] = [[0, 0], [5, 0], [10, 0], [10, 6], [10, 6], [0, 6]];
    const s = run(p);
    expect(sorted(s.nodes, 6)).toEqual([[3, 3, 3], [7, 3, 3]]);
    expect(s.faces[0]).toEqual([0, 1, 2, 7, 6]);
    expect(s.faces[1]).toEqual([]);
    expect(s.faces[3]).toEqual([3, 4, 5, 6, 7]);
    expect(s.faces[4]).toEqual([]);
    expect(skeletonViolations(p, s)).toEqual([]);
  });

  it('rejects fewer than 3 vertices and zero-area outlines', () => {
    const r = get();
    expect(r.run('skeleton', Float64Array.from([0, 0, 1, 1]), Int32Array.from([2])).status).toBe(Status.BAD_INPUT);
    expect(r.run('skeleton', Float64Array.from([0, 0, 1, 1, 2, 2]), Int32Array.from([3])).status).toBe(Status.BAD_INPUT);
  });
});

describe('hip roof from the skeleton (wasm)', () => {
  it('every face of a 10 × 8 hip at pitch 30° has tilt 30°; areas sum to 80 / cos 30°', () => {
    const outline: Pt[] = [[0, 0], [10, 0], [10, 8], [0, 8]];
    const f64 = Float64Array.from([AutoType.HIP, 30, Number.NaN, 6, ...outline.flat()]);
    expect(f64.length).toBe(AutoIn.HEADER + 8);
    const r = wasm!.run('autoRoof', f64, Int32Array.from([4]));
    expect(r.status).toBe(Status.OK);
    const s = skeletonWith(wasm!, outline);
    const pts = (ring: number[]) => ring.map((k) => [r.f64[3 * k], r.f64[3 * k + 1], r.f64[3 * k + 2]] as [number, number, number]);
    let total = 0;
    for (const face of s.faces) {
      expect(tiltOf(pts(face))).toBeCloseTo(30, 9);
      total += area3d(pts(face));
    }
    expect(total).toBeCloseTo(80 / Math.cos(Math.PI / 6), 9);
  });
});

/** fast-check arbitraries: star polygons with 3–60 vertices, orthogonal polygons, either orientation. */
const starArb = fc
  .record({ seed: fc.integer(), n: fc.integer({ min: 3, max: 60 }), rMin: fc.double({ min: 0.05, max: 0.9, noNaN: true }), cw: fc.boolean() })
  .map(({ seed, n, rMin, cw }) => {
    const p = starPolygon(seed, n, 10, rMin, 3, -2);
    return cw ? p.reverse() : p;
  });
const orthoArb = fc
  .record({ seed: fc.integer(), w: fc.integer({ min: 2, max: 12 }), h: fc.integer({ min: 2, max: 12 }), cells: fc.integer({ min: 1, max: 100 }), cw: fc.boolean(), rot: fc.boolean() })
  .map(({ seed, w, h, cells, cw, rot }) => {
    let p = orthogonalPolygon(seed, w, h, cells, 1.5);
    if (rot) p = p.map(([x, y]) => [100 + x * Math.cos(0.3) - y * Math.sin(0.3), -50 + x * Math.sin(0.3) + y * Math.cos(0.3)] as Pt);
    return cw ? p.reverse() : p;
  });

const simpleArb = fc
  .record({ seed: fc.integer(), n: fc.integer({ min: 3, max: 40 }) })
  .map(({ seed, n }) => simplePolygon(seed, n));

describe.each(runners)('skeleton (%s): properties on random polygons', (_name, get) => {
  for (const [label, arb] of [['star', starArb], ['orthogonal', orthoArb], ['simple', simpleArb]] as const) {
    it(`${label} polygons: faces tile the polygon, nodes inside, t = distance to the face's edge`, () => {
      const r = get();
      fc.assert(
        fc.property(arb, (p) => {
          expect(skeletonViolations(p, skeletonWith(r, p))).toEqual([]);
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe('skeleton: wasm ≡ reference', () => {
  const same = (p: Pt[]) => {
    const a = skeletonWith(wasm!, p);
    const b = skeletonWith(reference, p);
    expect(a.status).toBe(b.status);
    expect(a.nodes.length).toBe(b.nodes.length);
    expect(a.arcs).toEqual(b.arcs);
    expect(a.faces).toEqual(b.faces);
    a.nodes.forEach((q, k) =>
      q.forEach((v, c) => expect(Math.abs(v - b.nodes[k][c])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)))),
    );
  };
  it('random star polygons (3–60 vertices)', () => {
    fc.assert(fc.property(starArb, same), { numRuns: 200 });
  });
  it('random orthogonal polygons (many simultaneous events)', () => {
    fc.assert(fc.property(orthoArb, same), { numRuns: 200 });
  });
  it('random simple polygons (untangled random point sets)', () => {
    fc.assert(fc.property(simpleArb, same), { numRuns: 100 });
  });
  it('combs and stairs', () => {
    for (const p of [comb(12), comb(7, 2), stairs(15)]) same(p);
  });
});

describe('skeleton of 1,000-vertex outlines (release wasm)', () => {
  // Speed is measured in bench/ (target < 50 ms); here: the optimised build gives a valid skeleton.
  it('a star, a comb and a staircase', async () => {
    const engine = await loadEngineNode('release');
    for (const p of [starPolygon(42, 1000), comb(250), stairs(499)]) {
      expect(p.length).toBe(1000);
      expect(skeletonViolations(p, skeletonWith(engine, p))).toEqual([]);
    }
  });
});
