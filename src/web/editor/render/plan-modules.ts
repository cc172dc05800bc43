// Modules as instances for the plan: per module its plan centre, two half-axis vectors (along the
// row, and up the slope as seen from above) and a colour (the heat map, a selection, or the plain
// module colour). A module of size along × up on a plane tilted `tilt` covers, in plan, a rectangle
// along × up·cos(tilt): the row direction is level, and the slope direction shortens by cos(tilt).
import type { LayoutArray, LayoutDocument } from '../../../model/design.ts';
import type { ModuleRef } from '../contracts.ts';
import { heatRgba8 } from './heat-colours.ts';
import type { PlanHighlight } from './plan-scene.ts';

/** Where one array's modules sit in the instance arrays. */
export interface ModuleArraySpan {
  readonly arrayId: string;
  readonly start: number;
  readonly count: number;
}

/** The geometry of every module of a layout, in the layout's array order then centre order. */
export interface ModuleGeometry {
  readonly count: number;
  /** [x, y] per module [m]. */
  readonly centres: Float32Array;
  /** [ax, ay, bx, by] per module: half-axis along the row, half-axis up the slope in plan [m]. */
  readonly axes: Float32Array;
  readonly arrays: readonly ModuleArraySpan[];
}

/** The modules as the renderers draw them: geometry plus a colour per module. */
export interface ModuleInstances extends ModuleGeometry {
  /** [r, g, b, a] per module [0–255]. */
  readonly colours: Uint8Array;
}

/** Per array id, each module's shading loss [0–1] in the array's centre order (the heat map). */
export type ModuleShade = ReadonlyMap<string, ArrayLike<number>>;

/** Plain module colour (no heat map), a module in an array the analysis has no value for, selection, hover. */
export const MODULE_COLOUR = [30, 58, 138, 255] as const;
export const MODULE_NO_VALUE_COLOUR = [156, 163, 175, 255] as const;
export const MODULE_SELECTED_COLOUR = [245, 158, 11, 255] as const;
export const MODULE_HOVER_COLOUR = [96, 165, 250, 255] as const;

/**
 * The plan half-axes of a module of an array: [ax, ay] along the row (level, perpendicular to the
 * azimuth) of length along / 2, and [bx, by] up the slope (against the azimuth) of length
 * up·cos(tilt) / 2 [m].
 */
export function moduleHalfAxes(a: Pick<LayoutArray, 'tilt' | 'azimuth' | 'along' | 'up'>): [number, number, number, number] {
  const az = (a.azimuth * Math.PI) / 180;
  // The way the module faces, in plan: compass azimuth clockwise from north (x east, y north).
  const fx = Math.sin(az);
  const fy = Math.cos(az);
  const half = a.along / 2;
  const depth = (a.up * Math.cos((a.tilt * Math.PI) / 180)) / 2;
  return [fy * half, -fx * half, -fx * depth, -fy * depth];
}

/** Centres and half-axes of every module of a layout (null: no modules). */
export function buildModuleGeometry(layout: LayoutDocument | null): ModuleGeometry {
  const arrays: ModuleArraySpan[] = [];
  let total = 0;
  for (const a of layout?.arrays ?? []) {
    const n = Math.floor(a.centers.length / 3);
    arrays.push({ arrayId: a.id, start: total, count: n });
    total += n;
  }
  const centres = new Float32Array(2 * total);
  const axes = new Float32Array(4 * total);
  let k = 0;
  for (const a of layout?.arrays ?? []) {
    const [ax, ay, bx, by] = moduleHalfAxes(a);
    const c = a.centers;
    const n = Math.floor(c.length / 3);
    for (let i = 0; i < n; i++, k++) {
      centres[2 * k] = c[3 * i];
      centres[2 * k + 1] = c[3 * i + 1];
      axes[4 * k] = ax;
      axes[4 * k + 1] = ay;
      axes[4 * k + 2] = bx;
      axes[4 * k + 3] = by;
    }
  }
  return { count: total, centres, axes, arrays };
}

function refsOf(h: PlanHighlight | null): readonly ModuleRef[] {
  return h && h.kind === 'modules' ? h.refs : [];
}

/**
 * A colour per module: the heat map when `shade` is given (modules of arrays it does not hold are
 * grey), else the plain module colour; selected modules and the hovered ones drawn over that.
 */
export function buildModuleColours(
  geometry: ModuleGeometry,
  shade: ModuleShade | null,
  selection: PlanHighlight | null,
  hover: PlanHighlight | null,
  maxLoss?: number,
  minLoss?: number,
): Uint8Array {
  const out = new Uint8Array(4 * geometry.count);
  const fill = (start: number, count: number, c: readonly number[]) => {
    for (let i = start; i < start + count; i++) out.set(c, 4 * i);
  };
  for (const span of geometry.arrays) {
    const values = shade?.get(span.arrayId);
    if (!shade) fill(span.start, span.count, MODULE_COLOUR);
    else if (!values) fill(span.start, span.count, MODULE_NO_VALUE_COLOUR);
    else for (let i = 0; i < span.count; i++) heatRgba8(i < values.length ? values[i] : NaN, out, 4 * (span.start + i), maxLoss, minLoss);
  }
  const startOf = new Map(geometry.arrays.map((s) => [s.arrayId, s] as const));
  const paint = (refs: readonly ModuleRef[], c: readonly number[]) => {
    for (const r of refs) {
      const s = startOf.get(r.arrayId);
      if (s && r.index >= 0 && r.index < s.count) out.set(c, 4 * (s.start + r.index));
    }
  };
  paint(refsOf(hover), MODULE_HOVER_COLOUR);
  paint(refsOf(selection), MODULE_SELECTED_COLOUR);
  return out;
}

/** The module whose plan footprint holds the point (x, y) [m], the last drawn on top first; null: none. */
export function pickModule(g: ModuleGeometry, x: number, y: number): ModuleRef | null {
  for (let s = g.arrays.length - 1; s >= 0; s--) {
    const span = g.arrays[s];
    for (let k = span.start + span.count - 1; k >= span.start; k--) {
      const dx = x - g.centres[2 * k];
      const dy = y - g.centres[2 * k + 1];
      const ax = g.axes[4 * k];
      const ay = g.axes[4 * k + 1];
      const bx = g.axes[4 * k + 2];
      const by = g.axes[4 * k + 3];
      // The half-axes are perpendicular: the point's coordinates along them, in half-axis units.
      const u = (dx * ax + dy * ay) / (ax * ax + ay * ay);
      const v = (dx * bx + dy * by) / (bx * bx + by * by);
      if (Math.abs(u) <= 1 && Math.abs(v) <= 1) return { arrayId: span.arrayId, index: k - span.start };
    }
  }
  return null;
}

/** Plan corners of instance k: [x, y] × 4 (centre ± along ± up) [m]. */
export function moduleCorners(g: ModuleGeometry, k: number): [number, number][] {
  const cx = g.centres[2 * k];
  const cy = g.centres[2 * k + 1];
  const [ax, ay, bx, by] = [g.axes[4 * k], g.axes[4 * k + 1], g.axes[4 * k + 2], g.axes[4 * k + 3]];
  return [
    [cx - ax - bx, cy - ay - by],
    [cx + ax - bx, cy + ay - by],
    [cx + ax + bx, cy + ay + by],
    [cx - ax + bx, cy - ay + by],
  ];
}
