// What the Economy step shows of a computed result (src/web/components/economics/results.ts): the
// cash-flow table in 10k yuan (spec 001 §9) with the VAT net of the refund and the surcharges with the
// stamp duty, the cumulative series, the stacked monthly self-consumption, the SOC week in percent,
// and whether a result still matches the saved documents. Rows are written by hand.
import { describe, expect, it } from 'vitest';
import type { EconomicsResultDocument } from '../../../src/model/api/economics.ts';
import type { CashFlowRow } from '../../../src/model/economics.ts';
import { cashFlowTable, cumulativeSeries, monthlySelfSeries, resultOutdated, socWeekSeries, toWan } from '../../../src/web/components/economics/results.ts';

const row = (patch: Partial<CashFlowRow>): CashFlowRow => ({
  year: 0,
  energy: 0,
  sales: 0,
  subsidy: 0,
  revenueExVat: 0,
  outputVat: 0,
  vatPaid: 0,
  vatRefund: 0,
  surcharges: 0,
  stampDuty: 0,
  om: 0,
  depreciation: 0,
  interest: 0,
  taxable: 0,
  lossUsed: 0,
  tax: 0,
  replacement: 0,
  residual: 0,
  loanPayment: 0,
  net: 0,
  cumulative: 0,
  ...patch,
});

// A 100 kWp plant at 3.2 yuan/W: 320,000 yuan in year 0; year 1 sells 120,000 kWh for 78,000 yuan,
// pays 2,000 yuan of VAT (half refunded), 240 yuan of surcharges and 20.7 yuan of stamp duty.
const rows = [row({ year: 0, net: -320_000, cumulative: -320_000 }), row({ year: 1, energy: 120_000, sales: 78_000, vatPaid: 2000, vatRefund: 1000, surcharges: 240, stampDuty: 20.7, om: 3000, tax: 0, net: 73_739.3, cumulative: -246_260.7 })];

describe('the cash-flow table', () => {
  it('shows money in 10k yuan and energy in MWh', () => {
    const [y0, y1] = cashFlowTable(rows);
    expect(y0).toMatchObject({ year: 0, net: -32, cumulative: -32, energyMwh: 0 });
    expect(y1.energyMwh).toBe(120);
    expect(y1.sales).toBeCloseTo(7.8, 12);
    // VAT paid net of the refund: 2000 − 1000 = 1000 yuan; surcharges with stamp duty: 260.7 yuan
    expect(y1.vatPaid).toBeCloseTo(0.1, 12);
    expect(y1.surcharges).toBeCloseTo(0.02607, 12);
    expect(y1.om).toBeCloseTo(0.3, 12);
    expect(y1.cumulative).toBeCloseTo(-24.62607, 12);
    expect(toWan(12_345)).toBeCloseTo(1.2345, 12);
  });

  it('the cumulative series starts at minus the investment', () => {
    const s = cumulativeSeries(rows);
    expect(s.x).toEqual([0, 1]);
    expect(s.y[0]).toBe(-32);
    expect(s.y[1]).toBeCloseTo(-24.62607, 12);
  });
});

const month = (m: number, selfKwh: number, dischargeKwh: number, exportKwh: number) => ({ month: m, pvKwh: 0, loadKwh: 0, selfKwh, chargeKwh: 0, dischargeKwh, exportKwh, importKwh: 0, curtailedKwh: 0, selfConsumptionRate: 0, selfSufficiencyRate: 0 });

describe('charts', () => {
  it('stacks the PV used directly, the battery and the export month by month', () => {
    const monthly = Array.from({ length: 12 }, (_, m) => month(m + 1, 100 * (m + 1), 10, 5));
    const s = monthlySelfSeries(monthly);
    expect(s.direct[11]).toBe(1200);
    expect(s.battery).toEqual(new Array(12).fill(10));
    expect(s.exported[0]).toBe(5);
  });

  it('the SOC week in percent against the days since the week began, none without a battery', () => {
    const soc = Array.from({ length: 168 }, (_, h) => (h % 24) / 24);
    const week = { startDay: 0, pvKwh: [], loadKwh: [], chargeKwh: [], dischargeKwh: [], soc };
    const s = socWeekSeries(week)!;
    // the first hour ends at 1/24 day, the last at day 7
    expect(s.x[0]).toBeCloseTo(1 / 24, 15);
    expect(s.x[167]).toBe(7);
    expect(s.y[12]).toBeCloseTo(50, 12);
    expect(socWeekSeries({ ...week, soc: null })).toBeNull();
  });
});

describe('an outdated result', () => {
  const versions = { powerLoad: 2, energyStorage: 3, economic: 4, advancedEconomic: 1, inverterConfig: 1, layout: 1 };
  const result = { basis: { versions } } as unknown as EconomicsResultDocument;
  it('is one computed on other versions of the saved documents', () => {
    expect(resultOutdated(result, { powerLoad: 2, energyStorage: 3, economic: 4, advancedEconomic: 1 })).toBe(false);
    expect(resultOutdated(result, { powerLoad: 2, energyStorage: 4, economic: 4, advancedEconomic: 1 })).toBe(true);
    expect(resultOutdated(result, { powerLoad: 3, energyStorage: 3, economic: 4, advancedEconomic: 1 })).toBe(true);
  });
});
