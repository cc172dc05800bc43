// Consumption model types (src/model/catalogue/load-types.ts): every type spreads the annual (or each
// monthly) total exactly over the 8760 hours, and its shape puts the consumption where its name says.
import { describe, expect, it } from 'vitest';
import { LOAD_TYPES, loadProfile, type LoadTypeId } from '../../../src/model/catalogue/load-types.ts';

const type = (id: LoadTypeId) => LOAD_TYPES.find((t) => t.id === id)!;
const sum = (a: ArrayLike<number>, from = 0, to = a.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s;
};

describe('load profiles', () => {
  it('sums to the annual consumption for every type', () => {
    for (const t of LOAD_TYPES) {
      const p = loadProfile(t, 100_000, { hourlyKw: Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 18 ? 20 : 5)) });
      expect(p).toHaveLength(8760);
      expect(sum(p)).toBeCloseTo(100_000, 6);
    }
  });

  it('is flat for the constant type: 100 000 kWh / 8760 h = 11.4155 kWh each hour', () => {
    const p = loadProfile(type('constant'), 100_000);
    expect(Math.min(...p)).toBeCloseTo(100_000 / 8760, 9);
    expect(Math.max(...p)).toBeCloseTo(100_000 / 8760, 9);
  });

  it('keeps each month’s total when monthly consumption is given', () => {
    const monthly = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map((x) => x * 100);
    const p = loadProfile(type('mall'), 0, { monthlyKwh: monthly });
    expect(sum(p, 0, 31 * 24)).toBeCloseTo(1000, 6);
    expect(sum(p, 31 * 24, 59 * 24)).toBeCloseTo(2000, 6);
    expect(sum(p, 334 * 24, 8760)).toBeCloseTo(12_000, 6);
  });

  it('puts the weekday type’s consumption on Monday–Friday daytime, the night type’s at night', () => {
    // 1 January is a Monday by default: day 5 and 6 are the weekend.
    const w = loadProfile(type('weekday'), 8760);
    expect(w[0 * 24 + 10]).toBeGreaterThan(w[5 * 24 + 10] * 5);
    expect(w[0 * 24 + 10]).toBeGreaterThan(w[0 * 24 + 3] * 5);
    const n = loadProfile(type('night'), 8760);
    expect(n[2]).toBeGreaterThan(n[12] * 3);
    // A year starting on a Sunday moves the weekend.
    const s = loadProfile(type('weekday'), 8760, { firstWeekday: 0 });
    expect(s[0 * 24 + 10]).toBeCloseTo(s[0 * 24 + 3], 9);
  });

  it('repeats the custom day and scales it to the annual total', () => {
    const day = Array.from({ length: 24 }, (_, h) => h);
    const raw = loadProfile(type('custom'), 0, { hourlyKw: day });
    expect(raw[24 + 5]).toBe(5);
    expect(sum(raw)).toBe(365 * 276);
    const scaled = loadProfile(type('custom'), 365 * 276 * 2, { hourlyKw: day });
    expect(scaled[24 + 5]).toBeCloseTo(10, 9);
  });

  it('describes what each type needs', () => {
    for (const t of LOAD_TYPES) {
      expect(t.inputs.some((i) => i.required)).toBe(true);
      expect(t.nameZh.length).toBeGreaterThan(0);
    }
  });
});
