// Electricity tariff schemes (spec 001 §7 electricity-price/list; docs/PRODUCT.md "Economics": uniform or
// peak-valley tariffs): a uniform price, or time-of-use periods (sharp peak, peak, flat, valley, deep
// valley) each with a price and the hours of the day it applies, optionally only in some months.
// Prices in CNY/kWh. A scheme's periods must cover every hour of the day exactly once.
import { z } from 'zod';
import { plainText, recordId, requiredPlainText } from '../api/common.ts';

export const tariffPeriodNames = ['sharp', 'peak', 'flat', 'valley', 'deep-valley'] as const;
export type TariffPeriodName = (typeof tariffPeriodNames)[number];

/** Hours are on a half-hour grid: 0, 0.5 … 24. */
const hour = z
  .number({ error: 'Format incorrect' })
  .min(0, 'hours are 0–24')
  .max(24, 'hours are 0–24')
  .refine((h) => Number.isInteger(h * 2), 'hours are whole or half hours');

/** [from, to) in hours of the day; from < to (a period over midnight is two ranges). */
export const hourRangeSchema = z.tuple([hour, hour]).refine(([a, b]) => a < b, 'the start must be before the end');

/** [CNY/kWh] */
const price = z.number({ error: 'Format incorrect' }).min(0, 'the price must be 0–100 CNY/kWh').max(100, 'the price must be 0–100 CNY/kWh');

export const tariffPeriodSchema = z.object({
  name: z.enum(tariffPeriodNames),
  /** [CNY/kWh] */
  price,
  hours: z.array(hourRangeSchema).min(1).max(24),
});
export type TariffPeriod = z.infer<typeof tariffPeriodSchema>;

/** Why a set of periods does not tile the day, or null. */
export function periodsProblem(periods: readonly TariffPeriod[]): string | null {
  const slots = new Array<number>(48).fill(0);
  for (const p of periods) {
    for (const [a, b] of p.hours) for (let s = a * 2; s < b * 2; s++) slots[s]++;
  }
  const twice = slots.findIndex((n) => n > 1);
  if (twice >= 0) return `the periods overlap at ${clock(twice / 2)}`;
  const gap = slots.findIndex((n) => n === 0);
  if (gap >= 0) return `no period covers ${clock(gap / 2)}`;
  const names = periods.map((p) => p.name);
  if (new Set(names).size !== names.length) return 'each period name may appear once';
  return null;
}

function clock(h: number): string {
  return `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`;
}

export const tariffInputSchema = z
  .object({
    name: requiredPlainText(100),
    province: plainText(50).optional(),
    city: plainText(50).optional(),
    kind: z.enum(['uniform', 'peak-valley']),
    /** [CNY/kWh] the uniform price (kind uniform). */
    price: price.optional(),
    periods: z.array(tariffPeriodSchema).max(5).optional(),
    /** Months 1–12 the scheme applies in; absent: all year. */
    months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
    /** Where the numbers come from (a tariff notice, a bill). */
    source: plainText(300).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind === 'uniform') {
      if (t.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'This field is required' });
      return;
    }
    if (!t.periods || t.periods.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['periods'], message: 'a peak-valley tariff needs at least two periods' });
      return;
    }
    const problem = periodsProblem(t.periods);
    if (problem) ctx.addIssue({ code: 'custom', path: ['periods'], message: problem });
  });
export type TariffInput = z.infer<typeof tariffInputSchema>;

export const tariffSchema = z.object({
  id: z.number().int(),
  owner: z.enum(['system', 'user']),
  name: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  kind: z.enum(['uniform', 'peak-valley']),
  price: z.number().nullable(),
  periods: z.array(tariffPeriodSchema),
  months: z.array(z.number().int()).nullable(),
  source: z.string().nullable(),
  /** [CNY/kWh] the time-weighted mean price over the day. */
  averagePrice: z.number(),
  currency: z.literal('CNY'),
  updateTime: z.string(),
});
export type Tariff = z.infer<typeof tariffSchema>;

export const tariffListQuery = z.object({ province: plainText(50).optional(), city: plainText(50).optional() });
export const tariffListSchema = z.object({
  list: z.array(tariffSchema),
  /** System schemes found for the place. */
  systemCount: z.number().int(),
  notice: z.string().nullable().describe('set when no system scheme exists for the place'),
});
export const tariffUpdateBody = z.object({ id: recordId, tariff: tariffInputSchema });
export const tariffIdBody = z.object({ id: recordId });

/** The 48 half-hour prices of a day [CNY/kWh]. */
export function halfHourPrices(t: Pick<TariffInput, 'kind' | 'price' | 'periods'>): number[] {
  const out = new Array<number>(48).fill(t.price ?? 0);
  if (t.kind === 'peak-valley') for (const p of t.periods ?? []) for (const [a, b] of p.hours) for (let s = a * 2; s < b * 2; s++) out[s] = p.price;
  return out;
}

/** The time-weighted mean price over the day [CNY/kWh], rounded to 0.0001. */
export function averagePrice(t: Pick<TariffInput, 'kind' | 'price' | 'periods'>): number {
  const p = halfHourPrices(t);
  return Math.round((p.reduce((s, x) => s + x, 0) / p.length) * 10_000) / 10_000;
}
