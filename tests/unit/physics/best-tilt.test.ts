// bestTilt (src/physics/best-tilt.ts): the tilt of largest annual plane-of-array irradiation.
// Invariants (the returned tilt beats its neighbours at ±1° and ±5°; a plane facing away from the sun
// is best flat; an equator site is best near flat) and one published figure: PVGIS's optimal slope
// for 45° N 8° E (the site of the PVGIS TMY fixture, Piedmont).
import { describe, expect, it } from 'vitest';
import { annualPoa, bestTilt, daylightHours } from '../../../src/physics/best-tilt.ts';
import { parsePvgisTmyJson } from '../../../src/weather/pvgis.ts';
import { syntheticYear } from '../../../src/weather/synthetic.ts';
import { FILES, readWeatherText } from '../weather/data.ts';

const turin = parsePvgisTmyJson(readWeatherText(FILES.pvgisJson));

describe('the PVGIS TMY of 45° N 8° E', () => {
  const best = bestTilt(turin);
  const hours = daylightHours(turin);

  it('the returned tilt has more annual POA than the tilts 1° and 5° either side', () => {
    expect(best.azimuth).toBe(180);
    for (const d of [-5, -1, 1, 5]) expect(best.poaKwhM2).toBeGreaterThanOrEqual(annualPoa(hours, best.tilt + d, 180));
    expect(best.poaKwhM2).toBeCloseTo(annualPoa(hours, best.tilt, 180), 9);
  });

  it("is within 3° of PVGIS's optimal slope for the site (about 37–39°)", () => {
    // PVGIS 5 (EC JRC) reports an optimal slope of about 37–39° at 45° N 8° E (PVcalc with
    // optimalangles; figure as given in the issue, not re-fetched offline — its own timeseries headers
    // show 35° at 47.5° N 8.6° E and 38° at 48.2° N 17.2° E for SARAH2). PVGIS maximises PV energy
    // (with its reflection and temperature losses) rather than POA irradiation, so a ±3° band around
    // 38° is asked for, not an exact match.
    expect(Math.abs(best.tilt - 38)).toBeLessThan(3);
  });

  it('a plane facing north at 45° N is best flat', () => {
    // Tilting a north-facing plane only turns it away from the sun's beam and the brighter southern sky.
    expect(bestTilt(turin, { azimuth: 0 }).tilt).toBeLessThan(0.05);
  });
});

describe('synthetic clear-sky years', () => {
  it('an equator site is best near flat (0–10°)', () => {
    const year = syntheticYear({ latitude: 0, longitude: 30 });
    const best = bestTilt(year);
    expect(best.tilt).toBeGreaterThanOrEqual(0);
    expect(best.tilt).toBeLessThan(10);
  });

  it('south of the equator the default azimuth is north (0°) and the optimum beats its neighbours', () => {
    const year = syntheticYear({ latitude: -30, longitude: 150 });
    const best = bestTilt(year);
    expect(best.azimuth).toBe(0);
    const hours = daylightHours(year);
    for (const d of [-5, -1, 1, 5]) expect(best.poaKwhM2).toBeGreaterThanOrEqual(annualPoa(hours, best.tilt + d, 0));
    // The same plane turned to face south (away from the sun) collects less.
    expect(annualPoa(hours, best.tilt, 180)).toBeLessThan(best.poaKwhM2);
  });
});

describe('with a far horizon', () => {
  it('a flat horizon changes nothing; a wall of 90° leaves only the ground-reflected light', () => {
    const flat = bestTilt(turin, { horizon: [[0, 0], [180, 0]] });
    const none = bestTilt(turin);
    expect(flat.tilt).toBeCloseTo(none.tilt, 9);
    expect(flat.poaKwhM2).toBeCloseTo(none.poaKwhM2, 6);
    // Behind a 90° wall all round the plane sees no sky and no sun: its POA is the ground term alone,
    // GHI·albedo·(1 − cos β)/2 (isotropic ground, Liu & Jordan), largest at 90°.
    const walled = daylightHours(turin, 0.2, [[0, 90], [180, 90]]);
    const ghi = (turin.ghi.reduce((a, b) => a + b, 0) * (turin.intervalMinutes / 60)) / 1000;
    expect(annualPoa(walled, 90, 180, 'isotropic')).toBeCloseTo((ghi * 0.2 * (1 - Math.cos(Math.PI / 2))) / 2, 0);
  });

  it('a mountain range to the south (20° high from SE to SW) costs the best-tilt plane its low winter sun', () => {
    const ridge: [number, number][] = [[0, 0], [130, 0], [135, 20], [225, 20], [230, 0], [359, 0]];
    const open = bestTilt(turin);
    const behind = bestTilt(turin, { horizon: ridge });
    expect(behind.poaKwhM2).toBeLessThan(open.poaKwhM2 * 0.95);
    // Without the low (winter) sun, steep tilts lose their reason: the best tilt drops.
    expect(behind.tilt).toBeLessThan(open.tilt);
  });
});
