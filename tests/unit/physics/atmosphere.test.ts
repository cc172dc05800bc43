// Extraterrestrial irradiance, air mass and pressure against pvlib's published test values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absoluteAirmass,
  alt2pres,
  dayOfYear,
  dniExtraArray,
  dniExtraSpencer,
  relativeAirmass,
} from '../../../src/physics/atmosphere.ts';

describe('dniExtraSpencer (Spencer 1971, solar constant 1366.1)', () => {
  it('matches pvlib\'s values', () => {
    // pvlib tests/test_irradiance.py: 2016-10-26 (day 300) → 1383.636203 (test_get_extra_radiation).
    expect(Math.abs(dniExtraSpencer(300) - 1383.636203)).toBeLessThan(1e-6);
    // pvlib fixture dni_et for 2014-06-24 (day 175): 1321.1655834833093.
    expect(dniExtraSpencer(175)).toBeCloseTo(1321.1655834833093, 9);
  });

  it('is highest near perihelion (early January) and lowest near aphelion (early July)', () => {
    // Earth–Sun distance 0.983 AU in January, 1.017 AU in July: ±3.3 % around the solar constant.
    expect(dniExtraSpencer(3)).toBeGreaterThan(1366.1 * 1.03);
    expect(dniExtraSpencer(185)).toBeLessThan(1366.1 * 0.97);
  });

  it('takes the UTC day of the year of each time', () => {
    expect(dayOfYear(Date.parse('2014-06-24T12:00:00Z'))).toBe(175);
    expect(dayOfYear(Date.parse('2016-12-31T23:00:00Z'))).toBe(366);
    expect(dayOfYear(Date.parse('2016-12-31T23:00:00Z'), 2)).toBe(1);
    expect(dniExtraArray([Date.parse('2014-06-24T23:59:00Z')])[0]).toBeCloseTo(1321.1655834833093, 9);
  });
});

describe('air mass (Kasten & Young 1989)', () => {
  it('matches pvlib test_airmass for kastenyoung1989', () => {
    // pvlib tests/test_atmosphere.py: zeniths [100, 89.9, 80, 0] → [nan, 36.467, 5.586, 1.000], atol 0.001.
    expect(relativeAirmass(100)).toBeNaN();
    expect(Math.abs(relativeAirmass(89.9) - 36.467)).toBeLessThan(1e-3);
    expect(Math.abs(relativeAirmass(80) - 5.586)).toBeLessThan(1e-3);
    expect(Math.abs(relativeAirmass(0) - 1)).toBeLessThan(1e-3);
  });

  it('absolute air mass scales with pressure (pvlib test_get_absolute_airmass)', () => {
    // [40, 2, 0.999] at 90000 Pa → [35.529, 1.776, 0.887], atol 0.001.
    expect(Math.abs(absoluteAirmass(40, 90000) - 35.529)).toBeLessThan(1e-3);
    expect(Math.abs(absoluteAirmass(2, 90000) - 1.776)).toBeLessThan(1e-3);
    expect(Math.abs(absoluteAirmass(0.999, 90000) - 0.887)).toBeLessThan(1e-3);
    expect(absoluteAirmass(2)).toBe(2);
  });

  it('grows monotonically away from the zenith to about 38 at the horizon', () => {
    // (the fit dips by 3e-4 below 1 within the first degree of zenith, so the check starts at 5°)
    fc.assert(
      fc.property(fc.double({ min: 5, max: 89.9, noNaN: true }), fc.double({ min: 0.01, max: 0.1, noNaN: true }), (z, dz) => {
        const a = relativeAirmass(z);
        return Number.isFinite(a) && a >= 0.99 && relativeAirmass(z + dz) > a && a < 38.1;
      }),
    );
  });
});

describe('alt2pres', () => {
  it('matches pvlib test_alt2pres', () => {
    // altitudes [-100, 0, 1000, 8000] m → [102532.073, 101324.999, 89874.750, 35600.496] Pa, atol 0.001.
    const expected: [number, number][] = [[-100, 102532.073], [0, 101324.999], [1000, 89874.75], [8000, 35600.496]];
    for (const [h, p] of expected) expect(Math.abs(alt2pres(h) - p)).toBeLessThan(1e-3);
  });
});
