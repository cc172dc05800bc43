// The pure-TypeScript roofSolve reference on hand-derived cases: the worked examples of
// docs/GEOMETRY.md, then one case per rule of docs/GEOMETRY.md §1–4 (snap, T-junction, crossings, outline
// cuts, dangling lines, degenerate/unknown/non-planar faces, split mode, malformed input).
// Expected values are derived by hand in the comments; angles/areas to 1e-9, coordinates exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefKind, Relation, RoofError, RoofIn, RoofOutI32, Status, Stride } from '../../../engine/abi.ts';
import { GEOMETRY } from '../../../src/model/constants.ts';
import { roofSolveRef } from '../../../src/engine/reference/roof-solve.ts';

type Pt = [number, number] | [number, number, number];

/** The raw roofSolve input arrays (engine/abi.ts) with the tolerances of src/model/constants.ts. */
function encode(eave: number, pts: Pt[], outline: number[], lines: [number, number][], maxEntities: number = GEOMETRY.maxEntities) {
  const header = new Array<number>(RoofIn.HEADER);
  header[RoofIn.EAVE_HEIGHT] = eave;
  header[RoofIn.MERGE_TOL] = GEOMETRY.mergeTolerance;
  header[RoofIn.INTERSECT_EPS] = GEOMETRY.intersectionEps;
  header[RoofIn.DEGENERATE_LEN] = GEOMETRY.degenerateLength;
  header[RoofIn.PLANARITY_DEG] = GEOMETRY.planarityDeg;
  header[RoofIn.PLANARITY_REL] = GEOMETRY.planarityRel;
  header[RoofIn.DEGENERATE_AREA] = GEOMETRY.degenerateArea;
  header[RoofIn.MAX_ENTITIES] = maxEntities;
  const f64 = [...header, ...pts.flatMap((p) => [p[0], p[1], p[2] ?? NaN])];
  const i32 = [pts.length, outline.length, lines.length, ...outline, ...lines.flat()];
  return [Float64Array.from(f64), Int32Array.from(i32)] as const;
}

interface Decoded {
  status: number;
  points: { relation: number; mergedInto: number; origin: number; x: number; y: number; z: number; hp: number }[];
  lines: [number, number, number, number][];
  faces: { idx: number[]; holes: number[][]; tilt: number; azimuth: number; area: number; planArea: number; normal: number[] }[];
  errors: { code: number; refs: [number, number][] }[];
}

/** Decodes the output arrays (and checks the header's status against the returned one). */
function solve(...args: Parameters<typeof encode>): Decoded {
  const { status, f64, i32 } = roofSolveRef(...encode(...args));
  expect(i32[RoofOutI32.STATUS]).toBe(status);
  const h = (k: RoofOutI32) => i32[k];
  let o = RoofOutI32.HEADER;
  const points = [];
  for (let p = 0; p < h(RoofOutI32.N_POINTS); p++, o += Stride.POINT_I32) {
    const f = p * Stride.POINT_F64;
    points.push({ relation: i32[o], mergedInto: i32[o + 1], origin: i32[o + 2], x: f64[f], y: f64[f + 1], z: f64[f + 2], hp: f64[f + 3] });
  }
  const lines: [number, number, number, number][] = [];
  for (let l = 0; l < h(RoofOutI32.N_LINES); l++, o += Stride.LINE_I32) lines.push([i32[o], i32[o + 1], i32[o + 2], i32[o + 3]]);
  const faceHeads: [number, number][] = [];
  for (let k = 0; k < h(RoofOutI32.N_FACES); k++, o += Stride.FACE_I32) faceHeads.push([i32[o], i32[o + 1]]);
  const idxBase = o;
  o += h(RoofOutI32.N_FACE_INDICES);
  const errHeads: [number, number, number][] = [];
  for (let e = 0; e < h(RoofOutI32.N_ERRORS); e++, o += Stride.ERROR_I32) errHeads.push([i32[o], i32[o + 1], i32[o + 2]]);
  const refBase = o;
  o += h(RoofOutI32.N_REFS) * Stride.REF_I32;
  const holeHeads: [number, number, number][] = [];
  for (let k = 0; k < h(RoofOutI32.N_HOLES); k++, o += Stride.HOLE_I32) holeHeads.push([i32[o], i32[o + 1], i32[o + 2]]);
  const holeBase = o;
  expect(i32.length).toBe(holeBase + h(RoofOutI32.N_HOLE_INDICES));
  const fBase = points.length * Stride.POINT_F64;
  expect(f64.length).toBe(fBase + faceHeads.length * Stride.FACE_F64);
  const faces = faceHeads.map(([off, cnt], k) => {
    const m = f64.subarray(fBase + k * Stride.FACE_F64, fBase + (k + 1) * Stride.FACE_F64);
    const holes = holeHeads.filter(([face]) => face === k).map(([, hOff, hCnt]) => Array.from(i32.subarray(holeBase + hOff, holeBase + hOff + hCnt)));
    return { idx: Array.from(i32.subarray(idxBase + off, idxBase + off + cnt)), holes, tilt: m[0], azimuth: m[1], area: m[2], planArea: m[3], normal: [m[4], m[5], m[6]] };
  });
  const errors = errHeads.map(([code, off, cnt]) => ({
    code,
    refs: Array.from({ length: cnt }, (_, r): [number, number] => [i32[refBase + 2 * (off + r)], i32[refBase + 2 * (off + r) + 1]]),
  }));
  return { status, points, lines, faces, errors };
}

const DEG = 180 / Math.PI;

function lexCompare(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] - b[k];
  return a.length - b.length;
}
const TOL = 1e-9;
const RECT_10x8: Pt[] = [[0, 0], [10, 0], [10, 8], [0, 8]];

describe('roofSolveRef — docs/GEOMETRY.md worked examples', () => {
  it('gable 10 × 8, eave 6, ridge (0,4)–(10,4) at z 8: two faces, tilt atan(2/4), azimuths 180 / 0, area 10·√20', () => {
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [10, 4, 8]], [0, 1, 2, 3], [[4, 5]]);
    expect(r.status).toBe(Status.OK);
    expect(r.errors).toEqual([]);
    // The ridge ends lie on the gable-end edges: T-junctions.
    expect(r.points.map((p) => p.relation)).toEqual([Relation.OUTER, Relation.OUTER, Relation.OUTER, Relation.OUTER, Relation.INTERLINE, Relation.INTERLINE]);
    expect(r.lines).toEqual([[4, 5, 0, 0]]);
    // Faces sorted by their index lists, each CCW from above starting at its smallest index.
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 1, 5, 4], [2, 3, 4, 5]]);
    const [south, north] = r.faces;
    for (const f of r.faces) {
      expect(f.tilt).toBeCloseTo(Math.atan(2 / 4) * DEG, 9); // 26.565051177°
      expect(Math.abs(f.area - 10 * Math.sqrt(20))).toBeLessThan(TOL); // 44.7213595
      expect(Math.abs(f.planArea - 40)).toBeLessThan(TOL);
    }
    expect(south.azimuth).toBeCloseTo(180, 9);
    expect(north.azimuth).toBeCloseTo(0, 9);
    // Upward unit normal of the south face: (0, −2, 4)/√20.
    expect(south.normal[0]).toBeCloseTo(0, 12);
    expect(south.normal[1]).toBeCloseTo(-2 / Math.sqrt(20), 12);
    expect(south.normal[2]).toBeCloseTo(4 / Math.sqrt(20), 12);
    // heightPercent: eave 0, ridge 1.
    expect(r.points.map((p) => p.hp)).toEqual([0, 0, 0, 0, 1, 1]);
  });

  it('a line (5,0)–(5,8) across the gable crosses the ridge: INTERPOINT1 at (5,4), z 8 by planarity, four faces', () => {
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [10, 4, 8], [5, 0], [5, 8]], [0, 1, 2, 3], [[4, 5], [6, 7]]);
    expect(r.status).toBe(Status.OK);
    expect(r.points).toHaveLength(9);
    const x = r.points[8];
    expect(x).toMatchObject({ relation: Relation.INTERPOINT1, mergedInto: -1, origin: -1, x: 5, y: 4, hp: 1 });
    expect(Math.abs(x.z - 8)).toBeLessThan(TOL);
    // (5,0) and (5,8) lie on the eaves: z 6 by interpolation along the outline.
    expect(r.points[6]).toMatchObject({ relation: Relation.INTERLINE, z: 6 });
    expect(r.points[7]).toMatchObject({ relation: Relation.INTERLINE, z: 6 });
    // Both lines split at the crossing, pieces numbered from a to b.
    expect(r.lines).toEqual([[4, 8, 0, 1], [8, 5, 0, 2], [6, 8, 1, 1], [8, 7, 1, 2]]);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 6, 8, 4], [1, 5, 8, 6], [2, 7, 8, 5], [3, 4, 8, 7]]);
    expect(r.faces.map((f) => Math.round(f.azimuth))).toEqual([180, 180, 0, 0]);
    for (const f of r.faces) {
      expect(f.tilt).toBeCloseTo(Math.atan(0.5) * DEG, 9);
      expect(Math.abs(f.area - 5 * Math.sqrt(20))).toBeLessThan(TOL);
    }
  });

  it('pyramid 10 × 10, eave 6, apex (5,5) z 9: four faces, tilt atan(3/5), azimuths 0 / 90 / 180 / 270', () => {
    const r = solve(6, [[0, 0], [10, 0], [10, 10], [0, 10], [5, 5, 9]], [0, 1, 2, 3], [[4, 0], [4, 1], [4, 2], [4, 3]]);
    expect(r.status).toBe(Status.OK);
    expect(r.points[4].relation).toBe(Relation.LINK);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 1, 4], [0, 4, 3], [1, 2, 4], [2, 3, 4]]);
    expect(r.faces.map((f) => f.azimuth)).toEqual([180, 270, 90, 0].map((a) => expect.closeTo(a, 9)));
    // Each triangle: base 10, plan height 5, slant height √(5² + 3²) = √34.
    for (const f of r.faces) {
      expect(f.tilt).toBeCloseTo(Math.atan(3 / 5) * DEG, 9); // 30.963756532°
      expect(Math.abs(f.area - 5 * Math.sqrt(34))).toBeLessThan(TOL);
      expect(Math.abs(f.planArea - 25)).toBeLessThan(TOL);
      expect(Math.hypot(...f.normal)).toBeCloseTo(1, 12);
    }
  });

  it('accepts a clockwise outline: faces still run counter-clockwise from above', () => {
    const r = solve(6, [[0, 0], [0, 8], [10, 8], [10, 0], [0, 4, 8], [10, 4, 8]], [0, 1, 2, 3], [[4, 5]]);
    expect(r.status).toBe(Status.OK);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 3, 5, 4], [1, 4, 5, 2]]);
  });
});

describe('roofSolveRef — graph rules (docs/GEOMETRY.md §1)', () => {
  it('snaps a point within 1e-4 m onto an earlier one (INTERPOINT_, mergedInto), adopting its z', () => {
    // Point 5 duplicates the ridge end (10,4) to 5e-5 m and carries the z; line 0 uses the duplicate.
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [10, 4], [10 + 5e-5, 4, 8]], [0, 1, 2, 3], [[4, 6]]);
    expect(r.status).toBe(Status.OK);
    expect(r.points[6]).toMatchObject({ relation: Relation.INTERPOINT_, mergedInto: 5, origin: 6, x: 10 + 5e-5, z: 8 });
    expect(r.points[5]).toMatchObject({ relation: Relation.INTERLINE, z: 8 });
    expect(r.lines).toEqual([[4, 5, 0, 0]]);
    expect(r.faces).toHaveLength(2);
  });

  it('a point just beyond a line end (farther than 1e-4 m from it) is no T-junction', () => {
    // 0.00015000000000000001 − 0.00005 is a hair over 1e-4: neither merged nor on the line.
    const r = solve(6, [[0.00005, 0], [1, 0], [0.00015000000000000001, 0]], [], [[1, 2]]);
    expect(r.points.map((p) => [p.relation, p.mergedInto])).toEqual([[Relation.LINK, -1], [Relation.LINK, -1], [Relation.LINK, -1]]);
    expect(r.lines).toEqual([[1, 2, 0, 0]]);
  });

  it('three lines through one new point: INTERPOINT2', () => {
    // Diagonals of the square and its vertical mid-line meet at (5,5).
    const r = solve(6, [[0, 0], [10, 0], [10, 10], [0, 10], [5, 0], [5, 10]], [0, 1, 2, 3], [[0, 2], [1, 3], [4, 5]]);
    const created = r.points.slice(6);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ relation: Relation.INTERPOINT2, x: 5, y: 5 });
    // Six triangles, each knowing only two (collinear) eave points: the centre's height is open.
    expect(r.errors).toEqual([{ code: RoofError.UNKNOWN_HEIGHT, refs: [[RefKind.POINT, 6]] }]);
    expect(r.faces).toEqual([]);
    expect(r.lines).toEqual([[0, 6, 0, 1], [6, 2, 0, 2], [1, 6, 1, 1], [6, 3, 1, 2], [4, 6, 2, 1], [6, 5, 2, 2]]);
  });

  it('cuts an interior line where it leaves the outline (INTERPOINT3) and drops the outside part', () => {
    // Ridge drawn from (0,4) to (12,4): it leaves the 10 × 8 outline at (10,4).
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [12, 4]], [0, 1, 2, 3], [[4, 5]]);
    expect(r.points[5]).toMatchObject({ relation: Relation.LINK, x: 12 });
    expect(r.points[6]).toMatchObject({ relation: Relation.INTERPOINT3, origin: -1, x: 10, y: 4 });
    // (10,4) on the outline gets z by interpolation between (10,0) z 6 and (10,8) z 6: 6.
    expect(r.points[6].z).toBe(6);
    expect(r.lines).toEqual([[4, 6, 0, 1]]); // piece 2 (outside) dropped
    // Faces exist but are not planar (ridge z 8 at one end, 6 at the other, eaves at 6).
    expect(r.faces).toHaveLength(0);
    expect(r.errors.map((e) => e.code)).toEqual([RoofError.NON_PLANAR_FACE, RoofError.NON_PLANAR_FACE]);
    expect(r.status).toBe(Status.FAILED);
  });

  it('drops the part of a line that runs outside a concave outline; kept pieces keep their numbers', () => {
    // L-shape with the notch x > 4, y > 4. The line x + y = 12 from (10,2) to (2,10) leaves the
    // outline at (8,4) and comes back at (4,8): pieces 1 and 3 are kept, piece 2 is dropped.
    const L: Pt[] = [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10]];
    const r = solve(6, [...L, [10, 2], [2, 10]], [0, 1, 2, 3, 4, 5], [[6, 7]]);
    expect(r.status).toBe(Status.OK);
    // Created points sorted by x then y: (4,8) is 8, (8,4) is 9.
    expect(r.points.slice(6).map((p) => [p.relation, p.x, p.y])).toEqual([
      [Relation.INTERLINE, 10, 2],
      [Relation.INTERLINE, 2, 10],
      [Relation.INTERPOINT3, 4, 8],
      [Relation.INTERPOINT3, 8, 4],
    ]);
    expect(r.lines).toEqual([[6, 9, 0, 1], [8, 7, 0, 3]]);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 1, 6, 9, 3, 8, 7, 5], [2, 9, 6], [4, 7, 8]]);
    // Every point is on the outline at the eave: flat faces, tilt 0, azimuth 180.
    for (const f of r.faces) expect([f.tilt, f.azimuth]).toEqual([0, 180]);
    expect(r.faces.map((f) => f.planArea)).toEqual([100 - 36 - 4, 2, 2].map((a) => expect.closeTo(a, 9)));
  });

  it('reports a line with a free end inside the outline as DANGLING_LINE and solves the rest', () => {
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [10, 4, 8], [5, 6]], [0, 1, 2, 3], [[4, 5], [6, 2]]);
    expect(r.errors).toEqual([{ code: RoofError.DANGLING_LINE, refs: [[RefKind.LINE, 1]] }]);
    expect(r.faces).toHaveLength(2);
    expect(r.status).toBe(Status.FAILED);
  });

  it('reports touching non-adjacent outline edges as SELF_INTERSECTING_OUTLINE and builds no faces', () => {
    // A bow tie: edges 0 (0,0)→(10,10) and 2 (10,0)→(0,10) cross at (5,5).
    const r = solve(6, [[0, 0], [10, 10], [10, 0], [0, 10]], [0, 1, 2, 3], []);
    expect(r.status).toBe(Status.FAILED);
    expect(r.errors).toEqual([{ code: RoofError.SELF_INTERSECTING_OUTLINE, refs: [[RefKind.OUTLINE_EDGE, 0], [RefKind.OUTLINE_EDGE, 2]] }]);
    expect(r.faces).toEqual([]);
  });

  it('split mode (no outline): only snap and splitting, status OK', () => {
    const r = solve(6, [[0, 0], [10, 10], [10, 0], [0, 10], [5, 5]], [], [[0, 1], [2, 3]]);
    expect(r.status).toBe(Status.OK);
    expect(r.points[4].relation).toBe(Relation.INTERLINE); // (5,5) lies on both lines
    expect(r.points).toHaveLength(5); // the crossing is the drawn point (5,5), nothing created
    expect(r.lines).toEqual([[0, 4, 0, 1], [4, 1, 0, 2], [2, 4, 1, 1], [4, 3, 1, 2]]);
    expect(r.faces).toEqual([]);
    expect(Number.isNaN(r.points[0].z)).toBe(true);
  });
});

describe('roofSolveRef — heights and face errors (docs/GEOMETRY.md §2–3)', () => {
  it('UNKNOWN_HEIGHT when a face has fewer than three non-collinear known points', () => {
    // An inner quad (3,3)–(7,5) tied to the corners: each trapezoid knows only its two eave corners
    // (collinear) and the quad knows nothing, so no face can fix a plane.
    const pts: Pt[] = [...RECT_10x8, [3, 3], [7, 3], [7, 5], [3, 5]];
    const r = solve(6, pts, [0, 1, 2, 3], [[4, 5], [5, 6], [6, 7], [7, 4], [0, 4], [1, 5], [2, 6], [3, 7]]);
    expect(r.errors).toEqual([{ code: RoofError.UNKNOWN_HEIGHT, refs: [4, 5, 6, 7].map((p) => [RefKind.POINT, p]) }]);
    expect(r.faces).toEqual([]);
    expect(r.status).toBe(Status.FAILED);
  });

  it('propagates heights face by face (a hip roof with the ridge at z 8 given at one end only)', () => {
    // Hip roof 10 × 8: ridge (3,4)–(7,4); only (3,4) has z. The west triangle (0,0),(3,4),(0,8)
    // fixes nothing new; the south trapezoid (0,0),(10,0),(7,4),(3,4) has three non-collinear
    // known points → plane z = 6 + y/2 → (7,4) gets z 8.
    const r = solve(6, [...RECT_10x8, [3, 4, 8], [7, 4]], [0, 1, 2, 3], [[4, 5], [0, 4], [3, 4], [1, 5], [2, 5]]);
    expect(r.status).toBe(Status.OK);
    expect(r.points[5].z).toBeCloseTo(8, 12);
    expect(r.faces).toHaveLength(4);
    const byAz = Object.fromEntries(r.faces.map((f) => [Math.round(f.azimuth), f]));
    expect(byAz[90].tilt).toBeCloseTo(Math.atan(2 / 3) * DEG, 9); // east hip end: rise 2 over 3
    expect(byAz[180].tilt).toBeCloseTo(Math.atan(2 / 4) * DEG, 9);
  });

  it('NON_PLANAR_FACE when a vertex is off the plane by more than both tolerances', () => {
    // Four-point face with one corner raised: (0,0,6), (10,0,6), (10,8,7), (0,8,6).
    const r = solve(6, [[0, 0], [10, 0], [10, 8, 7], [0, 8]], [0, 1, 2, 3], []);
    expect(r.errors).toEqual([{ code: RoofError.NON_PLANAR_FACE, refs: [0, 1, 2, 3].map((p) => [RefKind.POINT, p]) }]);
    expect(r.faces).toEqual([]);
  });

  it('accepts a vertex off the plane within tolerance', () => {
    // One corner 1 mm up: it lies ~0.25 mm off the Newell plane, below 1e-4 × the 12.8 m diagonal.
    const r = solve(6, [[0, 0], [10, 0], [10, 8, 6.001], [0, 8]], [0, 1, 2, 3], []);
    expect(r.status).toBe(Status.OK);
    expect(r.faces).toHaveLength(1);
    expect(r.points[2].hp).toBe(1);
  });

  it('DEGENERATE_FACE for a face below 1e-4 m²', () => {
    // A sliver triangle (4,2), (5,2), (4.5, 2.00015) drawn inside the roof: its sides are longer
    // than 1e-4 m, its area 1 · 1.5e-4 / 2 = 7.5e-5 m².
    const r = solve(6, [...RECT_10x8, [4, 2], [5, 2], [4.5, 2.00015]], [0, 1, 2, 3], [[4, 5], [5, 6], [6, 4]]);
    expect(r.errors).toEqual([{ code: RoofError.DEGENERATE_FACE, refs: [4, 5, 6].map((p) => [RefKind.POINT, p]) }]);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 1, 2, 3]]);
    expect(r.status).toBe(Status.FAILED);
  });

  it('merges a point within 1e-4 m of an outline corner; the line through both then degenerates', () => {
    const r = solve(6, [...RECT_10x8, [10, 5e-6]], [0, 1, 2, 3], [[0, 4]]);
    expect(r.points[4]).toMatchObject({ relation: Relation.INTERPOINT_, mergedInto: 1, z: 6 });
    // The line (0,0)–(10,0) now lies along the eave: kept as a line, not a new face.
    expect(r.lines).toEqual([[0, 1, 0, 0]]);
    expect(r.faces.map((f) => f.idx)).toEqual([[0, 1, 2, 3]]);
  });
});

describe('roofSolveRef — malformed input and caps', () => {
  it('BAD_INPUT on empty or short arrays, negative counts, indices out of range', () => {
    const [f, i] = encode(6, RECT_10x8, [0, 1, 2, 3], []);
    const bad = (f64: Float64Array, i32: Int32Array) => roofSolveRef(f64, i32).status;
    expect(bad(new Float64Array(0), new Int32Array(0))).toBe(Status.BAD_INPUT);
    expect(bad(f, i.subarray(0, 5))).toBe(Status.BAD_INPUT);
    expect(bad(f.subarray(0, f.length - 1), i)).toBe(Status.BAD_INPUT);
    expect(bad(f, Int32Array.from([-1, 0, 0]))).toBe(Status.BAD_INPUT);
    expect(bad(f, Int32Array.from([4, 4, 0, 0, 1, 2, 4]))).toBe(Status.BAD_INPUT);
    const out = roofSolveRef(new Float64Array(0), new Int32Array(0));
    expect(Array.from(out.i32)).toEqual([Status.BAD_INPUT, ...new Array<number>(RoofOutI32.HEADER - 1).fill(0)]);
    expect(out.f64.length).toBe(0);
  });

  it('TOO_MANY when output points + lines exceed MAX_ENTITIES', () => {
    const r = solve(6, [...RECT_10x8, [0, 4, 8], [10, 4, 8]], [0, 1, 2, 3], [[4, 5]], 6);
    expect(r.status).toBe(Status.FAILED);
    expect(r.errors).toEqual([{ code: RoofError.TOO_MANY, refs: [] }]);
    expect(solve(6, [...RECT_10x8, [0, 4, 8], [10, 4, 8]], [0, 1, 2, 3], [[4, 5]], 7).status).toBe(Status.OK);
  });
});

describe('roofSolveRef — invariants on random flat roofs', () => {
  // A star-shaped outline (vertices at increasing angles around the origin) at the eave, random
  // lines between points on its edges and points inside, no explicit z: every solvable face is flat.
  const scene = fc
    .record({
      spokes: fc.array(fc.tuple(fc.double({ min: 0.3, max: 1, noNaN: true }), fc.double({ min: 3, max: 20, noNaN: true })), { minLength: 3, maxLength: 9 }),
      onEdge: fc.array(fc.tuple(fc.nat(), fc.double({ min: 0.05, max: 0.95, noNaN: true })), { maxLength: 6 }),
      inside: fc.array(fc.tuple(fc.nat(), fc.double({ min: 0.05, max: 0.45, noNaN: true }), fc.double({ min: 0.05, max: 0.45, noNaN: true })), { maxLength: 4 }),
      lines: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
    })
    .map((r) => {
      const total = r.spokes.reduce((a, [g]) => a + g, 0);
      let angle = 0;
      const ring = r.spokes.map(([g, rad]): [number, number] => {
        angle += (g / total) * 2 * Math.PI;
        return [rad * Math.cos(angle), rad * Math.sin(angle)];
      });
      const at = (e: number) => ring[e % ring.length];
      const nextOf = (e: number) => ring[(e + 1) % ring.length];
      const pts: Pt[] = [...ring];
      for (const [e, t] of r.onEdge) pts.push([at(e)[0] + t * (nextOf(e)[0] - at(e)[0]), at(e)[1] + t * (nextOf(e)[1] - at(e)[1])]);
      for (const [e, u, v] of r.inside) pts.push([u * at(e)[0] + v * nextOf(e)[0], u * at(e)[1] + v * nextOf(e)[1]]);
      const lines = r.lines.map(([a, b]): [number, number] => [a % pts.length, b % pts.length]);
      return { ring, pts, lines };
    });

  it('tiles the outline: solved faces are CCW, flat, canonical, and cover it exactly when all solve', () => {
    let okWithFaces = 0;
    fc.assert(
      fc.property(scene, ({ ring, pts, lines }) => {
        const r = solve(4, pts, ring.map((_, k) => k), lines);
        const outlineArea = Math.abs(ring.reduce((a, [x, y], k) => a + x * ring[(k + 1) % ring.length][1] - ring[(k + 1) % ring.length][0] * y, 0)) / 2;
        let sum = 0;
        for (const f of r.faces) {
          const v = f.idx.map((p) => r.points[p]);
          const shoelace = v.reduce((a, p, k) => a + p.x * v[(k + 1) % v.length].y - v[(k + 1) % v.length].x * p.y, 0) / 2;
          expect(Math.abs(shoelace - f.planArea)).toBeLessThan(1e-9 * outlineArea);
          expect(f.idx[0]).toBe(Math.min(...f.idx));
          expect([f.tilt, f.azimuth, f.normal[2]]).toEqual([0, 180, 1]);
          expect(Math.abs(f.area - f.planArea)).toBeLessThan(1e-9 * outlineArea);
          sum += f.planArea;
        }
        for (let k = 1; k < r.faces.length; k++) expect(lexCompare(r.faces[k - 1].idx, r.faces[k].idx)).toBeLessThan(0);
        okWithFaces += r.status === Status.OK && r.faces.length > 1 ? 1 : 0;
        expect(sum).toBeLessThanOrEqual(outlineArea * (1 + 1e-9));
        if (r.status === Status.OK) expect(Math.abs(sum - outlineArea)).toBeLessThan(1e-9 * outlineArea);
        // Created points follow the input points, sorted by x then y.
        const created = r.points.slice(pts.length);
        for (let k = 1; k < created.length; k++) {
          const [a, b] = [created[k - 1], created[k]];
          expect(a.x < b.x || (a.x === b.x && a.y < b.y)).toBe(true);
        }
        // Every known point is at the eave.
        for (const p of r.points) if (!Number.isNaN(p.z)) expect(Math.abs(p.z - 4)).toBeLessThan(1e-9);
      }),
      { numRuns: 300 },
    );
    // The property is not vacuous: many scenes solve completely into several faces.
    expect(okWithFaces).toBeGreaterThan(30);
  });

  it('split mode: the pieces of every line chain from its a to its b, numbered 1..k (or one piece 0)', () => {
    fc.assert(
      fc.property(scene, ({ pts, lines }) => {
        const r = solve(4, pts, [], lines);
        expect(r.status).toBe(Status.OK);
        const rep = (p: number) => (r.points[p].mergedInto >= 0 ? r.points[p].mergedInto : p);
        lines.forEach(([a, b], l) => {
          const pieces = r.lines.filter((x) => x[2] === l);
          if (rep(a) === rep(b)) return expect(pieces).toEqual([]);
          expect(pieces.map((x) => x[3])).toEqual(pieces.length === 1 ? [0] : pieces.map((_, k) => k + 1));
          expect(pieces[0][0]).toBe(rep(a));
          expect(pieces[pieces.length - 1][1]).toBe(rep(b));
          for (let k = 1; k < pieces.length; k++) expect(pieces[k][0]).toBe(pieces[k - 1][1]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
