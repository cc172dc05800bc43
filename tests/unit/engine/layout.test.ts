// layout through the host (src/engine/layout.ts, layout-codec.ts) on the debug wasm kernel: module
// counts and positions worked out by hand in the comments — rectangles, an L-shape, setbacks,
// keep-outs, portrait/landscape, alignment, the capacity cap, a sloped face where plan and slope
// distances differ, tilted racks (stacked modules, explicit and rule-derived row spacing, both
// hemispheres), and containment that corner sampling would miss. Tolerance TOL = 1e-9 m on positions
// (rounding of the frame arithmetic; exact values come from the closed forms in the comments).
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/errors.ts';
import { layout } from '../../../src/engine/layout.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import type { LayoutInput, LayoutOutput } from '../../../src/model/layout.ts';

const TOL = 1e-9;
const D2R = Math.PI / 180;

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

type V3 = [number, number, number];
/** A flat rectangular face [0, w] × [0, d] at height z (tilt 0, azimuth 180 as the roof command gives). */
const flatRect = (w: number, d: number, z = 10) => ({
  vertices: [[0, 0, z], [w, 0, z], [w, d, z], [0, d, z]] as V3[],
  tilt: 0,
  azimuth: 180,
});
/** The 2278 × 1134 mm, 550 W module of docs/ENGINE-API.md's example. */
const MODULE = { length: 2.278, width: 1.134, powerW: 550 };

function run(input: Partial<LayoutInput> & Pick<LayoutInput, 'face'>): LayoutOutput {
  return layout(engine, { module: MODULE, orientation: 'portrait', mounting: { type: 'flush' }, ...input });
}
const byId = (out: LayoutOutput, id: string) => out.modules.find((m) => m.id === id)!;
const expectClose = (a: readonly number[], b: readonly number[], tol = TOL) => a.forEach((x, i) => expect(Math.abs(x - b[i])).toBeLessThan(tol));

describe('rectangles', () => {
  it('20 × 10 m flat face, setback 0.5, portrait 2.278 × 1.134, gaps 0.02: 16 × 3 = 48 modules', () => {
    // Inset [0.5, 19.5] × [0.5, 9.5]. Along a row the module is 1.134 wide, pitch 1.154:
    // floor((19 − 1.134)/1.154) + 1 = floor(15.48) + 1 = 16. Up: 2.278 deep, pitch 2.298:
    // floor((9 − 2.278)/2.298) + 1 = floor(2.925) + 1 = 3.
    const out = run({ face: flatRect(20, 10), setback: 0.5, gap: { x: 0.02, y: 0.02 } });
    expect(out.count).toBe(48);
    expect(out.modules).toHaveLength(48);
    expect(out.capacityKw).toBeCloseTo(48 * 0.55, 12);
    expect(out.limitReached).toBe(false);
    expect(out.rowPitch).toBeCloseTo(2.298, 12);
    // Start/start: the front-left module sits in the inset's south-west corner, rows run west → east.
    const first = byId(out, 'r0c0');
    expect(first.row).toBe(0);
    expect(first.col).toBe(0);
    expectClose(first.corners.flat(), [0.5, 0.5, 10, 1.634, 0.5, 10, 1.634, 2.778, 10, 0.5, 2.778, 10]);
    expectClose(first.center, [1.067, 1.639, 10]);
    expect(first.tilt).toBe(0);
    expect(first.azimuth).toBe(180);
    // The last module: column 15 at x = 0.5 + 15·1.154 = 17.81, row 2 at y = 0.5 + 2·2.298 = 5.096.
    expectClose(byId(out, 'r2c15').corners[0], [17.81, 5.096, 10]);
    // Output order: by row, then column; ids unique.
    expect(out.modules.map((m) => m.row * 100 + m.col)).toEqual([...out.modules.map((m) => m.row * 100 + m.col)].sort((a, b) => a - b));
    expect(new Set(out.modules.map((m) => m.id)).size).toBe(48);
  });

  it('landscape on the same face: 8 × 7 = 56 modules', () => {
    // Along: 2.278 wide, pitch 2.298: floor((19 − 2.278)/2.298) + 1 = floor(7.28) + 1 = 8.
    // Up: 1.134 deep, pitch 1.154: floor((9 − 1.134)/1.154) + 1 = floor(6.82) + 1 = 7.
    const out = run({ face: flatRect(20, 10), setback: 0.5, orientation: 'landscape' });
    expect(out.count).toBe(56);
    expect(out.rowPitch).toBeCloseTo(1.154, 12);
    expectClose(byId(out, 'r0c0').corners[2], [0.5 + 2.278, 0.5 + 1.134, 10]);
  });

  it('an exact fit counts: 10 × 6 m, 1 × 2 m modules, no gaps → 10 × 3', () => {
    // The last column ends exactly on the edge x = 10 and the last row on y = 6 (touching is inside).
    const out = run({ face: flatRect(10, 6), module: { length: 2, width: 1, powerW: 400 }, gap: { x: 0, y: 0 } });
    expect(out.count).toBe(30);
    expectClose(byId(out, 'r2c9').corners[2], [10, 6, 10]);
  });

  it('the face vertices may run clockwise', () => {
    const face = flatRect(20, 10);
    const out = run({ face: { ...face, vertices: [...face.vertices].reverse() }, setback: 0.5 });
    expect(out.count).toBe(48);
  });
});

describe('alignment', () => {
  // 20 × 10, setback 0.5, portrait 2.278 × 1.134, gaps 0.02: 16 columns spanning 15·1.154 + 1.134 =
  // 18.444 of the 19 m inset (0.556 spare); 3 rows spanning 2·2.298 + 2.278 = 6.874 of 9 (2.126 spare).
  const face = flatRect(20, 10);
  it.each([
    ['start', 'start', 0.5, 0.5],
    ['end', 'end', 0.5 + 0.556, 0.5 + 2.126],
    ['center', 'center', 0.5 + 0.556 / 2, 0.5 + 2.126 / 2],
    ['end', 'start', 0.5 + 0.556, 0.5],
  ] as const)('x %s, y %s: the grid starts at (%f, %f)', (x, y, x0, y0) => {
    const out = run({ face, setback: 0.5, alignment: { x, y } });
    expect(out.count).toBe(48);
    expectClose(byId(out, 'r0c0').corners[0], [x0, y0, 10], 1e-9);
  });
});

describe('an L-shaped face with a setback', () => {
  it('L 20/8 × 16 m inset by 1: 15 + 15 + 5 + 5 + 5 = 45 modules of 1 × 2 m, gaps 0.2 / 0.5', () => {
    // Outline (0,0) (20,0) (20,8) (8,8) (8,16) (0,16); inset by 1 (miter): (1,1) (19,1) (19,7) (7,7)
    // (7,15) (1,15). Columns u = 1 + 1.2·c, c = 0..14 (floor((18 − 1)/1.2) + 1 = 15); rows of depth 2,
    // pitch 2.5: v = 1, 3.5, 6, 8.5, 11 (floor((14 − 2)/2.5) + 1 = 5). Rows 0 and 1 lie below y = 7:
    // 15 each. Row 2 ([6, 8]) crosses the inner edge y = 7, so from it up only x ≤ 7 is free:
    // 1 + 1.2·c + 1 ≤ 7 → c ≤ 4, five columns in rows 2, 3 and 4.
    const out = run({
      face: { vertices: [[0, 0, 5], [20, 0, 5], [20, 8, 5], [8, 8, 5], [8, 16, 5], [0, 16, 5]], tilt: 0, azimuth: 180 },
      module: { length: 2, width: 1, powerW: 400 },
      gap: { x: 0.2, y: 0.5 },
      setback: 1,
    });
    const perRow = [0, 1, 2, 3, 4].map((r) => out.modules.filter((m) => m.row === r).length);
    expect(perRow).toEqual([15, 15, 5, 5, 5]);
    expect(out.count).toBe(45);
    // Column 4 of row 2 ends at x = 6.8 (free); column 5 would cover [7, 8] × [6, 8], across y = 7.
    expect(out.modules.filter((m) => m.row === 2).map((m) => m.col)).toEqual([0, 1, 2, 3, 4]);
    expectClose(byId(out, 'r2c4').corners[1], [6.8, 6, 5]);
  });
});

describe('keep-outs', () => {
  // 20 × 10 face, 1 × 2 m modules, no gaps: a 20 × 5 grid of 100 cells [c, c+1] × [2r, 2r+2].
  const base = { face: flatRect(20, 10), module: { length: 2, width: 1, powerW: 250 }, gap: { x: 0, y: 0 } };

  it('a keep-out grown by its setback removes the cells its grown rectangle overlaps', () => {
    // [4.5, 6.5] × [3, 4.6] grown by 0.5 → [4, 7] × [2.5, 5.1]: rows 1 ([2,4]) and 2 ([4,6]),
    // columns 4, 5, 6 (column 3 = [3,4] and column 7 = [7,8] only touch it): 100 − 6 = 94.
    const out = run({ ...base, keepouts: [{ polygon: [[4.5, 3], [6.5, 3], [6.5, 4.6], [4.5, 4.6]], setback: 0.5 }] });
    expect(out.count).toBe(94);
    for (const r of [1, 2]) expect(out.modules.filter((m) => m.row === r).map((m) => m.col)).toEqual([0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    // Without the setback the keep-out [4.5, 6.5] × [3, 4.6] still covers columns 4, 5, 6 in rows 1, 2.
    expect(run({ ...base, keepouts: [{ polygon: [[4.5, 3], [6.5, 3], [6.5, 4.6], [4.5, 4.6]] }] }).count).toBe(94);
    // A 0.3 × 0.3 keep-out inside cell (10, row 3) = [10, 11] × [6, 8]: no module corner touches it,
    // yet the cell is not free (its vertices lie inside the footprint).
    const small = run({ ...base, keepouts: [{ polygon: [[10.3, 6.8], [10.6, 6.8], [10.6, 7.1], [10.3, 7.1]] }] });
    expect(small.count).toBe(99);
    expect(small.modules.some((m) => m.row === 3 && m.col === 10)).toBe(false);
  });

  it('a needle crossing a row removes the cells it crosses, though no module corner is inside it', () => {
    // A thin triangle from (2.5, 1.9) across row 1 ([2, 4]) to the tip (2.5, 4.1), 0.02 m wide at its
    // base: it lies inside column 2 ([2, 3]) of rows 0 (by 0.1 m) and 1, and touches row 2 by 0.1 m.
    const out = run({ ...base, keepouts: [{ polygon: [[2.49, 1.9], [2.51, 1.9], [2.5, 4.1]] }] });
    expect(out.count).toBe(97);
    for (const r of [0, 1, 2]) expect(out.modules.some((m) => m.row === r && m.col === 2)).toBe(false);
  });

  it('a triangle partly outside the face blocks only what it covers inside', () => {
    // (18.5, 8.5) (21, 8.5) (21, 11): inside the face it covers x ≥ 18.5, 8.5 ≤ y ≤ x − 10 — cells 18
    // and 19 of row 4 ([8, 10]).
    const out = run({ ...base, keepouts: [{ polygon: [[18.5, 8.5], [21, 8.5], [21, 11]] }] });
    expect(out.count).toBe(98);
    expect(out.modules.filter((m) => m.row === 4).map((m) => m.col)).not.toContain(18);
  });

  it('a keep-out covering the whole face leaves nothing', () => {
    const out = run({ ...base, keepouts: [{ polygon: [[-1, -1], [21, -1], [21, 11], [-1, 11]] }] });
    expect(out.count).toBe(0);
    expect(out.modules).toEqual([]);
  });
});

describe('capacity cap', () => {
  const base = {
    face: flatRect(20, 10),
    module: { length: 2, width: 1, powerW: 250 },
    gap: { x: 0, y: 0 },
    keepouts: [{ polygon: [[4.5, 3], [6.5, 3], [6.5, 4.6], [4.5, 4.6]] as [number, number][], setback: 0.5 }],
  };

  it('10 kW of 250 W modules: 40 modules, front rows first, left to right', () => {
    // Row 0 holds 20, row 1 17 (columns 4–6 blocked): 37; three more from row 2: columns 0, 1, 2.
    const out = run({ ...base, maxCapacityKw: 10 });
    expect(out.count).toBe(40);
    expect(out.capacityKw).toBeCloseTo(10, 12);
    expect(out.limitReached).toBe(true);
    expect(out.modules.filter((m) => m.row === 2).map((m) => m.col)).toEqual([0, 1, 2]);
  });

  it('x end packs right to left: row 2 keeps columns 17, 18, 19', () => {
    const out = run({ ...base, maxCapacityKw: 10, alignment: { x: 'end', y: 'start' } });
    expect(out.modules.filter((m) => m.row === 2).map((m) => m.col)).toEqual([17, 18, 19]);
  });

  it('a face narrower than one module holds none, cap or not', () => {
    const out = run({ face: flatRect(0.9, 20), module: { length: 2, width: 1, powerW: 250 }, maxCapacityKw: 5 });
    expect(out.count).toBe(0);
    expect(out.limitReached).toBe(false);
  });

  it('a cap above what fits is not reached', () => {
    const out = run({ ...base, maxCapacityKw: 100 });
    expect(out.count).toBe(94);
    expect(out.limitReached).toBe(false);
  });
});

describe('a sloped face (flush): plan distances are slope distances × cos(tilt)', () => {
  it('30° shed roof 12 × 8 m in plan: 4 rows of 10 (plan arithmetic with slope sizes would give 3)', () => {
    // South eave y = 0 at z 3, north edge y = 8 at z 3 + 8·tan 30°. Slope length 8/cos 30° = 9.2376.
    // Rows of 2.278 + gap 0.02 on the slope: floor((9.2376 − 2.278)/2.298) + 1 = floor(3.03) + 1 = 4
    // (in plan: depth 2.278·cos 30° = 1.97280, pitch 2.298·cos 30° = 1.99013, the same count).
    // Columns: floor((12 − 1.134)/1.154) + 1 = 10.
    const h = 8 * Math.tan(30 * D2R);
    const out = run({ face: { vertices: [[0, 0, 3], [12, 0, 3], [12, 8, 3 + h], [0, 8, 3 + h]], tilt: 30, azimuth: 180 } });
    expect(out.count).toBe(40);
    expect(out.rowPitch).toBeCloseTo(2.298 * Math.cos(30 * D2R), 12);
    const m = byId(out, 'r0c0');
    expect(m.tilt).toBe(30);
    expect(m.azimuth).toBe(180);
    // The module lies in the roof plane: front edge on the eave, back edge 1.97280 m north and
    // 2.278·sin 30° = 1.139 m higher; its true length up the slope is 2.278.
    expectClose(m.corners[0], [0, 0, 3]);
    expectClose(m.corners[3], [0, 2.278 * Math.cos(30 * D2R), 3 + 1.139]);
    const [a, , , d] = m.corners;
    expect(Math.hypot(d[0] - a[0], d[1] - a[1], d[2] - a[2])).toBeCloseTo(2.278, 12);
    // The fourth row's back edge: y = 3·1.99013 + 1.97280 = 7.94319 ≤ 8.
    expect(Math.max(...out.modules.flatMap((q) => q.corners.map((c) => c[1])))).toBeCloseTo(3 * 2.298 * Math.cos(30 * D2R) + 2.278 * Math.cos(30 * D2R), 9);
  });

  it('an east-facing slope runs its rows north–south, starting at the north end', () => {
    // Face looking east (azimuth 90): the frame's u axis is (−cos 90°, sin 90°) = (0, 1)… seen from
    // the east looking west, the left end is the south; v = (−1, 0) runs up the slope (west).
    // The same 12 × 8 shed, turned: x ∈ [0, 8] rising to the west, y ∈ [0, 12].
    const h = 8 * Math.tan(30 * D2R);
    const out = run({ face: { vertices: [[8, 0, 3], [8, 12, 3], [0, 12, 3 + h], [0, 0, 3 + h]], tilt: 30, azimuth: 90 } });
    expect(out.count).toBe(40);
    // r0c0: front-left corner at the south-east corner (8, 0), front-right 1.134 m north.
    expectClose(byId(out, 'r0c0').corners[0], [8, 0, 3]);
    expectClose(byId(out, 'r0c0').corners[1], [8, 1.134, 3]);
  });
});

describe('tilted racks', () => {
  // Flat 30 × 20 m face at z 10; racks of 2 portrait 1 × 2 m modules (gap y 0.1) at 30°, facing south,
  // gap x 0.05. Rack slope length 2·2 + 0.1 = 4.1: plan depth 4.1·cos 30° = 3.55070, top edge
  // 4.1·sin 30° = 2.05 m above the roof.
  const base: LayoutInput = {
    face: flatRect(30, 20),
    module: { length: 2, width: 1, powerW: 400 },
    orientation: 'portrait',
    mounting: { type: 'tilted', tilt: 30, azimuth: 180, rowSpacing: 2.5, modulesPerColumn: 2 },
    gap: { x: 0.05, y: 0.1 },
  };

  it('explicit row spacing 2.5 m: pitch 6.0507, 3 rack rows × 28 columns × 2 modules', () => {
    // Rows: floor((20 − 3.5507)/6.0507) + 1 = floor(2.72) + 1 = 3; columns floor((30 − 1)/1.05) + 1 = 28.
    const out = layout(engine, base);
    expect(out.rowPitch).toBeCloseTo(4.1 * Math.cos(30 * D2R) + 2.5, 12);
    expect(out.count).toBe(168);
    // Module rows: rack row k holds module rows 2k (bottom) and 2k + 1 (top).
    expect(new Set(out.modules.map((m) => m.row))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const bottom = byId(out, 'r0c0');
    const top = byId(out, 'r1c0');
    expect(bottom.tilt).toBe(30);
    // Bottom module: front edge on the roof, back edge 2·cos 30° north and 2·sin 30° = 1 m up.
    expectClose(bottom.corners[0], [0, 0, 10]);
    expectClose(bottom.corners[2], [1, 2 * Math.cos(30 * D2R), 11]);
    // Top module starts 2.1 m up the rack: y 2.1·cos 30°, z 10 + 1.05; ends at 4.1 m: z 12.05.
    expectClose(top.corners[0], [0, 2.1 * Math.cos(30 * D2R), 11.05]);
    expectClose(top.corners[3], [0, 4.1 * Math.cos(30 * D2R), 12.05]);
    // The second rack row starts one pitch north.
    expectClose(byId(out, 'r2c0').corners[0], [0, 4.1 * Math.cos(30 * D2R) + 2.5, 10]);
  });

  it('the cap may stop inside a rack column: 5 modules = two columns and the bottom of a third', () => {
    const out = layout(engine, { ...base, maxCapacityKw: 2 });
    expect(out.count).toBe(5);
    expect(out.limitReached).toBe(true);
    expect(out.modules.map((m) => m.id)).toEqual(['r0c0', 'r0c1', 'r0c2', 'r1c0', 'r1c1']);
  });

  it('row spacing null: the GB 50797 closed form at 40° N sets the pitch (within 1 %)', () => {
    // D = H·(0.707·tan φ + 0.4338)/(0.707 − 0.4338·tan φ) with H = 2.05, φ = 40°: D = 2.05·2.9943 = 6.138;
    // pitch = 3.5507 + 6.138 = 9.689.
    const t = Math.tan(40 * D2R);
    const D = (2.05 * (0.707 * t + 0.4338)) / (0.707 - 0.4338 * t);
    const out = layout(engine, { ...base, mounting: { ...base.mounting, rowSpacing: null } as LayoutInput['mounting'], site: { latitude: 40 } });
    const depth = 4.1 * Math.cos(30 * D2R);
    expect(Math.abs(out.rowPitch - depth - D) / D).toBeLessThan(0.01);
    // 20 m holds floor((20 − 3.5507)/9.689) + 1 = 2 rack rows.
    expect(out.count).toBe(2 * 28 * 2);
  });

  it('southern hemisphere: racks facing north (azimuth 0) at 40° S get the same pitch; rows start at the north edge', () => {
    const north = layout(engine, { ...base, mounting: { ...base.mounting, rowSpacing: null } as LayoutInput['mounting'], site: { latitude: 40 } });
    const south = layout(engine, { ...base, mounting: { type: 'tilted', tilt: 30, azimuth: 0, rowSpacing: null, modulesPerColumn: 2 }, site: { latitude: -40 } });
    expect(south.rowPitch).toBeCloseTo(north.rowPitch, 9);
    expect(south.count).toBe(north.count);
    // Facing north the front edge is the north edge (y = 20) and, seen from the north, the left end is
    // the east (x = 30): r0c0's front-left corner is (30, 20), on the roof; the rack rises southwards.
    const m = byId(south, 'r0c0');
    expect(m.azimuth).toBe(0);
    expectClose(m.corners[0], [30, 20, 10]);
    expectClose(m.corners[3], [30, 20 - 2 * Math.cos(30 * D2R), 11]);
  });

  it('the rule cannot be met in polar winter: an InputError naming site.latitude', () => {
    const polar = { ...base, mounting: { ...base.mounting, rowSpacing: null } as LayoutInput['mounting'], site: { latitude: 70 } };
    expect(() => layout(engine, polar)).toThrow(InputError);
    try {
      layout(engine, polar);
    } catch (e) {
      expect((e as InputError).path).toEqual(['site', 'latitude']);
    }
  });
});

describe('input errors', () => {
  it('rowSpacing null without a site is rejected at site', () => {
    try {
      layout(engine, {
        face: flatRect(10, 10),
        module: MODULE,
        orientation: 'portrait',
        mounting: { type: 'tilted', tilt: 20, azimuth: 180 },
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).path).toEqual(['site']);
    }
  });

  it('a negative setback is rejected at setback', () => {
    expect(() => run({ face: flatRect(10, 10), setback: -1 })).toThrow(/setback|>=/);
  });
});

describe('the layout command (src/cli/commands/layout.ts)', () => {
  it('exports JSON Schemas and runs the engine on parsed input', async () => {
    const { z } = await import('zod');
    const { layoutCommand } = await import('../../../src/cli/commands/layout.ts');
    expect(layoutCommand.name).toBe('layout');
    const schema = z.toJSONSchema(layoutCommand.input, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['face', 'keepouts', 'module', 'orientation', 'mounting', 'gap', 'setback', 'alignment', 'maxCapacityKw', 'site']),
    );
    z.toJSONSchema(layoutCommand.output, { io: 'output', unrepresentable: 'any' });
    const input = layoutCommand.input.parse({ face: flatRect(20, 10), module: MODULE, orientation: 'portrait', mounting: { type: 'flush' }, setback: 0.5 });
    const out = await layoutCommand.run(input, { engine: async () => (await import('../../../src/engine/api.ts')).createEngine(engine) });
    // The same 48 modules as the first rectangle above; the output passes its own schema.
    expect((layoutCommand.output.parse(out) as LayoutOutput).count).toBe(48);
  });
});
