// The heat map's scale fitted to the values it shows (issue 18): from the least to the largest
// per-module loss of the run, so that the modules' differences always span the whole colour ramp
// (heat-colours.ts) — a fixed 0–20 % or 0–100 % scale paints a roof whose modules lose 0.1–2 % one
// colour. NaN (a module the run does not cover) is left out.

/** The loss range the ramp spans [0–1]: `min` is its bright end, `max` its dark end. */
export interface HeatScale {
  readonly min: number;
  readonly max: number;
}

/** The min–max of the finite values; null when there is none. */
export function fittedScale(values: Iterable<number>): HeatScale | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}
