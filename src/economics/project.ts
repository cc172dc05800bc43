// A project's economics from its hours: the PV's hourly AC energy, the hourly load, the operation mode,
// the tariff and the battery → a multi-year dispatch (dispatch.ts) and its cash flow (cash-flow.ts).
// Each year's sales are the bill the system avoids, Σ price · (load − import), plus the export at the
// feed-in price; its energy is the PV used (generated, less what full self-use curtails); a new battery
// is paid in its replacement years. This is what the Economy step and the storage recommendation run.
import type { BatteryParsed, CashFlowParamsParsed, DispatchStrategy, DispatchTotals, EconomicsOutput, EconomicsTariff, OperationMode } from '../model/economics.ts';
import { periodClasses, withRates } from './balance.ts';
import { cashFlow } from './cash-flow.ts';
import { dispatchYears, type HourlyDispatch } from './dispatch.ts';
import { hourlyPeriods, hourlyPrices } from './tariffs.ts';

/** A tariff's hourly prices and period classes, computed once for many runs. */
export interface PreparedTariff {
  prices: Float64Array;
  classes: Uint8Array;
}

export function prepareTariff(t: EconomicsTariff): PreparedTariff {
  return { prices: hourlyPrices(t), classes: periodClasses(hourlyPeriods(t)) };
}

export interface ProjectEconomicsInput {
  /** 8760 AC PV energies of year 1 [kWh]. */
  pv: ArrayLike<number>;
  /** 8760 consumptions [kWh]. */
  load: ArrayLike<number>;
  mode: OperationMode;
  tariff: PreparedTariff;
  /** [yuan/kWh] */
  exportPrice: number;
  economics: CashFlowParamsParsed;
  battery?: BatteryParsed | null;
  strategy?: DispatchStrategy;
  /** Battery cost in the capex [yuan] and of each new battery [yuan]. */
  storageCapex?: number;
  replacementCost?: number;
  /** Keep year 1's hourly dispatch. */
  hourly?: boolean;
}

export interface ProjectEconomics {
  /** Year 1's dispatch totals. */
  totals: DispatchTotals;
  /** Year 1's weighted value of the self-consumed energy, Σ price·(load − import) / Σ (load − import) [yuan/kWh]. */
  selfPrice: number | null;
  hourly: HourlyDispatch | null;
  cashFlow: EconomicsOutput;
}

export function projectEconomics(i: ProjectEconomicsInput): ProjectEconomics {
  const p = i.economics;
  const run = dispatchYears({
    pv: i.pv,
    load: i.load,
    mode: i.mode,
    battery: i.battery ?? null,
    strategy: i.strategy ?? 'selfConsumption',
    classes: i.tariff.classes,
    years: p.years,
    degradation: p.degradation,
    prices: i.tariff.prices,
    hourly: i.hourly,
  });
  const energy = new Float64Array(p.years);
  const sales = new Float64Array(p.years);
  const replacement = new Float64Array(p.years);
  for (const y of run.years) {
    energy[y.year - 1] = y.sums.pv - y.sums.curtailed;
    sales[y.year - 1] = y.avoidedCost + y.sums.export * i.exportPrice;
    if (y.replaced) replacement[y.year - 1] = i.replacementCost ?? 0;
  }
  const capex = p.pricePerW * p.capacityKw * 1000 + (i.storageCapex ?? 0);
  const first = run.years[0];
  const offset = first.sums.load - first.sums.import;
  return {
    totals: withRates(first.sums),
    selfPrice: offset > 0 ? first.avoidedCost / offset : null,
    hourly: run.hourly,
    cashFlow: cashFlow(p, capex, { energy, sales, replacement }),
  };
}
