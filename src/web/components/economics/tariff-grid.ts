// Editing the tariff of the Economy step (docs/ECONOMICS.md "Tariffs"; src/model/economics.ts
// economicsTariffSchema): a uniform price, or a time-of-use tariff — a period (critical peak 'sharp',
// peak, flat, valley, deep valley) for each hour of each month and a price for each period. Pure: the
// form's editable shape of a tariff (prices may be empty while typing), painting periods over months
// and hours, copying a month, the tariff of a scheme of the user's list or of a template, and the
// tariff the form makes (validated by the model's schema).
import type { TariffInput } from '../../../model/catalogue/tariffs.ts';
import { tariffPeriodNames, type EconomicsTariff, type TariffPeriodName } from '../../../model/economics.ts';
import { meanPrice, tariffFromSchemes } from '../../../economics/tariffs.ts';

/** The tariff as the form edits it. */
export interface TariffForm {
  kind: 'uniform' | 'tou';
  /** [yuan/kWh] the uniform price. */
  price: number | null;
  /** [yuan/kWh] the price of each period (null: not entered). */
  prices: Record<TariffPeriodName, number | null>;
  /** 12 months × 24 hours (0 = 00:00–01:00), January first. */
  periods: TariffPeriodName[][];
}

/** The periods from the most to the least expensive, as the editor lists them. */
export const PERIOD_ORDER: readonly TariffPeriodName[] = tariffPeriodNames;

/** The colour of each period in the grid (critical peak red … deep valley dark blue). */
export const PERIOD_COLOURS: Readonly<Record<TariffPeriodName, string>> = {
  sharp: '#d4380d',
  peak: '#fa8c16',
  flat: '#fadb14',
  valley: '#69b1ff',
  'deep-valley': '#1d39c4',
};

const noPrices = (): Record<TariffPeriodName, number | null> => ({ sharp: null, peak: null, flat: null, valley: null, 'deep-valley': null });
const flatYear = (): TariffPeriodName[][] => Array.from({ length: 12 }, () => new Array<TariffPeriodName>(24).fill('flat'));

/** A new tariff: uniform, no price yet. */
export function emptyTariffForm(): TariffForm {
  return { kind: 'uniform', price: null, prices: noPrices(), periods: flatYear() };
}

/** The form of a stored tariff. */
export function tariffFormOf(t: EconomicsTariff): TariffForm {
  if (t.kind === 'uniform') return { ...emptyTariffForm(), price: t.price, prices: { ...noPrices(), flat: t.price } };
  const prices = noPrices();
  for (const p of tariffPeriodNames) prices[p] = t.prices[p] ?? null;
  return { kind: 'tou', price: null, prices, periods: t.periods.map((m) => [...m]) };
}

/**
 * The tariff input a form makes (to be validated by economicsTariffSchema): a uniform price, or the
 * periods with the prices of the periods used (a price entered for an unused period is left out).
 */
export function tariffOfForm(f: TariffForm): Record<string, unknown> {
  if (f.kind === 'uniform') return { kind: 'uniform', price: f.price ?? undefined };
  const used = usedPeriods(f.periods);
  const prices: Partial<Record<TariffPeriodName, number | undefined>> = {};
  for (const p of used) prices[p] = f.prices[p] ?? undefined;
  return { kind: 'tou', prices, periods: f.periods.map((m) => [...m]) };
}

/** The periods a 12 × 24 grid uses, in PERIOD_ORDER. */
export function usedPeriods(periods: readonly (readonly TariffPeriodName[])[]): TariffPeriodName[] {
  const seen = new Set(periods.flat());
  return PERIOD_ORDER.filter((p) => seen.has(p));
}

/**
 * The grid with `period` painted over the hours [fromHour, toHour) of `months` (0 … 11); toHour may be
 * 24. A range over midnight (fromHour > toHour) paints fromHour … 23 and 0 … toHour − 1.
 */
export function paintPeriods(periods: readonly (readonly TariffPeriodName[])[], months: readonly number[], fromHour: number, toHour: number, period: TariffPeriodName): TariffPeriodName[][] {
  const hours: number[] = [];
  if (fromHour < toHour) for (let h = fromHour; h < toHour; h++) hours.push(h);
  else if (fromHour > toHour) for (let h = 0; h < 24; h++) if (h >= fromHour || h < toHour) hours.push(h);
  const out = periods.map((m) => [...m]);
  for (const m of months) for (const h of hours) if (m >= 0 && m < 12 && h >= 0 && h < 24) out[m][h] = period;
  return out;
}

/** The grid with month `from`'s 24 periods copied to every other month. */
export function copyMonthToAll(periods: readonly (readonly TariffPeriodName[])[], from: number): TariffPeriodName[][] {
  return periods.map(() => [...periods[from]]);
}

/** A time-of-use form starting from a uniform one: every hour flat at the uniform price. */
export function toTou(f: TariffForm): TariffForm {
  if (f.kind === 'tou') return f;
  return { kind: 'tou', price: f.price, prices: { ...f.prices, flat: f.prices.flat ?? f.price }, periods: flatYear() };
}

/** A uniform form from a time-of-use one: the time-weighted mean of its prices when they are all entered. */
export function toUniform(f: TariffForm): TariffForm {
  if (f.kind === 'uniform') return f;
  const used = usedPeriods(f.periods);
  const complete = used.every((p) => f.prices[p] !== null);
  const mean = complete ? meanPrice({ kind: 'tou', prices: Object.fromEntries(used.map((p) => [p, f.prices[p] as number])), periods: f.periods }) : null;
  return { ...f, kind: 'uniform', price: f.price ?? (mean === null ? null : Math.round(mean * 10_000) / 10_000) };
}

/** The form of a scheme of the user's tariff list (hour ranges, optionally by month). */
export function tariffFormOfScheme(s: Pick<TariffInput, 'kind' | 'price' | 'periods' | 'months'>): TariffForm {
  return tariffFormOf(tariffFromSchemes([s]));
}

/** The hour ranges [from, to) of each period in a day of 24 periods (consecutive hours merged). */
export function periodRanges(day: readonly TariffPeriodName[]): Partial<Record<TariffPeriodName, [number, number][]>> {
  const out: Partial<Record<TariffPeriodName, [number, number][]>> = {};
  let start = 0;
  for (let h = 1; h <= 24; h++) {
    if (h < 24 && day[h] === day[start]) continue;
    (out[day[start]] ??= []).push([start, h]);
    start = h;
  }
  return out;
}

/**
 * A scheme for the user's tariff list (src/model/catalogue/tariffs.ts: one day of hour ranges) of a
 * form whose twelve months share one day — or null when the months differ (a list scheme holds one
 * day) or a price is missing.
 */
export function schemeOfTariff(f: TariffForm, name: string): TariffInput | null {
  if (f.kind === 'uniform') return f.price === null ? null : { name, kind: 'uniform', price: f.price };
  const day = f.periods[0];
  if (f.periods.some((m) => m.some((p, h) => p !== day[h]))) return null;
  const ranges = periodRanges(day);
  const periods: NonNullable<TariffInput['periods']> = [];
  for (const p of PERIOD_ORDER) {
    const hours = ranges[p];
    if (!hours) continue;
    const price = f.prices[p];
    if (price === null) return null;
    periods.push({ name: p, price, hours });
  }
  // One period all day is a uniform price.
  if (periods.length === 1) return { name, kind: 'uniform', price: periods[0].price };
  return { name, kind: 'peak-valley', periods };
}
