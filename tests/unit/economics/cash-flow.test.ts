// The cash flow (docs/ECONOMICS.md "25-year cash flow", src/economics/cash-flow.ts): a three-year case
// worked by hand with the VAT pool running out, a tax holiday and a carried loss; the holiday rates, the
// 5-year carry-forward, the loan's equity view, LCOE and CO₂ by hand.
import { describe, expect, it } from 'vitest';
import { annuity, carryLosses, economics, taxRate } from '../../../src/economics/cash-flow.ts';
import { lcoe } from '../../../src/economics/lcoe.ts';
import { economicsInputSchema, type EconomicsInput } from '../../../src/model/economics.ts';

const run = (input: EconomicsInput) => economics(economicsInputSchema.parse(input));

describe('three years by hand: VAT pool, holiday 2+1, a carried loss', () => {
  // 100 kWp at 1 yuan/W → capex 100 000 yuan (VAT-incl.). 90 400 kWh a year self-consumed at 0.5 yuan/kWh
  // → sales 45 200 yuan, ex VAT 45 200 / 1.13 = 40 000, output VAT 5 200. Depreciation in 1 year (so
  // that year 1 makes a loss), O&M 20 yuan/kW = 2 000 yuan a year, no degradation.
  const out = run({
    years: 3,
    capacityKw: 100,
    pricePerW: 1,
    energy: { selfKwh: 90_400, exportKwh: 0 },
    selfPrice: 0.5,
    exportPrice: 0.35,
    degradation: 0,
    depreciationYears: 1,
    omPerKw: 20,
    taxHoliday: '2+1',
  });
  const [y0, y1, y2, y3] = out.cashFlows;
  const pool = (100_000 * 0.13) / 1.13; // 11 504.4248 input VAT
  const dep = (100_000 / 1.13) * 0.95; // 84 070.7965 to a 5 % residual
  const residual = (100_000 / 1.13) * 0.05; // 4 424.7788

  it('year 0 is the investment', () => {
    expect(out.capex).toBe(100_000);
    expect(y0).toMatchObject({ year: 0, net: -100_000, cumulative: -100_000 });
  });

  it('year 1: the pool covers the output VAT; depreciation makes a loss; no tax', () => {
    expect(y1.sales).toBeCloseTo(45_200, 9);
    expect(y1.revenueExVat).toBeCloseTo(40_000, 9);
    expect(y1.outputVat).toBeCloseTo(5_200, 9);
    expect(y1.vatPaid).toBeCloseTo(0, 9);
    expect(y1.stampDuty).toBeCloseTo(12, 9); // 0.03 % of 40 000
    expect(y1.depreciation).toBeCloseTo(dep, 6);
    // taxable = 40 000 − 2 000 − 84 070.7965 − 0 − 12 = −46 082.7965
    expect(y1.taxable).toBeCloseTo(40_000 - 2_000 - dep - 12, 6);
    expect(y1.tax).toBe(0);
    // net = 45 200 − 0 − 12 − 2 000 = 43 188
    expect(y1.net).toBeCloseTo(43_188, 6);
  });

  it('year 2: the pool still covers it; the loss absorbs all the profit', () => {
    // pool left 11 504.4248 − 5 200 = 6 304.4248 ≥ 5 200; taxable 40 000 − 2 000 − 12 = 37 988, all offset.
    expect(y2.vatPaid).toBeCloseTo(0, 9);
    expect(y2.taxable).toBeCloseTo(37_988, 9);
    expect(y2.lossUsed).toBeCloseTo(37_988, 9);
    expect(y2.tax).toBe(0);
    expect(y2.net).toBeCloseTo(43_188, 6);
  });

  it('year 3: the pool runs out, surcharges start, the rest of the loss, half-rate tax, the residual', () => {
    // pool left 6 304.4248 − 5 200 = 1 104.4248 → VAT paid 5 200 − 1 104.4248 = 4 095.5752
    const vatPaid = 5_200 - (pool - 2 * 5_200);
    expect(y3.vatPaid).toBeCloseTo(vatPaid, 6);
    expect(y3.surcharges).toBeCloseTo(0.12 * vatPaid, 6); // 491.4690
    // taxable 40 000 − 2 000 − 491.4690 − 12 = 37 496.5310; loss left 46 082.7965 − 37 988 = 8 094.7965
    const taxable = 40_000 - 2_000 - 0.12 * vatPaid - 12;
    const lossLeft = -(40_000 - 2_000 - dep - 12) - 37_988;
    expect(y3.taxable).toBeCloseTo(taxable, 6);
    expect(y3.lossUsed).toBeCloseTo(lossLeft, 6);
    // Holiday 2+1: year 3 at half of 25 % → tax = (37 496.5310 − 8 094.7965) · 0.125 = 3 675.2168
    expect(y3.tax).toBeCloseTo((taxable - lossLeft) * 0.125, 6);
    expect(y3.tax).toBeCloseTo(3_675.2168, 3);
    expect(y3.residual).toBeCloseTo(residual, 6);
    // net = 45 200 − 4 095.5752 − 491.4690 − 12 − 2 000 − 3 675.2168 + 4 424.7788 = 39 350.5178
    expect(y3.net).toBeCloseTo(39_350.5178, 3);
  });

  it('indicators: NPV at 6 %, payback inside year 3, cumulative', () => {
    const nets = [-100_000, 43_188, 43_188, 45_200 - (5_200 - (pool - 10_400)) * 1.12 - 12 - 2_000 - y3.tax + residual];
    expect(y3.cumulative).toBeCloseTo(nets.reduce((a, b) => a + b), 6);
    expect(out.npv).toBeCloseTo(nets[0] + nets[1] / 1.06 + nets[2] / 1.06 ** 2 + nets[3] / 1.06 ** 3, 6);
    // cumulative after year 2: −13 624 → payback 2 + 13 624 / 39 350.5178 = 2.3462 years
    expect(out.paybackYears).toBeCloseTo(2 + 13_624 / nets[3], 9);
    expect(out.irr).not.toBeNull();
    expect(out.equityIrr).toBe(out.irr);
    expect(out.equityCashFlows).toBeUndefined();
  });
});

describe('tax rules', () => {
  it('3+3: exempt in years 1–3, half in 4–6, full from year 7', () => {
    const h = { exempt: 3, half: 3 };
    expect([1, 3, 4, 6, 7].map((y) => taxRate(y, 0.25, h))).toEqual([0, 0, 0.125, 0.125, 0.25]);
  });

  it('losses are carried 5 years at most, the oldest first', () => {
    // Year 1 loses 100; year 2 earns 30 (70 left); years 3–6 earn nothing; year 7 is past year 1 + 5.
    expect(carryLosses([-100, 30, 0, 0, 0, 0, 80]).after).toEqual([-100, 0, 0, 0, 0, 0, 80]);
    // Years 1 and 2 lose 50 each; year 3 earns 70: 50 of year 1 then 20 of year 2 → 30 of year 2 left,
    // usable up to year 7; year 8 is too late.
    const r = carryLosses([-50, -50, 70, 0, 0, 0, 20, 40]);
    expect(r.after).toEqual([-50, -50, 0, 0, 0, 0, 0, 40]);
    expect(r.used).toEqual([0, 0, 70, 0, 0, 0, 20, 0]);
  });

  it('the VAT refund returns half of the VAT paid and is taxable', () => {
    // An installed price of 0 leaves no input VAT, so all output VAT is paid: 5 200 → refund 2 600.
    const out = run({ years: 1, capacityKw: 100, pricePerW: 0, energy: { selfKwh: 90_400, exportKwh: 0 }, selfPrice: 0.5, exportPrice: 0, degradation: 0, vatRefund: true, taxHoliday: 'none' });
    const y = out.cashFlows[1];
    expect(y.vatPaid).toBeCloseTo(5_200, 9);
    expect(y.vatRefund).toBeCloseTo(2_600, 9);
    // taxable = 40 000 + 2 600 − 624 − 12; tax 25 %
    expect(y.tax).toBeCloseTo((40_000 + 2_600 - 624 - 12) * 0.25, 9);
    expect(y.net).toBeCloseTo(45_200 - 5_200 + 2_600 - 624 - 12 - (40_000 + 2_600 - 624 - 12) * 0.25, 9);
  });
});

describe('loan: the equity view', () => {
  it('equal annual payments, interest on the opening balance, deducted from the taxable income', () => {
    // 100 000 at 70 %: principal 70 000 over 2 years at 5 %: A = 70 000 · 0.05 / (1 − 1.05⁻²) = 37 646.34
    const A = annuity(70_000, 0.05, 2);
    expect(A).toBeCloseTo(37_646.3415, 3);
    const out = run({ years: 3, capacityKw: 100, pricePerW: 1, energy: { selfKwh: 90_400, exportKwh: 0 }, selfPrice: 0.5, exportPrice: 0, degradation: 0, loan: { ratio: 0.7, rate: 0.05, years: 2 } });
    const eq = out.equityCashFlows!;
    expect(eq[0].net).toBeCloseTo(-30_000, 9);
    expect(eq[1].interest).toBeCloseTo(3_500, 9);
    // balance after year 1: 70 000 − (37 646.34 − 3 500) = 35 853.66 → interest 1 792.68
    expect(eq[2].interest).toBeCloseTo((70_000 - (A - 3_500)) * 0.05, 6);
    expect(eq[3].interest).toBe(0);
    expect(eq[1].loanPayment).toBeCloseTo(A, 9);
    expect(eq[3].loanPayment).toBe(0);
    // Holiday 3+3: no tax in 3 years, so the equity flow is the project flow less the payment.
    expect(eq[1].net).toBeCloseTo(out.cashFlows[1].net - A, 6);
    expect(out.cashFlows[1].interest).toBe(0);
    expect(out.equityIrr).not.toBe(out.irr);
  });
});

describe('LCOE and CO₂', () => {
  it('LCOE by hand: 2 years at 10 %', () => {
    // (1 000 + 100/1.1 + 100/1.21 − 50/1.21) / (1 000/1.1 + 1 000/1.21) = 1 132.2314 / 1 735.5372 = 0.652381
    const v = lcoe({ capex: 1_000, om: [100, 100], energy: [1_000, 1_000], residual: 50, discountRate: 0.1 });
    expect(v).toBeCloseTo((1_000 + 100 / 1.1 + 100 / 1.21 - 50 / 1.21) / (1_000 / 1.1 + 1_000 / 1.21), 12);
    expect(v).toBeCloseTo(0.652381, 6);
    expect(lcoe({ capex: 1, om: [0], energy: [0], residual: 0, discountRate: 0.1 })).toBeNull();
  });

  it('CO₂: 25 years of 100 MWh at 0.5703 t/MWh with 0.4 % degradation', () => {
    // Σ 100 · 0.996^(y−1), y = 1…25 = 100 · (1 − 0.996²⁵) / 0.004 = 2 382.47 MWh → 1 358.72 t
    const out = run({ capacityKw: 100, pricePerW: 3, energy: { selfKwh: 60_000, exportKwh: 40_000 }, selfPrice: 0.6, exportPrice: 0.35 });
    expect(out.co2Tonnes).toBeCloseTo(((100 * (1 - 0.996 ** 25)) / 0.004) * 0.5703, 6);
    expect(out.cashFlows).toHaveLength(26);
    // year 2 sales: (60 000 · 0.6 + 40 000 · 0.35) · 0.996
    expect(out.cashFlows[2].sales).toBeCloseTo(50_000 * 0.996, 6);
  });
});

describe('battery replacement in the cash flow', () => {
  it('the replacement cost is paid in years N + 1, 2N + 1', () => {
    const out = run({ years: 25, capacityKw: 100, pricePerW: 3, energy: { selfKwh: 100_000, exportKwh: 0 }, selfPrice: 0.6, exportPrice: 0, storage: { capex: 50_000, replacementCost: 30_000, replacementYears: 10 } });
    expect(out.capex).toBe(350_000);
    expect(out.cashFlows.filter((r) => r.replacement > 0).map((r) => r.year)).toEqual([11, 21]);
  });
});

describe('input checks name the field', () => {
  it('a bad holiday, a negative price, a loan ratio above 1', () => {
    const base = { capacityKw: 100, pricePerW: 3, energy: { selfKwh: 1, exportKwh: 0 }, selfPrice: 0.6, exportPrice: 0.35 };
    expect(economicsInputSchema.safeParse({ ...base, taxHoliday: 'three' }).error?.issues[0].path).toEqual(['taxHoliday']);
    expect(economicsInputSchema.safeParse({ ...base, selfPrice: -1 }).error?.issues[0]).toMatchObject({ path: ['selfPrice'], message: 'must be between 0 and 100 yuan/kWh' });
    expect(economicsInputSchema.safeParse({ ...base, loan: { ratio: 1.2, rate: 0.05, years: 10 } }).error?.issues[0].path).toEqual(['loan', 'ratio']);
    expect(economicsInputSchema.safeParse({ ...base, energy: { selfKwh: 1 } }).error?.issues[0].path).toEqual(['energy', 'exportKwh']);
  });
});
