// Tariffs of the economics (docs/ECONOMICS.md "Tariffs"): prices VAT-included [yuan/kWh]; a uniform
// price, or a time-of-use tariff with a period (critical peak 'sharp', peak, flat, valley, deep
// valley) for each hour of each month and a price per period. Self-consumed energy is worth the tariff
// of the hour it replaces; this module gives the 8760 hourly prices and periods of a tariff, the mean
// price weighted by an hourly self-consumption series, and the 12 × 24 form of the user's schemes of
// the tariff catalogue (src/model/catalogue/tariffs.ts: periods as hour ranges, optionally by month).
import type { TariffInput } from '../model/catalogue/tariffs.ts';
import type { EconomicsTariff, TariffPeriodName, TouTariff } from '../model/economics.ts';
import { hourMonths, HOURS_PER_YEAR } from './calendar.ts';

/** The price of each of the 8760 hours [yuan/kWh]. */
export function hourlyPrices(t: EconomicsTariff): Float64Array {
  const out = new Float64Array(HOURS_PER_YEAR);
  if (t.kind === 'uniform') return out.fill(t.price);
  const months = hourMonths();
  for (let h = 0; h < HOURS_PER_YEAR; h++) out[h] = t.prices[t.periods[months[h]][h % 24]] as number;
  return out;
}

/** The period of each of the 8760 hours (a uniform tariff is flat all year). */
export function hourlyPeriods(t: EconomicsTariff): TariffPeriodName[] {
  const out = new Array<TariffPeriodName>(HOURS_PER_YEAR);
  if (t.kind === 'uniform') return out.fill('flat');
  const months = hourMonths();
  for (let h = 0; h < HOURS_PER_YEAR; h++) out[h] = t.periods[months[h]][h % 24];
  return out;
}

/**
 * Mean price weighted by an hourly energy series: Σ eₕ·pₕ / Σ eₕ [yuan/kWh] — the value of the
 * self-consumed energy when e is the self-consumption. With no energy, the time-weighted mean.
 */
export function weightedPrice(energy: ArrayLike<number>, prices: ArrayLike<number>): number {
  let ep = 0;
  let e = 0;
  let p = 0;
  for (let h = 0; h < prices.length; h++) {
    ep += energy[h] * prices[h];
    e += energy[h];
    p += prices[h];
  }
  return e > 0 ? ep / e : p / prices.length;
}

/**
 * The 12 × 24 tariff of catalogue schemes: each applies to its months (all months when it names
 * none), a later one overriding an earlier one. An hour split between two periods at :30 takes the
 * period of its first half hour. Months no scheme covers take the first scheme. Uniform schemes give
 * a flat hour at their price — all uniform: a uniform tariff.
 */
export function tariffFromSchemes(schemes: readonly Pick<TariffInput, 'kind' | 'price' | 'periods' | 'months'>[]): EconomicsTariff {
  if (schemes.length === 0) throw new Error('no tariff scheme');
  if (schemes.every((s) => s.kind === 'uniform') && new Set(schemes.map((s) => s.price)).size === 1) return { kind: 'uniform', price: schemes[0].price ?? 0 };
  const prices: TouTariff['prices'] = {};
  const byMonth: (TariffPeriodName[] | null)[] = new Array(12).fill(null);
  for (const s of schemes) {
    const day = new Array<TariffPeriodName>(24).fill('flat');
    if (s.kind === 'uniform') {
      if (prices.flat !== undefined && prices.flat !== s.price) throw new Error('two uniform schemes with different prices cannot share the flat period');
      prices.flat = s.price ?? 0;
    } else {
      for (const p of s.periods ?? []) {
        if (prices[p.name] !== undefined && prices[p.name] !== p.price) throw new Error(`period ${p.name} has two prices in these schemes`);
        prices[p.name] = p.price;
        for (const [a, b] of p.hours) for (let h = Math.ceil(a); h < b; h++) day[h] = p.name;
      }
    }
    for (const m of s.months ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) byMonth[m - 1] = day;
  }
  const first = byMonth.find((d) => d !== null) as TariffPeriodName[];
  return { kind: 'tou', prices, periods: byMonth.map((d) => [...(d ?? first)]) };
}

/** The time-weighted mean price of a tariff over the year [yuan/kWh]. */
export function meanPrice(t: EconomicsTariff): number {
  if (t.kind === 'uniform') return t.price;
  const p = hourlyPrices(t);
  let s = 0;
  for (let h = 0; h < p.length; h++) s += p[h];
  return s / p.length;
}
