// PVWatts DC model (src/physics/module.ts) against pvlib's published test values
// (pvlib tests/test_pvsystem.py test_pvwatts_dc_*), Dobos 2014 (PVWatts v5 manual, eq. 3).
import { describe, expect, it } from 'vitest';
import { pvwattsDc, pvwattsDcArray } from '../../../src/physics/module.ts';

describe('PVWatts DC', () => {
  it('gives pvlib test_pvwatts_dc_scalars: 900 W/m², 30 °C, 100 W, −0.003/°C → 88.65 W', () => {
    expect(pvwattsDc(900, 30, 100, -0.003)).toBeCloseTo(88.65, 10);
  });

  it('gives the nameplate power at STC (1000 W/m², 25 °C) and honours tempRef', () => {
    expect(pvwattsDc(1000, 25, 550, -0.0035)).toBeCloseTo(550, 10);
    expect(pvwattsDc(1000, 20, 550, -0.0035, 20)).toBeCloseTo(550, 10);
  });

  it('propagates NaN as pvlib test_pvwatts_dc_series does, and gives 0 at night', () => {
    const e = Float64Array.from([Number.NaN, 900, 900, 0]);
    const t = Float64Array.from([30, Number.NaN, 30, 10]);
    const p = pvwattsDcArray(e, t, { pdc0: 100, gammaPdc: -0.003 });
    expect(Number.isNaN(p[0])).toBe(true);
    expect(Number.isNaN(p[1])).toBe(true);
    expect(p[2]).toBeCloseTo(88.65, 10);
    expect(p[3]).toBe(0);
  });

  it('rejects arrays of different lengths', () => {
    expect(() => pvwattsDcArray(new Float64Array(2), new Float64Array(3), { pdc0: 1, gammaPdc: 0 })).toThrow(RangeError);
  });
});
