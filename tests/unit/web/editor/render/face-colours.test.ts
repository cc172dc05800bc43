// Face colours by azimuth (src/web/editor/render/face-colours.ts): the hue wheel's fixed points, its
// continuity at north, and HSL → RGB against hand-computed values.
import { describe, expect, it } from 'vitest';
import { azimuthHue, faceRgb, hslToRgb } from '../../../../../src/web/editor/render/face-colours.ts';

describe('face colours', () => {
  it('colour wheel: north blue, east green, south red, continuous at north', () => {
    expect(azimuthHue(0)).toBe(220);
    expect(azimuthHue(90)).toBe(110);
    expect(azimuthHue(180)).toBe(0);
    expect(azimuthHue(270)).toBe(290);
    expect(azimuthHue(359.999)).toBeCloseTo(220, 2);
    expect(azimuthHue(-90)).toBe(290);
    const [r, , b] = faceRgb(180, 30);
    expect(r).toBeGreaterThan(b);
    const [r2, , b2] = faceRgb(0, 30);
    expect(b2).toBeGreaterThan(r2);
  });

  it('HSL → RGB (hand-computed: pure red, half-grey, hue 120 at 50 %)', () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual([1, 0, 0]);
    expect(hslToRgb(200, 0, 0.5)).toEqual([0.5, 0.5, 0.5]);
    const [r, g, b] = hslToRgb(120, 1, 0.25);
    expect([r, g, b].map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 0.5, 0]);
  });

  it('flat faces are grey whatever their azimuth', () => {
    expect(faceRgb(180, 0.2)).toEqual([0.66, 0.69, 0.73]);
  });
});
