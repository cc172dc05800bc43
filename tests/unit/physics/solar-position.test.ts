// NREL SPA against the paper's worked example and Meeus's published solar coordinates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aoi } from '../../../src/physics/irradiance.ts';
import { solarPosition, solarPositions, spaIncidence, spaSteps } from '../../../src/physics/solar-position.ts';

/**
 * Reda & Andreas 2004 (NREL/TP-560-34302), the worked example: 2003-10-17 12:30:30 at −7 h,
 * 39.742476 N, −105.1786 E, 1830.14 m, 820 mbar, 11 °C, ΔT 67 s.
 */
const EXAMPLE_MS = Date.parse('2003-10-17T12:30:30-07:00');
const LAT = 39.742476;
const LON = -105.1786;
const OPTIONS = { elevation: 1830.14, pressure: 82000, temperature: 11, deltaT: 67 };

/** |actual − expected| < 1.5·10^−decimals: numpy's assert_almost_equal, as pvlib's test_spa.py uses it. */
function almost(actual: number, expected: number, decimals: number) {
  expect(Math.abs(actual - expected)).toBeLessThan(1.5 * 10 ** -decimals);
}

describe('SPA worked example (Reda & Andreas 2004)', () => {
  const s = spaSteps(EXAMPLE_MS, LAT, LON, OPTIONS);

  it('gives the paper\'s topocentric zenith 50.11162° and azimuth 194.34024°', () => {
    // Paper, section A5: zenith 50.11162°, azimuth 194.34024° (5 decimals published).
    almost(s.zenith, 50.11162, 5);
    almost(s.azimuth, 194.34024, 5);
    const p = solarPosition(EXAMPLE_MS, LAT, LON, OPTIONS);
    almost(p.apparentZenith, 50.11162, 5);
    almost(p.azimuth, 194.34024, 5);
    // zenith without refraction = 90 − e0 (pvlib test_spa: theta0 = 90 − 39.872046)
    almost(p.zenith, 90 - 39.872046, 6);
    almost(p.elevation, 39.872046, 6);
    almost(p.apparentElevation, 39.888378, 6);
  });

  it('gives the paper\'s incidence angle 25.18700° on a 30° slope rotated −10°', () => {
    // Paper, section A5: surface slope 30°, azimuth rotation −10° → incidence 25.18700°.
    almost(spaIncidence(s.zenith, s.azimuth, 30, -10), 25.187, 5);
    // The same with the compass convention of irradiance.aoi: rotation −10° from south = 170°.
    almost(aoi(30, 170, s.zenith, s.azimuth), 25.187, 5);
  });

  it('reproduces every intermediate value of Table A5.1 to its published precision', () => {
    // Values and decimals as pvlib's tests/test_spa.py, which transcribes the paper's table.
    almost(s.jd, 2452930.312847, 6);
    almost(s.jc, 0.0379277986858, 6);
    almost(s.jde, 2452930.313623, 5);
    almost(s.jce, 0.037927819916852, 10);
    almost(s.jme, 0.003792781991685, 10);
    almost(s.L, 24.0182616917, 6);
    almost(s.B, -0.0001011219, 6);
    almost(s.R, 0.9965422974, 6);
    almost(s.theta, 204.0182616917, 6);
    almost(s.beta, 0.0001011219, 6);
    almost(s.x0, 17185.861179, 5);
    almost(s.x1, 1722.893218, 5);
    almost(s.x2, 18234.075703, 5);
    almost(s.x3, 18420.071012, 5);
    almost(s.x4, 51.686951, 6);
    almost(s.deltaPsi, -0.0039984, 6);
    almost(s.deltaEpsilon, 0.00166657, 6);
    almost(s.epsilon0, 84379.672625, 6);
    almost(s.epsilon, 23.440465, 6);
    almost(s.deltaTau, -0.005711, 6);
    almost(s.lambda, 204.0085519281, 6);
    almost(s.nu0, 318.515579, 3);
    almost(s.nu, 318.51191, 5);
    almost(s.alpha, 202.227408, 6);
    almost(s.delta, -9.31434, 6);
    almost(s.H, 11.1059, 4);
    almost(s.xi, 0.002451, 6);
    almost(s.deltaAlpha, -0.000369, 4);
    almost(s.alphaPrime, 202.22704, 5);
    almost(s.deltaPrime, -9.316179, 5);
    almost(s.HPrime, 11.10627, 5);
    almost(s.e0, 39.872046, 6);
    almost(s.deltaE, 0.016332, 6);
    almost(s.e, 39.888378, 6);
    almost(s.gamma, 14.340241, 5);
    almost(s.azimuth, 194.340241, 5);
  });

  it('gives the example\'s equation of time, 14.64 min', () => {
    // pvlib test_spa.py test_equation_of_time: 14.64 min to 2 decimals (SPA eq. A.1 on the example).
    almost(solarPosition(EXAMPLE_MS, LAT, LON, OPTIONS).equationOfTime, 14.64, 2);
  });

  it('takes pressure in Pa: 820 mbar = 82000 Pa gives the paper\'s refraction 0.016332°', () => {
    almost(spaSteps(EXAMPLE_MS, LAT, LON, { ...OPTIONS, pressure: 82000 }).deltaE, 0.016332, 6);
    // Twice the pressure, twice the refraction (SPA eq. 42 is linear in P).
    const doubled = spaSteps(EXAMPLE_MS, LAT, LON, { ...OPTIONS, pressure: 164000 }).deltaE;
    expect(doubled / s.deltaE).toBeCloseTo(2, 12);
  });
});

describe('geocentric Sun against Meeus, Astronomical Algorithms (2nd ed.)', () => {
  // Example 25.b (VSOP87 in full): 1992 October 13.0 TD, apparent α = 198.378178°,
  // δ = −7.783871°; example 28.a: equation of time E = 3.427351° = 13.709404 min.
  // SPA truncates VSOP87: its stated uncertainty ±0.0003° is the tolerance here.
  const tdMs = Date.UTC(1992, 9, 13) - 67_000; // UT = TD − ΔT with ΔT 67 s
  const s = spaSteps(tdMs, 0, 0, { deltaT: 67 });

  it('right ascension and declination within 0.0003°', () => {
    expect(s.jde).toBeCloseTo(2448908.5, 9);
    expect(Math.abs(s.alpha - 198.378178)).toBeLessThan(3e-4);
    expect(Math.abs(s.delta - -7.783871)).toBeLessThan(3e-4);
    expect(Math.abs(solarPosition(tdMs, 0, 0, { deltaT: 67 }).declination - -7.783871)).toBeLessThan(3e-4);
  });

  it('equation of time within 0.0012 min (0.0003° of right ascension)', () => {
    expect(Math.abs(s.equationOfTime - 3.427351 * 4)).toBeLessThan(1.2e-3);
  });
});

describe('solarPositions (many times)', () => {
  /** An hourly month around the example plus the example time itself: the interpolating path. */
  function monthWithExample(): Float64Array {
    const t = new Float64Array(24 * 30 + 1);
    const start = EXAMPLE_MS - 15 * 86_400_000 + 1_234_567;
    for (let i = 0; i < t.length - 1; i++) t[i] = start + i * 3_600_000;
    t[t.length - 1] = EXAMPLE_MS;
    return t;
  }

  it('gives the paper\'s zenith and azimuth at the example time on the fast path', () => {
    const out = solarPositions(monthWithExample(), LAT, LON, OPTIONS);
    const i = out.zenith.length - 1;
    almost(out.apparentZenith[i], 50.11162, 5);
    almost(out.azimuth[i], 194.34024, 5);
    almost(out.equationOfTime[i], 14.64, 2);
    almost(out.elevation[i], 39.872046, 5);
  });

  it('gives the paper\'s values on the direct path (few times over a long span)', () => {
    const times = [Date.UTC(1950, 0, 1), EXAMPLE_MS, Date.UTC(2080, 5, 1)];
    const out = solarPositions(times, LAT, LON, OPTIONS);
    almost(out.apparentZenith[1], 50.11162, 5);
    almost(out.azimuth[1], 194.34024, 5);
  });

  it('agrees with the per-time SPA within 1e-5° over a year of hours', () => {
    // The grid interpolation's error budget (file header); SPA's own uncertainty is 3e-4°.
    const n = 8760;
    const t = new Float64Array(n);
    const start = Date.UTC(2025, 0, 1, 0, 30);
    for (let i = 0; i < n; i++) t[i] = start + i * 3_600_000;
    const site = { lat: -33.9, lon: 151.2, options: { elevation: 40, pressure: 100800, temperature: 18 } };
    const out = solarPositions(t, site.lat, site.lon, site.options);
    for (let i = 0; i < n; i += 7) {
      const p = solarPosition(t[i], site.lat, site.lon, site.options);
      expect(Math.abs(out.apparentZenith[i] - p.apparentZenith)).toBeLessThan(1e-5);
      expect(Math.abs(((out.azimuth[i] - p.azimuth + 540) % 360) - 180)).toBeLessThan(1e-5);
      expect(Math.abs(out.equationOfTime[i] - p.equationOfTime)).toBeLessThan(1e-5);
      expect(Math.abs(out.declination[i] - p.declination)).toBeLessThan(1e-5);
    }
  });

  it('NaN times give NaN, the others are unaffected', () => {
    const t = monthWithExample();
    t[3] = NaN;
    const out = solarPositions(t, LAT, LON, OPTIONS);
    expect(out.zenith[3]).toBeNaN();
    almost(out.apparentZenith[t.length - 1], 50.11162, 5);
  });

  it('valid random sites and times give finite positions within their physical ranges', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (lat, lon, t0, elevation) => {
          const times = new Float64Array(48).map((_, i) => t0 + i * 1_800_000);
          const out = solarPositions(times, lat, lon, { elevation });
          for (let i = 0; i < times.length; i++) {
            const values = [out.zenith[i], out.apparentZenith[i], out.azimuth[i], out.equationOfTime[i], out.declination[i]];
            if (!values.every(Number.isFinite)) return false;
            if (out.zenith[i] < 0 || out.zenith[i] > 180 || out.azimuth[i] < 0 || out.azimuth[i] >= 360) return false;
            // refraction lifts the Sun: apparent zenith never exceeds the true one
            if (out.apparentZenith[i] > out.zenith[i] + 1e-12) return false;
            // the equation of time stays within about ±16.5 min, declination within ±23.45°
            if (Math.abs(out.equationOfTime[i]) > 17 || Math.abs(out.declination[i]) > 23.45) return false;
          }
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });
});
