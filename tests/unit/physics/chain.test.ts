// The energy chain (simulate): worked examples that can be checked by hand, the energy balance of the
// loss tree, and invariants on real typical years (the shared TMY3 and PVGIS files, read in place).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/engine/simulate.ts';
import type { SimulateInput } from '../../../src/model/simulate.ts';
import { readWeatherFile } from '../../../src/weather/detect.ts';
import type { WeatherRecord } from '../../../src/weather/record.ts';
import { weatherPath, FILES } from '../weather/data.ts';

const GREENSBORO = { latitude: 36.1, longitude: -79.95, elevation: 273 };
const TURIN = { latitude: 45, longitude: 8, elevation: 250 };

const pvwattsArray = (over: Partial<SimulateInput['arrays'][number]> = {}): SimulateInput['arrays'][number] => ({
  name: 'a',
  surfaceTilt: 0,
  surfaceAzimuth: 180,
  modulesPerString: 10,
  strings: 2,
  module: { model: 'pvwatts', pdc0: 500, gammaPdc: 0 },
  iam: { model: 'none' },
  ...over,
});

/** simulate's hourly arrays from a record, with some columns replaced. */
function hourlyOf(record: WeatherRecord, over: Partial<Record<'ghi' | 'dni' | 'dhi', number[]>> = {}) {
  return {
    times: Array.from(record.times, (t) => new Date(t).toISOString()),
    ghi: over.ghi ?? Array.from(record.ghi),
    dni: over.dni ?? Array.from(record.dni),
    dhi: over.dhi ?? Array.from(record.dhi),
    tempAir: Array.from(record.tempAir),
    windSpeed: Array.from(record.windSpeed),
  };
}

/** A CEC module: the SAM CEC database entry "Canadian Solar Inc. CS5P-220M" as pvlib's tests use it. */
const CS5P_220M = {
  model: 'singleDiode' as const,
  parameterSet: 'cec' as const,
  alphaSc: 0.004539,
  aRef: 2.6373,
  iLRef: 5.114,
  iORef: 8.196e-10,
  rShRef: 381.68,
  rS: 1.065,
  adjust: 8.7,
};

describe('simulate: worked examples', () => {
  it('one hour at the equinox noon on the equator: DC = pdc0 × G / 1000 and PVWatts AC = 0.96 × DC at ζ = 1', async () => {
    // Horizontal modules, no IAM, γ = 0, an all-diffuse hour (DNI 0, DHI = GHI = 1000 W/m²): POA = DHI for
    // a horizontal plane, so each of the 20 modules gives exactly pdc0 = 500 W (PVWatts DC). An inverter
    // with pdc0 = 10 kW sees ζ = 1, where PVWatts' curve gives η = η_nom/η_ref × (−0.0162 − 0.0059 +
    // 0.9858) = η_nom = 0.96 (Dobos 2014, eq. 3).
    const out = await simulate({
      site: { latitude: 0, longitude: 0 },
      weather: { hourly: { times: ['2025-03-20T11:30:00Z'], ghi: [1000], dni: [0], dhi: [1000], tempAir: [25], windSpeed: [1] } },
      arrays: [pvwattsArray()],
      inverter: { model: 'pvwatts', pdc0: 10_000 },
      output: { hourly: true },
    });
    expect(out.hourly!.dc[0]).toBeCloseTo(10_000, 6);
    expect(out.hourly!.ac[0]).toBeCloseTo(9_600, 6);
    expect(out.hourly!.poaGlobal[0]).toBeCloseTo(1000, 9);
    expect(out.annual.dcKwh).toBeCloseTo(10, 9);
    expect(out.annual.acKwh).toBeCloseTo(9.6, 9);
    // PR = (9.6 kWh / 10 kWp) / (1 kWh/m² / 1 kW/m²) = 0.96.
    expect(out.annual.performanceRatio).toBeCloseTo(0.96, 9);
  });

  it('a horizontal lossless array on the Greensboro TMY3 (all diffuse, isotropic) makes capacity × Σ GHI of DC energy', async () => {
    // Independent of the chain: the year's GHI summed straight from the file's records. With DNI set to 0
    // and DHI = GHI, a horizontal plane under the isotropic model receives exactly DHI while the Sun is up;
    // hours the file gives light but the mid-hour Sun is below the horizon (twilight) count as 0.
    const record = await readWeatherFile(weatherPath(FILES.tmy3));
    const sumGhi = record.ghi.reduce((s, v) => s + v, 0) / 1000; // kWh/m²
    const out = await simulate({
      site: GREENSBORO,
      transposition: 'isotropic',
      weather: { hourly: hourlyOf(record, { dni: new Array<number>(record.times.length).fill(0), dhi: Array.from(record.ghi) }) },
      arrays: [pvwattsArray()],
      inverter: { model: 'pvwatts', pdc0: 12_000 },
    });
    expect(Math.abs(out.annual.poaKwhM2 - sumGhi) / sumGhi).toBeLessThan(2e-3);
    expect(out.annual.dcKwh).toBeCloseTo(10 * out.annual.poaKwhM2, 6);
    expect(out.annual.capacityKwp).toBe(10);
  });

  it('clipping: an inverter at half the array size never exceeds its AC limit and the excess is the clipping loss', async () => {
    const out = await simulate({
      site: GREENSBORO,
      weather: { file: weatherPath(FILES.tmy3) },
      arrays: [pvwattsArray({ surfaceTilt: 30 })],
      inverter: { model: 'pvwatts', pdc0: 2_500, count: 2 },
      output: { hourly: true },
    });
    const limit = 2 * 0.96 * 2_500;
    expect(Math.max(...out.hourly!.ac)).toBeLessThanOrEqual(limit + 1e-9);
    expect(Math.max(...out.hourly!.ac)).toBeCloseTo(limit, 6);
    const clipping = out.losses.find((l) => l.name === 'clipping')!;
    expect(clipping.kwh).toBeGreaterThan(100);
  });

  it('a fully shaded beam under the isotropic model gives the same energy as a year without beam', async () => {
    // Isotropic POA = beam + DHI (1 + cos β)/2 + ρ GHI (1 − cos β)/2; shading removes only the beam term.
    const record = await readWeatherFile(weatherPath(FILES.tmy3));
    const n = record.times.length;
    const hourly = hourlyOf(record);
    const base = { site: GREENSBORO, transposition: 'isotropic' as const, inverter: { model: 'pvwatts' as const, pdc0: 12_000 } };
    const shaded = await simulate({
      ...base,
      weather: { hourly },
      arrays: [pvwattsArray({ surfaceTilt: 25, shading: { beam: new Array<number>(n).fill(1), diffuse: 0 } })],
    });
    const noBeam = await simulate({ ...base, weather: { hourly: { ...hourly, dni: new Array<number>(n).fill(0) } }, arrays: [pvwattsArray({ surfaceTilt: 25 })] });
    expect(shaded.annual.acKwh).toBeCloseTo(noBeam.annual.acKwh, 6);
    expect(shaded.losses.find((l) => l.name === 'shading')!.kwh).toBeGreaterThan(0);
  });
});

describe('simulate: the loss tree balances', () => {
  it('nominal − Σ losses = AC, to rounding, with every loss active (single diode, Sandia inverter, PVGIS TMY)', async () => {
    const n = 8760;
    const beam = Array.from({ length: n }, (_, i) => ((i * 7919) % 100) / 400); // 0 … 0.25, deterministic
    const out = await simulate({
      site: { ...TURIN, albedo: 0.25 },
      weather: { file: weatherPath(FILES.pvgisJson) },
      arrays: [
        {
          name: 'south',
          surfaceTilt: 30,
          surfaceAzimuth: 180,
          modulesPerString: 1,
          strings: 24,
          module: CS5P_220M,
          temperatureModel: { model: 'faiman', u0: 25, u1: 6.84 },
          iam: { model: 'physical' },
          shading: { beam, diffuse: 0.05 },
          losses: { soiling: 2, mismatch: 2, wiring: 1.5, lid: 1, availability: 3 },
        },
        { name: 'west', surfaceTilt: 15, surfaceAzimuth: 270, modulesPerString: 1, strings: 12, module: CS5P_220M },
      ],
      // Sandia parameters of the micro-inverter "ABB: MICRO-0.25-I-OUTD-US-208" (pvlib's test fixture):
      // 24 of them for 36 modules, 1.5 modules (≈ 330 W STC) per 250 W inverter, so that the group clips.
      inverter: { model: 'sandia', paco: 250, pdco: 259.52, vdco: 40.24, pso: 1.77, c0: -2.48e-5, c1: -9.01e-5, c2: 6.69e-4, c3: -0.0189, pnt: 0.02, count: 24 },
      output: { hourly: true },
    });
    const total = out.losses.reduce((s, l) => s + l.kwh, 0);
    expect(out.annual.nominalKwh - total).toBeCloseTo(out.annual.acKwh, 6);
    for (const name of ['shading', 'iam', 'soiling', 'mismatch', 'lid', 'wiring', 'inverter', 'clipping', 'availability']) {
      expect(out.losses.find((l) => l.name === name)!.kwh, name).toBeGreaterThan(0);
    }
    // Monthly sums add up to the year.
    const monthlyAc = out.monthly.reduce((s, m) => s + m.acKwh, 0);
    expect(monthlyAc).toBeCloseTo(out.annual.acKwh, 6);
    // Night: the Sandia night tare (−pnt per inverter), never NaN.
    const night = out.hourly!.ac.filter((_, i) => out.hourly!.poaGlobal[i] === 0);
    expect(night.length).toBeGreaterThan(3000);
    for (const v of night) expect(v).toBeCloseTo(-0.02 * 24, 12);
    for (const v of out.hourly!.ac) expect(Number.isFinite(v)).toBe(true);
  });

  it('a 30° south array on the PVGIS Turin TMY: plane-of-array gain and PR within physical bounds', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const ghi = record.ghi.reduce((s, v) => s + v, 0) / 1000;
    const out = await simulate({
      site: TURIN,
      weather: { file: weatherPath(FILES.pvgisJson) },
      arrays: [{ name: 'a', surfaceTilt: 30, surfaceAzimuth: 180, modulesPerString: 10, strings: 1, module: CS5P_220M }],
      inverter: { model: 'pvwatts', pdc0: 2_400 },
    });
    // Duffie & Beckman (2013) ch. 2: a latitude-ish south tilt at 45° N gains 10–25 % over the horizontal.
    expect(out.annual.poaKwhM2 / ghi).toBeGreaterThan(1.1);
    expect(out.annual.poaKwhM2 / ghi).toBeLessThan(1.25);
    // IEC 61724 PR of a lossless crystalline system with a 96 % inverter: 0.78–0.92 in a temperate climate.
    expect(out.annual.performanceRatio).toBeGreaterThan(0.78);
    expect(out.annual.performanceRatio).toBeLessThan(0.92);
  });
});

describe('simulate: input and robustness', () => {
  it('the synthetic year is flagged as an estimate', async () => {
    const out = await simulate({
      site: TURIN,
      weather: { synthetic: { clearnessIndex: [0.35, 0.4, 0.45, 0.5, 0.5, 0.55, 0.6, 0.55, 0.5, 0.45, 0.35, 0.3] } },
      arrays: [pvwattsArray({ surfaceTilt: 30 })],
      inverter: { model: 'pvwatts', pdc0: 12_000 },
    });
    expect(out.estimate).toBe(true);
    expect(out.annual.acKwh).toBeGreaterThan(0);
  });

  it('a missing weather file is an input error at weather.file', async () => {
    await expect(
      simulate({ site: TURIN, weather: { file: '/nonexistent.epw' }, arrays: [pvwattsArray()], inverter: { model: 'pvwatts', pdc0: 1000 } }),
    ).rejects.toMatchObject({ name: 'InputError', path: ['weather', 'file'] });
  });

  it('shading.beam must have one value per weather step', async () => {
    await expect(
      simulate({ site: GREENSBORO, weather: { file: weatherPath(FILES.tmy3) }, arrays: [pvwattsArray({ shading: { beam: [0, 1] } })], inverter: { model: 'pvwatts', pdc0: 1000 } }),
    ).rejects.toMatchObject({ name: 'InputError', path: ['arrays', 0, 'shading', 'beam'] });
  });

  it('random valid arrays and weather hours never give NaN', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          tilt: fc.double({ min: 0, max: 90, noNaN: true }),
          azimuth: fc.double({ min: 0, max: 360, noNaN: true }),
          lat: fc.double({ min: -66, max: 66, noNaN: true }),
          ghi: fc.double({ min: 0, max: 1200, noNaN: true }),
          kd: fc.double({ min: 0.05, max: 1, noNaN: true }),
          temp: fc.double({ min: -40, max: 50, noNaN: true }),
          hour: fc.integer({ min: 0, max: 23 }),
        }),
        async ({ tilt, azimuth, lat, ghi, kd, temp, hour }) => {
          const out = await simulate({
            site: { latitude: lat, longitude: 10 },
            weather: {
              hourly: { times: [`2025-06-21T${String(hour).padStart(2, '0')}:00:00Z`], ghi: [ghi], dni: [ghi * (1 - kd)], dhi: [ghi * kd], tempAir: [temp], windSpeed: [2] },
            },
            arrays: [{ name: 'r', surfaceTilt: tilt, surfaceAzimuth: azimuth, modulesPerString: 8, strings: 1, module: CS5P_220M, iam: { model: 'martinRuiz' } }],
            inverter: { model: 'pvwatts', pdc0: 1800 },
            output: { hourly: true },
          });
          for (const v of [out.annual.acKwh, out.annual.dcKwh, out.annual.poaKwhM2, ...out.losses.map((l) => l.kwh)]) expect(Number.isFinite(v)).toBe(true);
          expect(out.annual.dcKwh).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
