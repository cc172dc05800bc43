// roof / split through the host codec (src/engine/roof.ts, roof-codec.ts) on the debug wasm kernel:
// the worked examples of docs/GEOMETRY.md and one scene per rule (T-junctions, crossings, snapping,
// outline cuts, dangling lines, heights, planarity, degenerate faces, self-intersecting outlines,
// the entity cap). Expected values are derived by hand in the comments. Tolerance: TOL = 1e-9
// (absolute, in ° and m²; every value below is a rounding error away from its closed form).
import { beforeAll, describe, expect, it } from 'vitest';
import { RoofIn } from '../../../engine/abi.ts';
import { InputError } from '../../../src/engine/errors.ts';
import { decodeRoof, encodeRoof } from '../../../src/engine/roof-codec.ts';
import { roof, split } from '../../../src/engine/roof.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import { isGeneratedId, TOO_MANY_MESSAGE, type RoofInput, type RoofOutput } from '../../../src/model/index.ts';

const TOL = 1e-9;
const DEG = 180 / Math.PI;

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

type P = { id: string; x: number; y: number; z?: number };
const pt = (id: string, x: number, y: number, z?: number): P => (z === undefined ? { id, x, y } : { id, x, y, z });
const ln = (id: string, idp1: string, idp2: string) => ({ id, idp1, idp2 });

/** A rectangle outline o1..o4 counter-clockwise from (0, 0). */
function rect(w: number, h: number, z?: [number, number, number, number]): P[] {
  return [pt('o1', 0, 0, z?.[0]), pt('o2', w, 0, z?.[1]), pt('o3', w, h, z?.[2]), pt('o4', 0, h, z?.[3])];
}

function solve(building: Omit<RoofInput['building'], 'id'> & { id?: string }): RoofOutput {
  return roof(engine, { building: { id: 'b1', ...building } });
}

const point = (out: RoofOutput, id: string) => out.points.find((p) => p.id === id)!;
const faceWith = (out: RoofOutput, ids: string[]) => out.faces.find((f) => ids.every((i) => f.pointIds.includes(i)))!;
const codes = (out: RoofOutput) => out.errors.map((e) => e.code);

describe('docs/GEOMETRY.md worked examples', () => {
  it('gable 10 × 8, eave 6, ridge (0,4)–(10,4) at z 8', () => {
    const out = solve({ eaveHeight: 6, outerPoints: rect(10, 8), points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8)], lines: [ln('l1', 'r1', 'r2')] });
    expect(out.success).toBe(true);
    expect(out.errors).toEqual([]);
    // The ridge ends lie on the gable-end edges: T-junctions.
    expect(point(out, 'r1').relation).toBe('INTERLINE');
    expect(point(out, 'o1').relation).toBe('OUTER');
    // Faces counter-clockwise from above, starting at the smallest index, sorted: o1 o2 r2 r1 | o3 o4 r1 r2.
    expect(out.faces.map((f) => f.pointIds)).toEqual([
      ['o1', 'o2', 'r2', 'r1'],
      ['o3', 'o4', 'r1', 'r2'],
    ]);
    // Each face rises 2 m over 4 m: tilt atan(2/4); the southern one looks south (180), the other north.
    // Sloped area 10 · √(4² + 2²) = 10·√20; plan area 10 · 4; normal (0, ∓2, 4)/√20.
    const [south, north] = out.faces;
    for (const f of out.faces) {
      expect(f.tilt).toBeCloseTo(Math.atan(2 / 4) * DEG, 9);
      expect(Math.abs(f.tilt - 26.565051177077986)).toBeLessThan(TOL);
      expect(Math.abs(f.area - 10 * Math.sqrt(20))).toBeLessThan(TOL);
      expect(Math.abs(f.planArea - 40)).toBeLessThan(TOL);
    }
    expect(Math.abs(south.azimuth - 180)).toBeLessThan(TOL);
    expect(Math.abs(north.azimuth - 0)).toBeLessThan(TOL);
    expect(south.normal[0]).toBeCloseTo(0, 12);
    expect(south.normal[1]).toBeCloseTo(-2 / Math.sqrt(20), 12);
    expect(south.normal[2]).toBeCloseTo(4 / Math.sqrt(20), 12);
    expect(south.vertices).toEqual([
      [0, 0, 6],
      [10, 0, 6],
      [10, 4, 8],
      [0, 4, 8],
    ]);
    // heightPercent = (z − 6) / (8 − 6).
    expect(point(out, 'o1').heightPercent).toBe(0);
    expect(point(out, 'r1').heightPercent).toBe(1);
    expect(out.lines).toEqual([{ id: 'l1', idp1: 'r1', idp2: 'r2', x1: 0, y1: 4, x2: 10, y2: 4, ifSplit: false }]);
    expect(out.faces.every((f) => isGeneratedId(f.id))).toBe(true);
  });

  it('a line (5,0)–(5,8) across the gable: INTERPOINT1 at (5,4) with z 8 by planarity, four faces', () => {
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('a', 5, 0), pt('b', 5, 8)],
      lines: [ln('l1', 'r1', 'r2'), ln('l2', 'a', 'b')],
    });
    expect(out.errors).toEqual([]);
    const created = out.points.filter((p) => p.relation === 'INTERPOINT1');
    expect(created).toHaveLength(1);
    const c = created[0];
    expect([c.x, c.y]).toEqual([5, 4]);
    // Face o1 a c r1: o1 (z 6), a (on the eave edge o1–o2: interpolated 6) and r1 (8) fix the plane
    // z = 6 + y/2, so c at y = 4 gets 8.
    expect(c.z).toBeCloseTo(8, 12);
    expect(isGeneratedId(c.id)).toBe(true);
    expect(point(out, 'a').relation).toBe('INTERLINE');
    expect(point(out, 'a').z).toBe(6);
    // Both lines are cut at c: sub-lines from idp1 to idp2.
    expect(out.lines.map((l) => [l.id, l.idp1, l.idp2, l.ifSplit])).toEqual([
      ['l1#1', 'r1', c.id, true],
      ['l1#2', c.id, 'r2', true],
      ['l2#1', 'a', c.id, true],
      ['l2#2', c.id, 'b', true],
    ]);
    // Four faces of 5 × 4 m in plan at the gable's tilt: area 5·√20 each.
    expect(out.faces).toHaveLength(4);
    for (const f of out.faces) {
      expect(Math.abs(f.tilt - Math.atan(0.5) * DEG)).toBeLessThan(TOL);
      expect(Math.abs(f.area - 5 * Math.sqrt(20))).toBeLessThan(TOL);
      expect(Math.abs(f.planArea - 20)).toBeLessThan(TOL);
    }
    expect(out.faces.map((f) => Math.round(f.azimuth)).sort((x, y) => x - y)).toEqual([0, 0, 180, 180]);
  });

  it('pyramid 10 × 10, eave 6, apex (5,5) z 9: four faces, tilt atan(3/5), azimuths 0/90/180/270', () => {
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 10),
      points: [pt('t', 5, 5, 9)],
      lines: ['o1', 'o2', 'o3', 'o4'].map((o, k) => ln(`h${k + 1}`, 't', o)),
    });
    expect(out.errors).toEqual([]);
    // Each triangle: base 10 on the eave, apex 5 m inside and 3 m up → tilt atan(3/5); plan area
    // 10·5/2 = 25; sloped area 25·√(1 + (3/5)²) = 5·√34.
    expect(out.faces).toHaveLength(4);
    for (const f of out.faces) {
      expect(Math.abs(f.tilt - Math.atan(3 / 5) * DEG)).toBeLessThan(TOL);
      expect(Math.abs(f.tilt - 30.96375653207352)).toBeLessThan(TOL);
      expect(Math.abs(f.planArea - 25)).toBeLessThan(TOL);
      expect(Math.abs(f.area - 5 * Math.sqrt(34))).toBeLessThan(TOL);
    }
    // The face on the south edge (o1–o2) looks south, the east one (o2–o3) east, and so on.
    expect(faceWith(out, ['o1', 'o2']).azimuth).toBeCloseTo(180, 9);
    expect(faceWith(out, ['o2', 'o3']).azimuth).toBeCloseTo(90, 9);
    expect(faceWith(out, ['o3', 'o4']).azimuth).toBeCloseTo(0, 9);
    expect(faceWith(out, ['o4', 'o1']).azimuth).toBeCloseTo(270, 9);
    expect(point(out, 't').relation).toBe('LINK');
  });
});

describe('one rule per scene', () => {
  it('an L-shaped flat roof is one face with the L area', () => {
    // L = 10 × 4 strip plus a 4 × 6 leg: 40 + 24 = 64 m²; all corners at the eave: flat, azimuth 180.
    const outerPoints = [pt('a', 0, 0), pt('b', 10, 0), pt('c', 10, 4), pt('d', 4, 4), pt('e', 4, 10), pt('f', 0, 10)];
    const out = solve({ eaveHeight: 3, outerPoints });
    expect(out.errors).toEqual([]);
    expect(out.faces).toHaveLength(1);
    const [f] = out.faces;
    expect(f.pointIds).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(f.tilt).toBe(0);
    expect(f.azimuth).toBe(180);
    expect(Math.abs(f.area - 64)).toBeLessThan(TOL);
    expect(Math.abs(f.planArea - 64)).toBeLessThan(TOL);
    expect(f.normal).toEqual([0, 0, 1]);
    // Flat roof: max z = eave, heightPercent 0.
    expect(out.points.every((p) => p.heightPercent === 0 && p.z === 3)).toBe(true);
  });

  it('a clockwise outline gives the same face, counter-clockwise', () => {
    const out = solve({ eaveHeight: 3, outerPoints: [pt('a', 0, 0), pt('b', 0, 5), pt('c', 5, 5), pt('d', 5, 0)] });
    expect(out.faces.map((f) => f.pointIds)).toEqual([['a', 'd', 'c', 'b']]);
    expect(out.faces[0].planArea).toBeCloseTo(25, 12);
  });

  it('a shed with explicit eave heights: one face rising 3 m over 6 m to the north', () => {
    // Corners at z 3 (south) and 6 (north): plane z = 3 + y/2 → tilt atan(3/6), looking south (180);
    // area 10 · √(6² + 3²) = 10·√45.
    const out = solve({ eaveHeight: 3, outerPoints: rect(10, 6, [3, 3, 6, 6]) });
    expect(out.errors).toEqual([]);
    expect(out.faces).toHaveLength(1);
    const [f] = out.faces;
    expect(Math.abs(f.tilt - Math.atan(0.5) * DEG)).toBeLessThan(TOL);
    expect(Math.abs(f.azimuth - 180)).toBeLessThan(TOL);
    expect(Math.abs(f.area - 10 * Math.sqrt(45))).toBeLessThan(TOL);
    expect(Math.abs(f.planArea - 60)).toBeLessThan(TOL);
    // heightPercent = (z − 3) / (6 − 3).
    expect(point(out, 'o3').heightPercent).toBe(1);
    expect(point(out, 'o1').heightPercent).toBe(0);
  });

  it('a cross-gable whose explicit heights cannot be planar: NON_PLANAR_FACE on the faces that disagree', () => {
    // Square 10 × 10, eave 6. Ridge a1 (0,5) z 8 – a2 (10,5) z 7, ridge b1 (5,0) z 9 – b2 (5,10) z 9,
    // crossing at c (5,5). Faces in canonical order: SW [o1 b1 c a1], SE [o2 a2 c b1], NE [o3 b2 c a2],
    // NW [o4 a1 c b2]. SW comes first: o1 (6), b1 (9), a1 (8) give z = 6 + 0.6x + 0.4y, so c = 11.
    // SE: b1, o2, a2 give z = 9 − 0.6(x − 5) + 0.2y → 10 at c, but c is 11: 1 m off.
    // NW: a1, c, b2 give z = 11 + 0.6(x − 5) − 0.4(y − 5) → 6 at o4 ✓ planar.
    // NE: c, a2, b2 give z = 11 − 0.8(x − 5) − 0.4(y − 5) → 5 at o3, which is 6: 1 m off.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 10),
      points: [pt('a1', 0, 5, 8), pt('a2', 10, 5, 7), pt('b1', 5, 0, 9), pt('b2', 5, 10, 9)],
      lines: [ln('A', 'a1', 'a2'), ln('B', 'b1', 'b2')],
    });
    const c = out.points.find((p) => p.relation === 'INTERPOINT1')!;
    expect(c.z).toBeCloseTo(11, 9);
    expect(out.success).toBe(false);
    expect(codes(out)).toEqual(['NON_PLANAR_FACE', 'NON_PLANAR_FACE']);
    const bad = out.errors.map((e) => e.ids);
    expect(bad).toEqual([
      ['o2', 'a2', c.id, 'b1'],
      ['o3', 'b2', c.id, 'a2'],
    ]);
    expect(out.errors[0].message).toContain('o2');
    // The two consistent faces are still solved.
    expect(out.faces.map((f) => f.pointIds)).toEqual([
      ['o1', 'b1', c.id, 'a1'],
      ['o4', 'a1', c.id, 'b2'],
    ]);
  });

  it('a line with a free end inside the outline is DANGLING_LINE; the rest still solves', () => {
    // l2 runs from a (5,0) on the eave up to p (5,2) and stops: p has degree 1 inside the outline.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('a', 5, 0), pt('p', 5, 2)],
      lines: [ln('l1', 'r1', 'r2'), ln('l2', 'a', 'p')],
    });
    expect(out.success).toBe(false);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ code: 'DANGLING_LINE', ids: ['l2'] });
    expect(out.errors[0].message).toContain('l2');
    // The dangling line is pruned from the faces; a stays on the eave edge (a T-junction).
    expect(out.faces.map((f) => f.pointIds)).toEqual([
      ['o1', 'a', 'o2', 'r2', 'r1'],
      ['o3', 'o4', 'r1', 'r2'],
    ]);
    expect(out.lines.map((l) => l.id)).toEqual(['l1', 'l2']);
  });

  it('a bow-tie outline is SELF_INTERSECTING_OUTLINE and gives no faces', () => {
    // Edges o1→o2 (0,0)–(10,10) and o3→o4 (10,0)–(0,10) cross at (5,5).
    const outerPoints = [pt('o1', 0, 0), pt('o2', 10, 10), pt('o3', 10, 0), pt('o4', 0, 10)];
    const out = solve({ eaveHeight: 6, outerPoints });
    expect(out.success).toBe(false);
    expect(out.faces).toEqual([]);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ code: 'SELF_INTERSECTING_OUTLINE', ids: ['o1', 'o2', 'o3', 'o4'] });
    // With outer lines, the edges are named by them.
    const withLines = solve({
      eaveHeight: 6,
      outerPoints,
      outerLines: [ln('e1', 'o1', 'o2'), ln('e2', 'o2', 'o3'), ln('e3', 'o3', 'o4'), ln('e4', 'o4', 'o1')],
    });
    expect(withLines.errors[0]).toMatchObject({ code: 'SELF_INTERSECTING_OUTLINE', ids: ['e1', 'e3'] });
    expect(withLines.errors[0].message).toContain('e1');
  });

  it('a collinear outline (a triangle with no area) is SELF_INTERSECTING_OUTLINE, not an empty success', () => {
    // (0,0), (5,0), (10,0): the ring runs out and back along one line — it encloses nothing.
    const out = solve({ eaveHeight: 6, outerPoints: [pt('o1', 0, 0), pt('o2', 5, 0), pt('o3', 10, 0)] });
    expect(out.success).toBe(false);
    expect(out.faces).toEqual([]);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ code: 'SELF_INTERSECTING_OUTLINE', ids: ['o1', 'o2', 'o3'] });
    // Off the line by 1 mm (far beyond the 1e-4 m merge distance): a thin but real triangle, one face.
    const thin = solve({ eaveHeight: 6, outerPoints: [pt('o1', 0, 0), pt('o2', 5, 0.001), pt('o3', 10, 0)] });
    expect(thin.errors).toEqual([]);
    expect(thin.faces).toHaveLength(1);
    expect(thin.faces[0].planArea).toBeCloseTo(0.005, 12);
  });

  it('outer lines define the ring order, whatever the order of the outer points', () => {
    // Points listed in a bow-tie order; the outer lines walk the square.
    const out = solve({
      eaveHeight: 6,
      outerPoints: [pt('o1', 0, 0), pt('o3', 10, 10), pt('o2', 10, 0), pt('o4', 0, 10)],
      outerLines: [ln('e1', 'o1', 'o2'), ln('e3', 'o3', 'o4'), ln('e2', 'o2', 'o3'), ln('e4', 'o4', 'o1')],
    });
    expect(out.errors).toEqual([]);
    expect(out.faces).toHaveLength(1);
    expect(out.faces[0].planArea).toBeCloseTo(100, 12);
  });

  it('a point on another line splits it (T-junction, INTERLINE)', () => {
    // m (5,4) lies on the ridge's interior: the ridge becomes l1#1 r1→m, l1#2 m→r2; the line a–m
    // splits the southern face in two. m's z: face o1 a m r1 has o1, a (6) and r1 (8) → z = 6 + y/2 = 8.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('m', 5, 4), pt('a', 5, 0)],
      lines: [ln('l1', 'r1', 'r2'), ln('l2', 'a', 'm')],
    });
    expect(out.errors).toEqual([]);
    expect(point(out, 'm').relation).toBe('INTERLINE');
    expect(point(out, 'm').z).toBeCloseTo(8, 12);
    expect(out.points.filter((p) => p.relation.startsWith('INTERPOINT'))).toEqual([]);
    expect(out.lines.map((l) => [l.id, l.idp1, l.idp2])).toEqual([
      ['l1#1', 'r1', 'm'],
      ['l1#2', 'm', 'r2'],
      ['l2', 'a', 'm'],
    ]);
    expect(out.faces).toHaveLength(3);
  });

  it('a drawn point within 1e-4 m of an earlier one is merged into it (INTERPOINT_)', () => {
    // d is 5.8e-5 m from r2 (√(5e-5² + 3e-5²)): merged; the ridge drawn to d ends at r2.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('d', 10.00005, 4.00003)],
      lines: [ln('l1', 'r1', 'd')],
    });
    expect(out.errors).toEqual([]);
    expect(point(out, 'd')).toMatchObject({ relation: 'INTERPOINT_', mergedInto: 'r2', x: 10.00005, y: 4.00003, z: 8 });
    expect(out.lines).toMatchObject([{ id: 'l1', idp1: 'r1', idp2: 'r2', ifSplit: false }]);
    expect(out.faces).toHaveLength(2);
    // Farther than the tolerance (1.5e-4 m): not merged.
    const apart = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('d', 10, 4.00015)],
      lines: [ln('l1', 'r1', 'r2')],
    });
    expect(point(apart, 'd').mergedInto).toBeUndefined();
  });

  it('a line crossing the outline is cut there (INTERPOINT3) and its outside parts dropped', () => {
    // p1 (-2,4) – p2 (12,4) crosses the west edge at (0,4) and the east edge at (10,4): three pieces,
    // the middle one (#2) kept. The cut points lie on eave edges: z interpolated 6 → two flat faces.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('p1', -2, 4, 8), pt('p2', 12, 4, 8)],
      lines: [ln('l1', 'p1', 'p2')],
    });
    expect(out.errors).toEqual([]);
    const cuts = out.points.filter((p) => p.relation === 'INTERPOINT3');
    expect(cuts.map((p) => [p.x, p.y, p.z])).toEqual([
      [0, 4, 6],
      [10, 4, 6],
    ]);
    expect(out.lines).toEqual([{ id: 'l1#2', idp1: cuts[0].id, idp2: cuts[1].id, x1: 0, y1: 4, x2: 10, y2: 4, ifSplit: true }]);
    expect(out.faces.map((f) => f.planArea)).toEqual([40, 40]);
    expect(out.faces.every((f) => f.tilt === 0)).toBe(true);
  });

  it('three lines through one new point: INTERPOINT2', () => {
    // Flat 10 × 10 square; the mid lines (0,5)–(10,5), (5,0)–(5,10) and the diagonal o1–o3 all pass
    // through (5,5): six flat faces (the diagonal halves the SW and NE quarters).
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 10),
      points: [pt('w', 0, 5), pt('e', 10, 5), pt('s', 5, 0), pt('n', 5, 10)],
      lines: [ln('h', 'w', 'e'), ln('v', 's', 'n'), ln('d', 'o1', 'o3')],
    });
    expect(out.errors).toEqual([]);
    const created = out.points.filter((p) => p.id !== 'w' && !['o1', 'o2', 'o3', 'o4', 'e', 's', 'n'].includes(p.id));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ x: 5, y: 5, z: 6, relation: 'INTERPOINT2' });
    expect(out.faces).toHaveLength(6);
    expect(out.faces.reduce((s, f) => s + f.planArea, 0)).toBeCloseTo(100, 12);
    expect(out.lines.map((l) => l.id)).toEqual(['h#1', 'h#2', 'v#1', 'v#2', 'd#1', 'd#2']);
  });

  it('points whose height nothing fixes are UNKNOWN_HEIGHT', () => {
    // A hip roof drawn without any height: ridge r1 (3,4) – r2 (7,4), hips to the corners. Every face
    // has only two known points (its eave corners, collinear), so r1 and r2 stay unknown.
    const out = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 3, 4), pt('r2', 7, 4)],
      lines: [ln('ridge', 'r1', 'r2'), ln('h1', 'r1', 'o1'), ln('h2', 'r1', 'o4'), ln('h3', 'r2', 'o2'), ln('h4', 'r2', 'o3')],
    });
    expect(out.success).toBe(false);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ code: 'UNKNOWN_HEIGHT', ids: ['r1', 'r2'] });
    expect(out.faces).toEqual([]);
    expect(point(out, 'r1').z).toBeNull();
    expect(point(out, 'r1').heightPercent).toBe(0);
    // Giving the ridge a height solves it: the faces then fit the planes through it.
    const fixed = solve({
      eaveHeight: 6,
      outerPoints: rect(10, 8),
      points: [pt('r1', 3, 4, 8), pt('r2', 7, 4, 8)],
      lines: [ln('ridge', 'r1', 'r2'), ln('h1', 'r1', 'o1'), ln('h2', 'r1', 'o4'), ln('h3', 'r2', 'o2'), ln('h4', 'r2', 'o3')],
    });
    expect(fixed.errors).toEqual([]);
    expect(fixed.faces).toHaveLength(4);
  });

  it('three known points on one outline edge do not define a plane (regression: ill-conditioned fit)', () => {
    // A roof in the plane z = 5 + gx·x + gy·y, heights given at its outline vertices only, cut by six
    // chords. One face's only known points were three points of one outline edge — collinear but for
    // rounding; fitting a plane through them put a crossing 0.26 m off the roof. Every point must lie
    // on the plane (tolerance 1e-7 m) and every face solve.
    const ring: [number, number][] = [
      [16.68765084212088, 20.753147757851597], [0.9438297967765058, 4.328685949177839], [-2.037345685833985, 2.407015704332488],
      [-6.1130229914470195, -0.9585616349567645], [-6.774875324544034, -6.542381894163896], [1.804425826731031, -23.472051909865485],
      [2.441244322884829, -1.9086922160262736], [26.169099680493982, -6.409580832056996e-15],
    ];
    const [gx, gy] = [0.6, 0.2];
    const zOf = (x: number, y: number) => 5 + gx * x + gy * y;
    const chords: [number, number, number, number][] = [
      [0.7875896056529402, 4.227973284632443, 11.192995857626752, -1.2046926434057754],
      [1.8593694088065627, -21.611603084464953, 13.343179681910001, 17.264087593684007],
      [4.412536285897735, -1.7501195355791437, 22.544191947621986, 7.934256364323704],
      [-3.730076740763381, -12.550730870236492, 25.49014630707387, 1.4861040669494394],
      [8.564246332988265, -1.416151862114777, 1.8936360095085396, -20.45129910321338],
      [-1.446224004803116, 2.7880536379080345, -6.1533490998588, -1.2987791273859626],
    ];
    const out = solve({
      eaveHeight: 5,
      outerPoints: ring.map(([x, y], k) => pt(`o${k}`, x, y, zOf(x, y))),
      points: chords.flatMap(([x1, y1, x2, y2], k) => [pt(`c${k}a`, x1, y1), pt(`c${k}b`, x2, y2)]),
      lines: chords.map((_, k) => ln(`l${k}`, `c${k}a`, `c${k}b`)),
    });
    expect(out.errors).toEqual([]);
    for (const p of out.points) expect(Math.abs(p.z! - zOf(p.x, p.y))).toBeLessThan(1e-7);
    const tilt = Math.atan(Math.hypot(gx, gy)) * DEG;
    for (const f of out.faces) expect(Math.abs(f.tilt - tilt)).toBeLessThan(1e-4);
  });

  it('a face smaller than 1e-4 m² is DEGENERATE_FACE', () => {
    // The line q (0.01, 0) – p (0, 0.01) cuts off corner o1: a triangle of 0.01² / 2 = 5e-5 m².
    const out = solve({ eaveHeight: 6, outerPoints: rect(10, 10), points: [pt('q', 0.01, 0), pt('p', 0, 0.01)], lines: [ln('c', 'q', 'p')] });
    expect(codes(out)).toEqual(['DEGENERATE_FACE']);
    expect(out.errors[0].ids).toEqual(['o1', 'q', 'p']);
    expect(out.faces).toHaveLength(1);
    expect(out.faces[0].planArea).toBeCloseTo(100 - 5e-5, 9);
  });

  it('more points + lines than the engine cap: TOO_MANY with the fixed message', () => {
    // The cap is host-supplied: encode normally, then lower MAX_ENTITIES to 5 (< 6 points + 1 line).
    const enc = encodeRoof({ id: 'b1', eaveHeight: 6, ring: rect(10, 8), points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8)], lines: [ln('l1', 'r1', 'r2')] });
    enc.f64[RoofIn.MAX_ENTITIES] = 5;
    const out = decodeRoof(enc, engine.run('roofSolve', enc.f64, enc.i32));
    expect(out).toEqual({ success: false, errors: [{ code: 'TOO_MANY', message: TOO_MANY_MESSAGE, ids: [] }], points: [], lines: [], faces: [] });
    expect(TOO_MANY_MESSAGE).toBe('数量过多，无法计算');
  });

  it('the same drawing gives the same ids (created points and faces) in every run', () => {
    const b = { eaveHeight: 6, outerPoints: rect(10, 8), points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('a', 5, 0), pt('b', 5, 8)], lines: [ln('l1', 'r1', 'r2'), ln('l2', 'a', 'b')] };
    expect(solve(b)).toEqual(solve(b));
  });
});

describe('input errors', () => {
  it('an unknown line end is an InputError naming its path', () => {
    const call = () => solve({ eaveHeight: 6, outerPoints: rect(10, 8), points: [pt('r1', 0, 4, 8)], lines: [ln('l1', 'r1', 'nowhere')] });
    expect(call).toThrow(InputError);
    try {
      call();
    } catch (e) {
      expect(e).toMatchObject({ name: 'InputError', path: ['building', 'lines', 0, 'idp2'] });
      expect((e as Error).message).toContain('nowhere');
    }
  });

  it('duplicate ids, open outer lines and schema violations are InputErrors too', () => {
    expect(() => solve({ eaveHeight: 6, outerPoints: rect(10, 8), points: [pt('o1', 1, 1)] })).toThrow(
      expect.objectContaining({ name: 'InputError', path: ['building', 'points', 0, 'id'] }),
    );
    expect(() =>
      solve({ eaveHeight: 6, outerPoints: rect(10, 8), outerLines: [ln('e1', 'o1', 'o2'), ln('e2', 'o2', 'o3')] }),
    ).toThrow(expect.objectContaining({ name: 'InputError', path: ['building', 'outerLines'] }));
    expect(() => roof(engine, { building: { id: 'b', eaveHeight: 6, outerPoints: rect(10, 8).slice(0, 2) } })).toThrow(
      expect.objectContaining({ name: 'InputError', path: ['building', 'outerPoints'] }),
    );
  });
});

describe('split (no outline)', () => {
  it('cuts lines at points on them and at crossings: ids <id>#1..#k from idp1 to idp2', () => {
    // ridge r1 (0,4) – r2 (10,4) passes m (2,4) and crosses cross a (5,0) – b (5,8) at (5,4).
    const out = split(engine, {
      points: [pt('r1', 0, 4, 8), pt('r2', 10, 4, 8), pt('a', 5, 0), pt('b', 5, 8), pt('m', 2, 4)],
      lines: [ln('ridge', 'r1', 'r2'), ln('cross', 'a', 'b')],
    });
    const c = out.points.find((p) => p.relation === 'INTERPOINT1')!;
    expect(c).toMatchObject({ x: 5, y: 4 });
    expect(c.z).toBeUndefined();
    expect(out.points.find((p) => p.id === 'm')!.relation).toBe('INTERLINE');
    expect(out.points.find((p) => p.id === 'r1')).toEqual({ id: 'r1', x: 0, y: 4, z: 8, relation: 'LINK' });
    expect(out.lines.map((l) => [l.id, l.idp1, l.idp2, l.ifSplit])).toEqual([
      ['ridge#1', 'r1', 'm', true],
      ['ridge#2', 'm', c.id, true],
      ['ridge#3', c.id, 'r2', true],
      ['cross#1', 'a', c.id, true],
      ['cross#2', c.id, 'b', true],
    ]);
  });

  it('drops zero-length lines and keeps uncut ones whole', () => {
    const out = split(engine, { points: [pt('a', 0, 0), pt('b', 1, 0), pt('c', 0, 0.00001)], lines: [ln('z', 'a', 'c'), ln('k', 'a', 'b')] });
    // c is merged into a, so z has no length left.
    expect(out.lines.map((l) => l.id)).toEqual(['k']);
    expect(out.points.find((p) => p.id === 'c')!.relation).toBe('INTERPOINT_');
  });
});
