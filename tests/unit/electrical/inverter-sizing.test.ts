// Inverter sizing: DC/AC ratio, inverter count, the automatic string plan and its checks
// (docs/ELECTRICAL.md "Inverter sizing"). Inverter and module data from the system catalogue's datasheets.
import { describe, expect, it } from 'vitest';
import { assignStrings, checkAssignment, dcAcRatio, inverterCount, mpptCapacity, type StringSlot } from '../../../src/electrical/inverter-sizing.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';

const inverter = (id: string) => {
  const v = SYSTEM_INVERTERS.find((x) => x.id === id);
  if (!v) throw new Error(`no inverter ${id}`);
  return v;
};
/** LONGi LR4-72HPH-450M: 450 W, Imp 10.85 A, Isc 11.6 A. */
const lr4 = SYSTEM_MODULES.find((m) => m.id === 'longi-lr4-72hph-450m')!;
/** Huawei SUN2000-100KTL-M1: 100 kW, 10 MPPT × 2 strings, 26 A / 40 A Isc per MPPT. */
const huawei100 = inverter('huawei-sun2000-100ktl-m1');
/** Fronius Symo 10.0-3-M: 10 kW, 2 MPPT × 3 strings, 27 A / 40.5 A Isc. */
const symo = inverter('fronius-symo-10-0-3-m');
/** SMA STP 10.0-3AV-40: 10 kW, max DC 15 kW, 2 MPPT × 2 strings, 20 A / 30 A Isc. */
const stp10 = inverter('sma-stp10-0-3av-40');

const rules = <T extends { rule: string }>(checks: T[], rule: string): T[] => checks.filter((c) => c.rule === rule);

describe('DC/AC ratio and inverter count', () => {
  it('ratio = Σ STC power / Σ rated AC power', () => {
    expect(dcAcRatio(121_500, 100_000)).toBeCloseTo(1.215, 12);
  });

  it('count = max(1, ceil(ΣPdc / (target · Pac))) and the ratio it gives', () => {
    // 1 MWp on Sungrow SG350HX (320 kW) at 1.2: 1 000 000 / 384 000 = 2.60 → 3 inverters, 1 000 / 960 = 1.0417
    const sg = inverter('sungrow-sg350hx');
    const r = inverterCount(1_000_000, sg.ratedAcPower, 1.2);
    expect(r.count).toBe(3);
    expect(r.dcAcRatio).toBeCloseTo(1.041667, 6);
    // exactly on the target: 120 kWp on 100 kW at 1.2 → 1 inverter, ratio 1.2
    expect(inverterCount(120_000, 100_000, 1.2)).toEqual({ count: 1, dcAcRatio: 1.2 });
    // the default target is 1.2; a tiny array still gets one inverter
    expect(inverterCount(2_000, 3_000).count).toBe(1);
  });
});

describe('automatic plan', () => {
  it('MPPT capacity: 26 / 10.85 = 2.4 → 2 strings, 40 / 11.6 = 3.4, 2 per MPPT → 2', () => {
    expect(mpptCapacity(lr4, huawei100)).toBe(2);
  });

  it('30 strings of 18 over two SUN2000-100KTL-M1: 15 each, on all 10 inputs (5 with 2, 5 with 1)', () => {
    const plan = assignStrings(new Array(30).fill(18), lr4, huawei100, 2);
    expect(plan.unassigned).toEqual([]);
    for (const i of [0, 1]) {
      const mine = plan.slots.filter((s) => s?.inverterIndex === i) as StringSlot[];
      expect(mine).toHaveLength(15);
      const perInput = new Map<number, number>();
      for (const s of mine) perInput.set(s.mppt, (perInput.get(s.mppt) ?? 0) + 1);
      expect([...perInput.values()].sort()).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    }
    // 15 · 18 · 450 W = 121.5 kW on 100 kW → 1.215 each
    const ratios = rules(plan.checks, 'dcAcRatio');
    expect(ratios.map((c) => c.value)).toEqual([expect.closeTo(1.215, 9), expect.closeTo(1.215, 9)]);
    expect(plan.checks.every((c) => c.ok)).toBe(true);
  });

  it('keeps one string length per MPPT input when the inputs allow it', () => {
    // 20 strings of 18 and 10 of 16 over two inverters: the first takes 15 of 18, the second 5 of 18
    // and 10 of 16 (5 + 10 strings on 10 inputs of 2: 3 + 5 inputs needed, 2 spare).
    const lengths = [...new Array(10).fill(16), ...new Array(20).fill(18)];
    const plan = assignStrings(lengths, lr4, huawei100, 2);
    expect(plan.unassigned).toEqual([]);
    expect(rules(plan.checks, 'mpptSameLength').every((c) => c.ok)).toBe(true);
    expect(plan.checks.every((c) => c.ok)).toBe(true);
    // strings 0…9 (length 16) all on the second inverter
    expect(plan.slots.slice(0, 10).every((s) => s?.inverterIndex === 1)).toBe(true);
    // second inverter: 5 · 18 · 450 + 10 · 16 · 450 = 112.5 kW → 1.125
    expect(rules(plan.checks, 'dcAcRatio')[1].value).toBeCloseTo(1.125, 9);
  });

  it('says so when lengths must share an input (3 lengths on a 2-input Symo)', () => {
    // capacity per input: min(3, 27 / 10.85 = 2.49 → 2, 40.5 / 11.6 = 3.49 → 3) = 2
    const plan = assignStrings([10, 9, 8], lr4, symo, 1);
    expect(plan.unassigned).toEqual([]);
    const mixed = rules(plan.checks, 'mpptSameLength').filter((c) => !c.ok);
    expect(mixed).toHaveLength(1);
    expect(mixed[0]).toMatchObject({ inverterIndex: 0, value: 2, limit: 1 });
  });

  it('leaves the shortest strings out when every input is full', () => {
    // one Symo takes 2 inputs × 2 strings = 4
    const plan = assignStrings([10, 10, 9, 10, 10], lr4, symo, 1);
    expect(plan.unassigned).toEqual([2]);
    expect(plan.slots[2]).toBeNull();
  });

  it('places nothing when not one string fits an input', () => {
    // SUN2000-10KTL-M1: 11 A per MPPT < Imp 13.12 A of the LR5-72HPH-550M
    const lr5 = SYSTEM_MODULES.find((m) => m.id === 'longi-lr5-72hph-550m')!;
    const plan = assignStrings([12, 12], lr5, inverter('huawei-sun2000-10ktl-m1'), 1);
    expect(plan.unassigned).toEqual([0, 1]);
  });
});

describe('checks of a plan by hand', () => {
  it('3 strings of 12 on one STP 10.0: 16.2 kW over its 15 kW DC maximum, 2 strings over the 20 A input', () => {
    // 3 · 12 · 450 W = 16 200 W: ratio 1.62 ≤ 1.8, but > 15 000 W max DC power
    // input 0: 2 · 10.85 = 21.7 A > 20 A; 2 · 11.6 = 23.2 A ≤ 30 A; input 1: 10.85 A
    const checks = checkAssignment([12, 12, 12], [{ inverterIndex: 0, mppt: 0 }, { inverterIndex: 0, mppt: 0 }, { inverterIndex: 0, mppt: 1 }], lr4, stp10, 1);
    expect(rules(checks, 'dcAcRatio')[0]).toMatchObject({ ok: true, value: expect.closeTo(1.62, 9), limit: 1.8 });
    expect(rules(checks, 'maxDcPower')[0]).toMatchObject({ ok: false, value: 16_200, limit: 15_000 });
    const current = rules(checks, 'mpptCurrent');
    expect(current[0]).toMatchObject({ mppt: 0, ok: false, value: expect.closeTo(21.7, 9), limit: 20 });
    expect(current[1]).toMatchObject({ mppt: 1, ok: true });
    expect(rules(checks, 'mpptShortCircuit')[0]).toMatchObject({ ok: true, value: expect.closeTo(23.2, 9) });
  });

  it('refuses a slot on an input that does not exist', () => {
    expect(() => checkAssignment([12], [{ inverterIndex: 0, mppt: 2 }], lr4, stp10, 1)).toThrow(RangeError);
    expect(() => checkAssignment([12], [{ inverterIndex: 1, mppt: 0 }], lr4, stp10, 1)).toThrow(RangeError);
  });
});
