// The shared sky of the energy chain (src/physics/sky-series.ts) and one array on it
// (chain-array.ts): the plane-independent terms are computed once per site and each array only adds
// its angle of incidence and view factors. The regrouped sum must equal the per-step transposition of
// irradiance.ts (`totalIrradiance`, pvlib get_total_irradiance, itself checked against pvlib's
// published test values in irradiance.test.ts) for every model, plane and hour of a real typical year.
import { describe, expect, it } from 'vitest';
import { simulateArraySchema } from '../../../src/model/simulate.ts';
import { simulateArray } from '../../../src/physics/chain-array.ts';
import { totalIrradiance, skyDiffuseModels } from '../../../src/physics/irradiance.ts';
import { skySeries } from '../../../src/physics/sky-series.ts';
import { readWeatherFile } from '../../../src/weather/detect.ts';
import { weatherPath, FILES } from '../weather/data.ts';

const TURIN = { latitude: 45, longitude: 8, elevation: 250, albedo: 0.2 };

/** Planes facing every way, flat to vertical (tilt [°], azimuth clockwise from north [°]). */
const PLANES: [number, number][] = [
  [0, 180],
  [30, 180],
  [35, 90],
  [60, 270],
  [90, 0],
  [15, 135],
  [75, 225],
];

describe('sky series: shared terms per site, angle of incidence per array', () => {
  it.each(skyDiffuseModels)('%s: every hour of the PVGIS Turin TMY equals totalIrradiance (1e-12 of the step value, or 1e-9 W/m²)', async (model) => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const sky = skySeries(record, TURIN, model);
    for (const [surfaceTilt, surfaceAzimuth] of PLANES) {
      const array = simulateArraySchema.parse({
        name: 'p',
        surfaceTilt,
        surfaceAzimuth,
        modulesPerString: 1,
        strings: 1,
        module: { model: 'pvwatts', pdc0: 300, gammaPdc: -0.004 },
        temperatureModel: { model: 'sapm', a: -3.56, b: -0.075, deltaT: 3 },
      });
      const a = simulateArray(sky, array);
      let worst = 0;
      for (let i = 0; i < sky.n; i++) {
        const ref = totalIrradiance(
          {
            surfaceTilt,
            surfaceAzimuth,
            solarZenith: sky.solarZenith[i],
            solarAzimuth: sky.solarAzimuth[i],
            dni: sky.dni[i],
            ghi: sky.ghi[i],
            dhi: sky.dhi[i],
            dniExtra: sky.dniExtra[i],
            airmass: sky.airmass[i],
            albedo: sky.albedo[i],
          },
          model,
        ).poaGlobal;
        const gap = Math.abs(a.poaGlobal[i] - ref) / Math.max(Math.abs(ref) * 1e-12, 1e-9);
        worst = Math.max(worst, gap);
      }
      expect(worst, `tilt ${surfaceTilt}°, azimuth ${surfaceAzimuth}°`).toBeLessThanOrEqual(1);
    }
  });

  it('lists exactly the steps with the Sun above the horizon, and the night is dark on every plane', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const sky = skySeries(record, TURIN, 'perez');
    const expected = [];
    for (let i = 0; i < sky.n; i++) if (sky.solarZenith[i] < 90) expected.push(i);
    expect(Array.from(sky.day)).toEqual(expected);
    // about half the hours of a year at 45° N
    expect(sky.day.length / sky.n).toBeGreaterThan(0.45);
    expect(sky.day.length / sky.n).toBeLessThan(0.55);
  });

  it('rejects an unknown sky diffuse model', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    expect(() => skySeries(record, TURIN, 'klucher' as never)).toThrow(RangeError);
  });
});
