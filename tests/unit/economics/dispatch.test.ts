// Storage dispatch (docs/ECONOMICS.md "Storage dispatch", src/economics/dispatch.ts): a two-day case
// worked by hand for both strategies, the operation modes, fade and replacement over years, and the
// command's input checks.
import { describe, expect, it } from 'vitest';
import { balance } from '../../../src/economics/balance.ts';
import { capacityFactor, isReplacementYear } from '../../../src/economics/battery-life.ts';
import { dispatch } from '../../../src/economics/dispatch.ts';
import { dispatchInputSchema, type DispatchInput } from '../../../src/model/economics.ts';

const run = (input: DispatchInput) => dispatch(dispatchInputSchema.parse(input));
const sum = (a: number[], from = 0, to = a.length) => a.slice(from, to).reduce((s, x) => s + x, 0);

// Load 2 kWh every hour. Day 1 sunny: PV 6 kWh in hours 10–13; day 2 cloudy: PV 3 kWh in hours 10–13.
const load = new Array(48).fill(2);
const pv = Array.from({ length: 48 }, (_, h) => (h % 24 >= 10 && h % 24 <= 13 ? (h < 24 ? 6 : 3) : 0));
// C = 10 kWh, P = 3 kW, floor 1 kWh, ceiling 9 kWh, ηc = ηd = 0.9, starting at the floor.
const battery = { capacity: 10, power: 3, socMin: 0.1, socMax: 0.9, socInitial: 0.1, etaCharge: 0.9, etaDischarge: 0.9 };

describe('selfConsumption, two days by hand', () => {
  const out = run({ pv, load, battery });
  const h = out.hourly;

  it('charges the surplus up to the power and the ceiling, exports the rest', () => {
    // Hour 10: s = 4, c = min(4, 3, (9 − 1)/0.9) = 3, E = 1 + 2.7 = 3.7, export 1.
    expect(h.charge[10]).toBeCloseTo(3, 12);
    expect(h.export[10]).toBeCloseTo(1, 12);
    expect(h.soc[10]).toBeCloseTo(0.37, 12);
    // Hour 11: E = 6.4. Hour 12: c = (9 − 6.4)/0.9 = 2.8889, E = 9, export 4 − 2.8889.
    expect(h.charge[12]).toBeCloseTo(2.6 / 0.9, 12);
    expect(h.export[12]).toBeCloseTo(4 - 2.6 / 0.9, 12);
    expect(h.soc[12]).toBeCloseTo(0.9, 12);
    // Hour 13: full, all 4 exported.
    expect(h.charge[13]).toBe(0);
    expect(h.export[13]).toBeCloseTo(4, 12);
  });

  it('discharges the deficit down to the floor, imports the rest', () => {
    // (9 − 1) · 0.9 = 7.2 kWh available: hours 14–16 take 2 each, hour 17 the last 1.2 and imports 0.8.
    expect(h.discharge.slice(14, 18)).toEqual([2, 2, 2, expect.closeTo(1.2, 12)]);
    expect(h.import[17]).toBeCloseTo(0.8, 12);
    expect(h.import[18]).toBe(2);
    expect(h.soc[23]).toBeCloseTo(0.1, 12);
    // Night before the sun: at the floor, everything imported.
    expect(h.import[0]).toBe(2);
    expect(h.discharge[0]).toBe(0);
  });

  it('day 2: 1 kWh surplus for 4 hours, 3.24 kWh back in the evening', () => {
    // E: 1 → 4.6 (4 × 1 × 0.9); available (4.6 − 1) · 0.9 = 3.24: hour 38 gives 2, hour 39 gives 1.24.
    expect(sum(h.charge, 24)).toBeCloseTo(4, 12);
    expect(h.export[34]).toBe(0);
    expect(h.discharge[38]).toBeCloseTo(2, 12);
    expect(h.discharge[39]).toBeCloseTo(1.24, 12);
    expect(h.import[39]).toBeCloseTo(0.76, 12);
  });

  it('totals: day 1 + day 2', () => {
    // self = 4 × 2 + 4 × 2; export = (1 + 1 + 1.1111 + 4) + 0; import = 20 + 0.8 + 12 + 20 + 0.76 + 16;
    // charge = 8.8889 + 4; discharge = 7.2 + 3.24.
    const t = out.totals;
    expect(t.pv).toBe(36);
    expect(t.load).toBe(96);
    expect(t.self).toBe(16);
    expect(t.export).toBeCloseTo(6 + 4 - 2.6 / 0.9, 12);
    expect(t.import).toBeCloseTo(69.56, 12);
    expect(t.charge).toBeCloseTo(6 + 2.6 / 0.9 + 4, 12);
    expect(t.discharge).toBeCloseTo(10.44, 12);
    // Energy balance on the AC side: pv + import + discharge = load + export + charge.
    expect(t.pv + t.import + t.discharge).toBeCloseTo(t.load + t.export + t.charge, 12);
    expect(t.selfConsumptionRate).toBeCloseTo(1 - t.export / 36, 12);
    expect(t.selfSufficiencyRate).toBeCloseTo(1 - 69.56 / 96, 12);
  });
});

describe('tou (peak-valley), two days by hand', () => {
  // Valley 00–08 and 22–24, flat 08–17, peak 17–22.
  const day = Array.from({ length: 24 }, (_, h) => (h < 8 || h >= 22 ? 'valley' : h < 17 ? 'flat' : 'peak'));
  const periods = [...day, ...day] as DispatchInput['periods'];
  const out = run({ pv, load, battery, strategy: 'tou', periods });
  const h = out.hourly;

  it('charges from the grid in the valley up to P and the ceiling', () => {
    // Hour 0: c_g = min(3, 8/0.9) = 3 → E 3.7, import 2 + 3; hour 1 → E 6.4; hour 2: c_g = 2.6/0.9 → E 9.
    expect(h.charge.slice(0, 4)).toEqual([3, 3, expect.closeTo(2.6 / 0.9, 12), 0]);
    expect(h.import[0]).toBe(5);
    expect(h.import[2]).toBeCloseTo(2 + 2.6 / 0.9, 12);
    expect(h.soc[2]).toBeCloseTo(0.9, 12);
  });

  it('keeps the energy through flat hours and discharges in the peak', () => {
    // Flat hours 14–16: deficit imported, nothing discharged; PV hours: battery full, all 4 exported.
    expect(h.discharge.slice(8, 17).every((d) => d === 0)).toBe(true);
    expect(h.import[15]).toBe(2);
    expect(h.export[11]).toBeCloseTo(4, 12);
    // Peak 17–21: 7.2 kWh: 2, 2, 2, 1.2, then import.
    expect(h.discharge.slice(17, 22)).toEqual([2, 2, 2, expect.closeTo(1.2, 12), 0]);
    expect(h.import[20]).toBeCloseTo(0.8, 12);
    // Valley again at 22–23: 3 + 3 kWh from the grid, E = 6.4 at midnight.
    expect(h.soc[23]).toBeCloseTo(0.64, 12);
  });

  it('day 2 starts at E = 6.4: tops up to 9 at hour 24, the cloudy surplus is exported', () => {
    expect(h.charge[24]).toBeCloseTo(2.6 / 0.9, 12);
    expect(h.export[34]).toBeCloseTo(1, 12);
  });

  it('totals', () => {
    // Day 1 import: 5 + 5 + (2 + 2.8889) + 5·2 + 2·2 + 3·2 + 0.8 + 2 + 5 + 5; day 2: (2 + 2.8889) + 7·2 + 2·2 + 3·2 + 2.8 + 5 + 5.
    const t = out.totals;
    const cg = 2.6 / 0.9;
    expect(t.import).toBeCloseTo(5 + 5 + 2 + cg + 10 + 4 + 6 + 0.8 + 2 + 10 + (2 + cg) + 14 + 4 + 6 + 2.8 + 10, 12);
    expect(t.export).toBeCloseTo(16 + 4, 12);
    expect(t.charge).toBeCloseTo(3 + 3 + cg + 3 + 3 + cg + 3 + 3, 12);
    expect(t.discharge).toBeCloseTo(14.4, 12);
    expect(t.pv + t.import + t.discharge).toBeCloseTo(t.load + t.export + t.charge, 12);
  });
});

describe('operation modes', () => {
  it('without storage: self = min(pv, load), export and import the differences', () => {
    const b = balance([5, 0, 3], [2, 4, 3]);
    expect(Array.from(b.self)).toEqual([2, 0, 3]);
    expect(Array.from(b.export)).toEqual([3, 0, 0]);
    expect(Array.from(b.import)).toEqual([0, 4, 0]);
    // self-consumption 1 − 3/8, self-sufficiency 1 − 4/9
    expect(b.totals.selfConsumptionRate).toBeCloseTo(5 / 8, 12);
    expect(b.totals.selfSufficiencyRate).toBeCloseTo(5 / 9, 12);
  });

  it('full self-use curtails the surplus: nothing exported, the rate counts it as unused', () => {
    const out = run({ pv: [5, 0], load: [2, 4], mode: 'selfUse' });
    expect(out.hourly.export).toEqual([0, 0]);
    expect(out.hourly.curtailed).toEqual([3, 0]);
    expect(out.totals.selfConsumptionRate).toBeCloseTo(2 / 5, 12);
    // With a battery the surplus is stored first: c = min(3, 3, (9 − 1)/0.9) = 3, nothing curtailed.
    const b = run({ pv: [5, 0], load: [2, 4], mode: 'selfUse', battery });
    expect(b.hourly.curtailed).toEqual([0, 0]);
    expect(b.hourly.discharge[1]).toBeCloseTo(2.43, 12); // (3.7 − 1) · 0.9
  });

  it('full feed-in exports all PV and imports all load; the battery stays idle', () => {
    const out = run({ pv: [5, 0], load: [2, 4], mode: 'feedIn', battery });
    expect(out.hourly.export).toEqual([5, 0]);
    expect(out.hourly.import).toEqual([2, 4]);
    expect(out.hourly.self).toEqual([0, 0]);
    expect(out.totals.charge).toBe(0);
    expect(out.hourly.soc).toEqual([0.1, 0.1]);
    expect(out.totals.selfConsumptionRate).toBe(0);
    expect(out.totals.selfSufficiencyRate).toBe(0);
  });
});

describe('years: degradation, fade and replacement', () => {
  it('replacements fall in years N + 1, 2N + 1; the capacity fades in between', () => {
    expect([1, 2, 10, 11, 12, 21].map((y) => isReplacementYear(y, 10))).toEqual([false, false, false, true, false, true]);
    expect(isReplacementYear(11, null)).toBe(false);
    // fade 2 %: year 3 → 0.98² = 0.9604; with replacement every 2 years year 3 is new again.
    expect(capacityFactor(3, 0.02, null)).toBeCloseTo(0.9604, 12);
    expect(capacityFactor(3, 0.02, 2)).toBe(1);
    expect(capacityFactor(4, 0.02, 2)).toBeCloseTo(0.98, 12);
  });

  it('a 3-year run degrades the PV and fades the battery', () => {
    // One hour a year: PV 10 · 0.99^(y−1), load 0; battery from empty (socMin 0, ηc = 1) whose usable
    // capacity is 2 · 0.5^(y−1) kWh: year 1 charges min(10, 3, 2) = 2 and exports 8.
    const out = run({ pv: [10], load: [0], years: 3, degradation: 0.01, battery: { capacity: 2, power: 3, socMin: 0, socMax: 1, socInitial: 0, etaCharge: 1, etaDischarge: 1, fade: 0.5 } });
    expect(out.yearly?.map((y) => y.pv)).toEqual([10, 9.9, expect.closeTo(9.801, 12)]);
    expect(out.yearly?.map((y) => y.capacityFactor)).toEqual([1, 0.5, 0.25]);
    // Year 1 ends at E = 2; year 2's ceiling is 1 (E capped), so nothing more is charged; same in year 3.
    expect(out.yearly?.map((y) => y.charge)).toEqual([2, 0, 0]);
    expect(out.yearly?.map((y) => y.export)).toEqual([8, 9.9, expect.closeTo(9.801, 12)]);
  });
});

describe('input checks name the field', () => {
  const issue = (input: unknown) => dispatchInputSchema.safeParse(input).error?.issues[0];
  it('load and pv of different lengths', () => {
    expect(issue({ pv: [1, 2], load: [1] })).toMatchObject({ path: ['load'], message: 'must have as many hours as pv (2)' });
  });
  it('negative energy', () => {
    expect(issue({ pv: [1, -2], load: [1, 1] })).toMatchObject({ path: ['pv', 1], message: 'must not be negative' });
  });
  it('tou without periods, socMin above socMax, initial SOC outside the window', () => {
    expect(issue({ pv: [1], load: [1], battery, strategy: 'tou' })).toMatchObject({ path: ['periods'] });
    expect(issue({ pv: [1], load: [1], battery: { ...battery, socMin: 0.95 } })).toMatchObject({ path: ['battery', 'socMin'], message: 'must be lower than socMax' });
    expect(issue({ pv: [1], load: [1], battery: { ...battery, socInitial: 0.05 } })).toMatchObject({ path: ['battery', 'socInitial'] });
    expect(issue({ pv: [1], load: [1], battery: { ...battery, etaCharge: 0 } })).toMatchObject({ path: ['battery', 'etaCharge'] });
  });
});
