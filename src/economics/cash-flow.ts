// The 25-year cash flow of a PV (and storage) project after tax, in the project view (no loan) and the
// equity view (with the loan), exactly as docs/ECONOMICS.md "25-year cash flow" sets it out:
//   year 0: −capex (equity: −capex × (1 − loan ratio)); input VAT pool = capex × vat / (1 + vat);
//   each year: revenueExVat = sales / (1 + vat) + subsidy; outputVat = sales − sales / (1 + vat);
//   vatPaid = outputVat − what the pool still covers; refund = 50 % of vatPaid when on;
//   surcharges = 12 % × vatPaid; stamp duty = 0.03 % × revenueExVat; O&M escalated;
//   depreciation straight-line to the residual; interest on the loan's opening balance (equity only);
//   taxable = revenueExVat + refund − om − depreciation − interest − surcharges − stamp, losses carried
//   forward at most 5 years, oldest first; tax at the year's rate (the 3+3 holiday: 0 % then half);
//   net = sales + subsidy − vatPaid + refund − surcharges − stamp − om − tax − replacement
//   (− loan payment); the last year adds the residual value capex / (1 + vat) × residual.
// The Chinese rules behind the defaults: VAT 13 % (MOF, SAT and GACC Announcement No. 39 of 2019), urban maintenance and
// construction tax 7 %, education surcharge 3 %, local education surcharge 2 % of the VAT paid,
// stamp duty, the Enterprise Income Tax Law art. 18 (5-year loss carry-forward) and art. 27 with its
// regulation art. 87 (the 3+3 holiday for public infrastructure projects).
import type { CashFlowParamsParsed, CashFlowRow, EconomicsInputParsed, EconomicsOutput } from '../model/economics.ts';
import { ECONOMICS_DEFAULTS } from '../model/economics.ts';
import { isReplacementYear } from './battery-life.ts';
import { irr, npv, paybackYears } from './irr.ts';
import { co2Tonnes, lcoe } from './lcoe.ts';

/** What the energy brings in each year (index 0 = year 1). */
export interface YearlyRevenue {
  /** Useful PV energy [kWh] (subsidy, LCOE, CO₂). */
  energy: ArrayLike<number>;
  /** Sales VAT-incl. [yuan]: self-consumption at the tariff and export at the feed-in price. */
  sales: ArrayLike<number>;
  /** Battery replacement paid in each year [yuan]. */
  replacement?: ArrayLike<number>;
}

/** 'a+b' → years exempt and years at half rate. */
export function parseTaxHoliday(s: string): { exempt: number; half: number } {
  if (s === 'none') return { exempt: 0, half: 0 };
  const [a, b] = s.split('+').map(Number);
  return { exempt: a, half: b };
}

/** The income-tax rate of year y under the holiday. */
export function taxRate(y: number, rate: number, holiday: { exempt: number; half: number }): number {
  if (y <= holiday.exempt) return 0;
  if (y <= holiday.exempt + holiday.half) return rate / 2;
  return rate;
}

/** Tax losses not used yet: the year (0-based) each arose in and what is left of it. */
export type LossPool = { year: number; left: number }[];

/**
 * One year of the loss carry-forward: a negative taxable income joins the pool; a positive one is
 * offset by the losses of at most `years` earlier years, the oldest first. Returns the loss used.
 */
export function offsetLosses(pool: LossPool, year: number, taxable: number, years: number = ECONOMICS_DEFAULTS.lossCarryYears): number {
  if (taxable < 0) {
    pool.push({ year, left: -taxable });
    return 0;
  }
  let rest = taxable;
  for (let k = 0; k < pool.length && rest > 0; k++) {
    const l = pool[k];
    if (year - l.year > years || l.left <= 0) continue;
    const u = l.left < rest ? l.left : rest;
    l.left -= u;
    rest -= u;
  }
  return taxable - rest;
}

/** Taxable income after the loss carry-forward of a series of years, and the loss used each year. */
export function carryLosses(taxable: ArrayLike<number>, years: number = ECONOMICS_DEFAULTS.lossCarryYears): { after: number[]; used: number[] } {
  const pool: LossPool = [];
  const after: number[] = [];
  const used: number[] = [];
  for (let i = 0; i < taxable.length; i++) {
    const u = offsetLosses(pool, i, taxable[i], years);
    after.push(taxable[i] - u);
    used.push(u);
  }
  return { after, used };
}

/** Equal annual payment of a loan [yuan/year]. */
export function annuity(principal: number, rate: number, years: number): number {
  return rate === 0 ? principal / years : (principal * rate) / (1 - (1 + rate) ** -years);
}

/** The rows of one view (year 0 first). */
export function cashFlowRows(p: CashFlowParamsParsed, capex: number, revenue: YearlyRevenue, withLoan: boolean): CashFlowRow[] {
  const N = p.years;
  const vat = p.vat;
  const exVat = capex / (1 + vat);
  const holiday = parseTaxHoliday(p.taxHoliday);
  const loan = withLoan && p.loan && p.loan.ratio > 0 ? p.loan : null;
  const principal = loan ? capex * loan.ratio : 0;
  const payment = loan ? annuity(principal, loan.rate, loan.years) : 0;
  const depreciation = (exVat * (1 - p.residual)) / p.depreciationYears;
  const residual = exVat * p.residual;
  let pool = (capex * vat) / (1 + vat);
  let balance = principal;
  const first = -(capex - principal);
  const rows: CashFlowRow[] = [{ year: 0, energy: 0, sales: 0, subsidy: 0, revenueExVat: 0, outputVat: 0, vatPaid: 0, vatRefund: 0, surcharges: 0, stampDuty: 0, om: 0, depreciation: 0, interest: 0, taxable: 0, lossUsed: 0, tax: 0, replacement: 0, residual: 0, loanPayment: 0, net: first, cumulative: first }];
  const losses: LossPool = [];
  let cumulative = first;
  for (let y = 1; y <= N; y++) {
    const energy = revenue.energy[y - 1] ?? 0;
    const sales = revenue.sales[y - 1] ?? 0;
    const subsidy = p.subsidy && y <= p.subsidy.years ? p.subsidy.perKwh * energy : 0;
    const revenueExVat = sales / (1 + vat) + subsidy;
    const outputVat = sales - sales / (1 + vat);
    const fromPool = Math.min(pool, outputVat);
    pool -= fromPool;
    const vatPaid = outputVat - fromPool;
    const vatRefund = p.vatRefund ? ECONOMICS_DEFAULTS.vatRefundShare * vatPaid : 0;
    const surcharges = p.surcharge * vatPaid;
    const stampDuty = p.stampDuty * revenueExVat;
    const om = p.omPerKw * p.capacityKw * (1 + p.omEscalation) ** (y - 1);
    const dep = y <= p.depreciationYears ? depreciation : 0;
    let interest = 0;
    let loanPayment = 0;
    if (loan && y <= loan.years) {
      interest = balance * loan.rate;
      loanPayment = payment;
      balance -= payment - interest;
    }
    const taxable = revenueExVat + vatRefund - om - dep - interest - surcharges - stampDuty;
    const lossUsed = offsetLosses(losses, y, taxable);
    const tax = Math.max(0, taxable - lossUsed) * taxRate(y, p.incomeTax, holiday);
    const replacement = revenue.replacement?.[y - 1] ?? 0;
    const res = y === N ? residual : 0;
    const net = sales + subsidy - vatPaid + vatRefund - surcharges - stampDuty - om - tax - replacement - loanPayment + res;
    cumulative += net;
    rows.push({ year: y, energy, sales, subsidy, revenueExVat, outputVat, vatPaid, vatRefund, surcharges, stampDuty, om, depreciation: dep, interest, taxable, lossUsed, tax, replacement, residual: res, loanPayment, net, cumulative });
  }
  return rows;
}

/** Indicators and both views of a project's cash flow. */
export function cashFlow(p: CashFlowParamsParsed, capex: number, revenue: YearlyRevenue): EconomicsOutput {
  const cashFlows = cashFlowRows(p, capex, revenue, false);
  const projectFlows = cashFlows.map((r) => r.net);
  const hasLoan = !!p.loan && p.loan.ratio > 0;
  const equityCashFlows = hasLoan ? cashFlowRows(p, capex, revenue, true) : null;
  const projectIrr = irr(projectFlows);
  const energy = cashFlows.slice(1).map((r) => r.energy);
  return {
    npv: npv(p.discountRate, projectFlows),
    irr: projectIrr,
    equityIrr: equityCashFlows ? irr(equityCashFlows.map((r) => r.net)) : projectIrr,
    paybackYears: paybackYears(projectFlows),
    lcoe: lcoe({ capex, om: cashFlows.slice(1).map((r) => r.om), energy, residual: (capex / (1 + p.vat)) * p.residual, discountRate: p.discountRate }),
    co2Tonnes: co2Tonnes(energy, p.emissionFactor),
    capex,
    cashFlows,
    ...(equityCashFlows ? { equityCashFlows } : {}),
  };
}

/** The `economics` command (docs/ENGINE-API.md §economics): year-1 energy degraded each year. */
export function economics(input: EconomicsInputParsed): EconomicsOutput {
  const N = input.years;
  const energy = new Float64Array(N);
  const sales = new Float64Array(N);
  const replacement = new Float64Array(N);
  const { selfKwh, exportKwh } = input.energy;
  for (let y = 1; y <= N; y++) {
    const k = (1 - input.degradation) ** (y - 1);
    energy[y - 1] = (selfKwh + exportKwh) * k;
    sales[y - 1] = (selfKwh * input.selfPrice + exportKwh * input.exportPrice) * k;
    if (input.storage && isReplacementYear(y, input.storage.replacementYears)) replacement[y - 1] = input.storage.replacementCost;
  }
  const capex = input.pricePerW * input.capacityKw * 1000 + (input.storage?.capex ?? 0);
  return cashFlow(input, capex, { energy, sales, replacement });
}
