// The server's economics helpers on hand-worked hours: the yield's UTC power series laid on the
// economics' 8760 local hours (src/server/economics/project-pv.ts), the site's clock, the Load step's
// chart (load-chart.ts), the typical week and the month-by-month balance (economics-result.ts), and
// which stored storage counts as configured (power-load.ts).
import { describe, expect, it } from 'vitest';
import { hourlyDispatch } from '../../../src/economics/dispatch.ts';
import { monthlyBalance, typicalWeekStart } from '../../../src/server/economics/economics-result.ts';
import { loadChart } from '../../../src/server/economics/load-chart.ts';
import { storageConfigured } from '../../../src/server/economics/power-load.ts';
import { localHourlyKwh } from '../../../src/economics/calendar.ts';
import { siteUtcOffset } from '../../../src/model/site-time.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('localHourlyKwh', () => {
  it('puts a UTC year on China Standard Time: 00:00 UTC is local hour 8, the last 8 UTC hours wrap to 1 January', () => {
    const start = Date.UTC(2025, 0, 1);
    const times = Array.from({ length: 8760 }, (_, i) => iso(start + i * HOUR));
    // Power = (UTC hour index) W, so each local hour's energy names the UTC hour it came from.
    const w = Array.from({ length: 8760 }, (_, i) => i * 1000);
    const out = localHourlyKwh(times, w, 8);
    expect(out[8]).toBe(0); // 1 Jan 00:00 UTC → 08:00 local
    expect(out[9]).toBe(1);
    // 31 Dec 16:00 UTC (hour 364 × 24 + 16 = 8752) → 1 Jan 00:00 local of the typical year.
    expect(out[0]).toBe(8752);
    expect(out[7]).toBe(8759);
    // Every hour once: the year's energy is kept.
    expect(out.reduce((a, v) => a + v, 0)).toBe(w.reduce((a, v) => a + v, 0) / 1000);
  });

  it('a local-time station year (starting at local midnight, i.e. 16:00 UTC the day before) maps hour i to i', () => {
    const start = Date.UTC(2025, 0, 1) - 8 * HOUR;
    const times = Array.from({ length: 8760 }, (_, i) => iso(start + i * HOUR));
    const w = Array.from({ length: 8760 }, (_, i) => (i % 24) * 1000);
    const out = localHourlyKwh(times, w, 8);
    for (const h of [0, 1, 13, 23, 24, 4000, 8759]) expect(out[h]).toBe(h % 24);
  });

  it('sums quarter hours (4 kW for 15 min = 1 kWh) and leaves a leap year’s 29 February out', () => {
    const start = Date.UTC(2024, 0, 1);
    const n = 8784 * 4;
    const times = Array.from({ length: n }, (_, i) => iso(start + (i * HOUR) / 4));
    const out = localHourlyKwh(times, new Array(n).fill(4000), 0);
    // 4 quarters × 1 kWh in every hour, 8760 hours (the 24 of 29 February dropped).
    expect(out.every((v) => v === 4)).toBe(true);
  });
});

describe('siteUtcOffset', () => {
  it('China Standard Time across China, the nautical zone elsewhere', () => {
    expect(siteUtcOffset(31.23, 121.47)).toBe(8); // Shanghai
    expect(siteUtcOffset(43.83, 87.62)).toBe(8); // Urumqi: Beijing time, although round(87.62 / 15) = 6
    expect(siteUtcOffset(52.52, 13.4)).toBe(1); // Berlin
    expect(siteUtcOffset(40.71, -74.0)).toBe(-5); // New York
  });
});

describe('loadChart', () => {
  it('monthly totals and the mean day of each month, by hand', () => {
    // Day d of the year (0 … 364) at d kW all day: January's mean day is the mean of 0 … 30 = 15 kW,
    // February's of 31 … 58 = 44.5 kW; January's total 24 × Σ(0 … 30) = 24 × 465 = 11,160 kWh.
    const hourly = Array.from({ length: 8760 }, (_, h) => Math.floor(h / 24));
    const c = loadChart(hourly);
    expect(c.typicalDayKw[0]).toEqual(new Array(24).fill(15));
    expect(c.typicalDayKw[1]).toEqual(new Array(24).fill(44.5));
    expect(c.monthlyKwh[0]).toBe(11_160);
    expect(c.annualKwh).toBe(24 * ((364 * 365) / 2));
    expect(c).toMatchObject({ peakKw: 364, peakHour: 364 * 24 });
  });
});

describe('typicalWeekStart', () => {
  it('the week whose PV is nearest the median of the 52 weeks', () => {
    // Week w (days 7w … 7w + 6) at w kWh an hour, except week 40 at 25.5: the median of the 52 week
    // sums lies between the 26th and 27th smallest; 25.5 lies exactly on it.
    const pv = Array.from({ length: 8760 }, (_, h) => {
      const w = Math.floor(h / 168);
      return w === 40 ? 25.5 : w;
    });
    // Sorted sums (/168): 0 … 25, 25.5, 26 … 39, 41 … 51 (and the tail of days 364): the 26th and 27th
    // are 25 and 25.5, median 25.25; weeks 25 and 40 are 0.25 away, the earlier one wins.
    expect(typicalWeekStart(pv)).toBe(25 * 7);
  });
});

describe('monthlyBalance', () => {
  it('adds each month’s hours and its rates', () => {
    const pv = new Float64Array(8760).fill(2);
    const load = new Float64Array(8760).fill(1);
    const h = hourlyDispatch(8760);
    h.self.fill(1);
    h.export.fill(0.5);
    h.charge.fill(0.5);
    const jan = monthlyBalance(pv, load, h)[0];
    // 744 hours: PV 1,488 kWh, load 744, export 372; self-consumption 1 − 372 / 1,488 = 0.75.
    expect(jan).toMatchObject({ month: 1, pvKwh: 1488, loadKwh: 744, selfKwh: 744, exportKwh: 372, chargeKwh: 372, importKwh: 0, selfConsumptionRate: 0.75, selfSufficiencyRate: 1 });
  });
});

describe('storageConfigured', () => {
  it('anything stored but none or a disabled storage', () => {
    expect(storageConfigured(null)).toBe(false);
    expect(storageConfigured({ kind: 'energy-storage', enabled: false })).toBe(false);
    expect(storageConfigured({ kind: 'energy-storage', enabled: true })).toBe(true);
    // free JSON stored before the schema: treated as configured (the user is asked first)
    expect(storageConfigured({ capacity: 100 })).toBe(true);
  });
});
