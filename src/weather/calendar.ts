// Timestamps of weather rows → interval-start UTC instants, one reference year for typical years.
//
// Readers hand over each row's calendar date and the hour its interval STARTS (0–23) on the file's
// clock (TMY3/EPW hour-ending 01:00 → 0; 24:00 → 23 of the same date). A file whose rows follow each
// other hour by hour in real time (an actual year, or several) keeps its years. A typical year (TMY3,
// IWEC, PVGIS TMY: each month from a different year) is mapped onto one reference year, as pvlib's
// `coerce_year` does (default 1990, pvlib's default for PVGIS TMY; 1992 when the data hold 29 February).
import type { MonthYear } from './record.ts';
import { WeatherParseError } from './text.ts';

const HOUR = 3_600_000;

/** Parallel arrays, one entry per data row. */
export interface RowStamps {
  year: Int32Array;
  month: Int32Array;
  day: Int32Array;
  /** Hour the interval starts, 0–23, on the file's clock. */
  hour: Int32Array;
  /** 1-based line of the row in the file (for errors). */
  line: Int32Array;
}

export function allocateStamps(n: number): RowStamps {
  return {
    year: new Int32Array(n),
    month: new Int32Array(n),
    day: new Int32Array(n),
    hour: new Int32Array(n),
    line: new Int32Array(n),
  };
}

export interface TimeOptions {
  /**
   * Reference year for the rows' timestamps. Default: keep the file's years when the rows are
   * consecutive hours, else (a typical year) 1990, or 1992 if 29 February occurs.
   */
  year?: number;
}

export interface NormalisedTimes {
  /** [ms since epoch, UTC] interval starts. */
  times: Float64Array;
  /** The reference year, when the rows' years were replaced. */
  coercedYear?: number;
  /** The year each month came from, when the rows' years were replaced. */
  monthsSelected?: MonthYear[];
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Interval starts as UTC instants; `utcOffset` [h] is the file clock's offset from UTC. */
export function normaliseTimes(stamps: RowStamps, utcOffset: number, format: string, options: TimeOptions = {}): NormalisedTimes {
  const n = stamps.year.length;
  if (n === 0) throw new WeatherParseError(format, 'no data rows');
  const offset = utcOffset * HOUR;
  const raw = new Float64Array(n);
  let hasFeb29 = false;
  for (let i = 0; i < n; i++) {
    const y = stamps.year[i];
    const m = stamps.month[i];
    const d = stamps.day[i];
    const h = stamps.hour[i];
    const line = stamps.line[i];
    if (m < 1 || m > 12) throw new WeatherParseError(format, `month ${m} is not 1–12`, { line });
    if (h < 0 || h > 23) throw new WeatherParseError(format, `hour ${h + 1} is not 1–24`, { line });
    const t = Date.UTC(y, m - 1, d, h);
    if (new Date(t).getUTCDate() !== d || d < 1) {
      throw new WeatherParseError(format, `${y}-${m}-${d} is not a calendar date`, { line });
    }
    if (m === 2 && d === 29) hasFeb29 = true;
    raw[i] = t - offset;
  }
  let consecutive = true;
  for (let i = 1; i < n && consecutive; i++) consecutive = raw[i] - raw[i - 1] === HOUR;
  if (consecutive && options.year === undefined) return { times: raw };

  const year = options.year ?? (hasFeb29 ? 1992 : 1990);
  if (hasFeb29 && !isLeap(year)) {
    throw new WeatherParseError(format, `the data hold 29 February but the reference year ${year} is not a leap year`);
  }
  const times = new Float64Array(n);
  const monthsSelected: MonthYear[] = [];
  for (let i = 0; i < n; i++) {
    const m = stamps.month[i];
    times[i] = Date.UTC(year, m - 1, stamps.day[i], stamps.hour[i]) - offset;
    if (i > 0 && times[i] - times[i - 1] !== HOUR) {
      throw new WeatherParseError(
        format,
        `row ${stamps.month[i]}/${stamps.day[i]} hour ${stamps.hour[i] + 1} does not follow the previous row by one hour`,
        { line: stamps.line[i] },
      );
    }
    if (monthsSelected.length === 0 || monthsSelected[monthsSelected.length - 1].month !== m) {
      monthsSelected.push({ month: m, year: stamps.year[i] });
    }
  }
  return { times, coercedYear: year, monthsSelected };
}
