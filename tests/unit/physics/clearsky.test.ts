// Ineichen–Perez and Haurwitz clear skies against pvlib's published test values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clearSkyIneichenAt,
  haurwitz,
  ineichen,
  linkeTurbidityArray,
  linkeTurbidityInterpolated,
} from '../../../src/physics/clearsky.ts';

/** Relative difference, as numpy's assert_allclose (rtol 1e-7) checks it. */
function close(actual: number, expected: number, rtol = 1e-7, atol = 0) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(atol + rtol * Math.abs(expected));
}

describe('ineichen', () => {
  it('matches pvlib test_ineichen_scalar_input (zenith 10°, AM 1, TL 3)', () => {
    const cs = ineichen(10, 1, 3);
    close(cs.ghi, 1038.159219);
    close(cs.dni, 942.2081860378344);
    close(cs.dhi, 110.26529293612793);
  });

  it('matches pvlib test_ineichen_dni_extra and test_ineichen_altitude', () => {
    const e = ineichen(10, 1, 3, 0, 1370);
    close(e.ghi, 1042.72590228);
    close(e.dni, 946.35279683);
    close(e.dhi, 110.75033088);
    const a = ineichen(10, 1, 3, 2000);
    close(a.ghi, 1134.24312405);
    close(a.dni, 994.95377835);
    close(a.dhi, 154.40492924);
  });

  // pvlib test_ineichen_series: 2014-06-24 every 3 h at Phoenix, TL 3; NaN air mass at night.
  const zenith = [124.0390863, 113.38779941, 82.85457044, 46.0467599, 10.56413562, 34.86074109, 72.41687122, 105.69538659, 124.05614124];
  const am = [NaN, NaN, 6.97935524, 1.32355476, 0.93527685, 1.12008114, 3.01614096, NaN, NaN];

  it('matches pvlib test_ineichen_series, with 0 at night', () => {
    const expected = [
      [0, 0, 0], [0, 0, 0],
      [65.49426624, 321.16092181, 25.54562017],
      [704.6968125, 888.90147035, 87.73601277],
      [1044.1230677, 953.24925854, 107.03109696],
      [853.02065704, 922.06124712, 96.42909484],
      [251.99427693, 655.44925241, 53.9901349],
      [0, 0, 0], [0, 0, 0],
    ];
    zenith.forEach((z, i) => {
      const cs = ineichen(z, am[i], 3);
      close(cs.ghi, expected[i][0], 1e-7, 1e-6);
      close(cs.dni, expected[i][1], 1e-7, 1e-6);
      close(cs.dhi, expected[i][2], 1e-7, 1e-6);
    });
  });

  it('matches pvlib test_ineichen_series_perez_enhancement', () => {
    const expected = [
      [91.1249279, 321.16092171, 51.17628184],
      [716.46580547, 888.9014706, 99.50500553],
      [1053.42066073, 953.24925905, 116.3286895],
      [863.54692748, 922.06124652, 106.9553658],
      [271.06382275, 655.44925213, 73.05968076],
    ];
    expected.forEach((row, k) => {
      const i = k + 2;
      const cs = ineichen(zenith[i], am[i], 3, 0, 1364, true);
      close(cs.ghi, row[0]);
      close(cs.dni, row[1]);
      close(cs.dhi, row[2]);
    });
  });

  it('never gives NaN or negative irradiance, and GHI = DNI·cos z + DHI', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        fc.double({ min: 1, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (z, airmass, tl, altitude) => {
          const cs = ineichen(z, airmass, tl, altitude);
          const closure = cs.dni * Math.max(Math.cos((z * Math.PI) / 180), 0) + cs.dhi;
          return [cs.ghi, cs.dni, cs.dhi].every((v) => Number.isFinite(v) && v >= -1e-9) && Math.abs(closure - cs.ghi) < 1e-9 * (1 + cs.ghi);
        },
      ),
    );
  });
});

describe('haurwitz', () => {
  it('matches pvlib test_haurwitz', () => {
    const elevation = [-20, -0.05, -0.001, 5, 10, 30, 50, 90];
    const expected = [0, 0, 0, 48.6298687941956, 135.741748091813, 487.894132885425, 778.766689344363, 1035.0920325345];
    elevation.forEach((e, i) => close(haurwitz(90 - e), expected[i], 1e-7, 1e-12));
  });
});

describe('Linke turbidity from monthly values', () => {
  // pvlib test_lookup_linke_turbidity* at 32.125 N, −110.875 E: the table holds 2.85, 2.95, 3.0, 3.4
  // for April … July (test_lookup_linke_turbidity_nointerp_months and the slope of the daily values).
  const monthly = [3, 3, 3, 2.85, 2.95, 3.0, 3.4, 3.3, 3.1, 3, 3, 3];

  it('interpolates from the middle of each month as pvlib', () => {
    close(linkeTurbidityInterpolated(monthly, 175), 3.11803278689, 1e-9); // 2014-06-24
    close(linkeTurbidityInterpolated(monthly, 176), 3.13114754098, 1e-9); // 2014-06-25
    close(linkeTurbidityInterpolated(monthly, 120), 2.89918032787, 1e-9); // 2014-04-30
    close(linkeTurbidityInterpolated(monthly, 151), 2.97540983607, 1e-9); // 2014-05-31
    close(linkeTurbidityInterpolated(monthly, 181), 3.19672131148, 1e-9); // 2014-06-30
  });

  it('uses the local calendar day of each time', () => {
    // 2014-06-24 00:00 and 12:00 at America/Phoenix (UTC−7) → day 175 for both (pvlib's first test).
    const t = [Date.parse('2014-06-24T00:00:00-07:00'), Date.parse('2014-06-24T12:00:00-07:00')];
    const tl = linkeTurbidityArray(t, monthly, -7);
    close(tl[0], 3.11803278689, 1e-9);
    close(tl[1], 3.11803278689, 1e-9);
  });

  it('wraps December to January and rejects a wrong number of months', () => {
    const m = [2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4];
    // 31 Dec (day 365) lies between 15.5 Dec (349.5, TL 4) and 15.5 Jan of the next year (380.5, TL 2)
    close(linkeTurbidityInterpolated(m, 365), 4 + ((365 - 349.5) / 31) * (2 - 4), 1e-12);
    expect(() => linkeTurbidityInterpolated([3, 3], 100)).toThrow(RangeError);
  });
});

describe('clearSkyIneichenAt', () => {
  it('is 0 at night and below the extraterrestrial beam by day', () => {
    const times = new Float64Array(48).map((_, i) => Date.UTC(2025, 5, 21) + i * 1_800_000);
    const out = clearSkyIneichenAt(times, { latitude: 47.5, longitude: 8.5, elevation: 400, linkeTurbidity: new Array(12).fill(3) });
    let day = 0;
    for (let i = 0; i < times.length; i++) {
      expect(out.ghi[i]).toBeGreaterThanOrEqual(0);
      expect(out.dni[i]).toBeLessThan(1364);
      if (out.ghi[i] > 0) day++;
    }
    // ~16 h of daylight at 47.5 N on the June solstice
    expect(day).toBeGreaterThanOrEqual(30);
    expect(day).toBeLessThanOrEqual(34);
    // 00:00 UTC is night at 8.5 E
    expect(out.ghi[0]).toBe(0);
  });
});
