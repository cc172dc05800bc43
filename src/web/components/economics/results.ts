// What the Economy step shows of a computed 'economics-result' (src/model/api/economics.ts; docs/
// ECONOMICS.md "The cash flow"): the indicators in the product's units (spec 001 §9: money in 10k yuan,
// yuan/kWh, years, percent), the cash-flow table in 10k yuan, the cumulative cash flow, year 1's
// monthly self-consumption (used directly, from the battery, exported), the battery's state of charge
// over the typical week, and whether the result still matches the saved documents. Pure.
import type { EconomicsResultDocument } from '../../../model/api/economics.ts';
import type { CashFlowRow } from '../../../model/economics.ts';

/** Yuan in one 万元 (10k yuan), the unit of the tables (spec 001 §9). */
export const WAN = 10_000;

/** Yuan → 10k yuan. */
export const toWan = (yuan: number): number => yuan / WAN;

/** A fraction as percent, or null. */
export const asPercent = (fraction: number | null): number | null => (fraction === null ? null : fraction * 100);

/** One row of the cash-flow table [10k yuan; energy MWh]. */
export interface CashFlowTableRow {
  year: number;
  energyMwh: number;
  sales: number;
  subsidy: number;
  vatPaid: number;
  /** Surcharges and stamp duty. */
  surcharges: number;
  om: number;
  tax: number;
  replacement: number;
  net: number;
  cumulative: number;
}

/** The table of a cash flow (year 0 first), money in 10k yuan. */
export function cashFlowTable(rows: readonly CashFlowRow[]): CashFlowTableRow[] {
  return rows.map((r) => ({
    year: r.year,
    energyMwh: r.energy / 1000,
    sales: toWan(r.sales),
    subsidy: toWan(r.subsidy),
    vatPaid: toWan(r.vatPaid - r.vatRefund),
    surcharges: toWan(r.surcharges + r.stampDuty),
    om: toWan(r.om),
    tax: toWan(r.tax),
    replacement: toWan(r.replacement),
    net: toWan(r.net),
    cumulative: toWan(r.cumulative),
  }));
}

/** The cumulative cash flow by year [10k yuan] (year 0 = −investment). */
export function cumulativeSeries(rows: readonly CashFlowRow[]): { x: number[]; y: number[] } {
  return { x: rows.map((r) => r.year), y: rows.map((r) => toWan(r.cumulative)) };
}

/** Year 1 month by month [kWh]: PV used directly, delivered by the battery, exported (stacked bars). */
export function monthlySelfSeries(monthly: EconomicsResultDocument['monthly']): { direct: number[]; battery: number[]; exported: number[] } {
  return {
    direct: monthly.map((m) => m.selfKwh),
    battery: monthly.map((m) => m.dischargeKwh),
    exported: monthly.map((m) => m.exportKwh),
  };
}

/**
 * The state of charge over the typical week [%] (at the end of each hour) against the time since the
 * week's start [days]: hour k of the week ends at (k + 1) / 24. Null without storage.
 */
export function socWeekSeries(week: EconomicsResultDocument['week']): { x: number[]; y: number[] } | null {
  if (!week.soc) return null;
  return { x: week.soc.map((_, h) => (h + 1) / 24), y: week.soc.map((s) => s * 100) };
}

/** The saved documents' versions the result would need to match. */
export interface SavedVersions {
  powerLoad: number;
  energyStorage: number;
  economic: number;
  advancedEconomic: number;
}

/** Whether a result was computed on other versions of the documents than those saved now. */
export function resultOutdated(result: EconomicsResultDocument, saved: SavedVersions): boolean {
  const v = result.basis.versions;
  return v.powerLoad !== saved.powerLoad || v.energyStorage !== saved.energyStorage || v.economic !== saved.economic || v.advancedEconomic !== saved.advancedEconomic;
}
