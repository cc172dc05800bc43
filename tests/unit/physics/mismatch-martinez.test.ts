// The Martínez-Moreno preview (src/physics/mismatch/martinez.ts) against pvlib-python's test table
// (pvlib/tests/test_shading.py, fixture direct_martinez_Table2: the paper's Table 2 data "sourced from
// the researchers", 16 blocks, shaded fraction = F_GS-H × F_GS-V, pvlib's tolerance atol 5e-3), and
// the shading rule (src/physics/mismatch/shading-rule.ts) worked by hand.
import { describe, expect, it } from 'vitest';
import { directMartinez, martinezBeamFactor } from '../../../src/physics/mismatch/martinez.ts';
import { shadedSubstrings, substringShading } from '../../../src/physics/mismatch/shading-rule.ts';

// F_GS-H, F_GS-V, shaded blocks, POA direct, POA diffuse, measured/modelled power loss (1 − P_S/P_NS)
const TABLE_2: [number, number, number, number, number, number][] = [
  [1.0, 0.09, 16, 846.59, 59.42, 0.8844],
  [1.0, 0.18, 16, 841.85, 59.69, 0.8888],
  [1.0, 0.36, 16, 843.38, 59.22, 0.8994],
  [0.04, 0.64, 1, 851.9, 59.4, 0.0783],
  [0.17, 0.45, 3, 862.86, 58.4, 0.2237],
  [0.29, 0.27, 5, 864.14, 58.11, 0.3282],
  [0.5, 0.09, 8, 863.23, 58.31, 0.4634],
  [0.13, 1.0, 2, 870.14, 58.02, 0.2137],
  [0.25, 1.0, 4, 876.57, 57.98, 0.4],
  [0.38, 1.0, 6, 866.86, 58.89, 0.5577],
  [0.5, 1.0, 8, 874.58, 58.44, 0.6892],
  [0.58, 0.82, 10, 876.8, 58.16, 0.7359],
  [0.75, 0.73, 12, 866.89, 58.73, 0.8113],
  [0.92, 0.64, 15, 861.48, 59.66, 0.8894],
  // pvlib's edge cases
  [0.0, 0.0, 0, 800.0, 50.0, 0.0],
  [1.0, 1.0, 16, 900.0, 0.0, 1.0],
];

describe('directMartinez (pvlib shading.direct_martinez)', () => {
  it.each(TABLE_2)('Table 2: F_H %f, F_V %f, %i blocks → the published loss (±0.005)', (fh, fv, blocks, direct, diffuse, loss) => {
    expect(Math.abs(directMartinez(direct + diffuse, direct, fh * fv, blocks, 16) - loss)).toBeLessThanOrEqual(5e-3);
  });

  it('no light: NaN, as pvlib (0/0)', () => {
    expect(directMartinez(0, 0, 0, 16, 16)).toBeNaN();
    expect(directMartinez(0, 0, 1, 0, 16)).toBeNaN();
  });

  it('by hand: one of 3 blocks shaded over a tenth of the module, 600 W/m² beam + 80 W/m² diffuse', () => {
    // eq. 6: (1 − 0.1)·(1 − 1/4) = 0.675; eq. 8: 1 − (600·0.675 + 80)/680 = 0.28676…
    expect(martinezBeamFactor(0.1, 1, 3)).toBeCloseTo(0.675, 15);
    expect(directMartinez(680, 600, 0.1, 1, 3)).toBeCloseTo(1 - (600 * 0.675 + 80) / 680, 15);
    // a fractional block count is rounded up, as pvlib does
    expect(directMartinez(680, 600, 0.1, 0.2, 3)).toBe(directMartinez(680, 600, 0.1, 1, 3));
  });
});

describe('the shading rule: a module shaded fraction to its substrings', () => {
  const c = new Float64Array(3);

  it('portrait: a shadow from the lower edge crosses every substring; without cell rows any shade blocks the beam', () => {
    substringShading(0.05, 3, 'portrait', undefined, c);
    expect(Array.from(c)).toEqual([1, 1, 1]);
    substringShading(0, 3, 'portrait', undefined, c);
    expect(Array.from(c)).toEqual([0, 0, 0]);
    expect(shadedSubstrings(0.05, 3, 'portrait')).toBe(3);
  });

  it('portrait with 10 cell rows: the lowest row is shaded to the shadow depth in cells (0.05 × 10 = half a cell)', () => {
    substringShading(0.05, 3, 'portrait', 10, c);
    expect(Array.from(c)).toEqual([0.5, 0.5, 0.5]);
    substringShading(0.3, 3, 'portrait', 10, c);
    expect(Array.from(c)).toEqual([1, 1, 1]);
  });

  it('landscape: the shadow fills the substrings from the lowest one', () => {
    substringShading(0.2, 3, 'landscape', undefined, c);
    expect(Array.from(c)).toEqual([1, 0, 0]);
    substringShading(0.5, 3, 'landscape', undefined, c);
    expect(Array.from(c)).toEqual([1, 1, 0]);
    substringShading(1, 3, 'landscape', undefined, c);
    expect(Array.from(c)).toEqual([1, 1, 1]);
    expect(shadedSubstrings(0.2, 3, 'landscape')).toBe(1);
    expect(shadedSubstrings(0.5, 3, 'landscape')).toBe(2);
    expect(shadedSubstrings(1e-9, 3, 'landscape')).toBe(1);
  });

  it('landscape with 6 cell rows (2 per substring): f = 0.4 is 2.4 rows: the lowest substring fully, 0.4 of the lowest cells of the next', () => {
    substringShading(0.4, 3, 'landscape', 6, c);
    expect(c[0]).toBe(1);
    expect(c[1]).toBeCloseTo(0.4, 12);
    expect(c[2]).toBe(0);
    // 0.1 is 0.6 rows: the lowest cells 60 % shaded
    substringShading(0.1, 3, 'landscape', 6, c);
    expect(c[0]).toBeCloseTo(0.6, 12);
    expect(c[1]).toBe(0);
  });

  it('an unknown orientation is refused', () => {
    expect(() => substringShading(0.5, 3, 'sideways' as 'portrait', undefined, c)).toThrow(/orientation/);
  });
});
