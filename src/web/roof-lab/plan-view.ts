// The plan view: world metres (x east, y north) ↔ canvas CSS pixels (x right, y down, so y flips).
// A readonly value; every operation returns the next view.

export interface PlanView {
  /** World point shown at the canvas centre [m]. */
  readonly cx: number;
  readonly cy: number;
  /** Pixels per metre [px m⁻¹]. */
  readonly scale: number;
  /** Canvas size in CSS pixels. */
  readonly width: number;
  readonly height: number;
}

/** The default view shows about this many metres across the smaller canvas side. */
export const DEFAULT_SPAN_M = 40;
export const MIN_SCALE = 1;
export const MAX_SCALE = 2000;

export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** A view centred on the world origin showing about 40 m × 40 m. */
export function defaultView(width: number, height: number): PlanView {
  const side = Math.max(1, Math.min(width, height));
  return { cx: 0, cy: 0, scale: side / DEFAULT_SPAN_M, width, height };
}

/** World [m] → canvas [px]. */
export function toScreen(v: PlanView, x: number, y: number): [number, number] {
  return [v.width / 2 + (x - v.cx) * v.scale, v.height / 2 - (y - v.cy) * v.scale];
}

/** Canvas [px] → world [m]. */
export function toWorld(v: PlanView, px: number, py: number): [number, number] {
  return [v.cx + (px - v.width / 2) / v.scale, v.cy - (py - v.height / 2) / v.scale];
}

/** Metres covered by one CSS pixel. */
export function metresPerPixel(v: PlanView): number {
  return 1 / v.scale;
}

/** Keeps the centre and the scale; a canvas resize does not zoom. */
export function resizeView(v: PlanView, width: number, height: number): PlanView {
  return { ...v, width, height };
}

/** Zooms by `factor` keeping the world point under the pixel (px, py) fixed. */
export function zoomAt(v: PlanView, px: number, py: number, factor: number): PlanView {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale * factor));
  const [wx, wy] = toWorld(v, px, py);
  // After the zoom, (wx, wy) must still map to (px, py).
  const cx = wx - (px - v.width / 2) / scale;
  const cy = wy + (py - v.height / 2) / scale;
  return { ...v, scale, cx, cy };
}

/** Zoom factor of one wheel event (deltaY in pixels; negative zooms in). */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.0015);
}

/** Moves the view by a drag of (dx, dy) pixels: the content follows the pointer. */
export function panBy(v: PlanView, dx: number, dy: number): PlanView {
  return { ...v, cx: v.cx - dx / v.scale, cy: v.cy + dy / v.scale };
}

/** Centres and scales the view on a world box with a margin of `marginPx` on every side. */
export function fitBounds(v: PlanView, b: Bounds, marginPx = 60): PlanView {
  const w = Math.max(b.maxX - b.minX, 1e-6);
  const h = Math.max(b.maxY - b.minY, 1e-6);
  const sx = (v.width - 2 * marginPx) / w;
  const sy = (v.height - 2 * marginPx) / h;
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.min(sx, sy)));
  return { ...v, cx: (b.minX + b.maxX) / 2, cy: (b.minY + b.maxY) / 2, scale };
}

/** A "nice" grid step [m] so that grid lines are at least `minPx` apart. */
export function gridStep(v: PlanView, minPx = 18): number {
  const raw = minPx / v.scale;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}
