// The year of the generator (src/weather/generator/monthly-year.ts) from the product's station
// climate (datasets/climate/china-stations-monthly.csv, CDSRD / CBED, XAUAT, from CMA observations):
// the monthly sums it must reproduce, the physical invariants of every hour, the temperature rule of
// Erbs, Klein & Beckman (1983), reproducibility and input validation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { solarPositions } from '../../../src/physics/solar-position.ts';
import { fitBoundedSum } from '../../../src/weather/generator/bounded-sum.ts';
import { monthlyYear, type MonthlyClimate, type MonthlyYearOptions } from '../../../src/weather/generator/monthly-year.ts';
import { mulberry32 } from '../../../src/weather/generator/random.ts';
import { solarHours } from '../../../src/weather/generator/solar-hours.ts';
import { tagUpperBound } from '../../../src/weather/generator/tag-hourly.ts';
import { erbsTemperatureShape } from '../../../src/weather/generator/temperature-cycle.ts';
import { assertValidRecord, type WeatherRecord } from '../../../src/weather/index.ts';
import { iso } from './data.ts';

const HOUR = 3_600_000;
const D2R = Math.PI / 180;

interface Station extends MonthlyClimate {
  ghi: number[];
  dhi: number[];
  tempAir: number[];
  id: string;
  latitude: number;
  longitude: number;
  elevation: number;
}

/** Every station of the product's monthly climate file. */
function stations(): Station[] {
  const text = readFileSync(new URL('../../../datasets/climate/china-stations-monthly.csv', import.meta.url), 'utf8');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const col = new Map(header.split(',').map((h, i) => [h, i]));
  const twelve = (cells: string[], prefix: string) => Array.from({ length: 12 }, (_, m) => Number(cells[col.get(`${prefix}_${String(m + 1).padStart(2, '0')}`)!]));
  return rows.map((row) => {
    const c = row.split(',');
    return {
      id: c[col.get('station_id')!],
      latitude: Number(c[col.get('lat')!]),
      longitude: Number(c[col.get('lon')!]),
      elevation: Number(c[col.get('alt_m')!]),
      ghi: twelve(c, 'ghi'),
      dhi: twelve(c, 'dhi'),
      tempAir: twelve(c, 'tavg'),
    };
  });
}

const ALL = stations();
const byId = (id: string) => ALL.find((s) => s.id === id)!;
const SHANGHAI = byId('58367');
const LHASA = byId('55591');

function yearOf(s: Station, extra: Partial<MonthlyYearOptions> = {}): WeatherRecord {
  return monthlyYear({ latitude: s.latitude, longitude: s.longitude, elevation: s.elevation, utcOffset: 8, climate: s, name: s.id, ...extra });
}

/** Monthly means by local month: daily GHI, DHI [kWh m⁻² day⁻¹], air temperature [°C]. */
function monthly(r: WeatherRecord): { ghi: number[]; dhi: number[]; tempAir: number[] } {
  const sum = { ghi: new Array(12).fill(0), dhi: new Array(12).fill(0), tempAir: new Array(12).fill(0), hours: new Array(12).fill(0) };
  for (let i = 0; i < r.times.length; i++) {
    const m = new Date(r.times[i] + r.site.utcOffset * HOUR).getUTCMonth();
    sum.ghi[m] += r.ghi[i];
    sum.dhi[m] += r.dhi[i];
    sum.tempAir[m] += r.tempAir[i];
    sum.hours[m]++;
  }
  return {
    ghi: sum.ghi.map((g, m) => (g / 1000 / sum.hours[m]) * 24),
    dhi: sum.dhi.map((g, m) => (g / 1000 / sum.hours[m]) * 24),
    tempAir: sum.tempAir.map((t, m) => t / sum.hours[m]),
  };
}

const shanghai = yearOf(SHANGHAI, { seed: 7 });

describe('an hourly year from monthly means', () => {
  it('is a valid, labelled record of 8760 hourly interval starts from local midnight of Jan 1', () => {
    expect(() => assertValidRecord(shanghai)).not.toThrow();
    expect(shanghai.times.length).toBe(8760);
    expect(iso(shanghai.times[0])).toBe('1989-12-31T16:00:00.000Z'); // 00:00 at UTC+8
    expect(shanghai.source).toBe('station');
    expect(shanghai.estimate).toBe(true);
    expect(shanghai.meta.notes?.some((n) => n.startsWith('Estimate:'))).toBe(true);
    expect(shanghai.windSpeed.every((w) => w === 1)).toBe(true); // IEC 61215 NOCT wind, the default
    const leap = yearOf(SHANGHAI, { year: 2000 });
    expect(leap.times.length).toBe(8784);
    expect(monthly(leap).ghi[1]).toBeCloseTo(SHANGHAI.ghi[1], 9);
  });

  it('reproduces the monthly GHI and DHI of every 10th station of the product file within 0.1 % (met to 1e-9)', () => {
    const wrong: string[] = [];
    for (let k = 0; k < ALL.length; k += 10) {
      const s = ALL[k];
      const r = yearOf(s, { seed: k });
      const got = monthly(r);
      for (let m = 0; m < 12; m++) {
        const dhi = Math.min(s.dhi[m], s.ghi[m]); // DHI above GHI in the data: DHI = GHI
        if (Math.abs(got.ghi[m] - s.ghi[m]) > 1e-9 * s.ghi[m] + 1e-12) wrong.push(`${s.id} month ${m + 1} GHI ${got.ghi[m]} ≠ ${s.ghi[m]}`);
        if (Math.abs(got.dhi[m] - dhi) > 1e-3 * dhi) wrong.push(`${s.id} month ${m + 1} DHI ${got.dhi[m]} ≠ ${dhi}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps 0 ≤ DHI ≤ GHI, DNI ≥ 0, all finite, and DNI·cos z + DHI = GHI (generator geometry: 1e-9; SPA: cos z within 0.004)', () => {
    const geo = solarHours(365, SHANGHAI.latitude, SHANGHAI.longitude, 8);
    const mid = shanghai.times.map((t) => t + HOUR / 2);
    const spa = solarPositions(mid, SHANGHAI.latitude, SHANGHAI.longitude, { elevation: SHANGHAI.elevation });
    const wrong: string[] = [];
    for (let i = 0; i < 8760; i++) {
      const { ghi, dni, dhi } = { ghi: shanghai.ghi[i], dni: shanghai.dni[i], dhi: shanghai.dhi[i] };
      if (!(Number.isFinite(ghi) && Number.isFinite(dni) && Number.isFinite(dhi))) wrong.push(`hour ${i} not finite`);
      if (!(dhi >= 0 && dhi <= ghi && dni >= 0)) wrong.push(`hour ${i}: ghi ${ghi} dni ${dni} dhi ${dhi}`);
      if (Math.abs(dni * geo.cosZenith[i] + dhi - ghi) > 1e-9 * Math.max(ghi, 1)) wrong.push(`hour ${i}: closure`);
      // The same beam against the NREL SPA's mid-hour zenith, the one the simulation will use.
      if (Math.abs(dni * Math.cos(spa.zenith[i] * D2R) + dhi - ghi) > 0.004 * dni + 1e-9) wrong.push(`hour ${i}: closure vs SPA`);
      if (dni > 0 && geo.cosZenith[i] < 0.065) wrong.push(`hour ${i}: beam below cos z 0.065`);
    }
    expect(wrong).toEqual([]);
  });

  it('is 0 at night: every hour the sun spends below the horizon (SPA at start, middle and end)', () => {
    const r = yearOf(byId('50136'), { seed: 3 }); // Mohe, 52.97° N: long winter nights
    const at = (offset: number) => solarPositions(r.times.map((t) => t + offset), r.site.latitude, r.site.longitude, { elevation: r.site.elevation });
    const [a, b, c] = [at(0), at(HOUR / 2), at(HOUR)];
    let nights = 0;
    const wrong: string[] = [];
    for (let i = 0; i < r.times.length; i++) {
      if (a.elevation[i] < -1 && b.elevation[i] < -1 && c.elevation[i] < -1) {
        nights++;
        if (r.ghi[i] !== 0 || r.dni[i] !== 0 || r.dhi[i] !== 0) wrong.push(`hour ${i}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(nights).toBeGreaterThan(3500); // 3889 whole dark hours at 53° N
  });

  it('keeps hours within TAG’s bound (Lhasa, Kt up to 0.75) and meets a month brighter than the bound (Kt 0.85) up to the extraterrestrial', () => {
    const lhasa = yearOf(LHASA, { seed: 2 });
    const got = monthly(lhasa);
    for (let m = 0; m < 12; m++) expect(Math.abs(got.ghi[m] / LHASA.ghi[m] - 1)).toBeLessThan(1e-9);
    const lhasaGeo = solarHours(365, LHASA.latitude, LHASA.longitude, 8);
    for (let i = 0; i < 8760; i++) {
      if (lhasaGeo.g0h[i] > 0) expect(lhasa.ghi[i]).toBeLessThanOrEqual(tagUpperBound(lhasaGeo.hourFromNoon[i]) * lhasaGeo.g0h[i] * (1 + 1e-12));
    }
    expect(lhasa.meta.notes?.some((n) => n.includes('bound'))).toBe(false);
    const geo = solarHours(365, 30, 120, 8);
    let h0 = 0;
    for (let i = 151 * 24; i < 181 * 24; i++) h0 += geo.g0h[i];
    const ghi = new Array(12).fill(4);
    ghi[5] = (0.85 * h0) / 30 / 1000;
    const bright = monthlyYear({ latitude: 30, longitude: 120, climate: { ghi, dhi: ghi.map((g) => 0.15 * g), tempAir: new Array(12).fill(20) } });
    expect(Math.abs(monthly(bright).ghi[5] / ghi[5] - 1)).toBeLessThan(1e-9);
    expect(bright.meta.notes).toContain("Jun: brighter than TAG's bound kt_cs allows; hours scaled up to the extraterrestrial irradiance.");
    for (let i = 0; i < 8760; i++) expect(bright.ghi[i]).toBeLessThanOrEqual(geo.g0h[i] * (1 + 1e-12));
  });

  it('sets DHI = GHI in a month whose diffuse input exceeds its global (as 9.6 % of the data days do)', () => {
    const s = { ...SHANGHAI, dhi: SHANGHAI.dhi.map((d, m) => (m === 0 ? SHANGHAI.ghi[0] * 1.1 : d)) };
    const r = yearOf(s);
    for (let i = 0; i < 31 * 24; i++) expect(r.dhi[i]).toBe(r.ghi[i]);
    expect(r.dni.subarray(0, 31 * 24).every((v) => v === 0)).toBe(true);
  });

  it('has the monthly mean temperatures of the input (0.05 °C; met to 1e-9)', () => {
    const got = monthly(shanghai);
    for (let m = 0; m < 12; m++) expect(Math.abs(got.tempAir[m] - SHANGHAI.tempAir[m]), `month ${m + 1}`).toBeLessThan(1e-9);
  });

  it('has its daily minimum near sunrise (5.6 h solar) and maximum in the afternoon (15.2 h), as the Erbs et al. (1983) rule', () => {
    // The rule's own extremes: Erbs, Klein & Beckman (1983), four harmonics of τ = 2π(t − 1)/24.
    let tMin = 0;
    let tMax = 0;
    for (let t = 0; t < 24; t += 0.01) {
      if (erbsTemperatureShape(t) < erbsTemperatureShape(tMin)) tMin = t;
      if (erbsTemperatureShape(t) > erbsTemperatureShape(tMax)) tMax = t;
    }
    expect(tMin).toBeGreaterThan(5);
    expect(tMin).toBeLessThan(6.5);
    expect(tMax).toBeGreaterThan(14.5);
    expect(tMax).toBeLessThan(16);
    // In the generated year: each day's coldest and warmest hour, in solar time, within ±1 h of them.
    const geo = solarHours(365, SHANGHAI.latitude, SHANGHAI.longitude, 8);
    const wrong: string[] = [];
    for (let d = 0; d < 365; d++) {
      let lo = d * 24;
      let hi = d * 24;
      for (let i = d * 24; i < d * 24 + 24; i++) {
        if (shanghai.tempAir[i] < shanghai.tempAir[lo]) lo = i;
        if (shanghai.tempAir[i] > shanghai.tempAir[hi]) hi = i;
      }
      if (shanghai.tempAir[hi] === shanghai.tempAir[lo]) continue; // an overcast day without a range
      if (Math.abs(geo.solarTime[lo] - tMin) > 1 || Math.abs(geo.solarTime[hi] - tMax) > 1) wrong.push(`day ${d + 1}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives identical arrays for the same seed and a different year with the same monthly sums for another', () => {
    const again = yearOf(SHANGHAI, { seed: 7 });
    for (const c of ['ghi', 'dni', 'dhi', 'tempAir'] as const) expect(again[c]).toEqual(shanghai[c]);
    const other = yearOf(SHANGHAI, { seed: 8 });
    expect(other.ghi).not.toEqual(shanghai.ghi);
    const a = monthly(shanghai);
    const b = monthly(other);
    for (let m = 0; m < 12; m++) {
      expect(Math.abs(b.ghi[m] / a.ghi[m] - 1)).toBeLessThan(1e-9);
      expect(Math.abs(b.dhi[m] / a.dhi[m] - 1)).toBeLessThan(1e-3);
    }
  });

  it('refuses bad input with a RangeError naming the field', () => {
    const base = { latitude: 31, longitude: 121, climate: SHANGHAI };
    expect(() => monthlyYear({ ...base, latitude: 91 })).toThrow(/^latitude = 91/);
    expect(() => monthlyYear({ ...base, longitude: Number.NaN })).toThrow(RangeError);
    expect(() => monthlyYear({ ...base, climate: { ...SHANGHAI, ghi: [1, 2] } })).toThrow('climate.ghi needs 12 monthly values, got 2');
    expect(() => monthlyYear({ ...base, climate: { ...SHANGHAI, dhi: SHANGHAI.dhi.map((d, m) => (m === 3 ? -1 : d)) } })).toThrow(/^climate\.dhi\[3\] = -1/);
    expect(() => monthlyYear({ ...base, climate: { ...SHANGHAI, tempAir: SHANGHAI.tempAir.map((t, m) => (m === 5 ? Infinity : t)) } })).toThrow(/^climate\.tempAir\[5\]/);
    expect(() => monthlyYear({ ...base, climate: { ...SHANGHAI, ghi: SHANGHAI.ghi.map((g, m) => (m === 11 ? 11 : g)) } })).toThrow(/^climate\.ghi\[11\] = 11 .* exceeds the extraterrestrial/);
    expect(() => monthlyYear({ ...base, windSpeed: -1 })).toThrow(/^windSpeed/);
    expect(() => monthlyYear({ ...base, year: 1990.5 })).toThrow(/^year/);
  });
});

describe('scaling a month to its sum within each hour\'s bounds (bounded-sum.ts)', () => {
  it('meets the target to 1e-12 with every value clamp(s·w, lo, hi) of one common s', () => {
    const u = mulberry32(11);
    for (let rep = 0; rep < 200; rep++) {
      const n = 1 + Math.floor(u() * 800);
      const w = Float64Array.from({ length: n }, () => (u() < 0.1 ? 0 : u() * 500));
      const lo = Float64Array.from(w, (x) => (u() < 0.3 ? x * u() * 0.5 : 0));
      const hi = Float64Array.from(w, (x, i) => Math.max(lo[i], x * (0.5 + u())));
      let floor = 0;
      let ceiling = 0;
      for (let i = 0; i < n; i++) {
        floor += lo[i];
        ceiling += w[i] > 0 ? hi[i] : lo[i];
      }
      const target = floor + (ceiling - floor) * u();
      const out = new Float64Array(n);
      const fit = fitBoundedSum(w, lo, hi, target, out);
      expect(Math.abs(fit.sum - target)).toBeLessThanOrEqual(1e-12 * target + 1e-9);
      for (let i = 0; i < n; i++) {
        expect(out[i]).toBeGreaterThanOrEqual(lo[i]);
        expect(out[i]).toBeLessThanOrEqual(hi[i]);
        expect(out[i]).toBeCloseTo(Math.min(Math.max(fit.scale * w[i], lo[i]), hi[i]), 9);
      }
    }
  });

  it('stops at the bounds when the target lies beyond them', () => {
    const w = Float64Array.of(1, 2, 0);
    const lo = Float64Array.of(0.5, 0, 0.25);
    const hi = Float64Array.of(3, 3, 3);
    const out = new Float64Array(3);
    expect(fitBoundedSum(w, lo, hi, 0.1, out).sum).toBe(0.75);
    expect(Array.from(out)).toEqual([0.5, 0, 0.25]);
    expect(fitBoundedSum(w, lo, hi, 100, out).sum).toBe(6.25);
    expect(Array.from(out)).toEqual([3, 3, 0.25]);
  });
});
