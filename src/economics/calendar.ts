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
