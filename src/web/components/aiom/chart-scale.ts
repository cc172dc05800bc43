// The value axis of the O&M bar charts: a "nice" upper bound and evenly spaced ticks (1, 2, 2.5 or 5
// times a power of ten — Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990), and the
// pixel height of a value on it. Pure functions.

/** The smallest nice step ≥ raw: 1, 2, 2.5, 5 or 10 × 10^k. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const k = Math.floor(Math.log10(raw));
  const base = 10 ** k;
  const f = raw / base;
  const m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return m * base;
}

/** Axis from 0 to a nice top ≥ max with about `count` intervals: the ticks (0 first, top last). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const step = niceStep(max / count);
  const n = Math.ceil(max / step - 1e-9);
  return Array.from({ length: n + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** The height [px] of a value on an axis from 0 to top drawn `height` px tall (negative → 0). */
export function barHeight(value: number | null | undefined, top: number, height: number): number {
  if (value == null || !Number.isFinite(value) || value <= 0 || top <= 0) return 0;
  return (Math.min(value, top) / top) * height;
}
