// The strings on the plan: colours (the golden-angle hue sequence), the paths through the modules in
// wiring order, and the layer the renderers draw (src/web/editor/render/plan-strings.ts).
import { describe, expect, it } from 'vitest';
import { equipmentAt, equipmentSymbols, SYMBOL_HIT_PX } from '../../../src/web/editor/electrical/equipment.ts';
import { GOLDEN_ANGLE_DEG, hslToRgb, stringCss, stringHue, stringRgb } from '../../../src/web/editor/electrical/string-colours.ts';
import { missingModules, modulePoint, pathLength, stringPaths } from '../../../src/web/editor/electrical/string-paths.ts';
import { concatLayers, EMPTY_LAYER, LayerWriter, MARK_DIAMOND, MARK_DISC, MARK_RING, MARK_SQUARE } from '../../../src/web/editor/render/plan-layers.ts';
import { buildElectricalLayer, ELECTRICAL_COLOURS } from '../../../src/web/editor/render/plan-strings.ts';
import { configOf, ref, rowLayout, string } from './electrical-fixtures.ts';

describe('string colours', () => {
  it('step by the golden angle, 360° (1 − 1/φ) = 137.5077640500378° (φ = (1 + √5)/2)', () => {
    expect(GOLDEN_ANGLE_DEG).toBeCloseTo(137.5077640500378, 10);
    expect(stringHue(1)).toBe(0);
    expect(stringHue(2)).toBeCloseTo(137.50776, 5);
    expect(stringHue(3)).toBeCloseTo(275.01553, 5);
    expect(stringHue(4)).toBeCloseTo(52.52329, 5); // 412.523… − 360
  });

  it('convert HSL as CSS Color 4 does (its examples: hsl(120 100% 50%) = lime, hsl(0 100% 25%) = maroon, hsl(240 100% 50%) = blue)', () => {
    expect(hslToRgb(120, 1, 0.5).map((c) => Math.round(c * 255))).toEqual([0, 255, 0]);
    expect(hslToRgb(0, 1, 0.25).map((c) => Math.round(c * 255))).toEqual([128, 0, 0]);
    expect(hslToRgb(240, 1, 0.5).map((c) => Math.round(c * 255))).toEqual([0, 0, 255]);
  });

  it('give neighbouring strings hues at least 100° apart and the first 30 strings 30 different colours', () => {
    for (let n = 1; n < 50; n++) {
      const d = Math.abs(stringHue(n + 1) - stringHue(n));
      expect(Math.min(d, 360 - d)).toBeGreaterThanOrEqual(100);
    }
    expect(new Set(Array.from({ length: 30 }, (_, i) => stringCss(i + 1))).size).toBe(30);
    expect(stringCss(1)).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('string paths', () => {
  const layout = rowLayout(8);

  it('run through the module centres in wiring order, the label on the first module', () => {
    const [p] = stringPaths(configOf([string('s1', 1, [2, 0, 5])]), layout);
    expect(p.points).toEqual([
      [2.4, 0],
      [0, 0],
      [6, 0],
    ]);
    expect(p.anchor).toEqual([2.4, 0]);
    // 2.4 m back, then 6 m on.
    expect(pathLength(p.points)).toBeCloseTo(8.4, 12);
    expect(pathLength([[0, 0], [3, 4]])).toBe(5);
  });

  it('leave out modules the layout no longer has, and count them', () => {
    const doc = configOf([string('s1', 1, [1, 9, 20])], [30]);
    const [p] = stringPaths(doc, layout);
    expect(p.points).toEqual([[1.2, 0]]);
    expect(p.missing).toBe(2);
    expect(missingModules(doc, layout)).toEqual([ref(9), ref(20), ref(30)]);
    expect(modulePoint(layout, 'B#0')).toBeNull();
    expect(modulePoint(layout, 'nonsense')).toBeNull();
  });
});

describe('equipment on the plan', () => {
  const doc = configOf([]);

  it('lists the placed inverters and the grid point, and picks the one under the pointer within 12 px', () => {
    expect(equipmentSymbols(doc).map((s) => [s.ref.kind, s.name])).toEqual([
      ['grid', 'grid'],
      ['inverter', 'INV-1'],
    ]);
    // At 0.05 m/px the radius is 0.6 m: the inverter at (0, −5) is caught from (0.5, −5), not from (0.7, −5).
    expect(SYMBOL_HIT_PX).toBe(12);
    expect(equipmentAt(doc, 0.5, -5, 0.05)?.name).toBe('INV-1');
    expect(equipmentAt(doc, 0.7, -5, 0.05)).toBeNull();
    expect(equipmentAt(doc, 0, -7.9, 0.05)?.ref.kind).toBe('grid');
  });
});

describe('the Electrical layer', () => {
  const layout = rowLayout(6);
  const doc = configOf([string('s1', 1, [0, 1, 2]), string('s2', 2, [5, 4, 3])]);

  it('draws each string as a cased coloured path with a square on its first module and discs on the others', () => {
    const l = buildElectricalLayer({ config: doc, layout, cables: null, selected: null });
    // Per string of 3 modules: 2 casing segments, then 2 coloured ones.
    expect(l.segments.count).toBe(8);
    const colourOf = (i: number) => Array.from(l.segments.colours.slice(4 * i, 4 * i + 4));
    const rgb2 = stringRgb(2).map((c) => Math.round(c * 255));
    expect(colourOf(6)).toEqual([...rgb2, 255]);
    expect(colourOf(4).slice(0, 3)).toEqual([255, 255, 255]);
    // The second string's path starts at module 5 (x = 6 m) and goes to module 4 (x = 4.8 m).
    expect(Array.from(l.segments.ends.slice(24, 28))).toEqual([6, 0, Math.fround(4.8), 0]);
    // Marks: 6 modules (2 squares), the grid point (ring + centre disc) and the inverter (square).
    expect(l.marks.count).toBe(6 + 2 + 1);
    const shapes = Array.from(l.marks.shapes);
    expect(shapes.slice(0, 6)).toEqual([MARK_SQUARE, MARK_DISC, MARK_DISC, MARK_SQUARE, MARK_DISC, MARK_DISC]);
    expect(shapes.slice(6)).toEqual([MARK_RING, MARK_DISC, MARK_SQUARE]);
    expect(Array.from(l.marks.positions.slice(16, 18))).toEqual([0, -5]);
  });

  it('draws the selected string last and wider', () => {
    const plain = buildElectricalLayer({ config: doc, layout, cables: null, selected: null });
    const sel = buildElectricalLayer({ config: doc, layout, cables: null, selected: 's1' });
    // s1 now comes second: its coloured segments are the last two ((0,0)→(1.2,0)→(2.4,0)), wider than s2's.
    expect(Array.from(sel.segments.ends.slice(24, 32))).toEqual([0, 0, Math.fround(1.2), 0, Math.fround(1.2), 0, Math.fround(2.4), 0]);
    expect(sel.segments.widths[7]).toBeGreaterThan(plain.segments.widths[7]);
  });

  it('draws routed cables under the strings, AC wider than DC', () => {
    const cable = (id: string, kind: 'string' | 'ac', path: [number, number][]) => ({
      id,
      kind,
      from: { kind: kind === 'ac' ? ('inverter' as const) : ('string' as const), id: 'a' },
      to: { kind: kind === 'ac' ? ('grid' as const) : ('inverter' as const), id: 'b' },
      path,
      length: 1,
      material: 'copper' as const,
      crossSection: 4,
      current: 10,
      voltage: 600,
      circuit: kind === 'ac' ? ('ac3' as const) : ('dc' as const),
      dropV: 0,
      dropPercent: 0,
      lossW: 0,
      ampacityOk: true,
    });
    const cables = {
      kind: 'cable' as const,
      version: 1 as const,
      inverterConfigVersion: 1,
      settings: { dcMaterial: 'copper' as const, acMaterial: 'copper' as const, dcMaxDropPercent: 1.5, acMaxDropPercent: 2 },
      cables: [
        cable('c1', 'string', [
          [0, 0],
          [0, -2],
          [0, -5],
        ]),
        cable('c2', 'ac', [
          [0, -5],
          [0, -8],
        ]),
      ],
    };
    const l = buildElectricalLayer({ config: null, layout, cables, selected: null });
    expect(l.segments.count).toBe(3);
    expect(Array.from(l.segments.colours.slice(8, 11))).toEqual([0x7c, 0x3a, 0xed]);
    expect(ELECTRICAL_COLOURS.cable.ac).toBe('#7c3aed');
    expect(l.segments.widths[2]).toBeGreaterThan(l.segments.widths[0]);
  });
});

describe('layers drawn together (the viewport draws the Electrical layer under the tool overlay)', () => {
  it("draw the first layer's primitives, then the second's, kind by kind; an empty one is not copied", () => {
    const a = new LayerWriter();
    a.segment(0, 0, 1, 0, [1, 2, 3, 4], 2);
    a.mark(5, 5, [9, 9, 9, 255], 8, MARK_SQUARE);
    const b = new LayerWriter();
    b.polygon([[0, 0, 1, 0, 0, 1]], [7, 7, 7, 255]);
    b.segment(2, 2, 3, 3, [5, 6, 7, 8], 4);
    b.mark(6, 6, [1, 1, 1, 255], 10, MARK_DIAMOND);
    const la = a.finish();
    const both = concatLayers(la, b.finish());
    expect(both.triangles.count).toBe(3);
    expect(both.segments.count).toBe(2);
    expect(Array.from(both.segments.ends)).toEqual([0, 0, 1, 0, 2, 2, 3, 3]);
    expect(Array.from(both.segments.widths)).toEqual([2, 4]);
    expect(Array.from(both.segments.colours)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(both.marks.shapes)).toEqual([MARK_SQUARE, MARK_DIAMOND]);
    expect(Array.from(both.marks.sizes)).toEqual([8, 10]);
    expect(concatLayers(la, EMPTY_LAYER)).toBe(la);
    expect(concatLayers(EMPTY_LAYER, la)).toBe(la);
  });
});
