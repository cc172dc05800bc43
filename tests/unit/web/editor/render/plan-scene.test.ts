// The plan's arrays: what the user sees must cover the roof exactly (the faces' triangles tile the
// footprint), and every module must be drawn with its true plan footprint.
import { describe, expect, it } from 'vitest';
import { createReferenceEngine } from '../../../../../src/engine/api.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, type BuildingDocument, type LayoutArray, type LayoutDocument } from '../../../../../src/model/design.ts';
import type { RoofOutput } from '../../../../../src/model/roof.ts';
import { pickModule, moduleHalfAxes, moduleCorners, MODULE_SELECTED_COLOUR, MODULE_COLOUR } from '../../../../../src/web/editor/render/plan-modules.ts';
import { buildPlanScene, createPlanSceneBuilder, type PlanSceneInput } from '../../../../../src/web/editor/render/plan-scene.ts';
import { heatRgba8 } from '../../../../../src/web/editor/render/heat-colours.ts';

/** Summed |area| of non-indexed triangles [m²]. */
function triangleArea(p: Float32Array, from = 0, to = p.length / 2): number {
  let a = 0;
  for (let v = from; v + 2 < to; v += 3) {
    const [x0, y0, x1, y1, x2, y2] = [p[2 * v], p[2 * v + 1], p[2 * v + 2], p[2 * v + 3], p[2 * v + 4], p[2 * v + 5]];
    a += Math.abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2;
  }
  return a;
}

function hipBuilding(): { doc: BuildingDocument; roofs: Map<string, RoofOutput | null> } {
  const outline = [
    { id: 'o1', x: 0, y: 0 },
    { id: 'o2', x: 10, y: 0 },
    { id: 'o3', x: 10, y: 20 },
    { id: 'o4', x: 0, y: 20 },
  ];
  const roof = createReferenceEngine().roof({ building: { id: 'b1', eaveHeight: 6, outerPoints: outline }, auto: { type: 'hip', pitch: 30 } });
  const doc: BuildingDocument = {
    ...emptyBuildingDocument(),
    buildings: [{ id: 'b1', name: '', outline, closed: true, points: [], lines: [], eaveHeight: 6, auto: { type: 'hip', pitch: 30 } }],
  };
  return { doc, roofs: new Map([['b1', roof]]) };
}

function array(id: string, centres: number[], over: Partial<LayoutArray> = {}): LayoutArray {
  return { id, buildingId: 'b1', faceId: 'f1', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 30, azimuth: 180, along: 1.134, up: 2.278, centers: centres, rowPitch: 0, ...over };
}

function layoutOf(arrays: LayoutArray[]): LayoutDocument {
  return { kind: 'layout', version: 1, module: null, settings: DEFAULT_LAYOUT_SETTINGS, arrays };
}

const base = (over: Partial<PlanSceneInput> = {}): PlanSceneInput => {
  const { doc, roofs } = hipBuilding();
  return { buildings: doc, roofs, layout: null, shade: null, selection: null, hover: null, ...over };
};

describe('plan scene: faces', () => {
  it('tiles a 10 × 20 m hip roof (reference engine) with triangles of 200 m² in plan (±1e-6)', () => {
    const input = base();
    const roof = input.roofs.get('b1')!;
    expect(roof.success).toBe(true);
    expect(roof.faces).toHaveLength(4); // a hip roof on a rectangle: two trapezoids, two triangles
    const scene = buildPlanScene(input);
    expect(scene.building.triangles.count % 3).toBe(0);
    expect(Math.abs(triangleArea(scene.building.triangles.positions) - 200)).toBeLessThan(1e-6);
  });

  it('paints the faces plain (one colour) under a heat map, by azimuth (four colours) without', () => {
    const colours = (s: ReturnType<typeof buildPlanScene>) => {
      const c = s.building.triangles.colours;
      const set = new Set<string>();
      for (let i = 0; i < c.length; i += 4) set.add(`${c[i]},${c[i + 1]},${c[i + 2]}`);
      return set.size;
    };
    expect(colours(buildPlanScene(base()))).toBe(4);
    expect(colours(buildPlanScene(base({ shade: new Map() })))).toBe(1);
  });

  it('draws the closed outline as four 2 px edges and its corners as marks', () => {
    const scene = buildPlanScene(base());
    const widths = [...scene.building.segments.widths];
    expect(widths.filter((w) => w === 2)).toHaveLength(4);
    expect(scene.building.marks.count).toBe(4);
    expect(scene.bounds).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 20 });
  });
});

describe('plan scene: modules as instances', () => {
  it('gives a portrait 1.134 × 2.278 m module at tilt 30° a plan footprint of 1.134 × 1.9728 m', () => {
    // Plan depth = 2.278 m · cos 30° = 1.97280 m (worked by hand: 2.278 × 0.866025 = 1.972806).
    const [ax, ay, bx, by] = moduleHalfAxes({ tilt: 30, azimuth: 180, along: 1.134, up: 2.278 });
    expect(2 * Math.hypot(ax, ay)).toBeCloseTo(1.134, 12);
    expect(2 * Math.hypot(bx, by)).toBeCloseTo(1.9728, 4);
    expect(ax * bx + ay * by).toBeCloseTo(0, 12);
    // Facing south, the row runs east–west and the slope rises to the north.
    expect(Math.abs(ay)).toBeLessThan(1e-12);
    expect(by).toBeGreaterThan(0);
  });

  it('turns the footprint with the azimuth: an east-facing module rises to the west', () => {
    const [ax, ay, bx, by] = moduleHalfAxes({ tilt: 30, azimuth: 90, along: 1.134, up: 2.278 });
    expect(Math.abs(ax)).toBeLessThan(1e-12);
    expect(Math.abs(ay)).toBeCloseTo(0.567, 12);
    expect(bx).toBeCloseTo(-0.9864, 4);
    expect(Math.abs(by)).toBeLessThan(1e-12);
  });

  it('writes one instance per module with the array centres and a footprint area of along × up·cos(tilt)', () => {
    const layout = layoutOf([array('a1', [2, 3, 7, 4, 3, 7]), array('a2', [6, 10, 8], { tilt: 0, azimuth: 90, along: 1.7, up: 1.0 })]);
    const scene = buildPlanScene(base({ layout }));
    const m = scene.modules;
    expect(m.count).toBe(3);
    expect([...m.centres]).toEqual([2, 3, 4, 3, 6, 10]);
    expect(m.arrays).toEqual([
      { arrayId: 'a1', start: 0, count: 2 },
      { arrayId: 'a2', start: 2, count: 1 },
    ]);
    const area = (k: number) => {
      const c = moduleCorners(m, k);
      let s = 0;
      for (let i = 0; i < 4; i++) s += c[i][0] * c[(i + 1) % 4][1] - c[(i + 1) % 4][0] * c[i][1];
      return Math.abs(s) / 2;
    };
    expect(area(0)).toBeCloseTo(1.134 * 2.278 * Math.cos(Math.PI / 6), 5);
    expect(area(2)).toBeCloseTo(1.7, 5);
    expect(pickModule(m, 2.5, 3.9)).toEqual({ arrayId: 'a1', index: 0 });
    expect(pickModule(m, 4.3, 2.1)).toEqual({ arrayId: 'a1', index: 1 });
    expect(pickModule(m, 3, 5)).toBeNull();
  });

  it('colours modules by the heat map, grey where the analysis has no array, and the selection over both', () => {
    const layout = layoutOf([array('a1', [0, 0, 5, 3, 0, 5]), array('a2', [0, 5, 5])]);
    const shade = new Map([['a1', [0, 0.1]]]);
    const selection = { kind: 'modules' as const, refs: [{ arrayId: 'a1', index: 1 }] };
    const c = buildPlanScene(base({ layout, shade, selection })).modules.colours;
    const expected0 = new Uint8Array(4);
    heatRgba8(0, expected0, 0);
    expect([...c.slice(0, 4)]).toEqual([...expected0]);
    expect([...c.slice(4, 8)]).toEqual([...MODULE_SELECTED_COLOUR]);
    expect([...c.slice(8, 12)]).toEqual([156, 163, 175, 255]);
    const plain = buildPlanScene(base({ layout })).modules.colours;
    expect([...plain.slice(8, 12)]).toEqual([...MODULE_COLOUR]);
  });
});

describe('plan scene builder', () => {
  it('keeps the building layer and module arrays when only the module selection changes', () => {
    const build = createPlanSceneBuilder();
    const input = base({ layout: layoutOf([array('a1', [0, 0, 5, 3, 0, 5])]) });
    const s1 = build(input);
    expect(build(input)).toBe(s1);
    const s2 = build({ ...input, selection: { kind: 'modules', refs: [{ arrayId: 'a1', index: 0 }] } });
    expect(s2.building).toBe(s1.building);
    expect(s2.modules.centres).toBe(s1.modules.centres);
    expect(s2.modules.colours).not.toBe(s1.modules.colours);
    const s3 = build({ ...input, selection: { kind: 'building', id: 'b1' } });
    expect(s3.highlight.segments.count).toBe(4);
    // A selection or hover that holds no modules leaves the module colours alone.
    const s4 = build({ ...input, selection: { kind: 'building', id: 'b1' }, hover: { kind: 'obstacle', id: 'x' } });
    expect(s4.modules.colours).toBe(s3.modules.colours);
    expect(s4.building).toBe(s1.building);
  });
});
