// Hourly load from a consumption model (src/economics/load-profiles.ts, bdew.ts): totals kept, the
// calendar's weekdays, the BDEW dataset against its source and the BDEW rules (seasons, day types,
// the H0 dynamisation polynomial).
import { describe, expect, it } from 'vitest';
import { bdewDayType, bdewSeason, h0Dynamisation } from '../../../src/economics/bdew.ts';
import { bdewTable } from '../../../src/economics/bdew-table.ts';
import { calendarDays } from '../../../src/economics/calendar.ts';
import { CONSUMPTION_MODELS, loadProfile, loadSummary } from '../../../src/economics/load-profiles.ts';
import { consumptionModelIds } from '../../../src/model/economics.ts';

const sum = (a: ArrayLike<number>, from = 0, to = a.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s;
};
const bdew = bdewTable();

describe('load profiles sum to the consumption', () => {
  it('every model, 250 000 kWh a year → 8760 hours summing to 250 000', () => {
    for (const m of CONSUMPTION_MODELS) {
      const p = loadProfile({ model: m.id, annualKwh: 250_000, dayKw: Array.from({ length: 24 }, (_, h) => (h > 7 && h < 19 ? 30 : 10)), year: 2025, bdew });
      expect(p).toHaveLength(8760);
      expect(sum(p)).toBeCloseTo(250_000, 6);
      expect(Math.min(...p)).toBeGreaterThanOrEqual(0);
    }
    expect(CONSUMPTION_MODELS.map((m) => m.id)).toEqual([...consumptionModelIds]);
  });

  it('monthly totals are kept month by month', () => {
    const monthly = [8, 7, 9, 10, 11, 14, 18, 18, 12, 10, 8, 9].map((x) => x * 1000);
    const p = loadProfile({ model: 'bdew-g1', annualKwh: 0, monthlyKwh: monthly, year: 2025, bdew });
    const s = loadSummary(p);
    s.monthlyKwh.forEach((v, m) => expect(v).toBeCloseTo(monthly[m], 6));
    expect(s.annualKwh).toBeCloseTo(134_000, 6);
  });

  it('constant: 87 600 kWh → 10 kWh every hour', () => {
    const s = loadSummary(loadProfile({ model: 'constant', annualKwh: 87_600 }));
    expect(s.peakKw).toBeCloseTo(10, 9);
    s.meanDayKw.forEach((v) => expect(v).toBeCloseTo(10, 9));
  });
});

describe('the calendar', () => {
  it('weekdays follow the year: 1 January 2023 a Sunday, 2024 a Monday, 2025 a Wednesday', () => {
    expect(calendarDays(2023)[0].weekday).toBe(0);
    expect(calendarDays(2024)[0].weekday).toBe(1);
    expect(calendarDays(2025)[0].weekday).toBe(3);
    // 2024 is a leap year: 29 February is left out, 1 March 2024 (a Friday) is day index 59.
    const d = calendarDays(2024)[59];
    expect(d).toMatchObject({ month: 3, day: 1, weekday: 5 });
    expect(calendarDays(2024)).toHaveLength(365);
  });

  it('the weekday model uses its weekend shape on Saturdays, Sundays and holidays', () => {
    // 2025: 4 and 5 January are Saturday and Sunday; 6 January a Monday.
    const p = loadProfile({ model: 'weekday', annualKwh: 100_000, year: 2025, holidays: [6] });
    const at = (day: number, hour: number) => p[(day - 1) * 24 + hour];
    expect(at(3, 10)).toBeGreaterThan(at(3, 3) * 5); // Friday: day shift 08–18
    expect(at(4, 10)).toBeCloseTo(at(4, 3), 9); // Saturday: base load all day
    expect(at(6, 10)).toBeCloseTo(at(6, 3), 9); // a holiday
    expect(at(7, 10)).toBeCloseTo(at(3, 10), 9); // Tuesday as Friday
  });

  it('custom repeats the 24 values (kW = kWh per hour), scaled only when an annual total is given', () => {
    const dayKw = Array.from({ length: 24 }, (_, h) => h);
    const raw = loadProfile({ model: 'custom', annualKwh: 0, dayKw });
    expect(raw[24 * 100 + 7]).toBe(7);
    expect(sum(raw)).toBe(276 * 365);
  });
});

describe('BDEW standard load profiles', () => {
  it('the dataset holds the hourly means of the source quarter hours', () => {
    // demandlib selp_series.csv, summer, weekday 1, H0 at 00:00, 00:15, 00:30, 00:45:
    // 0.086360, 0.076960, 0.068840, 0.062440 → mean 0.07365 kW per 1 000 kWh/a
    expect(bdew.H0.summer.workday[0]).toBeCloseTo((0.08636 + 0.07696 + 0.06884 + 0.06244) / 4, 12);
    // G1 is the workday 8–18 h business: its workday noon is far above its Sunday noon.
    expect(bdew.G1.winter.workday[11]).toBeGreaterThan(bdew.G1.winter.sunday[11] * 3);
    // G3 runs continuously: its night hours hold more than half of its highest hour (G1's: under 10 %).
    expect(Math.min(...bdew.G3.winter.workday) / Math.max(...bdew.G3.winter.workday)).toBeGreaterThan(0.5);
    expect(Math.min(...bdew.G1.winter.workday) / Math.max(...bdew.G1.winter.workday)).toBeLessThan(0.1);
  });

  it('one year of every profile holds about 1 000 kWh, the table’s normalisation (kW per 1 000 kWh/a)', () => {
    for (const p of ['H0', 'G0', 'G4', 'L0'] as const) {
      let e = 0;
      for (const d of calendarDays(2025)) e += sum(bdew[p][bdewSeason(d.month, d.day)][bdewDayType(d)]);
      expect(Math.abs(e / 1000 - 1)).toBeLessThan(0.02);
    }
  });

  it('seasons and day types as the VDEW rules set them', () => {
    expect([bdewSeason(3, 20), bdewSeason(3, 21), bdewSeason(5, 14), bdewSeason(5, 15), bdewSeason(9, 14), bdewSeason(9, 15), bdewSeason(10, 31), bdewSeason(11, 1)]).toEqual(['winter', 'transition', 'transition', 'summer', 'summer', 'transition', 'transition', 'winter']);
    const days = calendarDays(2025);
    expect(bdewDayType(days[357])).toBe('saturday'); // Wednesday 24 December
    expect(bdewDayType(days[4])).toBe('sunday'); // Sunday 5 January
    expect(bdewDayType(days[5], true)).toBe('sunday'); // a holiday Monday
    expect(bdewDayType(days[5])).toBe('workday');
  });

  it('H0 dynamisation: F(1) = 1.2421, F(180) ≈ 0.79, F(365) ≈ 1.24 (Fünfgeld & Tiedemann 2000)', () => {
    // F(t) = −3.92e−10 t⁴ + 3.2e−7 t³ − 7.02e−5 t² + 2.1e−3 t + 1.24
    expect(h0Dynamisation(1)).toBeCloseTo(-3.92e-10 + 3.2e-7 - 7.02e-5 + 2.1e-3 + 1.24, 12);
    expect(h0Dynamisation(180)).toBeCloseTo(-3.92e-10 * 180 ** 4 + 3.2e-7 * 180 ** 3 - 7.02e-5 * 180 ** 2 + 0.378 + 1.24, 12);
    expect(h0Dynamisation(180)).toBeLessThan(0.8);
    expect(h0Dynamisation(365)).toBeCloseTo(1.24, 1);
    // The dynamised H0 puts more in January than in July for the same shape.
    const s = loadSummary(loadProfile({ model: 'bdew-h0', annualKwh: 3500, year: 2025, bdew }));
    expect(s.monthlyKwh[0]).toBeGreaterThan(s.monthlyKwh[6] * 1.2);
  });
});
