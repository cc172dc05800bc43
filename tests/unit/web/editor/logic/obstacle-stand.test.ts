// Obstacles stand on the roof face under them (issue 18; src/web/editor/document/obstacle-stand.ts):
// a chimney on a south roof face shades the modules north of it at noon on the winter solstice (the
// shade input built from the design documents, the real shade kernel); a box on a hip roof is not
// buried, a parapet along the eaves stands on the eave, one along a gable's rake steps up with it, an
// obstacle on the ground stays at 0; and the 3D view draws the very pieces the shade scene casts
// shadows with.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceEngine, loadEngine } from '../../../../../src/engine/api.ts';
import { sceneTriangles } from '../../../../../src/engine/shade-scene.ts';
import type { EngineApi } from '../../../../../src/engine/types.ts';
import {
  DEFAULT_LAYOUT_SETTINGS,
  emptyBuildingDocument,
  emptyLayoutDocument,
  type BuildingDocument,
  type DesignObstacle,
  type LayoutDocument,
} from '../../../../../src/model/design.ts';
import type { RoofOutput } from '../../../../../src/model/roof.ts';
import { shadeSceneSchema, type ShadeInput } from '../../../../../src/model/shade.ts';
import { PARAPET_STEP, standingObstacles } from '../../../../../src/web/editor/document/obstacle-stand.ts';
import { obstacleObject } from '../../../../../src/web/editor/render/view-3d-objects.ts';
import { buildShadeInput } from '../../../../../src/web/editor/shade/shade-input.ts';

const D2R = Math.PI / 180;
const T30 = Math.tan(30 * D2R);
const LAT = 31.23;

/** A 12 m (x) × 10 m (y) building, eave 6 m, with an automatic roof at 30°. */
function building(auto: 'gable' | 'hip', obstacles: DesignObstacle[]): { doc: BuildingDocument; roofs: Map<string, RoofOutput> } {
  const outline = [
    { id: 'o1', x: 0, y: 0 },
    { id: 'o2', x: 12, y: 0 },
    { id: 'o3', x: 12, y: 10 },
    { id: 'o4', x: 0, y: 10 },
  ];
  const doc: BuildingDocument = {
    ...emptyBuildingDocument({ lat: LAT, lng: 121.47 }),
    buildings: [{ id: 'b1', name: '', outline, closed: true, points: [], lines: [], eaveHeight: 6, auto: { type: auto, pitch: 30 } }],
    obstacles,
  };
  // Gable: the ridge along the longer (x) axis at y = 5, z = 6 + 5·tan 30° = 8.887 m; faces south and north.
  const roof = createReferenceEngine().roof({ building: { id: 'b1', eaveHeight: 6, outerPoints: outline }, auto: { type: auto, pitch: 30, ...(auto === 'gable' ? { ridgeAzimuth: 90 } : {}) } });
  expect(roof.success).toBe(true);
  return { doc, roofs: new Map([['b1', roof]]) };
}

/** The gable's roof height at (x, y) [m]. */
const gableZ = (y: number) => 6 + Math.min(y, 10 - y) * T30;

const chimney: DesignObstacle = { kind: 'box', id: 'ch', center: [6, 1.5], size: [1, 1], rotation: 0, height: 1.5, baseZ: 0 };

/** 1 m × 1 m flush modules on the south face (tilt 30°, azimuth 180), centres on the roof. */
function layoutOf(centres: [number, number][]): LayoutDocument {
  return {
    ...emptyLayoutDocument(),
    module: { libraryId: null, manufacturer: 'T', model: 'M', powerW: 200, length: 1, width: 1 },
    arrays: [
      {
        id: 'A',
        buildingId: 'b1',
        faceId: 'south',
        settings: DEFAULT_LAYOUT_SETTINGS,
        tilt: 30,
        azimuth: 180,
        along: 1,
        up: 1,
        centers: centres.flatMap(([x, y]) => [x, y, gableZ(y)]),
        rowPitch: 1,
      },
    ],
  };
}

let engine: EngineApi;
beforeAll(async () => {
  engine = await loadEngine('debug');
});

describe('a chimney on a south roof face', () => {
  it('shades the module north of it at noon on the winter solstice, not the ones beside or south of it', () => {
    const { doc, roofs } = building('gable', [chimney]);
    // Module centres: north of the chimney (its plan y 2.167…3.033), 4 m west of it, south of it.
    const layout = layoutOf([
      [6, 2.6],
      [2, 2.6],
      [6, 0.5],
    ]);
    const input: ShadeInput = buildShadeInput(doc, roofs, layout, { year: 2025 });
    // The chimney stands on the roof: from the roof's lowest point under it (y = 1: 6 + tan 30° =
    // 6.577 m) to 1.5 m above the highest (y = 2: 6 + 2·tan 30° = 7.155 m) = 8.655 m.
    expect(input.scene!.obstacles).toHaveLength(1);
    const box = input.scene!.obstacles![0] as { baseZ: number; height: number };
    expect(box.baseZ).toBeCloseTo(6 + T30, 6);
    expect(box.baseZ + box.height).toBeCloseTo(6 + 2 * T30 + 1.5, 6);
    // The sun at true noon on the winter solstice: due south, elevation 90° − 31.23° − 23.44° = 35.33°
    // (Duffie & Beckman §1.6). The chimney's top edge (y 2, z 8.655) throws its shadow on the roof up to
    // y = (8.655 + 2·tan 35.33° − 6) / (tan 30° + tan 35.33°) = 3.17 m, over x 5.5…6.5.
    const e = (90 - LAT - 23.44) * D2R;
    const out = engine.shade({ ...input, times: { sunVectors: [[0, -Math.cos(e), Math.sin(e)]] }, output: { perStep: true, diffuse: false } });
    const loss = new Map(out.modules.map((m) => [m.id, m.beamShading]));
    expect(loss.get('A:0')).toBe(1);
    expect(loss.get('A:1')).toBe(0);
    expect(loss.get('A:2')).toBe(0);
  });
});

describe('where obstacles stand', () => {
  it('a 1.5 m box on a hip roof stands on the roof, 1.5 m above its highest point under it, nothing buried', () => {
    const { doc, roofs } = building('hip', [{ kind: 'box', id: 'b', center: [6, 2], size: [1.2, 1], rotation: 0, height: 1.5, baseZ: 0 }]);
    const [s] = standingObstacles(doc, roofs);
    const [p] = s.pieces;
    // The south hip face: z = 6 + y·tan 30° under x 5.4…6.6, y 1.5…2.5.
    expect(p.baseZ).toBeCloseTo(6 + 1.5 * T30, 6);
    expect(p.baseZ + p.height).toBeCloseTo(6 + 2.5 * T30 + 1.5, 6);
  });

  it('a parapet around the outline stands on the eave; an obstacle on the ground stays at 0', () => {
    const ring: [number, number][] = [
      [0, 0],
      [12, 0],
      [12, 10],
      [0, 10],
      [0, 0],
    ];
    const { doc, roofs } = building('hip', [
      { kind: 'parapet', id: 'w', polyline: ring, height: 1, thickness: 0.2, baseZ: 6 },
      { kind: 'box', id: 'g', center: [20, 5], size: [2, 2], rotation: 0, height: 3, baseZ: 0 },
      { kind: 'tree', id: 't', center: [6, -3], radius: 3.5, trunkHeight: 2, height: 8, baseZ: 0 },
    ]);
    const [wall, ground, tree] = standingObstacles(doc, roofs);
    // Four eaves, one piece each: the roof rises only 0.1·tan 30° = 0.058 m across the wall's inner half.
    expect(wall.pieces).toHaveLength(4);
    for (const p of wall.pieces) {
      expect(p.baseZ).toBeCloseTo(6, 6);
      expect(p.baseZ + p.height).toBeCloseTo(6 + 0.1 * T30 + 1, 6);
    }
    expect(ground.pieces).toEqual([{ kind: 'box', center: [20, 5], size: [2, 2], rotation: 0, height: 3, baseZ: 0 }]);
    // The tree's crown overhangs the roof, its trunk stands on the ground.
    expect(tree.pieces.map((p) => [p.baseZ, p.height])).toEqual([
      [0, 2],
      [2, 6],
    ]);
  });

  it("a parapet along a gable's rake steps up with it: each piece 1 m above the roof under it", () => {
    const { doc, roofs } = building('gable', [
      {
        kind: 'parapet',
        id: 'r',
        polyline: [
          [0, 0],
          [0, 10],
        ],
        height: 1,
        thickness: 0.2,
        baseZ: 0,
      },
    ]);
    const [s] = standingObstacles(doc, roofs);
    // The rake rises 5·tan 30° = 2.887 m to the ridge and falls again: halved until the roof rises at
    // most 0.2 m under a piece, 10 m / 2⁴ = 0.625 m pieces (0.36 m of rise) are halved once more: 32.
    expect(s.pieces).toHaveLength(32);
    for (const p of s.pieces) {
      if (p.kind !== 'parapet') throw new Error('a parapet piece');
      const ys = p.polyline.map(([, y]) => y);
      const lo = Math.min(gableZ(ys[0]), gableZ(ys[1]));
      const hi = Math.max(...ys.map(gableZ), ys[0] < 5 && ys[1] > 5 ? gableZ(5) : -Infinity);
      expect(p.baseZ).toBeLessThanOrEqual(lo + 1e-9);
      expect(p.baseZ).toBeGreaterThanOrEqual(lo - PARAPET_STEP);
      expect(p.baseZ + p.height - hi).toBeGreaterThanOrEqual(1 - 1e-9);
      expect(p.baseZ + p.height - hi).toBeLessThanOrEqual(1 + PARAPET_STEP);
    }
  });
});

describe('the 3D view and the shade scene agree', () => {
  it('every obstacle is drawn over the same extent as the triangles that cast its shadow', () => {
    const { doc, roofs } = building('hip', [
      chimney,
      { kind: 'box', id: 'turned', center: [4, 7], size: [2, 1], rotation: 30, height: 1, baseZ: 0 },
      { kind: 'cylinder', id: 'c', center: [9, 2], radius: 0.4, height: 1.2, baseZ: 0 },
      { kind: 'polygon', id: 'p', polygon: [[2, 2], [3.5, 2], [3, 3.2]], height: 0.8, baseZ: 0 },
      { kind: 'parapet', id: 'w', polyline: [[0, 0], [12, 0], [12, 10]], height: 1, thickness: 0.2, baseZ: 0 },
      { kind: 'tree', id: 't', center: [-4, 5], radius: 2, trunkHeight: 3, height: 9, baseZ: 0 },
    ]);
    const standing = standingObstacles(doc, roofs);
    expect(standing).toHaveLength(6);
    for (const s of standing) {
      const drawn = new THREE.Box3().setFromObject(obstacleObject(s));
      const tri = sceneTriangles(shadeSceneSchema.parse({ obstacles: s.pieces }));
      const cast = new THREE.Box3();
      for (let i = 0; i < tri.length; i += 3) cast.expandByPoint(new THREE.Vector3(tri[i], tri[i + 1], tri[i + 2]));
      for (const k of ['x', 'y', 'z'] as const) {
        expect(drawn.min[k], `${s.id} min ${k}`).toBeCloseTo(cast.min[k], 4);
        expect(drawn.max[k], `${s.id} max ${k}`).toBeCloseTo(cast.max[k], 4);
      }
      // Nothing stands on the ground inside the building (the old fault): every piece on the roof
      // starts at 6 m or higher.
      if (s.id !== 't') expect(cast.min.z).toBeGreaterThanOrEqual(6 - 1e-6);
    }
  });
});
