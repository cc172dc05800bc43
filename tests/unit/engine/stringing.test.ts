// The stringing command (docs/ENGINE-API.md "stringing") on hand-made layouts, on the wasm kernel
// (debug build) and on the TypeScript reference alike: strings follow the rows of each face in a
// serpentine, never cross faces, take the length that leaves the fewest modules over, gather shaded
// modules together, and fill the inverters' MPPT inputs in order. Expected strings are worked out by
// hand from the rules in engine/abi.ts "stringing" and src/engine/stringing-inverters.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceEngine, loadEngine } from '../../../src/engine/api.ts';
import { createNodeWorker } from '../../../src/engine/node.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import type { StringingInput, StringingOutput } from '../../../src/model/stringing.ts';
import { ACROSS, ALONG, grid, longestStep, partitionIds, rowIds, shuffled } from './stringing-layouts.ts';

let wasm: EngineApi;
const reference = createReferenceEngine();
beforeAll(async () => {
  wasm = await loadEngine('debug');
});

const variants: [string, () => EngineApi][] = [
  ['wasm', () => wasm],
  ['reference', () => reference],
];

describe.each(variants)('stringing (%s)', (_, engine) => {
  const run = (input: StringingInput): StringingOutput => engine().stringing(input);

  it('2 rows of 10 with strings of 10: each string is one row, the second wired back', () => {
    const out = run({ modules: grid(2, 10), modulesPerString: 10 });
    expect(out.strings.map((s) => s.moduleIds)).toEqual([rowIds(0, 0, 9), rowIds(1, 9, 0)]);
    expect(out.strings.map((s) => [s.id, s.faceId])).toEqual([
      ['S1', 'f1'],
      ['S2', 'f1'],
    ]);
    expect(out.unassigned).toEqual([]);
  });

  it('3 rows of 7: strings of 7 are the rows; one string of 21 snakes through them', () => {
    const modules = grid(3, 7);
    expect(run({ modules, modulesPerString: 7 }).strings.map((s) => s.moduleIds)).toEqual([rowIds(0, 0, 6), rowIds(1, 6, 0), rowIds(2, 0, 6)]);
    const one = run({ modules, modulesPerString: 21 });
    expect(one.strings.map((s) => s.moduleIds)).toEqual([[...rowIds(0, 0, 6), ...rowIds(1, 6, 0), ...rowIds(2, 0, 6)]]);
    // Consecutive modules are neighbours: one module pitch along a row, one row pitch at the turns.
    expect(longestStep(one, modules)).toBeCloseTo(ACROSS, 12);
  });

  it('a range {8, 12} on 30 modules takes 10 (30 mod 8, 9, 10, 11, 12 = 6, 3, 0, 8, 6): none over', () => {
    const out = run({ modules: grid(3, 10), modulesPerString: { min: 8, max: 12 } });
    expect(out.strings.map((s) => s.moduleIds.length)).toEqual([10, 10, 10]);
    expect(out.unassigned).toEqual([]);
  });

  it('a range ties on the longest length: 24 modules in {6, 12} → 2 strings of 12', () => {
    const out = run({ modules: grid(2, 12), modulesPerString: { min: 6, max: 12 } });
    expect(out.strings.map((s) => s.moduleIds)).toEqual([rowIds(0, 0, 11), rowIds(1, 11, 0)]);
  });

  it('HelioScope’s worked check (ELECTRICAL.md): 150 modules at 16 → 9 strings and 6 over; at 15 → 10 strings', () => {
    const modules = grid(10, 15);
    const at16 = run({ modules, modulesPerString: 16 });
    expect(at16.strings).toHaveLength(9);
    expect(at16.unassigned).toHaveLength(6);
    // The leftovers are the path's last 6 modules: row 9 is wired right to left, so its columns 5..0.
    expect(at16.unassigned).toEqual(rowIds(9, 0, 5));
    const at15 = run({ modules, modulesPerString: 15 });
    expect(at15.strings).toHaveLength(10);
    expect(at15.unassigned).toEqual([]);
  });

  it('a face rotated 30° (input shuffled): strings follow its rows, stepping one module pitch', () => {
    const modules = grid(3, 8, { angleDeg: 30, origin: [120, -40] });
    const out = run({ modules: shuffled(modules), modulesPerString: 8 });
    expect(out.strings).toHaveLength(3);
    const rows = out.strings.map((s) => [...s.moduleIds].sort());
    expect(rows).toEqual([0, 1, 2].map((r) => rowIds(r, 0, 7).sort()));
    expect(longestStep(out, modules)).toBeCloseTo(ALONG, 9);
    expect(out.strings[0].moduleIds).toEqual(rowIds(0, 0, 7));
  });

  it('rows at 120° (the grid’s second axis): strings still follow the rows', () => {
    const modules = grid(4, 9, { angleDeg: 120, origin: [3, 7] });
    const out = run({ modules, modulesPerString: 9 });
    expect(out.strings.map((s) => [...s.moduleIds].sort())).toEqual([0, 1, 2, 3].map((r) => rowIds(r, 0, 8).sort()));
    expect(longestStep(out, modules)).toBeCloseTo(ALONG, 9);
  });

  it('landscape racks 4 high with aisles between them: strings stay on their rack', () => {
    // 3 racks, each 4 landscape modules high (1.08 m apart up the rack, 2.298 m along) and 6 long,
    // 8 m apart: nearest neighbours run up the racks, but columns would jump between racks. Strings of
    // 12 = two lines of 6 of one rack.
    const modules = [0, 1, 2].flatMap((k) =>
      grid(4, 6, { pitchAlong: 2.298, pitchAcross: 1.08, origin: [0, 8 * k], prefix: `k${k}` }),
    );
    const out = run({ modules, modulesPerString: 12 });
    expect(out.strings).toHaveLength(6);
    for (const s of out.strings) expect(new Set(s.moduleIds.map((id) => id.slice(0, 2))).size).toBe(1);
  });

  it('two faces are never mixed, and each face’s leftovers are reported', () => {
    // Two faces meeting along x = 5.2: their rows continue each other.
    const east = grid(3, 5, { faceId: 'east', prefix: 'e' });
    const west = grid(3, 5, { faceId: 'west', prefix: 'w', origin: [5 * ALONG, 0] });
    const out = run({ modules: [...east, ...west], modulesPerString: 10 });
    expect(out.strings.map((s) => s.faceId)).toEqual(['east', 'west']);
    for (const s of out.strings) expect(s.moduleIds.every((id) => id[0] === s.faceId[0])).toBe(true);
    expect(out.unassigned).toHaveLength(10);
    expect(partitionIds(out)).toEqual([...east, ...west].map((m) => m.id).sort());
    // The same 30 modules on one face make 3 strings.
    const merged = [...east, ...west].map((m) => ({ ...m, faceId: 'one' }));
    expect(run({ modules: merged, modulesPerString: 10 }).strings).toHaveLength(3);
  });

  it('a face with fewer modules than a string leaves them all unassigned, in input order', () => {
    const modules = shuffled(grid(1, 7));
    const out = run({ modules, modulesPerString: { min: 8, max: 10 } });
    expect(out.strings).toEqual([]);
    expect(out.unassigned).toEqual(modules.map((m) => m.id));
  });

  it('no modules: no strings', () => {
    expect(run({ modules: [], modulesPerString: 10 })).toEqual({ strings: [], unassigned: [] });
  });

  it('a shaded front row ends up in one string instead of being mixed into others', () => {
    // 3 rows of 12, strings of 10: 3 strings, 6 over. Row 0 loses 30 %.
    const modules = grid(3, 12);
    const shading = Object.fromEntries(modules.map((m) => [m.id, m.id.startsWith('r0') ? 0.3 : 0]));
    const loss = (id: string) => shading[id];
    const mixed = (out: StringingOutput) => out.strings.filter((s) => new Set(s.moduleIds.map(loss)).size > 1).length;
    // Without the shading the second string takes the front row's last 2 modules and 8 of row 1.
    const plain = run({ modules, modulesPerString: 10 });
    expect(plain.strings[1].moduleIds).toEqual([...rowIds(0, 10, 11), ...rowIds(1, 11, 4)]);
    expect(mixed(plain)).toBe(1);
    const grouped = run({ modules, modulesPerString: 10, shading });
    expect(grouped.strings).toHaveLength(3);
    expect(mixed(grouped)).toBe(0);
    const shadedStrings = grouped.strings.filter((s) => loss(s.moduleIds[0]) > 0);
    expect(shadedStrings).toHaveLength(1);
    expect(shadedStrings[0].moduleIds).toHaveLength(10);
    // Offset 2 (the first offset with no mixed string): row 0's first two modules are left over.
    expect(grouped.strings[0].moduleIds).toEqual(rowIds(0, 2, 11));
    expect(grouped.unassigned).toEqual([...rowIds(0, 0, 1), ...rowIds(2, 8, 11)]);
  });

  it('a shaded west column becomes one string: the columns are wired instead of the rows', () => {
    // 5 rows of 6, strings of 5; column 0 loses 50 % (a wall to the west).
    const modules = grid(5, 6);
    const shading = Object.fromEntries(modules.map((m) => [m.id, m.id.endsWith('c0') ? 0.5 : 0]));
    const holders = (out: StringingOutput) => out.strings.filter((s) => s.moduleIds.some((id) => shading[id] > 0));
    expect(holders(run({ modules, modulesPerString: 5 })).length).toBeGreaterThan(1);
    const out = run({ modules, modulesPerString: 5, shading });
    expect(holders(out)).toHaveLength(1);
    expect([...holders(out)[0].moduleIds].sort()).toEqual(['r0c0', 'r1c0', 'r2c0', 'r3c0', 'r4c0']);
    expect(out.unassigned).toEqual([]);
    expect(longestStep(out, modules)).toBeCloseTo(ACROSS, 9);
  });

  it('even shading changes nothing', () => {
    const modules = grid(3, 12);
    const shading = Object.fromEntries(modules.map((m) => [m.id, 0.1]));
    expect(run({ modules, modulesPerString: 10, shading })).toEqual(run({ modules, modulesPerString: 10 }));
  });

  it('inverters take consecutive strings, slot by slot; strings beyond capacity get none', () => {
    // 12 strings; A: 2 MPPT × 2, B: 3 MPPT × 2 → capacity 10.
    const inverters = [
      { id: 'A', mpptCount: 2, stringsPerMppt: 2 },
      { id: 'B', mpptCount: 3, stringsPerMppt: 2 },
    ];
    const out = run({ modules: grid(12, 10), modulesPerString: 10, inverters });
    expect(out.strings.map((s) => [s.inverterId, s.mppt])).toEqual([
      ['A', 0], ['A', 0], ['A', 1], ['A', 1],
      ['B', 0], ['B', 0], ['B', 1], ['B', 1], ['B', 2], ['B', 2],
      [undefined, undefined], [undefined, undefined],
    ]);
    expect('inverterId' in out.strings[11]).toBe(false);
  });

  it('fewer strings than slots are shared in proportion to capacity, spread evenly over the inputs', () => {
    const inverters = [
      { id: 'A', mpptCount: 2, stringsPerMppt: 2 },
      { id: 'B', mpptCount: 3, stringsPerMppt: 2 },
    ];
    // 5 strings: A ⌊5·4/10⌋ = 2, B ⌊5·6/10⌋ = 3.
    const five = run({ modules: grid(5, 10), modulesPerString: 10, inverters });
    expect(five.strings.map((s) => [s.inverterId, s.mppt])).toEqual([['A', 0], ['A', 1], ['B', 0], ['B', 1], ['B', 2]]);
    // 7 strings: shares 2.8 and 4.2 → 2 and 4, the one left to A (remainder 8 > 2): A 3 (2 + 1), B 4 (2 + 1 + 1).
    const seven = run({ modules: grid(7, 10), modulesPerString: 10, inverters });
    expect(seven.strings.map((s) => [s.inverterId, s.mppt])).toEqual([['A', 0], ['A', 0], ['A', 1], ['B', 0], ['B', 0], ['B', 1], ['B', 2]]);
  });
});

describe('stringing input errors name the field', () => {
  const engine = createReferenceEngine();
  const modules = grid(1, 3);
  const pathOf = (input: unknown): unknown => {
    try {
      engine.stringing(input as StringingInput);
    } catch (e) {
      return (e as { name: string; path: unknown }).name === 'InputError' ? (e as { path: unknown }).path : e;
    }
    return 'no error';
  };

  it.each([
    ['a string length of 0', { modules, modulesPerString: 0 }, ['modulesPerString']],
    ['a range upside down', { modules, modulesPerString: { min: 12, max: 8 } }, ['modulesPerString', 'max']],
    ['a string longer than 200', { modules, modulesPerString: 201 }, ['modulesPerString']],
    ['a duplicate module id', { modules: [modules[0], modules[0]], modulesPerString: 2 }, ['modules', 1, 'id']],
    ['a NaN coordinate', { modules: [{ ...modules[0], x: Number.NaN }], modulesPerString: 2 }, ['modules', 0, 'x']],
    ['a module without a face', { modules: [{ id: 'a', x: 0, y: 0 }], modulesPerString: 2 }, ['modules', 0, 'faceId']],
    ['a loss above 1', { modules, modulesPerString: 2, shading: { r0c0: 1.5 } }, ['shading', 'r0c0']],
    ['shading of an unknown module', { modules, modulesPerString: 2, shading: { zz: 0.1 } }, ['shading', 'zz']],
    ['an inverter without inputs', { modules, modulesPerString: 2, inverters: [{ id: 'i', mpptCount: 0, stringsPerMppt: 1 }] }, ['inverters', 0, 'mpptCount']],
    ['a duplicate inverter id', { modules, modulesPerString: 2, inverters: [{ id: 'i', mpptCount: 1, stringsPerMppt: 1 }, { id: 'i', mpptCount: 1, stringsPerMppt: 1 }] }, ['inverters', 1, 'id']],
  ])('%s', (_, input, path) => {
    expect(pathOf(input)).toEqual(path);
  });

  it('more than 200,000 modules', () => {
    const many = Array.from({ length: 200_001 }, (_, i) => ({ id: `m${i}`, x: i, y: 0, faceId: 'f' }));
    expect(pathOf({ modules: many, modulesPerString: 10 })).toEqual(['modules']);
  });
});

describe('stringing in a Node worker', () => {
  const worker = createNodeWorker({ variant: 'debug' });
  afterAll(() => worker.terminate());

  it('answers like the in-process engine (codec here, kernel there)', async () => {
    const input: StringingInput = { modules: grid(4, 9, { angleDeg: 17 }), modulesPerString: { min: 6, max: 10 }, inverters: [{ id: 'A', mpptCount: 2, stringsPerMppt: 2 }] };
    const expected = wasm.stringing(input);
    expect(await worker.api.stringing(input)).toEqual(expected);
    expect(await worker.remote.stringing(input)).toEqual(expected);
  });

  it('routes cables like the in-process engine', async () => {
    const input = { strings: [{ id: 's', modulePositions: [[0, 0], [9, 0]] as [number, number][] }], targets: [{ id: 'cb', position: [12, 4] as [number, number] }], runs: [{ id: 'r', from: [12, 4] as [number, number], to: [20, -3] as [number, number] }] };
    const expected = wasm.cableRoute(input);
    expect(expected.strings[0].length).toBe(7); // from (9, 0): 3 east + 4 north
    expect(await worker.api.cableRoute(input)).toEqual(expected);
    expect(await worker.remote.cableRoute(input)).toEqual(expected);
  });
});

describe('pvstudio stringing (in process)', () => {
  it('writes the strings, and names the field of bad input with exit code 2', async () => {
    const { Readable } = await import('node:stream');
    const { main } = await import('../../../src/cli/main.ts');
    const run = async (input: unknown) => {
      let stdout = '';
      let stderr = '';
      const code = await main(['stringing', '-', '--compact'], {
        stdin: Readable.from([JSON.stringify(input)], { objectMode: true }),
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      });
      return { code, stdout, stderr };
    };
    const ok = await run({ modules: grid(2, 10), modulesPerString: 10 });
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as StringingOutput).strings.map((s) => s.moduleIds)).toEqual([rowIds(0, 0, 9), rowIds(1, 9, 0)]);
    const bad = await run({ modules: grid(2, 10), modulesPerString: { min: 5, max: 2 } });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(JSON.parse(bad.stderr).issues[0].path).toBe('modulesPerString.max');
  });
});
