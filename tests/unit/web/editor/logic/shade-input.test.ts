// The shading step's data (src/web/editor/shade/shade-input.ts, winter.ts): the engine input built
// from the documents (site, scene, modules with ids arrayId:index, a year of hourly steps in the
// project's standard time), the output turned into the saved ShadeDocument aligned with the arrays'
// centres, stale detection, and the winter-solstice noon shadow against the textbook sun height.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTINGS,
  emptyBuildingDocument,
  emptyLayoutDocument,
  shadeDocumentSchema,
  type BuildingDocument,
  type LayoutDocument,
} from '../../../../../src/model/design.ts';
import { shadeInputSchema, type ShadeOutput } from '../../../../../src/model/shade.ts';
import type { RoofOutput } from '../../../../../src/model/roof.ts';
import {
  buildShadeInput,
  isShadeStale,
  meanShading,
  moduleShadeValues,
  projectTimezone,
  shadeDocumentOf,
  shadeObstacles,
} from '../../../../../src/web/editor/shade/shade-input.ts';
import { winterShadowsOf } from '../../../../../src/web/editor/shade/winter.ts';

const D2R = Math.PI / 180;

function building(): BuildingDocument {
  return {
    ...emptyBuildingDocument({ lat: 31.23, lng: 121.47 }),
    buildings: [
      {
        id: 'b1',
        name: '',
        outline: [
          { id: 'p1', x: 0, y: 0 },
          { id: 'p2', x: 10, y: 0 },
          { id: 'p3', x: 10, y: 20 },
          { id: 'p4', x: 0, y: 20 },
        ],
        closed: true,
        points: [],
        lines: [],
        eaveHeight: 6,
        auto: { type: 'flat', pitch: 0 },
      },
      // An outline still being drawn: not part of the scene.
      { id: 'b2', name: '', outline: [{ id: 'q1', x: 30, y: 0 }], closed: false, points: [], lines: [], eaveHeight: 3, auto: null },
    ],
    obstacles: [
      { kind: 'box', id: 'o1', center: [5, 10], size: [1, 1], rotation: 0, height: 2, baseZ: 6 },
      { kind: 'tree', id: 't1', center: [-5, 5], radius: 2, trunkHeight: 3, height: 8, baseZ: 0 },
      { kind: 'polygon', id: 'g1', polygon: [[20, 0], [22, 0], [22, 2]], height: 1, baseZ: 0 },
    ],
  };
}

const roofs: Record<string, RoofOutput> = {
  b1: {
    success: true,
    errors: [],
    points: [],
    lines: [],
    faces: [{ id: 'f1', pointIds: [], vertices: [[0, 0, 6], [10, 0, 6], [10, 20, 6], [0, 20, 6]], tilt: 0, azimuth: 180, area: 200, planArea: 200, normal: [0, 0, 1] }],
  },
};

function layout(): LayoutDocument {
  const base = { buildingId: 'b1', faceId: 'f1', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 1.134, up: 2.278, rowPitch: 2.298 };
  return {
    ...emptyLayoutDocument(),
    module: { libraryId: null, manufacturer: 'T', model: 'M', powerW: 450, length: 2.278, width: 1.134 },
    arrays: [
      { ...base, id: 'A', centers: [0.567, 1.139, 6, 1.721, 1.139, 6] },
      { ...base, id: 'B', faceId: 'f2', centers: [5, 15, 6] },
    ],
  };
}

describe('time zone', () => {
  it('China is UTC+8 throughout (Urumqi too); elsewhere round(lng/15)', () => {
    expect(projectTimezone(31.23, 121.47)).toBe(8);
    expect(projectTimezone(43.8, 87.6)).toBe(8);
    expect(projectTimezone(52.52, 13.4)).toBe(1);
    expect(projectTimezone(40.7, -74)).toBe(-5);
    expect(projectTimezone(35.7, 139.7, 'JP')).toBe(9);
    expect(projectTimezone(48.8, 2.35, 'cn')).toBe(8);
  });
});

describe('shade input', () => {
  it('site, scene, modules and a year of hourly steps, valid for the engine', () => {
    const input = buildShadeInput(building(), roofs, layout(), { year: 2024 });
    expect(shadeInputSchema.safeParse(input).success).toBe(true);
    expect(input.site).toEqual({ latitude: 31.23, longitude: 121.47 });
    expect(input.times).toEqual({ year: 2024, stepMinutes: 60, timezone: 8 });
    expect(input.samples).toEqual({ x: 2, y: 2 });
    expect(input.scene!.buildings).toHaveLength(1);
    expect(input.scene!.buildings![0]).toEqual({ faces: [{ vertices: roofs.b1.faces[0].vertices }], eaveHeight: 6, outer: [[0, 0], [10, 0], [10, 20], [0, 20]] });
    expect(input.modules.map((m) => m.id)).toEqual(['A:0', 'A:1', 'B:0']);
    // Module A:0's front-left corner is the face's south-west corner.
    expect(input.modules[0].corners[0].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 0, 6]);
  });

  it('a tree is a trunk (0.12 × crown radius) up to the crown, then the crown', () => {
    const obs = shadeObstacles(building(), roofs);
    expect(obs).toContainEqual({ kind: 'cylinder', center: [-5, 5], radius: 0.24, height: 3, baseZ: 0 });
    expect(obs).toContainEqual({ kind: 'cylinder', center: [-5, 5], radius: 2, height: 5, baseZ: 3 });
    expect(obs).toContainEqual({ kind: 'prism', polygon: [[20, 0], [22, 0], [22, 2]], height: 1, baseZ: 0 });
  });

  it('needs the project position', () => {
    expect(() => buildShadeInput({ ...building(), origin: null }, roofs, layout(), { year: 2024 })).toThrow(/position/);
  });
});

describe('shade document', () => {
  const output: ShadeOutput = {
    modules: [
      { id: 'B:0', beamShading: 0.3, shadedSteps: 10, diffuseShading: 0.2 },
      { id: 'A:1', beamShading: 0.1, shadedSteps: 5, diffuseShading: 0.04 },
      { id: 'A:0', beamShading: 0, shadedSteps: 0, diffuseShading: 0.02 },
    ],
    steps: 8784,
    rays: 1,
  };

  it('per array, values in centre order whatever order the output has; versions kept', () => {
    const doc = shadeDocumentOf(output, layout(), { layoutVersion: 4, buildingVersion: 9 }, { year: 2024, finishedAt: new Date('2025-01-02T03:04:05Z') });
    expect(shadeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.arrays).toEqual([
      { arrayId: 'A', beam: [0, 0.1], diffuse: [0.02, 0.04] },
      { arrayId: 'B', beam: [0.3], diffuse: [0.2] },
    ]);
    expect(doc).toMatchObject({ layoutVersion: 4, buildingVersion: 9, year: 2024, stepMinutes: 60, samples: { x: 2, y: 2 }, finishedAt: '2025-01-02T03:04:05.000Z' });
    expect(Array.from(moduleShadeValues(doc, layout()))).toEqual([0, 0.1, 0.3]);
    expect(meanShading(doc).beam).toBeCloseTo(0.4 / 3, 12);
  });

  it('stale when missing, when either document was saved since, or when the modules changed', () => {
    const doc = shadeDocumentOf(output, layout(), { layoutVersion: 4, buildingVersion: 9 }, { year: 2024, finishedAt: new Date() });
    expect(isShadeStale(doc, { layoutVersion: 4, buildingVersion: 9 }, layout())).toBe(false);
    expect(isShadeStale(null, { layoutVersion: 4, buildingVersion: 9 }, layout())).toBe(true);
    expect(isShadeStale(doc, { layoutVersion: 5, buildingVersion: 9 }, layout())).toBe(true);
    expect(isShadeStale(doc, { layoutVersion: 4, buildingVersion: 10 }, layout())).toBe(true);
    const fewer = { ...layout(), arrays: [layout().arrays[0]] };
    expect(isShadeStale(doc, { layoutVersion: 4, buildingVersion: 9 }, fewer)).toBe(true);
    // A heat map never shows values for modules it does not cover.
    expect(Array.from(moduleShadeValues(null, layout())).every(Number.isNaN)).toBe(true);
  });

  it('a module missing from the output is an error, not a silent 0', () => {
    expect(() => shadeDocumentOf({ ...output, modules: output.modules.slice(1) }, layout(), { layoutVersion: 1, buildingVersion: 1 }, { year: 2024, finishedAt: new Date() })).toThrow(/B:0/);
  });
});

describe('winter-solstice shadows', () => {
  it('at noon the 2 m box throws its shadow 2/tan(90° − 31.23° − 23.44°) = 2.82 m due north', () => {
    // Noon sun height on the winter solstice: 90° − φ − 23.44° = 35.33° (textbook; Duffie & Beckman §1.6).
    const noon = winterShadowsOf(building(), null).find((s) => s.label === '12:00')!;
    expect(noon.sunUp).toBe(true);
    expect(noon.elevation).toBeCloseTo(35.33, 2);
    const reach = 2 / Math.tan(35.33 * D2R);
    // The box spans y 9.5…10.5; its shadow on the roof ends reach metres north of its north side.
    const boxShadow = noon.shadows.find((r) => r.some(([x]) => Math.abs(x - 5) < 1));
    const ymax = Math.max(...boxShadow!.map(([, y]) => y));
    expect(ymax).toBeCloseTo(10.5 + reach, 6);
  });

  it('nothing before the project has a position', () => {
    expect(winterShadowsOf({ ...building(), origin: null }, layout())).toEqual([]);
  });
});
