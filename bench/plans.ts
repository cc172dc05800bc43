// Generated building plans for benchmarks and stress tests.
import type { RoofInput } from '../src/model/index.ts';
import { signedArea } from '../src/model/plan-geometry.ts';

export interface WarehouseOptions {
  /** Approximate number of drawn interior line segments. */
  segments: number;
  /** Plan size [m]. */
  width?: number;
  depth?: number;
  eaveHeight?: number;
  /** Ridge rise above the valleys [m]. */
  rise?: number;
}

export interface WarehousePlan {
  input: RoofInput;
  /** Bays along y (between ridge/valley lines) and columns along x (between cross lines). */
  rows: number;
  cols: number;
  /** Faces the roof must have: one planar quad per cell. */
  expectedFaces: number;
  drawnSegments: number;
}

/**
 * A multi-bay warehouse roof as a designer draws it: ridges and valleys alternate along y (each drawn
 * click by click as a chain of segments between the structural grid lines), heights given only at
 * their ends on the gable walls; structural cross lines drawn as single long lines from eave to eave,
 * passing through every chain vertex (T-junctions). Every grid cell is one planar face whose height
 * the engine finds by planarity propagation from the walls inwards.
 */
export function warehousePlan(opts: WarehouseOptions): WarehousePlan {
  // An odd number of ridge/valley lines: ridges at odd positions, so the last strip falls from a
  // ridge to the eave and no strip is flat.
  const n = Math.max(3, Math.round(Math.sqrt(opts.segments))) | 1;
  const rows = n + 1; // strips between y = 0, ridge/valley lines 1..n, y = depth
  const cols = n + 1;
  const width = opts.width ?? 400;
  const depth = opts.depth ?? 300;
  const eave = opts.eaveHeight ?? 10;
  const rise = opts.rise ?? Math.min(1.5, (depth / rows) * 0.2);
  const dx = width / cols;
  const dy = depth / rows;
  const outerPoints = [
    { id: 'c0', x: 0, y: 0 },
    { id: 'c1', x: width, y: 0 },
    { id: 'c2', x: width, y: depth },
    { id: 'c3', x: 0, y: depth },
  ];
  const points: { id: string; x: number; y: number; z?: number }[] = [];
  const lines: { id: string; idp1: string; idp2: string }[] = [];
  // Lines y = i·dy, i = 1..n: odd i ridges (eave + rise), even i valleys (eave). Chain vertices at
  // x = j·dx, j = 0..cols; the two ends lie on the gable walls and carry the height.
  for (let i = 1; i <= n; i++) {
    const y = i * dy;
    const z = i % 2 === 1 ? eave + rise : eave;
    for (let j = 0; j <= cols; j++) {
      const p: { id: string; x: number; y: number; z?: number } = { id: `r${i}_${j}`, x: j * dx, y };
      if (j === 0 || j === cols) p.z = z;
      points.push(p);
      if (j > 0) lines.push({ id: `s${i}_${j}`, idp1: `r${i}_${j - 1}`, idp2: `r${i}_${j}` });
    }
  }
  // Cross lines x = j·dx, j = 1..n... (cols − 1 of them), eave to eave.
  for (let j = 1; j < cols; j++) {
    points.push({ id: `b${j}`, x: j * dx, y: 0 }, { id: `t${j}`, x: j * dx, y: depth });
    lines.push({ id: `x${j}`, idp1: `b${j}`, idp2: `t${j}` });
  }
  return {
    input: { building: { id: 'warehouse', eaveHeight: eave, outerPoints, points, lines } },
    rows,
    cols,
    expectedFaces: rows * cols,
    drawnSegments: lines.length,
  };
}

/** A star-shaped simple polygon with `n` vertices (alternating radii + a wobble): many reflex vertices. */
export function starPolygon(n: number, radius = 50, seed = 1): [number, number][] {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = radius * (0.55 + 0.35 * rand() + (i % 2 ? 0.1 : 0));
    out.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return out;
}

/** Shoelace area of a plan polygon [m²] (absolute; src/model/plan-geometry.ts). */
export function polygonArea(poly: readonly (readonly [number, number])[]): number {
  return Math.abs(signedArea(poly));
}
