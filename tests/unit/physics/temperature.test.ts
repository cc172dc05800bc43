// Cell temperature models (src/physics/temperature.ts) against pvlib-python's published test values
// (pvlib tests/test_temperature.py) and the SAPM parameter table of King et al. 2004 (SAND2004-3535).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TEMPERATURE_MODEL_PARAMETERS,
  cellTemperature,
  cellTemperatureScalar,
  faiman,
  faimanArray,
  pvsystCell,
  pvsystCellArray,
  sapmCell,
  sapmCellArray,
  sapmCellFromModule,
  sapmModule,
  sapmModuleArray,
  type TemperatureModel,
} from '../../../src/physics/temperature.ts';

const glassGlass = TEMPERATURE_MODEL_PARAMETERS.sapm.openRackGlassGlass;
// The three-step series used throughout pvlib's tests: irradiance, air temperature, wind.
const poa = Float64Array.from([0, 500, 0]);
const air = Float64Array.from([0, 10, 5]);
const wind = Float64Array.from([10, 5, 0]);

describe('SAPM (King et al. 2004)', () => {
  it('uses the open-rack glass/glass parameters of King et al. 2004 Table 2', () => {
    expect(glassGlass).toEqual({ a: -3.47, b: -0.0594, deltaT: 3 });
  });

  it('gives pvlib test_sapm_cell: 900 W/m², 20 °C, 5 m/s → 43.509 °C (rtol 1e-3)', () => {
    const t = sapmCell(900, 20, 5, glassGlass.a, glassGlass.b, glassGlass.deltaT);
    expect(Math.abs(t - 43.509) / 43.509).toBeLessThan(1e-3);
  });

  it('gives pvlib test_sapm_module: 40.809 °C (rtol 1e-3)', () => {
    const t = sapmModule(900, 20, 5, glassGlass.a, glassGlass.b);
    expect(Math.abs(t - 40.809) / 40.809).toBeLessThan(1e-3);
  });

  it('adds E/1000·ΔT from module to cell (pvlib test_sapm_cell_from_module)', () => {
    expect(sapmCellFromModule(50, 900, 3)).toBeCloseTo(50 + (900 / 1000) * 3, 12);
  });

  it('matches pvlib test_sapm_ndarray over arrays (rtol 1e-3); zero irradiance gives the air temperature', () => {
    const cell = sapmCellArray(poa, air, wind, glassGlass);
    const mod = sapmModuleArray(poa, air, wind, glassGlass);
    const expCell = [0, 23.06066166, 5];
    const expMod = [0, 21.56066166, 5];
    for (let k = 0; k < 3; k++) {
      expect(cell[k]).toBeCloseTo(expCell[k], 6);
      expect(mod[k]).toBeCloseTo(expMod[k], 6);
    }
  });
});

describe('PVsyst', () => {
  it('gives pvlib test_pvsyst_cell_default: 900 W/m², 20 °C, 5 m/s → 45.137 °C (rtol 1e-3)', () => {
    expect(Math.abs(pvsystCell(900, 20, 5) - 45.137) / 45.137).toBeLessThan(1e-3);
  });

  it('gives pvlib test_pvsyst_cell_kwargs: Uc 23.5, Uv 6.25, η 0.1 → 33.315 °C (rtol 1e-3)', () => {
    expect(Math.abs(pvsystCell(900, 20, 5, 23.5, 6.25, 0.1) - 33.315) / 33.315).toBeLessThan(1e-3);
  });

  it('matches pvlib test_pvsyst_cell_ndarray with default parameters', () => {
    const t = pvsystCellArray(poa, air, wind);
    [0, 23.965517, 5].forEach((e, k) => expect(t[k]).toBeCloseTo(e, 5));
  });
});

describe('Faiman 2008', () => {
  it('gives pvlib test_faiman_default: 900 W/m², 20 °C, 5 m/s → 35.203 °C (atol 1e-3)', () => {
    expect(Math.abs(faiman(900, 20, 5) - 35.203)).toBeLessThan(1e-3);
  });

  it('gives pvlib test_faiman_kwargs: U0 22, U1 6 → 37.308 °C (atol 1e-3)', () => {
    expect(Math.abs(faiman(900, 20, 5, 22, 6) - 37.308)).toBeLessThan(1e-3);
  });

  it('matches pvlib test_faiman_ndarray (atol 1e-3)', () => {
    const t = faimanArray(poa, air, wind);
    [0, 18.446, 5].forEach((e, k) => expect(Math.abs(t[k] - e)).toBeLessThan(1e-3));
  });
});

describe('cellTemperature dispatcher', () => {
  const models: [TemperatureModel, number][] = [
    [{ model: 'sapm', ...glassGlass }, 43.509],
    [{ model: 'pvsyst', uc: 29, uv: 0 }, 45.137],
    [{ model: 'faiman', u0: 25, u1: 6.84 }, 35.203],
  ];

  it.each(models)('routes %o to the named model (pvlib values at 900 W/m², 20 °C, 5 m/s)', (model, expected) => {
    const t = cellTemperature(model, Float64Array.of(900), Float64Array.of(20), Float64Array.of(5));
    expect(Math.abs(t[0] - expected)).toBeLessThan(2e-3);
    expect(cellTemperatureScalar(model, 900, 20, 5)).toBe(t[0]);
  });

  it('rejects an unknown model name', () => {
    const bad = { model: 'ross', k: 0.03 } as unknown as TemperatureModel;
    expect(() => cellTemperature(bad, poa, air, wind)).toThrow(/unknown temperature model "ross"/);
    expect(() => cellTemperatureScalar(bad, 1, 1, 1)).toThrow(/unknown temperature model/);
  });

  it('rejects arrays of different lengths and fills a supplied output array', () => {
    expect(() => cellTemperature({ model: 'faiman' }, poa, Float64Array.of(1), wind)).toThrow(RangeError);
    const out = new Float64Array(3);
    expect(cellTemperature({ model: 'faiman' }, poa, air, wind, out)).toBe(out);
  });

  it('never cools a module below the air temperature in sunlight, and heats more with more sun (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1400, noNaN: true }),
        fc.double({ min: -40, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.constantFrom<TemperatureModel>({ model: 'sapm', ...glassGlass }, { model: 'pvsyst' }, { model: 'faiman' }),
        (e, ta, ws, m) => {
          const t = cellTemperatureScalar(m, e, ta, ws);
          return t >= ta - 1e-9 && cellTemperatureScalar(m, e + 100, ta, ws) > t;
        },
      ),
    );
  });
});
