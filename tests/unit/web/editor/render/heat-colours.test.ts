// The heat map's colours: a user reads "darker = more shading" and the legend's stops; the ramp is
// matplotlib's viridis, whose published values are checked here.
import { describe, expect, it } from 'vitest';
import { HEAT_MAX_LOSS, heatLegend, heatRgb, viridis } from '../../../../../src/web/editor/render/heat-colours.ts';

/** WCAG relative luminance of an sRGB colour [0–1]. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

describe('heat colours', () => {
  it('matches matplotlib viridis at 0, 0.5 and 1 (matplotlib test values, to 1e-6)', () => {
    // matplotlib.colormaps['viridis'](0.0 / 0.5 / 1.0): (0.267004, 0.004874, 0.329415),
    // (0.127568, 0.566949, 0.550556), (0.993248, 0.906157, 0.143936).
    const close = (a: number[], b: number[]) => a.forEach((x, i) => expect(x).toBeCloseTo(b[i], 6));
    close(viridis(0), [0.267004, 0.004874, 0.329415]);
    close(viridis(0.5), [0.127568, 0.566949, 0.550556]);
    close(viridis(1), [0.993248, 0.906157, 0.143936]);
  });

  it('no loss is viridis yellow, the full-scale loss is viridis purple, half of it the middle teal', () => {
    expect(heatRgb(0)).toEqual(viridis(1));
    expect(heatRgb(HEAT_MAX_LOSS)).toEqual(viridis(0));
    expect(heatRgb(HEAT_MAX_LOSS / 2)[1]).toBeCloseTo(0.566949, 6);
    expect(heatRgb(0.5, 0.5)).toEqual(viridis(0));
    // Losses beyond the scale stay at its dark end.
    expect(heatRgb(0.9)).toEqual(viridis(0));
  });

  it('gets darker monotonically as the loss grows', () => {
    let last = Infinity;
    for (let i = 0; i <= 400; i++) {
      const l = luminance(heatRgb((i / 400) * HEAT_MAX_LOSS));
      expect(l).toBeLessThan(last);
      last = l;
    }
  });

  it('gives legend stops from no loss to the full scale, evenly spaced, in the ramp colours', () => {
    const stops = heatLegend(0.2, 5);
    [0, 0.05, 0.1, 0.15, 0.2].forEach((loss, i) => expect(stops[i].loss).toBeCloseTo(loss, 15));
    expect(stops[0].css).toBe('rgb(253, 231, 37)'); // viridis(1) × 255, rounded: #fde725
    expect(stops[4].css).toBe('rgb(68, 1, 84)'); // viridis(0) × 255, rounded: #440154
    for (const s of stops) expect(s.rgb).toEqual(heatRgb(s.loss, 0.2));
  });
});
