// The benchmark's synthetic scene: one large flat roof holding 100,000 modules on tilted racks, in 10
// arrays of 10,000 (500 columns × 200 rows in all), with a smooth synthetic heat map so that every
// module has its own colour (the instanced colour path is exercised, not one flat colour).
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, type BuildingDocument, type LayoutArray, type LayoutDocument } from '../../../src/model/design.ts';
import type { RoofOutput } from '../../../src/model/roof.ts';

export const COLS = 500;
export const ROWS = 200;
export const ARRAYS = 10;
/** Module (portrait) along the row and up the rack [m], rack tilt [°], pitches [m]. */
export const ALONG = 1.134;
export const UP = 2.278;
export const TILT = 10;
export const COL_PITCH = 1.154;
export const ROW_PITCH = 3.0;
export const MARGIN = 5;
export const ROOF_Z = 12;

export interface BenchScene {
  buildings: BuildingDocument;
  roofs: Map<string, RoofOutput | null>;
  layout: LayoutDocument;
  shade: Map<string, Float32Array>;
  width: number;
  depth: number;
}

/** Synthetic shading loss at a plan point [0–1]: smooth waves from 0 to 0.25. */
export function syntheticLoss(x: number, y: number): number {
  return 0.125 * (1 + Math.sin(x / 17) * Math.cos(y / 23));
}

export function benchScene(): BenchScene {
  const width = COLS * COL_PITCH + 2 * MARGIN;
  const depth = ROWS * ROW_PITCH + 2 * MARGIN;
  const outline = [
    { id: 'p1', x: 0, y: 0 },
    { id: 'p2', x: width, y: 0 },
    { id: 'p3', x: width, y: depth },
    { id: 'p4', x: 0, y: depth },
  ];
  const buildings: BuildingDocument = {
    ...emptyBuildingDocument({ lat: 31.2, lng: 121.5 }),
    buildings: [{ id: 'b1', name: 'bench', outline, closed: true, points: [], lines: [], eaveHeight: ROOF_Z, auto: { type: 'flat', pitch: 0 } }],
  };
  const roof: RoofOutput = {
    success: true,
    errors: [],
    points: outline.map((p) => ({ ...p, z: ROOF_Z, relation: 'OUTER' as const, heightPercent: 0 })),
    lines: [],
    faces: [
      {
        id: 'f1',
        pointIds: outline.map((p) => p.id),
        vertices: outline.map((p): [number, number, number] => [p.x, p.y, ROOF_Z]),
        tilt: 0,
        azimuth: 180,
        area: width * depth,
        planArea: width * depth,
        normal: [0, 0, 1],
      },
    ],
  };
  const arrays: LayoutArray[] = [];
  const shade = new Map<string, Float32Array>();
  const rowsPerArray = ROWS / ARRAYS;
  const depthPlan = UP * Math.cos((TILT * Math.PI) / 180);
  for (let a = 0; a < ARRAYS; a++) {
    const centers: number[] = [];
    const loss = new Float32Array(rowsPerArray * COLS);
    let k = 0;
    for (let r = a * rowsPerArray; r < (a + 1) * rowsPerArray; r++) {
      for (let c = 0; c < COLS; c++, k++) {
        const x = MARGIN + c * COL_PITCH + ALONG / 2;
        const y = MARGIN + r * ROW_PITCH + depthPlan / 2;
        centers.push(x, y, ROOF_Z + 0.5);
        loss[k] = syntheticLoss(x, y);
      }
    }
    const id = `a${a}`;
    arrays.push({ id, buildingId: 'b1', faceId: 'f1', settings: { ...DEFAULT_LAYOUT_SETTINGS, placement: 'tilted', tilt: TILT }, tilt: TILT, azimuth: 180, along: ALONG, up: UP, centers, rowPitch: ROW_PITCH });
    shade.set(id, loss);
  }
  const layout: LayoutDocument = { kind: 'layout', version: 1, module: { libraryId: null, manufacturer: 'bench', model: 'bench', powerW: 550, length: UP, width: ALONG }, settings: DEFAULT_LAYOUT_SETTINGS, arrays };
  return { buildings, roofs: new Map([['b1', roof]]), layout, shade, width, depth };
}
