// The winter-solstice row spacing rule (src/design-rules/row-spacing.ts) against GB 50797-2012's closed form
// for due-south rows, D = H·(0.707·tanφ + 0.4338)/(0.707 − 0.4338·tanφ) (cos 45° and tan 23.45° rounded
// to 3–4 digits, hence the 1 % tolerance), and against the shadow geometry worked by hand for racks
// that do not face the equator.
import { describe, expect, it } from 'vitest';
import { sunAngles, sunVector, winterDeclination, winterRowSpacing } from '../../../src/design-rules/row-spacing.ts';

const D2R = Math.PI / 180;

/** GB 50797's closed form for due-south (north of the equator) rows [m]. */
function gb50797(height: number, latitude: number): number {
  const t = Math.tan(Math.abs(latitude) * D2R);
  return (height * (0.707 * t + 0.4338)) / (0.707 - 0.4338 * t);
}

describe('GB 50797 closed form (due-south rows, the equator-facing rows south of the equator)', () => {
  it.each([20, 30, 40, 50])('latitude %i° N: within 1 %', (lat) => {
    const d = winterRowSpacing(2, lat, 180);
    expect(Math.abs(d - gb50797(2, lat)) / gb50797(2, lat)).toBeLessThan(0.01);
  });

  it.each([-20, -30, -40, -50])('latitude %i° (south), rows facing north: within 1 %', (lat) => {
    const d = winterRowSpacing(2, lat, 0);
    expect(Math.abs(d - gb50797(2, lat)) / gb50797(2, lat)).toBeLessThan(0.01);
  });

  it('scales with the rack height', () => {
    expect(winterRowSpacing(3, 35, 180)).toBeCloseTo(1.5 * winterRowSpacing(2, 35, 180), 9);
    expect(winterRowSpacing(0, 35, 180)).toBe(0);
  });
});

describe('the geometry of the window', () => {
  it('the sun at solar noon on the winter solstice stands 90° − φ − 23.44° high, due south', () => {
    // Textbook noon altitude: α = 90° − |φ − δ| with δ = −23.44°.
    const { elevation, azimuth } = sunAngles(sunVector(40, winterDeclination(40), 0));
    expect(elevation).toBeCloseTo(90 - 40 - 23.44, 9);
    expect(azimuth).toBeCloseTo(180, 9);
    // 09:00 (ω = −45°) is in the south-east, 15:00 in the south-west, mirror images.
    const am = sunAngles(sunVector(40, -23.44, -45));
    const pm = sunAngles(sunVector(40, -23.44, 45));
    expect(am.azimuth).toBeGreaterThan(90);
    expect(am.azimuth).toBeLessThan(180);
    expect(am.azimuth + pm.azimuth).toBeCloseTo(360, 9);
    expect(am.elevation).toBeCloseTo(pm.elevation, 9);
  });

  it('an east-facing rack is bound at 09:00: D = H·(cos δ·sin 45°)/(sin φ sin δ + cos φ cos δ cos 45°)', () => {
    // Facing east (d = (1, 0)), the shadow behind the rack reaches H·s_east/s_up. s_east = −cos δ·sin ω
    // is largest at ω = −45° (09:00) and s_up is smallest at the window's ends: the maximum is 09:00.
    const lat = 35;
    const delta = -23.44 * D2R;
    const phi = lat * D2R;
    const expected = (Math.cos(delta) * Math.sin(45 * D2R)) / (Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.cos(45 * D2R));
    expect(winterRowSpacing(1, lat, 90)).toBeCloseTo(expected, 9);
  });

  it('a rack turned 20° west of south is bound inside the afternoon, above the due-south value', () => {
    // Turning the rack towards the afternoon sun lengthens the 15:00 shadow along its facing: the
    // reach is H·(s·d)/s_up with d = (sin 200°, cos 200°). It must be at least the value at 15:00.
    const lat = 30;
    const s = sunVector(lat, -23.44, 45);
    const d = [Math.sin(200 * D2R), Math.cos(200 * D2R)];
    const at15 = (s[0] * d[0] + s[1] * d[1]) / s[2];
    const got = winterRowSpacing(1, lat, 200);
    expect(got).toBeGreaterThanOrEqual(at15 - 1e-12);
    expect(got).toBeGreaterThan(winterRowSpacing(1, lat, 180));
  });

  it('racks facing away from the winter sun need no spacing: their shadow falls on the backs of the row in front', () => {
    expect(winterRowSpacing(2, 40, 0)).toBe(0);
  });

  it('polar winter: the sun is below the horizon at 09:00 beyond ~58.5° N, the rule cannot be met', () => {
    // Sunrise hour angle on the solstice: cos ω0 = −tan φ·tan δ; ω0 < 45° when tan φ > cos 45°/tan 23.44°, i.e. φ > 58.5°.
    expect(winterRowSpacing(1, 60, 180)).toBe(Infinity);
    expect(Number.isFinite(winterRowSpacing(1, 57, 180))).toBe(true);
  });
});
