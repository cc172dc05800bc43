// The 8760-hour year of the load, tariff and dispatch series: 365 days of 24 local hours, hour 0 =
// 1 January 00:00–01:00. A leap year's 29 February is left out (the weather year has 8760 hours too),
// and every other day keeps its real weekday in the chosen calendar year (Gregorian, Date.UTC).
/** Hours of the modelled year. */
export const HOURS_PER_YEAR = 8760;
/** Days of each month of the modelled year (February 28). */
export const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** One day of the modelled year. */
export interface CalendarDay {
  /** 0-based index in the modelled year (0 … 364). */
  index: number;
  /** 1 … 12 */
  month: number;
  /** 1 … 31 */
  day: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

/**
 * The 365 days of `year` (29 February left out). Without a year: a year whose 1 January is a Monday
 * (the catalogue's default, src/model/catalogue/load-types.ts).
 */
export function calendarDays(year: number | null = null): CalendarDay[] {
  const days: CalendarDay[] = [];
  let index = 0;
  for (let m = 0; m < 12; m++) {
    for (let d = 1; d <= MONTH_DAYS[m]; d++, index++) {
      const weekday = year === null ? (1 + index) % 7 : new Date(Date.UTC(year, m, d)).getUTCDay();
      days.push({ index, month: m + 1, day: d, weekday });
    }
  }
  return days;
}

/** Whether `year` has a 29 February. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The month (0 … 11) of each of the 8760 hours. */
export function hourMonths(): Uint8Array {
  const out = new Uint8Array(HOURS_PER_YEAR);
  let h = 0;
  for (let m = 0; m < 12; m++) for (let i = 0; i < MONTH_DAYS[m] * 24; i++) out[h++] = m;
  return out;
}

/** Index of the first hour of each month (and 8760 at the end): 13 values. */
export function monthStartHours(): number[] {
  const out = [0];
  for (let m = 0; m < 12; m++) out.push(out[m] + MONTH_DAYS[m] * 24);
  return out;
}

/** Cumulative days before each month of a 365-day year. */
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;

/**
 * The energy of each of the 8760 local hours [kWh] of a power series: each step's mean power [W] over
 * its interval (times: UTC interval starts) × its length, added to the local hour it starts in. A leap
 * year's 29 February is left out; a year in UTC wraps its first local hours round to the year's end
 * (a typical year is one year whichever calendar year it starts in).
 * @param times interval starts, ISO 8601 UTC
 * @param powerW mean AC power of each interval [W]
 * @param utcOffset [h] of the local clock
 */
export function localHourlyKwh(times: readonly string[], powerW: ArrayLike<number>, utcOffset: number): Float64Array {
  const out = new Float64Array(HOURS_PER_YEAR);
  if (times.length === 0) return out;
  const t0 = Date.parse(times[0]);
  const stepH = times.length > 1 ? (Date.parse(times[1]) - t0) / 3_600_000 : 1;
  const shift = utcOffset * 3_600_000;
  for (let i = 0; i < times.length; i++) {
    const local = new Date(Date.parse(times[i]) + shift);
    const m = local.getUTCMonth();
    const d = local.getUTCDate();
    if (m === 1 && d === 29) continue;
    out[(DAYS_BEFORE_MONTH[m] + d - 1) * 24 + local.getUTCHours()] += (powerW[i] * stepH) / 1000;
  }
  return out;
}
