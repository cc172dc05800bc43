// Sun paths for the horizon chart (src/web/components/weather/sun-paths.ts). Expected values from the
// noon-elevation rule of spherical astronomy, elevation = 90° − |φ − δ| with the solstice declination
// δ = ±23.44° (the obliquity of the ecliptic), within 0.2° (the 10-minute sampling and refraction).
import { describe, expect, it } from 'vitest';
import { horizonLine, monthlySunPaths, pathRuns, sunPath } from '../../../src/web/components/weather/sun-paths.ts';

const SHANGHAI = { latitude: 31.23, longitude: 121.47 };
const SYDNEY = { latitude: -33.87, longitude: 151.21 };

const highest = (points: { azimuth: number; elevation: number }[]) => points.reduce((a, b) => (b.elevation > a.elevation ? b : a));

describe('sun paths', () => {
  it('June solstice noon at 31.23° N: 90 − 31.23 + 23.44 within 0.2°, due south', () => {
    const june = sunPath(SHANGHAI.latitude, SHANGHAI.longitude, 2025, 6, 21);
    const noon = highest(june.points);
    expect(Math.abs(noon.elevation - (90 - 31.23 + 23.44))).toBeLessThan(0.2);
    // 8° from the zenith the azimuth sweeps ~100°/h, so the highest 10-minute sample lies within ~8° of south
    expect(Math.abs(noon.azimuth - 180)).toBeLessThan(10);
  });

  it('December solstice noon at 31.23° N: 90 − 31.23 − 23.44 within 0.2°', () => {
    const december = sunPath(SHANGHAI.latitude, SHANGHAI.longitude, 2025, 12, 21);
    expect(Math.abs(highest(december.points).elevation - (90 - 31.23 - 23.44))).toBeLessThan(0.2);
    // above the horizon only, in time order
    for (const p of december.points) expect(p.elevation).toBeGreaterThan(0);
    for (let k = 1; k < december.points.length; k++) expect(december.points[k].time).toBeGreaterThan(december.points[k - 1].time);
  });

  it('southern site: the December noon Sun stands in the north at 90 − 33.87 + 23.44', () => {
    const december = sunPath(SYDNEY.latitude, SYDNEY.longitude, 2025, 12, 21);
    const noon = highest(december.points);
    expect(Math.abs(noon.elevation - (90 - 33.87 + 23.44))).toBeLessThan(0.2);
    expect(Math.min(noon.azimuth, 360 - noon.azimuth)).toBeLessThan(3);
  });

  it('twelve monthly paths, the 21st of each month; near the equinox the Sun rises close to due east', () => {
    const paths = monthlySunPaths(SHANGHAI.latitude, SHANGHAI.longitude);
    expect(paths.map((p) => p.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(paths.every((p) => p.day === 21 && p.points.length > 40)).toBe(true);
    // 21 March: δ ≈ +0.4°, sunrise azimuth within a couple of degrees of 90°
    expect(Math.abs(paths[2].points[0].azimuth - 90)).toBeLessThan(3);
  });

  it('splits a path where it crosses the chart edge, and samples the horizon line across it', () => {
    const runs = pathRuns(
      [
        { azimuth: 350, elevation: 1, time: 0 },
        { azimuth: 355, elevation: 2, time: 1 },
        { azimuth: 2, elevation: 3, time: 2 },
        { azimuth: 8, elevation: 4, time: 3 },
      ],
      0,
    );
    expect(runs).toEqual([
      [
        [350, 1],
        [355, 2],
      ],
      [
        [2, 3],
        [8, 4],
      ],
    ]);
    // centred on north (a southern site's chart runs 180 … 540): one run
    expect(pathRuns([{ azimuth: 350, elevation: 1, time: 0 }, { azimuth: 10, elevation: 2, time: 1 }], 180)).toEqual([
      [
        [350, 1],
        [370, 2],
      ],
    ]);
    const line = horizonLine(
      [
        [0, 10],
        [180, 20],
      ],
      0,
      45,
    );
    expect(line[0]).toEqual([0, 10]);
    expect(line[line.length - 1][0]).toBe(360);
    expect(line.find((p) => p[0] === 90)![1]).toBeCloseTo(15, 12);
  });
});
