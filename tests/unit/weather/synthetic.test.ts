// Invariants of the synthetic (estimated) year: it is labelled an estimate; each month's clearness
// index Kt = ΣGHI / ΣG0h matches the input; the same seed gives the same year; nights are 0; DHI ≤ GHI.
// With clearness indices the year comes from the published generator (src/weather/generator, tested
// in generator-*.test.ts) with Page's (1961) monthly diffuse fraction D̄/H̄ = 1 − 1.13 K̄t.
// G0h is computed here from the SPA solar position at mid-hour and Spencer's extraterrestrial
// irradiance (physics modules tested against their papers), the input Kt comes from an independent
// dataset: the PVGIS TMY for 45° N 8° E. The generator integrates G0h exactly over each hour; against
// the mid-hour sampling here the two differ by up to ~1 % in months of long twilight (±60°).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOfYear, dniExtraSpencer } from '../../../src/physics/atmosphere.ts';
import { clearSkyIneichenAt } from '../../../src/physics/clearsky.ts';
import { solarPositions } from '../../../src/physics/solar-position.ts';
import { solarHours } from '../../../src/weather/generator/solar-hours.ts';
import { assertValidRecord, parsePvgisTmyJson, syntheticYear, type WeatherRecord } from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText } from './data.ts';

const HOUR = 3_600_000;
const D2R = Math.PI / 180;

/** Monthly sums of GHI and of the extraterrestrial horizontal irradiance (mid-hour sun), by local month. */
function monthlySums(r: WeatherRecord): { ghi: Float64Array; extra: Float64Array } {
  const mid = r.times.map((t) => t + HOUR / 2);
  const pos = solarPositions(mid, r.site.latitude, r.site.longitude, { elevation: r.site.elevation });
  const ghi = new Float64Array(12);
  const extra = new Float64Array(12);
  for (let i = 0; i < r.times.length; i++) {
    const m = new Date(r.times[i] + r.site.utcOffset * HOUR).getUTCMonth();
    ghi[m] += r.ghi[i];
    extra[m] += dniExtraSpencer(dayOfYear(mid[i])) * Math.max(Math.cos(pos.zenith[i] * D2R), 0);
  }
  return { ghi, extra };
}

// Monthly Kt of the PVGIS TMY (SARAH3/ERA5 2005–2023) at 45° N 8° E, the input of the tests below.
const pvgis = parsePvgisTmyJson(readWeatherText(FILES.pvgisJson));
const pvgisSums = monthlySums(pvgis);
const KT = Array.from(pvgisSums.ghi, (g, m) => g / pvgisSums.extra[m]);

const site = { latitude: 45, longitude: 8, elevation: 250 };
const year = syntheticYear({ ...site, clearnessIndex: KT, seed: 7 });

describe('synthetic year', () => {
  it('is a labelled estimate with 8760 hourly interval starts from local midnight', () => {
    expect(year.source).toBe('synthetic');
    expect(year.estimate).toBe(true);
    expect(year.meta.notes?.[0]).toMatch(/^Estimate:/);
    expect(year.times.length).toBe(8760);
    expect(year.site.utcOffset).toBe(1); // round(8° / 15°)
    expect(iso(year.times[0])).toBe('1989-12-31T23:00:00.000Z');
    expect(() => assertValidRecord(year)).not.toThrow();
  });

  it('reproduces the input monthly clearness index within 1 %', () => {
    expect(KT.every((k) => k > 0.3 && k < 0.7)).toBe(true); // a plausible input
    const sums = monthlySums(year);
    for (let m = 0; m < 12; m++) expect(sums.ghi[m] / sums.extra[m], `month ${m + 1}`).toBeCloseTo(KT[m], 2);
    for (let m = 0; m < 12; m++) expect(Math.abs(sums.ghi[m] / sums.extra[m] / KT[m] - 1)).toBeLessThan(0.01);
  });

  it('gives the same monthly GHI as the TMY it took the clearness from, within 2 %', () => {
    const sums = monthlySums(year);
    for (let m = 0; m < 12; m++) expect(Math.abs(sums.ghi[m] / pvgisSums.ghi[m] - 1), `month ${m + 1}`).toBeLessThan(0.02);
  });

  it('is reproducible for a seed and varies from day to day', () => {
    const again = syntheticYear({ ...site, clearnessIndex: KT, seed: 7 });
    expect(again.ghi).toEqual(year.ghi);
    expect(again.dni).toEqual(year.dni);
    const other = syntheticYear({ ...site, clearnessIndex: KT, seed: 8 });
    expect(other.ghi).not.toEqual(year.ghi);
    // Daily GHI in June: not all days alike (coefficient of variation above 5 %).
    const daily = Array.from({ length: 30 }, (_, d) => year.ghi.subarray((151 + d) * 24, (152 + d) * 24).reduce((a, b) => a + b, 0));
    const mean = daily.reduce((a, b) => a + b) / daily.length;
    const sd = Math.sqrt(daily.reduce((a, b) => a + (b - mean) ** 2, 0) / daily.length);
    expect(sd / mean).toBeGreaterThan(0.05);
  });

  it('is 0 at night and never above the extraterrestrial irradiance', () => {
    // Night: the sun below the horizon at the start, middle and end of the hour (SPA).
    const at = (offset: number) => solarPositions(year.times.map((t) => t + offset), site.latitude, site.longitude, { elevation: site.elevation });
    const [a, b, c] = [at(0), at(HOUR / 2), at(HOUR)];
    const geo = solarHours(365, site.latitude, site.longitude, 1);
    let nights = 0;
    const wrong: string[] = [];
    for (let i = 0; i < year.times.length; i++) {
      if (a.apparentZenith[i] > 90.5 && b.apparentZenith[i] > 90.5 && c.apparentZenith[i] > 90.5) {
        nights++;
        if (year.ghi[i] !== 0 || year.dni[i] !== 0 || year.dhi[i] !== 0) wrong.push(`night hour ${i}`);
      }
      if (year.ghi[i] > geo.g0h[i] * (1 + 1e-12)) wrong.push(`hour ${i} above the extraterrestrial irradiance`);
    }
    expect(wrong).toEqual([]);
    expect(nights).toBeGreaterThan(3800); // about 45 % of the year
  });

  it('takes its monthly diffuse from Page (1961), D̄/H̄ = 1 − 1.13 K̄t, and its temperatures from the input (0.05 °C)', () => {
    const tempAir = [1, 3, 7, 11, 15, 19, 22, 21, 17, 12, 6, 2];
    const warm = syntheticYear({ ...site, clearnessIndex: KT, seed: 7, tempAir });
    const ghi = new Float64Array(12);
    const dhi = new Float64Array(12);
    const t = new Float64Array(12);
    const hours = new Float64Array(12);
    for (let i = 0; i < warm.times.length; i++) {
      const m = new Date(warm.times[i] + warm.site.utcOffset * HOUR).getUTCMonth();
      ghi[m] += warm.ghi[i];
      dhi[m] += warm.dhi[i];
      t[m] += warm.tempAir[i];
      hours[m]++;
    }
    for (let m = 0; m < 12; m++) {
      expect(Math.abs(dhi[m] / ghi[m] - (1 - 1.13 * KT[m])), `month ${m + 1}`).toBeLessThan(1e-3);
      expect(Math.abs(t[m] / hours[m] - tempAir[m]), `month ${m + 1}`).toBeLessThan(0.05);
    }
    // A daily cycle around the monthly mean; without monthly temperatures pvlib's constant 20 °C.
    expect(Math.max(...warm.tempAir.subarray(4000, 4024)) - Math.min(...warm.tempAir.subarray(4000, 4024))).toBeGreaterThan(0);
    expect(year.tempAir.every((v) => v === 20)).toBe(true);
    expect(year.windSpeed.every((v) => v === 0)).toBe(true);
  });

  it('keeps 0 ≤ DHI ≤ GHI and DNI ≥ 0, all finite', () => {
    for (let i = 0; i < year.times.length; i++) {
      const ok = Number.isFinite(year.dni[i]) && year.dni[i] >= 0 && year.dhi[i] >= 0 && year.dhi[i] <= year.ghi[i] + 1e-9;
      if (!ok) expect.fail(`hour ${i}: ghi ${year.ghi[i]} dni ${year.dni[i]} dhi ${year.dhi[i]}`);
    }
  });

  it('without clearness indices is the Ineichen–Perez clear sky itself, at 20 °C and 0 m/s (pvlib defaults)', () => {
    const clearYear = syntheticYear(site);
    const mid = clearYear.times.map((t) => t + HOUR / 2);
    const clear = clearSkyIneichenAt(mid, { ...site, linkeTurbidity: new Array(12).fill(3) });
    expect(clearYear.ghi).toEqual(clear.ghi);
    expect(clearYear.tempAir.every((t) => t === 20)).toBe(true);
    expect(clearYear.windSpeed.every((w) => w === 0)).toBe(true);
  });

  it('meets the monthly clearness index and DHI ≤ GHI for any site within ±60° and any Kt 0.2–0.75', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.array(fc.double({ min: 0.2, max: 0.75, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.integer(),
        (latitude, longitude, kt, seed) => {
          const r = syntheticYear({ latitude, longitude, clearnessIndex: kt, seed });
          const sums = monthlySums(r);
          // Exactly against the hour-integrated G0h the generator uses (its geometry is tested
          // against Duffie & Beckman and the SPA), within 2 % against mid-hour SPA sampling.
          const geo = solarHours(365, latitude, longitude, r.site.utcOffset);
          const exact = new Float64Array(12);
          for (let i = 0; i < r.times.length; i++) exact[new Date(r.times[i] + r.site.utcOffset * HOUR).getUTCMonth()] += geo.g0h[i];
          for (let m = 0; m < 12; m++) {
            expect(Math.abs(sums.ghi[m] / exact[m] / kt[m] - 1)).toBeLessThan(1e-9);
            expect(Math.abs(sums.ghi[m] / sums.extra[m] / kt[m] - 1)).toBeLessThan(0.02);
          }
          for (let i = 0; i < r.times.length; i++) if (!(r.dhi[i] <= r.ghi[i] + 1e-9 && r.dni[i] >= 0)) return false;
          return true;
        },
      ),
      { numRuns: 8 },
    );
  });

  it('refuses a wrong number of monthly values', () => {
    expect(() => syntheticYear({ ...site, clearnessIndex: [0.5, 0.5] })).toThrow('clearnessIndex needs 12 monthly values, got 2');
  });
});
