// The 2D plan view's math (contracts.ts PlanView): world metres (x east, y north) ⇄ canvas CSS pixels
// (x right, y down, so y flips), pan, zoom about a point, fit, and the world → clip-space matrices the
// shaders use (column-major, gl-matrix). A PlanView is a readonly value: every operation returns the
// next view and never changes its argument.
import { mat3, mat4 } from 'gl-matrix';
import type { PlanView } from '../contracts.ts';

/** Smallest and largest scale a zoom reaches [m px⁻¹]: 1 mm per pixel … 20 m per pixel. */
export const MIN_M_PER_PX = 0.001;
export const MAX_M_PER_PX = 20;
/** A default view shows about this many metres across the smaller canvas side [m]. */
export const DEFAULT_SPAN_M = 40;

/** A plan box [m]. */
export interface PlanBounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

function clampScale(mPerPx: number): number {
  return Math.min(MAX_M_PER_PX, Math.max(MIN_M_PER_PX, mPerPx));
}

/** A view centred on (cx, cy) [m] showing about DEFAULT_SPAN_M across the smaller side of a canvas [CSS px]. */
export function defaultPlanView(width: number, height: number, cx = 0, cy = 0): PlanView {
  const side = Math.max(1, Math.min(width, height));
  return { cx, cy, mPerPx: DEFAULT_SPAN_M / side, width, height };
}

/** World point [m] → canvas point [CSS px]. */
export function worldToScreen(v: PlanView, x: number, y: number): [number, number] {
  return [v.width / 2 + (x - v.cx) / v.mPerPx, v.height / 2 - (y - v.cy) / v.mPerPx];
}

/** Canvas point [CSS px] → world point [m]. */
export function screenToWorld(v: PlanView, px: number, py: number): [number, number] {
  return [v.cx + (px - v.width / 2) * v.mPerPx, v.cy - (py - v.height / 2) * v.mPerPx];
}

/** The same centre and scale on a canvas of another size [CSS px] (a resize does not zoom). */
export function resizePlanView(v: PlanView, width: number, height: number): PlanView {
  return { ...v, width, height };
}

/** Moves the view by a drag of (dx, dy) [CSS px]: the content follows the pointer. */
export function panBy(v: PlanView, dx: number, dy: number): PlanView {
  return { ...v, cx: v.cx - dx * v.mPerPx, cy: v.cy + dy * v.mPerPx };
}

/**
 * Zooms by `factor` (> 1 zooms in: fewer metres per pixel) keeping the world point under the canvas
 * point (px, py) [CSS px] where it is. The scale is clamped to [MIN_M_PER_PX, MAX_M_PER_PX].
 */
export function zoomAt(v: PlanView, px: number, py: number, factor: number): PlanView {
  const mPerPx = clampScale(v.mPerPx / factor);
  const [wx, wy] = screenToWorld(v, px, py);
  // (wx, wy) must map to (px, py) again under the new scale.
  return { ...v, mPerPx, cx: wx - (px - v.width / 2) * mPerPx, cy: wy + (py - v.height / 2) * mPerPx };
}

/** Zoom factor of one wheel event (deltaY [px]; negative zooms in). */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.0015);
}

/** Centres the view on a box [m] and scales it to fit with `marginPx` [CSS px] on every side. */
export function fitBounds(v: PlanView, b: PlanBounds, marginPx = 40): PlanView {
  const w = Math.max(b.maxX - b.minX, 1e-6);
  const h = Math.max(b.maxY - b.minY, 1e-6);
  const availW = Math.max(1, v.width - 2 * marginPx);
  const availH = Math.max(1, v.height - 2 * marginPx);
  const mPerPx = clampScale(Math.max(w / availW, h / availH));
  return { ...v, cx: (b.minX + b.maxX) / 2, cy: (b.minY + b.maxY) / 2, mPerPx };
}

/** The world box [m] the view shows. */
export function visibleBounds(v: PlanView): PlanBounds {
  const hw = (v.width / 2) * v.mPerPx;
  const hh = (v.height / 2) * v.mPerPx;
  return { minX: v.cx - hw, minY: v.cy - hh, maxX: v.cx + hw, maxY: v.cy + hh };
}

/**
 * World [m] → WebGL clip space as a column-major 3×3 matrix (homogeneous 2D): x' = (x − cx)·sx,
 * y' = (y − cy)·sy with sx = 2 / (width·mPerPx), sy = 2 / (height·mPerPx). Clip y points up, like
 * north, so no flip is needed here (the flip is between clip space and canvas pixels).
 */
export function planViewMatrix3(v: PlanView, out: mat3 = mat3.create()): mat3 {
  const sx = 2 / (v.width * v.mPerPx);
  const sy = 2 / (v.height * v.mPerPx);
  mat3.fromScaling(out, [sx, sy]);
  return mat3.translate(out, out, [-v.cx, -v.cy]);
}

/** The same transform as a column-major 4×4 matrix (z passes through unchanged). */
export function planViewMatrix4(v: PlanView, out: mat4 = mat4.create()): mat4 {
  const sx = 2 / (v.width * v.mPerPx);
  const sy = 2 / (v.height * v.mPerPx);
  mat4.fromScaling(out, [sx, sy, 1]);
  return mat4.translate(out, out, [-v.cx, -v.cy, 0]);
}

/** A "nice" length (1, 2 or 5 × 10ⁿ m) covering at least `minPx` [CSS px]: grid steps, scale bars. */
export function niceStep(v: PlanView, minPx = 18): number {
  const raw = minPx * v.mPerPx;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw * (1 - 1e-12)) return m * p;
  return 10 * p;
}
