// planeIrradiation (src/physics/plane-irradiation.ts): the parts of a plane's annual irradiation add up
// to best-tilt.ts's annual POA (with and without a horizon), and the optimal plane is best-tilt's.
import { describe, expect, it } from 'vitest';
import { annualPoa, bestTilt, daylightHours } from '../../../src/physics/best-tilt.ts';
import { annualPoaParts, planeIrradiation } from '../../../src/physics/plane-irradiation.ts';
import { parsePvgisTmyJson } from '../../../src/weather/pvgis.ts';
import { FILES, readWeatherText } from '../weather/data.ts';

const turin = parsePvgisTmyJson(readWeatherText(FILES.pvgisJson));

describe('annual irradiation of planes (PVGIS TMY of 45° N 8° E)', () => {
  it('beam + sky diffuse + ground-reflected is the annual POA, with and without a horizon', () => {
    const horizon: [number, number][] = [
      [0, 5],
      [120, 25],
      [180, 10],
      [300, 15],
    ];
    for (const h of [undefined, horizon]) {
      const hours = daylightHours(turin, 0.2, h);
      for (const [tilt, azimuth] of [
        [30, 180],
        [30, 0],
        [60, 90],
        [0, 180],
      ]) {
        const p = annualPoaParts(hours, tilt, azimuth);
        expect(p.beamKwhM2 + p.skyDiffuseKwhM2 + p.groundKwhM2).toBeCloseTo(p.poaKwhM2, 9);
        expect(p.poaKwhM2).toBeCloseTo(annualPoa(hours, tilt, azimuth), 9);
        expect(p.beamKwhM2).toBeGreaterThan(0);
        // A horizontal plane sees no ground.
        if (tilt === 0) expect(p.groundKwhM2).toBe(0);
      }
    }
  });

  it('the optimal plane faces south at best-tilt’s tilt and collects more than any given plane', () => {
    const r = planeIrradiation(turin, [
      { tilt: 30, azimuth: 180 },
      { tilt: 30, azimuth: 0 },
      { tilt: 30, azimuth: 270 },
    ]);
    expect(r.optimal.azimuth).toBe(180);
    expect(Math.abs(r.optimal.tilt - bestTilt(turin).tilt)).toBeLessThan(0.2);
    // South > west > north, and none above the optimum.
    const [south, north, west] = r.planes.map((p) => p.poaKwhM2);
    expect(south).toBeGreaterThan(west);
    expect(west).toBeGreaterThan(north);
    expect(south).toBeLessThanOrEqual(r.optimal.poaKwhM2 + 1e-9);
  });
});
