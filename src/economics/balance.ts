// The hourly energy balance of self-consumption (docs/ECONOMICS.md "Hourly energy balance"): per hour,
// AC energies [kWh] pv (after the inverter) and load; without storage self = min(pv, load),
// export = pv − self, import = load − self. The operation mode decides what the surplus is worth:
// 'surplus' sells it, 'selfUse' curtails it (it earns nothing), 'feedIn' exports all the PV and
// imports all the load. Also: the period classes of the peak-valley strategy and the year's rates.
import type { DispatchTotals, OperationMode, TariffPeriodName } from '../model/economics.ts';

/** Mode codes of the hot loops. */
export const MODE_CODE: Record<OperationMode, number> = { surplus: 0, selfUse: 1, feedIn: 2 };
export const SURPLUS = 0;
export const SELF_USE = 1;
export const FEED_IN = 2;

/** Period classes of the `tou` strategy: critical peak counts as peak, deep valley as valley. */
export const VALLEY = 0;
export const FLAT = 1;
export const PEAK = 2;
export const PERIOD_CLASS: Record<TariffPeriodName, number> = { sharp: PEAK, peak: PEAK, flat: FLAT, valley: VALLEY, 'deep-valley': VALLEY };

/** The period class of each hour. */
export function periodClasses(periods: readonly TariffPeriodName[]): Uint8Array {
  const out = new Uint8Array(periods.length);
  for (let i = 0; i < periods.length; i++) out[i] = PERIOD_CLASS[periods[i]];
  return out;
}

/** Sums of one year [kWh], before the rates. */
export interface EnergySums {
  pv: number;
  load: number;
  self: number;
  export: number;
  import: number;
  charge: number;
  discharge: number;
  curtailed: number;
}

/**
 * The year's totals with its rates: selfConsumptionRate = 1 − (Σexport + Σcurtailed) / Σpv (the PV not
 * used on site, sold or curtailed), selfSufficiencyRate = 1 − Σimport / Σload; 0 when the sum is 0.
 */
export function withRates(s: EnergySums): DispatchTotals {
  return {
    ...s,
    selfConsumptionRate: s.pv > 0 ? 1 - (s.export + s.curtailed) / s.pv : 0,
    selfSufficiencyRate: s.load > 0 ? 1 - s.import / s.load : 0,
  };
}

/** The balance without storage, hour by hour [kWh]. */
export function balance(pv: ArrayLike<number>, load: ArrayLike<number>, mode: OperationMode = 'surplus'): { self: Float64Array; export: Float64Array; import: Float64Array; curtailed: Float64Array; totals: DispatchTotals } {
  const n = pv.length;
  const self = new Float64Array(n);
  const exp = new Float64Array(n);
  const imp = new Float64Array(n);
  const cur = new Float64Array(n);
  const s: EnergySums = { pv: 0, load: 0, self: 0, export: 0, import: 0, charge: 0, discharge: 0, curtailed: 0 };
  for (let h = 0; h < n; h++) {
    const p = pv[h];
    const l = load[h];
    if (mode === 'feedIn') {
      exp[h] = p;
      imp[h] = l;
    } else {
      self[h] = p < l ? p : l;
      imp[h] = l - self[h];
      if (mode === 'selfUse') cur[h] = p - self[h];
      else exp[h] = p - self[h];
    }
    s.pv += p;
    s.load += l;
    s.self += self[h];
    s.export += exp[h];
    s.import += imp[h];
    s.curtailed += cur[h];
  }
  return { self, export: exp, import: imp, curtailed: cur, totals: withRates(s) };
}
