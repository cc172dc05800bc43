// The shading heat map's colours: a perceptual ramp (matplotlib's viridis, van der Walt & Smith 2015,
// "A better default colormap for Matplotlib", SciPy 2015) over the per-module shading loss.
//
// The scale: a loss of `minLoss` or less is viridis' bright yellow end; a loss of `maxLoss` or more is
// its dark purple end; in between the ramp runs linearly in loss, so darker always means more shading
// (viridis' lightness rises monotonically from purple to yellow). The default scale is 0–20 % —
// rooftop losses mostly sit in 0–20 %, and a 0–100 % scale would paint every roof the same yellow;
// the editor fits it to the modules' values (shade/heat-scale.ts: their min–max) so that their
// differences always show. A scale of no width (every module alike) paints the yellow end.
// Between the 11 published control points (viridis at 0, 0.1, …, 1) the colour is interpolated
// linearly in sRGB.

/** Loss at the dark end of the default scale [0–1]. */
export const HEAT_MAX_LOSS = 0.2;

/**
 * matplotlib viridis at t = 0, 0.1, …, 1 (matplotlib `_cm_listed._viridis_data`, as `viridis(t)`
 * returns them) [sRGB 0–1]. Index 0 is the dark end.
 */
export const VIRIDIS_STOPS: readonly (readonly [number, number, number])[] = [
  [0.267004, 0.004874, 0.329415],
  [0.282623, 0.140926, 0.457517],
  [0.253935, 0.265254, 0.529983],
  [0.206756, 0.371758, 0.553117],
  [0.163625, 0.471133, 0.558148],
  [0.127568, 0.566949, 0.550556],
  [0.134692, 0.658636, 0.517649],
  [0.266941, 0.748751, 0.440573],
  [0.477504, 0.821444, 0.318195],
  [0.741388, 0.873449, 0.149561],
  [0.993248, 0.906157, 0.143936],
];

/** viridis(t) for t in [0, 1] (clamped; NaN gives the dark end) [sRGB 0–1]. */
export function viridis(t: number): [number, number, number] {
  const n = VIRIDIS_STOPS.length - 1;
  const s = Number.isNaN(t) ? 0 : Math.min(1, Math.max(0, t)) * n;
  const i = Math.min(n - 1, Math.floor(s));
  const f = s - i;
  const a = VIRIDIS_STOPS[i];
  const b = VIRIDIS_STOPS[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/**
 * Heat-map colour of a module's shading loss [0–1]: yellow at `minLoss` and below, dark purple at
 * `maxLoss` and above [sRGB 0–1].
 */
export function heatRgb(loss: number, maxLoss = HEAT_MAX_LOSS, minLoss = 0): [number, number, number] {
  const span = maxLoss - minLoss;
  return viridis(span > 0 ? 1 - (loss - minLoss) / span : Number.isNaN(loss) ? Number.NaN : 1);
}

/** The same colour as bytes [0–255], written into `out` at `offset` with alpha 255. */
export function heatRgba8(loss: number, out: Uint8Array, offset: number, maxLoss = HEAT_MAX_LOSS, minLoss = 0): void {
  const [r, g, b] = heatRgb(loss, maxLoss, minLoss);
  out[offset] = Math.round(r * 255);
  out[offset + 1] = Math.round(g * 255);
  out[offset + 2] = Math.round(b * 255);
  out[offset + 3] = 255;
}

/** CSS colour of an sRGB triple [0–1]. */
export function rgbCss([r, g, b]: readonly [number, number, number], alpha = 1): string {
  const c = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 255);
  return alpha >= 1 ? `rgb(${c(r)}, ${c(g)}, ${c(b)})` : `rgba(${c(r)}, ${c(g)}, ${c(b)}, ${alpha})`;
}

/** One legend stop: a loss [0–1] and its colour. */
export interface HeatLegendStop {
  readonly loss: number;
  readonly rgb: readonly [number, number, number];
  readonly css: string;
}

/** `count` evenly spaced legend stops from `minLoss` to `maxLoss` (the last one reads "≥ maxLoss"). */
export function heatLegend(maxLoss = HEAT_MAX_LOSS, count = 5, minLoss = 0): HeatLegendStop[] {
  const stops: HeatLegendStop[] = [];
  for (let i = 0; i < count; i++) {
    const loss = minLoss + ((maxLoss - minLoss) * i) / Math.max(1, count - 1);
    const rgb = heatRgb(loss, maxLoss, minLoss);
    stops.push({ loss, rgb, css: rgbCss(rgb) });
  }
  return stops;
}

/** A CSS linear gradient of the scale, the least loss on the left (for the legend bar). */
export function heatLegendGradient(maxLoss = HEAT_MAX_LOSS, steps = 10, minLoss = 0): string {
  return `linear-gradient(to right, ${heatLegend(maxLoss, steps + 1, minLoss)
    .map((s, i) => `${s.css} ${((100 * i) / steps).toFixed(1)}%`)
    .join(', ')})`;
}
