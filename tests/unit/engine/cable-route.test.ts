// The cable-route command (docs/ENGINE-API.md "cable-route") on the wasm kernel (debug build) and the
// TypeScript reference alike: Manhattan routes in a string's row frame from the terminal nearer the
// target, their one-way lengths and the return conductor, the nearest target for strings without an
// assignment, single runs x then y in the plan frame. Every length is worked out by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceEngine, loadEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import type { CableRouteInput } from '../../../src/model/stringing.ts';

let wasm: EngineApi;
const reference = createReferenceEngine();
beforeAll(async () => {
  wasm = await loadEngine('debug');
});

/** Ten modules 1 m apart along y = 0, wired from x = 0 to x = 9. */
const row = Array.from({ length: 10 }, (_, i): [number, number] => [i, 0]);

describe.each([
  ['wasm', () => wasm],
  ['reference', () => reference],
] as [string, () => EngineApi][])('cable-route (%s)', (_, engine) => {
  const route = (input: CableRouteInput) => engine().cableRoute(input);

  it('east–west row: from the last module along the row, then north to the box', () => {
    const out = route({ strings: [{ id: 's1', modulePositions: row }], targets: [{ id: 'cb', position: [15, 5] }], assignment: { s1: 'cb' } });
    // From (9, 0): 6 m east to (15, 0), 5 m north: 11 m one way; the first module's conductor adds 9 m.
    expect(out.strings).toEqual([{ id: 's1', targetId: 'cb', path: [[9, 0], [15, 0], [15, 5]], length: 11, returnLength: 9 }]);
    expect(out.runs).toEqual([]);
  });

  it('the route starts at the terminal nearer the target', () => {
    const out = route({ strings: [{ id: 's1', modulePositions: row }], targets: [{ id: 'cb', position: [-5, 3] }] });
    // From (0, 0): 5 + 3 = 8 m (from (9, 0) it would be 14 + 3 = 17 m).
    expect(out.strings[0]).toMatchObject({ path: [[0, 0], [-5, 0], [-5, 3]], length: 8, returnLength: 9 });
  });

  it('north–south rows (azimuth 0): along y first', () => {
    const column = row.map(([x, y]): [number, number] => [y, x]);
    const out = route({ strings: [{ id: 's1', modulePositions: column, rowAzimuth: 0 }], targets: [{ id: 'cb', position: [4, 12] }] });
    // From (0, 9): 3 m north to (0, 12), 4 m east.
    expect(out.strings[0]).toMatchObject({ path: [[0, 9], [0, 12], [4, 12]], length: 7, returnLength: 9 });
  });

  it('rows at 45°: the corner on the row line, the length |Δ·a| + |Δ·b|', () => {
    // Row axis a = (√½, √½). From (0, 0) to (2, 0): 2√½ = √2 along the row to (1, 1), √2 across.
    const out = route({ strings: [{ id: 's1', modulePositions: [[0, 0]] }], targets: [{ id: 'cb', position: [2, 0] }], rowAzimuth: 45 });
    const s = out.strings[0];
    expect(s.length).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(s.returnLength).toBe(0);
    expect(s.path[0]).toEqual([0, 0]);
    expect(s.path[1][0]).toBeCloseTo(1, 12);
    expect(s.path[1][1]).toBeCloseTo(1, 12);
    expect(s.path[2]).toEqual([2, 0]);
  });

  it('a serpentine string (ends side by side) needs one row pitch of return conductor', () => {
    // Row 0 left to right, row 1 (2.3 m north) right to left: the terminals are (0, 0) and (0, 2.3).
    const two = [...row, ...row.map(([x]): [number, number] => [9 - x, 2.3])];
    const out = route({ strings: [{ id: 's1', modulePositions: two }], targets: [{ id: 'cb', position: [-3, 1] }] });
    expect(out.strings[0].returnLength).toBeCloseTo(2.3, 12);
    // From (0, 0): 3 m west, 1 m north = 4 m (from (0, 2.3) it would be 3 + 1.3 = 4.3 m).
    expect(out.strings[0]).toMatchObject({ path: [[0, 0], [-3, 0], [-3, 1]], length: 4 });
  });

  it('strings without an assignment go to the target with the shortest route (ties: the first)', () => {
    const out = route({
      strings: [
        { id: 'a', modulePositions: [[0, 0], [9, 0]] },
        { id: 'b', modulePositions: [[40, 0], [49, 0]] },
        { id: 'c', modulePositions: [[20, 10], [21, 10]] },
      ],
      targets: [
        { id: 'west', position: [-2, 5] },
        { id: 'east', position: [52, 5] },
        { id: 'twin', position: [52, 5] },
      ],
      assignment: { c: 'east' },
    });
    expect(out.strings.map((s) => [s.targetId, s.length])).toEqual([
      ['west', 7], // from (0, 0): 2 + 5
      ['east', 8], // from (49, 0): 3 + 5 (the tie with 'twin' goes to the first)
      ['east', 36], // assigned: from (21, 10): 31 + 5
    ]);
  });

  it('runs go along x, then along y, in the plan frame; repeated points are dropped', () => {
    const out = route({
      runs: [
        { id: 'cb→inv', from: [0, 0], to: [3, 4] },
        { id: 'inv→grid', from: [3, 4], to: [3, 10] },
        { id: 'same', from: [1, 1], to: [1, 1] },
      ],
    });
    expect(out.runs).toEqual([
      { id: 'cb→inv', path: [[0, 0], [3, 0], [3, 4]], length: 7 },
      { id: 'inv→grid', path: [[3, 4], [3, 10]], length: 6 },
      { id: 'same', path: [[1, 1], [1, 1]], length: 0 },
    ]);
  });

  it('runs do not take part in the nearest-target choice', () => {
    const out = route({ strings: [{ id: 's', modulePositions: [[0, 0]] }], targets: [{ id: 'far', position: [100, 0] }], runs: [{ id: 'r', from: [5, 5], to: [1, 0] }] });
    expect(out.strings[0]).toMatchObject({ targetId: 'far', length: 100 });
  });
});

describe('cable-route input errors name the field', () => {
  const engine = createReferenceEngine();
  const strings = [{ id: 's1', modulePositions: row }];
  const targets = [{ id: 'cb', position: [1, 1] as [number, number] }];
  const pathOf = (input: unknown): unknown => {
    try {
      engine.cableRoute(input as CableRouteInput);
    } catch (e) {
      return (e as { name: string }).name === 'InputError' ? (e as { path: unknown }).path : e;
    }
    return 'no error';
  };

  it.each([
    ['an assignment of an unknown string', { strings, targets, assignment: { zz: 'cb' } }, ['assignment', 'zz']],
    ['an assignment to an unknown target', { strings, targets, assignment: { s1: 'zz' } }, ['assignment', 's1']],
    ['strings without any target', { strings }, ['targets']],
    ['a string without modules', { strings: [{ id: 's1', modulePositions: [] }], targets }, ['strings', 0, 'modulePositions']],
    ['a row azimuth of 400°', { strings, targets, rowAzimuth: 400 }, ['rowAzimuth']],
    ['a duplicate target id', { strings, targets: [...targets, ...targets] }, ['targets', 1, 'id']],
    ['a run without an end', { runs: [{ id: 'r', from: [0, 0] }] }, ['runs', 0, 'to']],
    ['a position beyond the plan bounds', { strings, targets: [{ id: 'cb', position: [1e8, 0] }] }, ['targets', 0, 'position', 0]],
  ])('%s', (_, input, path) => {
    expect(pathOf(input)).toEqual(path);
  });
});

describe('pvstudio cable-route (in process)', () => {
  it('writes the routes, and names the field of bad input with exit code 2', async () => {
    const { Readable } = await import('node:stream');
    const { main } = await import('../../../src/cli/main.ts');
    const run = async (input: unknown) => {
      let stdout = '';
      let stderr = '';
      const code = await main(['cable-route', '-', '--compact'], {
        stdin: Readable.from([JSON.stringify(input)], { objectMode: true }),
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      });
      return { code, stdout, stderr };
    };
    const ok = await run({ strings: [{ id: 's1', modulePositions: row }], targets: [{ id: 'cb', position: [15, 5] }] });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).strings[0]).toEqual({ id: 's1', targetId: 'cb', path: [[9, 0], [15, 0], [15, 5]], length: 11, returnLength: 9 });
    const bad = await run({ strings: [{ id: 's1', modulePositions: row }], targets: [{ id: 'cb', position: [15, 5] }], assignment: { s1: 'nope' } });
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).issues[0].path).toBe('assignment.s1');
  });
});
