// Mounting-structure catalogue (src/model/catalogue/brackets.ts): the parameters fit the layout and
// simulation schemas they feed, the thermal values are PVsyst's published ones, and the tilt rule.
import { describe, expect, it } from 'vitest';
import { BRACKETS, bracketSchema, bracketsFor, bracketTilt } from '../../../src/model/catalogue/brackets.ts';
import { mountingSchema } from '../../../src/model/layout.ts';
import { temperatureModelSchema } from '../../../src/model/simulate.ts';

describe('bracket catalogue', () => {
  it('validates every entry and has unique ids', () => {
    for (const b of BRACKETS) expect(bracketSchema.safeParse(b).success).toBe(true);
    expect(new Set(BRACKETS.map((b) => b.id)).size).toBe(BRACKETS.length);
  });

  it('feeds the layout mounting and the simulation thermal model', () => {
    for (const b of BRACKETS.filter((x) => x.layoutMounting !== null)) {
      const mounting = b.layoutMounting === 'flush' ? { type: 'flush' } : { type: 'tilted', tilt: bracketTilt(b, 0, 25), azimuth: 180, modulesPerColumn: b.rowsPerTable };
      expect(mountingSchema.safeParse(mounting).success).toBe(true);
      expect(temperatureModelSchema.safeParse({ model: 'pvsyst', uc: b.thermal.uc, uv: b.thermal.uv }).success).toBe(true);
    }
  });

  it('uses PVsyst’s U_c: 29 W/m²K free-standing racks, 20 W/m²K flush with an air duct', () => {
    // PVsyst help "Array thermal losses"; pvlib.temperature.pvsyst_cell documents 29 (freestanding).
    expect(BRACKETS.filter((b) => b.layoutMounting === 'tilted').every((b) => b.thermal.uc === 29)).toBe(true);
    expect(BRACKETS.filter((b) => b.layoutMounting === 'flush').every((b) => b.thermal.uc === 20)).toBe(true);
  });

  it('tilts flush mounts with the roof, clamps others into their range, uses the site optimum when asked', () => {
    const [pitched, , ballast, fixed] = BRACKETS;
    expect(bracketTilt(pitched, 27, 30)).toBe(27);
    expect(bracketTilt(ballast, 0, 30)).toBe(10);
    expect(bracketTilt(fixed, 0, 30)).toBe(30);
    expect(bracketTilt(fixed, 0, 45)).toBe(35);
    expect(bracketTilt(fixed, 0, 3)).toBe(10);
    expect(bracketsFor('ground').map((b) => b.id)).toEqual(['ground-fixed', 'single-axis-tracker']);
  });
});
