// Generated shading scenes for the benchmarks: a flat warehouse roof with tilted module racks in rows,
// a parapet around it and obstacles (HVAC boxes, vents, skylight prisms) among the racks.
import type { ShadeInput } from '../src/model/shade.ts';

type XYZ = [number, number, number];

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RoofSceneOptions {
  modules: number;
  obstacles: number;
  samples?: { x: number; y: number };
  seed?: number;
}

const ROOF_Z = 10;
/** Module 2.278 × 1.134 m in portrait, racks tilted 10° facing south, rows 2.6 m apart. */
const LEN = 2.278;
const WID = 1.134;
const TILT = (10 * Math.PI) / 180;
const PITCH = 2.6;
const GAP = 0.02;
const PER_ROW = 200;

/**
 * A warehouse of `modules` tilted modules (rows of 200) and `obstacles` obstacles (in Shanghai,
 * hourly 2025, Beijing time): the realistic scene of the shading benchmark.
 */
export function roofScene(o: RoofSceneOptions): ShadeInput {
  const rnd = random(o.seed ?? 7);
  const rows = Math.ceil(o.modules / PER_ROW) + Math.ceil(o.obstacles / 20);
  const width = PER_ROW * (WID + GAP) + 4;
  const depth = rows * PITCH + 4;
  const obstacles: NonNullable<NonNullable<ShadeInput['scene']>['obstacles']> = [];
  const keepouts: [number, number, number, number][] = [];
  for (let i = 0; i < o.obstacles; i++) {
    const x = 3 + rnd() * (width - 6);
    const y = 3 + rnd() * (depth - 6);
    const kind = i % 5;
    if (kind < 3) {
      const w = 1 + rnd() * 3;
      const d = 1 + rnd() * 2;
      obstacles.push({ kind: 'box', center: [x, y], size: [w, d], height: 0.8 + rnd() * 2.5, baseZ: ROOF_Z, rotation: 0 });
      keepouts.push([x - w / 2, y - d / 2, x + w / 2, y + d / 2]);
    } else if (kind === 3) {
      const r = 0.2 + rnd() * 0.4;
      obstacles.push({ kind: 'cylinder', center: [x, y], radius: r, height: 1 + rnd() * 2, baseZ: ROOF_Z });
      keepouts.push([x - r, y - r, x + r, y + r]);
    } else {
      const w = 1.5 + rnd() * 2;
      obstacles.push({ kind: 'prism', polygon: [[x - w / 2, y - 0.6], [x + w / 2, y - 0.6], [x, y + 0.6]], height: 0.5, baseZ: ROOF_Z });
      keepouts.push([x - w / 2, y - 0.6, x + w / 2, y + 0.6]);
    }
  }
  const outline: [number, number][] = [
    [0, 0],
    [width, 0],
    [width, depth],
    [0, depth],
  ];
  obstacles.push({ kind: 'parapet', polyline: [...outline, outline[0]], height: 1.2, thickness: 0.25, baseZ: ROOF_Z });
  const modules: { id: string; corners: [XYZ, XYZ, XYZ, XYZ] }[] = [];
  const run = LEN * Math.cos(TILT);
  const rise = LEN * Math.sin(TILT);
  const free = (x0: number, y0: number, x1: number, y1: number) =>
    keepouts.every(([a, b, c, d]) => x1 + 0.3 < a || x0 - 0.3 > c || y1 + 0.3 < b || y0 - 0.3 > d);
  for (let r = 0; r < rows && modules.length < o.modules; r++) {
    const y0 = 2 + r * PITCH;
    for (let c = 0; c < PER_ROW && modules.length < o.modules; c++) {
      const x0 = 2 + c * (WID + GAP);
      if (!free(x0, y0, x0 + WID, y0 + run)) continue;
      const z0 = ROOF_Z + 0.3;
      modules.push({
        id: `m${modules.length}`,
        corners: [
          [x0, y0, z0],
          [x0 + WID, y0, z0],
          [x0 + WID, y0 + run, z0 + rise],
          [x0, y0 + run, z0 + rise],
        ],
      });
    }
  }
  return {
    site: { latitude: 31.23, longitude: 121.47 },
    scene: {
      buildings: [{ eaveHeight: ROOF_Z, outer: outline, faces: [{ vertices: outline.map(([x, y]) => [x, y, ROOF_Z] as XYZ) }] }],
      obstacles,
    },
    modules,
    samples: o.samples ?? { x: 2, y: 2 },
    times: { year: 2025, stepMinutes: 60, timezone: 8 },
  };
}
