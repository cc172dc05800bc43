// roofPacked (src/engine/roof-packed.ts, roof-validate.ts): the packed answer must carry exactly the
// JSON answer of `roof` — every point, line, face, hole, error and id — on the roof fixtures, the
// docs/GEOMETRY.md worked examples, failing drawings, automatic roofs, islands and random drawings; its fast
// validator must accept exactly what the zod schema accepts and fail with the schema's errors.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRemoteEngine, loadKernels } from '../../../src/engine/api.ts';
import { roof, roofPacked } from '../../../src/engine/roof.ts';
import { decodeRoofPacked, lineId, relationName, roofPackedIds, type RoofPacked } from '../../../src/engine/roof-packed.ts';
import { decodeRoof, encodeRoof } from '../../../src/engine/roof-codec.ts';
import { RoofIn } from '../../../engine/abi.ts';
import { roofInputFast } from '../../../src/engine/roof-validate.ts';
import type { KernelRunner } from '../../../src/engine/wasm.ts';
import { TOO_MANY_MESSAGE } from '../../../src/model/constants.ts';
import { roofInputSchema, type LineIn, type PointIn, type RoofInput, type RoofInputParsed, type RoofOutput } from '../../../src/model/roof.ts';
import { gableRoof } from '../../fixtures/roofs.ts';
import { warehousePlan } from '../../../bench/plans.ts';

/** The JSON answer rebuilt from the packed one, field by field (the test's own decoding). */
function asJson(p: RoofPacked): RoofOutput {
  const { pointIds, faceIds } = roofPackedIds(p);
  const xyz = (i: number): [number, number, number] => [p.points[3 * i], p.points[3 * i + 1], p.points[3 * i + 2]];
  const points: RoofOutput['points'] = pointIds.map((id, i) => {
    const z = p.points[3 * i + 2];
    const point: RoofOutput['points'][number] = {
      id,
      x: p.points[3 * i],
      y: p.points[3 * i + 1],
      z: Number.isNaN(z) ? null : z,
      relation: relationName(p.relations[i]),
      heightPercent: p.heightPercent[i],
    };
    if (p.mergedInto[i] >= 0) point.mergedInto = pointIds[p.mergedInto[i]];
    return point;
  });
  const lines: RoofOutput['lines'] = Array.from(p.lineBase, (_, k) => {
    const [a, b] = [p.lines[2 * k], p.lines[2 * k + 1]];
    return { id: lineId(p, k), idp1: pointIds[a], idp2: pointIds[b], x1: p.points[3 * a], y1: p.points[3 * a + 1], x2: p.points[3 * b], y2: p.points[3 * b + 1], ifSplit: p.lineSub[k] > 0 };
  });
  const faces: RoofOutput['faces'] = faceIds.map((id, f) => {
    const idx = Array.from(p.faceVertices.subarray(p.faceOffsets[f], p.faceOffsets[f + 1]));
    const face: RoofOutput['faces'][number] = {
      id,
      pointIds: idx.map((i) => pointIds[i]),
      vertices: idx.map(xyz),
      tilt: p.tilt[f],
      azimuth: p.azimuth[f],
      area: p.area[f],
      planArea: p.planArea[f],
      normal: [p.normals[3 * f], p.normals[3 * f + 1], p.normals[3 * f + 2]],
    };
    p.holeFace.forEach((hf, h) => {
      if (hf !== f) return;
      const ring = Array.from(p.holeVertices.subarray(p.holeOffsets[h], p.holeOffsets[h + 1]));
      (face.holes ??= []).push(ring.map(xyz));
      (face.holePointIds ??= []).push(ring.map((i) => pointIds[i]));
    });
    return face;
  });
  return { success: p.success, errors: p.errors, points, lines, faces };
}

/** The answer with every id the input did not have replaced by its order of first appearance. */
function renamed(out: RoofOutput, input: RoofInput): unknown {
  const own = new Set([...input.building.outerPoints.map((p) => p.id), input.building.id]);
  const names = new Map<string, string>();
  return JSON.parse(JSON.stringify(out), (key, v: unknown) => {
    if (typeof v !== 'string' || key === 'code' || key === 'message' || key === 'relation' || own.has(v)) return v;
    if (!names.has(v)) names.set(v, `#${names.size}`);
    return names.get(v);
  });
}

const square = (id: string, x0: number, y0: number, s: number) => [
  { id: `${id}1`, x: x0, y: y0 },
  { id: `${id}2`, x: x0 + s, y: y0 },
  { id: `${id}3`, x: x0 + s, y: y0 + s },
  { id: `${id}4`, x: x0, y: y0 + s },
];
const ring = (id: string, n = 4) => Array.from({ length: n }, (_, k) => ({ id: `${id}-l${k}`, idp1: `${id}${k + 1}`, idp2: `${id}${((k + 1) % n) + 1}` }));

const outline10 = square('o', 0, 0, 10);
const FIXTURES: [string, RoofInput][] = [
  ['gable fixture', gableRoof()],
  ['gable crossed by a line (INTERPOINT1)', (() => {
    const g = gableRoof();
    return { building: { ...g.building, points: [...(g.building.points ?? []), { id: 'c1', x: 5, y: 0 }, { id: 'c2', x: 5, y: 8 }], lines: [...(g.building.lines ?? []), { id: 'cross', idp1: 'c1', idp2: 'c2' }] } };
  })()],
  ['pyramid', { building: { id: 'p', eaveHeight: 6, outerPoints: outline10, points: [{ id: 'apex', x: 5, y: 5, z: 9 }], lines: outline10.map((o) => ({ id: `h-${o.id}`, idp1: 'apex', idp2: o.id })) } }],
  ['dangling line, merged point, unknown heights', { building: { id: 'd', eaveHeight: 3, outerPoints: outline10, points: [{ id: 'a', x: 2, y: 2 }, { id: 'b', x: 5, y: 5 }, { id: 'b2', x: 5.00001, y: 5 }, { id: 'e', x: 10, y: 5 }], lines: [{ id: 'l1', idp1: 'a', idp2: 'b' }, { id: 'l2', idp1: 'b2', idp2: 'e' }] } }],
  ['non-planar', { building: { id: 'n', eaveHeight: 6, outerPoints: outline10, points: [{ id: 'apex', x: 5, y: 5, z: 9 }, { id: 'm', x: 5, y: 0, z: 8 }], lines: [...outline10.map((o) => ({ id: `h-${o.id}`, idp1: 'apex', idp2: o.id })), { id: 'x', idp1: 'apex', idp2: 'm' }] } }],
  ['self-intersecting outline', { building: { id: 's', eaveHeight: 6, outerPoints: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 10, y: 10 }, { id: 'c', x: 10, y: 0 }, { id: 'd', x: 0, y: 10 }] } }],
  ['islands: a dormer and a nested skylight', { building: { id: 'i', eaveHeight: 6, outerPoints: outline10, points: [...square('s', 2, 2, 6), ...square('t', 3, 4, 1), { id: 'r1', x: 5, y: 2, z: 7 }, { id: 'r2', x: 5, y: 8, z: 7 }], lines: [...ring('s'), ...ring('t'), { id: 'ridge', idp1: 'r1', idp2: 'r2' }] } }],
  ['automatic hip', { building: { id: 'h', eaveHeight: 5, outerPoints: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 20, y: 0 }, { id: 'c', x: 20, y: 8 }, { id: 'd', x: 8, y: 8 }, { id: 'e', x: 8, y: 16 }, { id: 'f', x: 0, y: 16 }] }, auto: { type: 'hip', pitch: 30 } }],
  ['automatic gable', { building: { id: 'g', eaveHeight: 5, outerPoints: square('g', 0, 0, 12) }, auto: { type: 'gable' } }],
  ['warehouse 1k segments', warehousePlan({ segments: 1_000 }).input],
];

/** Random drawings: outline, points, lines between any of them, some z, closed rings inside. */
const randomRoof: fc.Arbitrary<RoofInput> = fc
  .record({
    w: fc.integer({ min: 4, max: 30 }),
    h: fc.integer({ min: 4, max: 30 }),
    pts: fc.array(fc.tuple(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.option(fc.integer({ min: 6, max: 10 }))), { maxLength: 10 }),
    lines: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
    islands: fc.array(fc.tuple(fc.double({ min: 0.1, max: 0.6, noNaN: true }), fc.double({ min: 0.1, max: 0.6, noNaN: true }), fc.double({ min: 0.05, max: 0.3, noNaN: true })), { maxLength: 3 }),
    onEdge: fc.array(fc.double({ min: 0.1, max: 0.9, noNaN: true }), { maxLength: 3 }),
  })
  .map((r) => {
    const outerPoints = square('o', 0, 0, 1).map((p) => ({ ...p, x: p.x * r.w, y: p.y * r.h }));
    const points: { id: string; x: number; y: number; z?: number }[] = r.pts.map(([u, v, z], k) => (z === null ? { id: `p${k}`, x: u * r.w, y: v * r.h } : { id: `p${k}`, x: u * r.w, y: v * r.h, z }));
    r.onEdge.forEach((t, k) => points.push({ id: `e${k}`, x: t * r.w, y: 0 }));
    const ids = [...outerPoints.map((p) => p.id), ...points.map((p) => p.id)];
    const lines = r.lines.map(([a, b], k) => ({ id: `l${k}`, idp1: ids[a % ids.length], idp2: ids[b % ids.length] }));
    r.islands.forEach(([u, v, s], k) => {
      points.push(...square(`i${k}-`, u * r.w, v * r.h, s * Math.min(r.w, r.h)));
      lines.push(...ring(`i${k}-`));
    });
    return { building: { id: 'rnd', eaveHeight: 6, outerPoints, points, lines } };
  });

describe('roofPacked ≡ roof (JSON)', () => {
  let runner: KernelRunner;
  beforeAll(async () => {
    runner = await loadKernels('debug');
  });

  it.each(FIXTURES)('same answer: %s', (_name, input) => {
    const json = roof(runner, input);
    const packed = roofPacked(runner, input);
    // Automatic roofs draw new random ids for what they generate: compared up to those.
    if (input.auto !== undefined) expect(renamed(asJson(packed), input)).toEqual(renamed(json, input));
    else expect(asJson(packed)).toEqual(json);
    // Faces of the fixture tile the outline when everything solves (plan areas net of holes).
    if (json.success && input.auto === undefined) {
      const outlineArea = Math.abs(input.building.outerPoints.reduce((s, p, k, a) => s + p.x * a[(k + 1) % a.length].y - a[(k + 1) % a.length].x * p.y, 0)) / 2;
      expect(packed.planArea.reduce((s, a) => s + a, 0)).toBeCloseTo(outlineArea, 6);
    }
  });

  it('the islands fixture: the dormer is a hole of the roof face, the skylight a hole of a dormer face', () => {
    const out = roof(runner, FIXTURES[6][1]);
    expect(out.success).toBe(true);
    const withHoles = out.faces.filter((f) => f.holes !== undefined);
    expect(withHoles.map((f) => f.holePointIds)).toEqual([[['s1', 's4', 'r2', 's3', 's2', 'r1']], [['t1', 't4', 't3', 't2']]]);
  });

  it('same answer on random drawings (outlines, crossings, T-junctions, unknown heights, islands)', () => {
    fc.assert(
      fc.property(randomRoof, (input) => {
        expect(asJson(roofPacked(runner, input))).toEqual(roof(runner, input));
      }),
      { numRuns: 300 },
    );
  });

  it('TOO_MANY: the same single error and nothing else', () => {
    // The cap is host-supplied: encode normally, then lower MAX_ENTITIES below the drawing's size.
    const b = gableRoof().building;
    const enc = encodeRoof({ id: b.id, eaveHeight: b.eaveHeight, ring: b.outerPoints, points: b.points ?? [], lines: b.lines ?? [] });
    enc.f64[RoofIn.MAX_ENTITIES] = 5;
    const result = runner.run('roofSolve', enc.f64, enc.i32);
    const packed = decodeRoofPacked(enc, result);
    expect(packed.errors).toEqual([{ code: 'TOO_MANY', message: TOO_MANY_MESSAGE, ids: [] }]);
    expect(asJson(packed)).toEqual(decodeRoof(enc, result));
  });

  it('across a boundary (kernels behind an asynchronous runner): the same packed answer', async () => {
    const remote = createRemoteEngine({ run: async (kernel, f64, i32) => runner.run(kernel, f64, i32) });
    for (const [, input] of FIXTURES.slice(0, 7)) expect(await remote.roofPacked(input)).toEqual(roofPacked(runner, input));
  });
});

// ── the fast validator ──────────────────────────────────────────────────────────────────────────
/** A value that breaks a field now and then: wrong types, non-finite numbers, empty strings. */
const junk = fc.constantFrom<unknown>(undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -1, 80, 400, '', 'x', [], {}, true, 'hip');

/** Valid inputs with one or two fields replaced or removed. */
const mutated: fc.Arbitrary<unknown> = fc
  .record({
    base: fc.constantFrom(...FIXTURES.map(([, i]) => i).slice(0, 9)),
    edits: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('id', 'x', 'y', 'z', 'idp1', 'idp2', 'eaveHeight', 'points', 'lines', 'outerLines', 'outerPoints', 'auto', 'type', 'pitch', 'ridgeAzimuth', 'extra'), junk), { maxLength: 2 }),
  })
  .map(({ base, edits }) => {
    const doc = structuredClone(base) as { building: Record<string, unknown> | null; auto?: unknown };
    for (const [where, k, key, value] of edits) {
      const b = doc.building;
      if (typeof b !== 'object' || b === null) continue;
      const lists = ['outerPoints', 'points', 'lines', 'outerLines'].filter((l) => Array.isArray(b[l]) && (b[l] as unknown[]).length > 0);
      const targets: unknown[] = [doc, b, doc.auto];
      for (const l of lists) {
        const arr = b[l] as unknown[];
        targets.push(arr[k % arr.length]);
      }
      const t = targets[where % targets.length];
      if (typeof t !== 'object' || t === null) continue;
      const o = t as Record<string, unknown>;
      if (value === undefined && where % 3 === 0) delete o[key];
      else o[key] = value;
    }
    return doc;
  });

/** The fields the schema keeps (it strips unknown keys; the fast validator leaves them, unread). */
function known(v: unknown): unknown {
  const d = v as RoofInputParsed;
  const pt = (p: PointIn) => (p.z === undefined ? { id: p.id, x: p.x, y: p.y } : { id: p.id, x: p.x, y: p.y, z: p.z });
  const ln = (l: LineIn) => ({ id: l.id, idp1: l.idp1, idp2: l.idp2 });
  const b = d.building;
  const building: Record<string, unknown> = { id: b.id, eaveHeight: b.eaveHeight, outerPoints: b.outerPoints.map(pt), points: b.points.map(pt), lines: b.lines.map(ln) };
  if (b.outerLines !== undefined) building.outerLines = b.outerLines.map(ln);
  const out: Record<string, unknown> = { building };
  if (d.auto !== undefined) out.auto = d.auto.ridgeAzimuth === undefined ? { type: d.auto.type, pitch: d.auto.pitch } : { ...d.auto };
  return out;
}

describe('the fast validator', () => {
  it('accepts exactly what the schema accepts, with the same parsed content', () => {
    let rejected = 0;
    fc.assert(
      fc.property(mutated, (input) => {
        const zod = roofInputSchema.safeParse(input);
        const fast = roofInputFast(input);
        if (!zod.success) rejected++;
        expect(fast !== null).toBe(zod.success);
        if (zod.success) expect(known(fast)).toEqual(zod.data);
      }),
      { numRuns: 2000 },
    );
    expect(rejected).toBeGreaterThan(200);
  });

  it('invalid input fails roofPacked with the JSON call\'s InputError (path and message)', async () => {
    const runner = await loadKernels('reference');
    const errorOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      return null;
    };
    fc.assert(
      fc.property(mutated, (input) => {
        const a = errorOf(() => roof(runner, input as RoofInput));
        const b = errorOf(() => roofPacked(runner, input as RoofInput));
        expect(b).toEqual(a);
        if (a !== null) expect(b).toMatchObject({ name: (a as Error).name, message: (a as Error).message });
      }),
      { numRuns: 300 },
    );
  });
});
