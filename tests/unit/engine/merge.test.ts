// merge: the inverse of split (docs/ENGINE-API.md "split / merge"; docs/GEOMETRY.md §1).
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { merge } from '../../../src/engine/merge.ts';
import { loadEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import type { MergeInput, SplitInput } from '../../../src/model/index.ts';

describe('merge examples', () => {
  it('glues the sub-lines of two crossing lines back and drops their crossing', () => {
    // docs/GEOMETRY.md: a line across the gable from (5,0) to (5,8) crosses the ridge at (5,4).
    const split: MergeInput = {
      points: [
        { id: 'r1', x: 0, y: 4, z: 8, relation: 'LINK' },
        { id: 'r2', x: 10, y: 4, z: 8, relation: 'LINK' },
        { id: 'a', x: 5, y: 0, relation: 'LINK' },
        { id: 'b', x: 5, y: 8, relation: 'LINK' },
        { id: 'c', x: 5, y: 4, relation: 'INTERPOINT1' },
      ],
      lines: [
        { id: 'ridge#1', idp1: 'r1', idp2: 'c', x1: 0, y1: 4, x2: 5, y2: 4, ifSplit: true },
        { id: 'ridge#2', idp1: 'c', idp2: 'r2', x1: 5, y1: 4, x2: 10, y2: 4, ifSplit: true },
        { id: 'cross#1', idp1: 'a', idp2: 'c', x1: 5, y1: 0, x2: 5, y2: 4, ifSplit: true },
        { id: 'cross#2', idp1: 'c', idp2: 'b', x1: 5, y1: 4, x2: 5, y2: 8, ifSplit: true },
      ],
    };
    expect(merge(split)).toEqual({
      points: [
        { id: 'r1', x: 0, y: 4, z: 8 },
        { id: 'r2', x: 10, y: 4, z: 8 },
        { id: 'a', x: 5, y: 0 },
        { id: 'b', x: 5, y: 8 },
      ],
      lines: [
        { id: 'ridge', idp1: 'r1', idp2: 'r2', x1: 0, y1: 4, x2: 10, y2: 4, ifSplit: false },
        { id: 'cross', idp1: 'a', idp2: 'b', x1: 5, y1: 0, x2: 5, y2: 8, ifSplit: false },
      ],
    });
  });

  it('orders sub-lines by index, whatever their order in the list, and keeps T-junction points', () => {
    const out = merge({
      points: [
        { id: 'p', x: 0, y: 0 },
        { id: 'q', x: 4, y: 0 },
        { id: 't', x: 2, y: 0, relation: 'INTERLINE' },
        { id: 'u', x: 3, y: 0, relation: 'INTERPOINT2' },
      ],
      lines: [
        { id: 'L#3', idp1: 'u', idp2: 'q', ifSplit: true },
        { id: 'L#1', idp1: 'p', idp2: 't', ifSplit: true },
        { id: 'L#2', idp1: 't', idp2: 'u', ifSplit: true },
      ],
    });
    expect(out.lines).toEqual([{ id: 'L', idp1: 'p', idp2: 'q', x1: 0, y1: 0, x2: 4, y2: 0, ifSplit: false }]);
    expect(out.points.map((p) => p.id)).toEqual(['p', 'q', 't']);
  });

  it('keeps an unsplit line whose id has a # in it, and a crossing point a merged line ends on', () => {
    const out = merge({
      points: [
        { id: 'p', x: 0, y: 0, relation: 'LINK' },
        { id: 'q', x: 1, y: 1, relation: 'LINK' },
        { id: 'edge', x: 2, y: 0, relation: 'INTERPOINT3' },
      ],
      lines: [
        { id: 'odd#7', idp1: 'p', idp2: 'q', ifSplit: false },
        // A line cut at the outline: its outside part was dropped, it ends on the INTERPOINT3 point.
        { id: 'cut#1', idp1: 'p', idp2: 'edge', ifSplit: true },
      ],
    });
    expect(out.lines.map((l) => [l.id, l.idp1, l.idp2])).toEqual([
      ['odd#7', 'p', 'q'],
      ['cut', 'p', 'edge'],
    ]);
    expect(out.points.map((p) => p.id)).toEqual(['p', 'q', 'edge']);
  });

  it('rejects a line on an unknown point, naming the path', () => {
    expect(() => merge({ points: [{ id: 'p', x: 0, y: 0 }], lines: [{ id: 'l', idp1: 'p', idp2: 'nope' }] })).toThrow(
      expect.objectContaining({ name: 'InputError', message: expect.stringContaining('nope') }),
    );
  });
});

// ── merge(split(x)) = x ─────────────────────────────────────────────────────────────────────────

/** Whether segments ab and cd are collinear and overlap along a length (split's output is then ambiguous). */
function overlapping(a: number[], b: number[], c: number[], d: number[]): boolean {
  const cross = (o: number[], p: number[], q: number[]) => (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  if (cross(a, b, c) !== 0 || cross(a, b, d) !== 0) return false;
  const axis = a[0] !== b[0] ? 0 : 1;
  const [lo1, hi1] = [Math.min(a[axis], b[axis]), Math.max(a[axis], b[axis])];
  const [lo2, hi2] = [Math.min(c[axis], d[axis]), Math.max(c[axis], d[axis])];
  return Math.min(hi1, hi2) - Math.max(lo1, lo2) > 0;
}

/**
 * Drawings on an integer grid (metres): distinct points, some with z, lines between distinct points,
 * no two lines overlapping along a length. On the grid, a crossing is either exactly on a drawn point
 * or further than the 1e-4 m merge tolerance from all of them, so split never snaps drawn points.
 */
const drawing: fc.Arbitrary<SplitInput> = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })), {
    minLength: 2,
    maxLength: 10,
    selector: ([x, y]) => `${x},${y}`,
  })
  .chain((grid) =>
    fc.record({
      grid: fc.constant(grid),
      z: fc.array(fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), { minLength: grid.length, maxLength: grid.length }),
      pairs: fc.array(fc.tuple(fc.nat(grid.length - 1), fc.nat(grid.length - 1)), { maxLength: 8 }),
    }),
  )
  .map(({ grid, z, pairs }) => {
    const points = grid.map(([x, y], i) => (z[i] === undefined ? { id: `p${i}`, x, y } : { id: `p${i}`, x, y, z: z[i] }));
    const lines: SplitInput['lines'] = [];
    const kept: [number[], number[]][] = [];
    for (const [i, j] of pairs) {
      if (i === j) continue;
      const seg: [number[], number[]] = [grid[i], grid[j]];
      if (kept.some(([c, d]) => overlapping(seg[0], seg[1], c, d))) continue;
      kept.push(seg);
      lines.push({ id: `l${lines.length}`, idp1: `p${i}`, idp2: `p${j}` });
    }
    return { points, lines };
  });

/** x as merge returns it: lines carry their end coordinates and ifSplit false. */
function normalised(x: SplitInput) {
  const at = new Map(x.points.map((p) => [p.id, p]));
  return {
    points: x.points,
    lines: x.lines.map((l) => ({
      ...l,
      x1: at.get(l.idp1)!.x,
      y1: at.get(l.idp1)!.y,
      x2: at.get(l.idp2)!.x,
      y2: at.get(l.idp2)!.y,
      ifSplit: false,
    })),
  };
}

describe.each([
  ['debug wasm', () => loadEngine('debug')],
  ['reference', () => loadEngine('reference')],
] as const)('merge(split(x)) = x with the %s engine', (_name, load) => {
  let engine: EngineApi;
  beforeAll(async () => {
    engine = await load();
  });

  it('on the gable with a cross line (one crossing, T-junctions at the ends)', () => {
    const x: SplitInput = {
      points: [
        { id: 'r1', x: 0, y: 4, z: 8 },
        { id: 'r2', x: 10, y: 4, z: 8 },
        { id: 'a', x: 5, y: 0 },
        { id: 'b', x: 5, y: 8 },
        { id: 'm', x: 2, y: 4 },
      ],
      lines: [
        { id: 'ridge', idp1: 'r1', idp2: 'r2' },
        { id: 'cross', idp1: 'a', idp2: 'b' },
      ],
    };
    const s = engine.split(x);
    expect(s.lines.map((l) => l.id)).toEqual(['ridge#1', 'ridge#2', 'ridge#3', 'cross#1', 'cross#2']);
    expect(s.points.filter((p) => p.relation === 'INTERPOINT1')).toHaveLength(1);
    expect(merge(s)).toEqual(normalised(x));
  });

  it('for random drawings', () => {
    fc.assert(
      fc.property(drawing, (x) => {
        expect(merge(engine.split(x))).toEqual(normalised(x));
      }),
      { numRuns: 300 },
    );
  });
});
