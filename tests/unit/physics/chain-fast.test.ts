// The fast chain (chain-path.ts 'fast': the cached sky of sky-cache.ts and the packed loop of
// chain-array-fast.ts) against the step-by-step path it replaced ('reference': sky-series.ts and
// chain-array.ts), on pvlib's own typical-year fixtures (the PVGIS Turin TMY and the Greensboro TMY3 of
// pvlib's tests): every number of the answer within 1e-9 relative (the paths do the same arithmetic but
// for the physical IAM's regrouping and polynomial exponential, a few 1e-16 apart), for every
// transposition, temperature, IAM and module model, with far and near shading and losses, with and
// without the hourly block (the totals the same either way); the electrical chain on the cached sky,
// to the bit; and the cache: the same weather again is a hit with the same answer, a changed hour or a
// changed site is a new sky, and a caller changing its record afterwards changes nothing kept.
import { describe, expect, it } from 'vitest';
import { simulateInputSchema, type SimulateInput, type SimulateOutput } from '../../../src/model/simulate.ts';
import { simulateChain } from '../../../src/physics/chain.ts';
import { chainSteps } from '../../../src/physics/chain-path.ts';
import { cachedSkySeries, clearSkyCache } from '../../../src/physics/sky-cache.ts';
import { readWeatherFile } from '../../../src/weather/detect.ts';
import type { WeatherRecord } from '../../../src/weather/record.ts';
import { weatherPath, FILES } from '../weather/data.ts';

const TURIN = { latitude: 45, longitude: 8, elevation: 250 };
const GREENSBORO = { latitude: 36.1, longitude: -79.95, elevation: 273 };

/** SAM CEC "Canadian Solar Inc. CS5P-220M" (pvlib's test module). */
const CS5P_220M = { model: 'singleDiode', parameterSet: 'cec', alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 } as const;
/** Sandia "ABB: MICRO-0.25-I-OUTD-US-208" (pvlib's test inverter). */
const MICRO = { model: 'sandia', paco: 250, pdco: 259.52, vdco: 40.24, pso: 1.77, c0: -2.48e-5, c1: -9.01e-5, c2: 6.69e-4, c3: -0.0189, pnt: 0.02 } as const;

const pvwatts = (name: string, surfaceTilt: number, surfaceAzimuth: number, over: Partial<SimulateInput['arrays'][number]> = {}): SimulateInput['arrays'][number] => ({
  name,
  surfaceTilt,
  surfaceAzimuth,
  modulesPerString: 10,
  strings: 2,
  module: { model: 'pvwatts', pdc0: 400, gammaPdc: -0.0037 },
  ...over,
});

/** Every number of an answer, in a fixed order. */
function numbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbers(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbers(v, out);
  return out;
}

/** The largest relative difference between two answers of the same shape. */
function worstRelative(a: SimulateOutput, b: SimulateOutput): number {
  const x = numbers(a);
  const y = numbers(b);
  expect(y.length).toBe(x.length);
  let worst = 0;
  for (let i = 0; i < x.length; i++) {
    if (Object.is(x[i], y[i])) continue;
    const scale = Math.max(Math.abs(x[i]), Math.abs(y[i]));
    worst = Math.max(worst, scale === 0 ? 0 : Math.abs(x[i] - y[i]) / scale);
  }
  return worst;
}

function both(record: WeatherRecord, raw: SimulateInput, hourly = true) {
  const input = simulateInputSchema.parse({ ...raw, output: { hourly } });
  return { fast: simulateChain(record, input), reference: simulateChain(record, input, { path: 'reference' }) };
}

describe('the fast chain gives the reference path’s answers (1e-9 relative, every hourly value)', () => {
  const cases: [string, string, (n: number) => SimulateInput][] = [
    [
      'one PVWatts array, Perez, SAPM, physical IAM (the defaults)',
      FILES.pvgisJson,
      () => ({ site: TURIN, weather: { synthetic: {} }, arrays: [pvwatts('south', 30, 180)], inverter: { model: 'pvwatts', pdc0: 7_000 } }),
    ],
    [
      'single diode and PVWatts on a Sandia group: Hay–Davies, Faiman and PVsyst cells, Martin–Ruiz and ASHRAE IAM, near shading, every loss',
      FILES.pvgisJson,
      (n) => ({
        site: { ...TURIN, albedo: 0.25 },
        weather: { synthetic: {} },
        transposition: 'haydavies',
        arrays: [
          {
            name: 'cec',
            surfaceTilt: 25,
            surfaceAzimuth: 160,
            modulesPerString: 1,
            strings: 24,
            module: CS5P_220M,
            temperatureModel: { model: 'faiman', u0: 25, u1: 6.84 },
            iam: { model: 'martinRuiz', ar: 0.16 },
            shading: { beam: Array.from({ length: n }, (_, i) => ((i * 7919) % 100) / 400), diffuse: 0.05 },
            losses: { soiling: 2, mismatch: 2, wiring: 1.5, lid: 1, availability: 3 },
          },
          pvwatts('west', 15, 270, { temperatureModel: { model: 'pvsyst', uc: 29, uv: 1.2 }, iam: { model: 'ashrae', b0: 0.05 }, iamOnDiffuse: false }),
        ],
        inverter: { ...MICRO, count: 24 },
      }),
    ],
    [
      'isotropic sky behind a horizon line, two SAPM mountings, no IAM and a physical IAM of other glass',
      FILES.tmy3,
      () => ({
        site: GREENSBORO,
        weather: { synthetic: {} },
        transposition: 'isotropic',
        horizon: [
          [0, 4],
          [90, 12],
          [180, 6],
          [270, 15],
        ],
        arrays: [
          pvwatts('east', 35, 100, { temperatureModel: { model: 'sapm', a: -2.98, b: -0.0471, deltaT: 1 }, iam: { model: 'none' } }),
          pvwatts('flat', 0, 180, { temperatureModel: { model: 'sapm', a: -3.56, b: -0.075, deltaT: 3 }, iam: { model: 'physical', n: 1.45, K: 8, L: 0.004 } }),
        ],
        inverter: { model: 'pvwatts', pdc0: 12_000 },
      }),
    ],
    [
      // −KL/cos θ₂ over [−0.24, −0.1]: too wide for the fast path's polynomial exponential, Math.exp instead
      'a physical IAM of low index and thick absorbing layer, Faiman cells, three inverters',
      FILES.pvgisJson,
      () => ({
        site: TURIN,
        weather: { synthetic: {} },
        arrays: [pvwatts('south', 35, 170, { temperatureModel: { model: 'faiman' }, iam: { model: 'physical', n: 1.1, K: 50, L: 0.002 } })],
        inverter: { model: 'pvwatts', pdc0: 2_500, count: 3 },
      }),
    ],
  ];

  it.each(cases)('%s', async (_name, file, make) => {
    const record = await readWeatherFile(weatherPath(file));
    const { fast, reference } = both(record, make(record.times.length));
    expect(fast.hourly!.ac.length).toBe(record.times.length);
    expect(fast.annual.acKwh).toBeGreaterThan(0);
    expect(worstRelative(fast, reference)).toBeLessThanOrEqual(1e-9);
    // and again, now from the cache
    expect(worstRelative(both(record, make(record.times.length)).fast, reference)).toBeLessThanOrEqual(1e-9);
    // without the hourly block (no series kept per step): the same totals, month by month and loss by loss
    const plain = both(record, make(record.times.length), false);
    expect(plain.fast.hourly).toBeUndefined();
    expect(worstRelative(plain.fast, plain.reference)).toBeLessThanOrEqual(1e-9);
    expect({ ...plain.fast, hourly: fast.hourly }).toEqual(fast);
  });

  it('200 arrays of distinct orientations on one inverter group', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const arrays = Array.from({ length: 200 }, (_, k) => pvwatts(`a${k}`, 5 + ((k * 37) % 55), 90 + ((k * 53) % 180)));
    const { fast, reference } = both(record, { site: TURIN, weather: { synthetic: {} }, arrays, inverter: { model: 'pvwatts', pdc0: 200 * 8_000 } });
    expect(worstRelative(fast, reference)).toBeLessThanOrEqual(1e-9);
  });
});

describe('the electrical chain on the cached sky', () => {
  it('the same answer, to the bit, as on a sky computed afresh; a second call from the cache alike', async () => {
    clearSkyCache();
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const strings = (array: number, from: number) => ({ array, modules: Array.from({ length: 10 }, (_, k) => from + k) });
    const input = simulateInputSchema.parse({
      site: TURIN,
      weather: { synthetic: {} },
      arrays: [
        { name: 'south', surfaceTilt: 30, surfaceAzimuth: 180, modulesPerString: 10, strings: 2, module: CS5P_220M, losses: { mismatch: 1, wiring: 0.5 } },
        { name: 'west', surfaceTilt: 20, surfaceAzimuth: 260, modulesPerString: 10, strings: 1, module: CS5P_220M },
      ],
      inverter: { model: 'pvwatts', pdc0: 7_000 },
      electrical: {
        inverters: [{ id: 'INV-1', mppts: [{ strings: [strings(0, 0), strings(0, 10)], wiringOhm: 0.1 }, { strings: [strings(1, 0)] }], acWiringOhm: 0.05 }],
        moduleShading: { '0#3': { steps: [4000, 4001, 4002], beam: [0.5, 0.5, 0.5] } },
      },
      output: { hourly: true },
    });
    const reference = simulateChain(record, input, { path: 'reference' });
    expect(reference.electrical!.inverters[0].acKwh).toBeGreaterThan(0);
    expect(simulateChain(record, input)).toEqual(reference);
    expect(simulateChain(record, input)).toEqual(reference);
  });
});

describe('the sky cache', () => {
  const site = { ...TURIN, albedo: 0.2 };

  it('the same site, model and weather values again: the kept sky, equal to a fresh one', async () => {
    clearSkyCache();
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const first = cachedSkySeries(record, site, 'perez');
    // A second reading of the file: other objects, the same values.
    const again = cachedSkySeries(await readWeatherFile(weatherPath(FILES.pvgisJson)), site, 'perez');
    expect(again).toBe(first);
    const fresh = chainSteps(record, site, 'perez', undefined, 'reference').sky;
    for (const key of ['solarZenith', 'solarAzimuth', 'airmass', 'iso', 'circ', 'horizon', 'groundReflected'] as const) {
      expect(Array.from(first[key]), key).toEqual(Array.from(fresh[key]));
    }
    expect(Array.from(first.day)).toEqual(Array.from(fresh.day));
  });

  it('a changed hour, site, model or horizon is a new sky', async () => {
    clearSkyCache();
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const base = cachedSkySeries(record, site, 'perez');
    const noon = base.day[base.day.length >> 1];
    const changed = { ...record, ghi: Float64Array.from(record.ghi) };
    changed.ghi[noon] += 10;
    const other = cachedSkySeries(changed, site, 'perez');
    expect(other).not.toBe(base);
    expect(other.groundReflected[noon]).toBeCloseTo((record.ghi[noon] + 10) * 0.2, 9);
    expect(cachedSkySeries(record, { ...site, albedo: 0.3 }, 'perez')).not.toBe(base);
    expect(cachedSkySeries(record, site, 'haydavies')).not.toBe(base);
    expect(cachedSkySeries(record, site, 'perez', [[0, 10]])).not.toBe(base);
    expect(cachedSkySeries(record, site, 'perez')).not.toBe(base); // four newer skies pushed it out
  });

  it('a record changed after the call changes nothing kept', async () => {
    clearSkyCache();
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    const sky = cachedSkySeries(record, site, 'isotropic');
    const i = sky.day[100];
    const dhi = sky.iso[i];
    record.dhi[i] += 50;
    expect(sky.iso[i]).toBe(dhi);
    expect(sky.dhi[i]).not.toBe(record.dhi[i]);
    // and the changed record is a new sky, with the new value: isotropic iso = dhi/2
    expect(cachedSkySeries(record, site, 'isotropic').iso[i]).toBe(record.dhi[i] * 0.5);
  });

  it('an unknown path is rejected', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisJson));
    expect(() => chainSteps(record, site, 'perez', undefined, 'turbo' as never)).toThrow(/unknown chain path "turbo"/);
  });
});
