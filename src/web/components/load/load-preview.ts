// What the Load step charts (spec 000 §3 "Load": monthly and daily energy), worked out in the browser
// with the same rules the server uses (src/economics/load-profiles.ts, documents.ts): the 8760 hourly
// loads of a 'power-load' document, its monthly totals, the mean day of each month and of the year,
// and the peak. The BDEW standard load profiles (datasets/load-profiles, docs/ECONOMICS.md "Load") come
// with the app as the dataset's CSV text, parsed once on first use.
import bdewCsv from '../../../../datasets/load-profiles/bdew-1999-hourly.csv?raw';
import { parseBdewTable, type BdewTable } from '../../../economics/bdew.ts';
import { HOURS_PER_YEAR, MONTH_DAYS } from '../../../economics/calendar.ts';
import { loadOfDocument } from '../../../economics/documents.ts';
import { loadSummary } from '../../../economics/load-profiles.ts';
import type { PowerLoadDocument } from '../../../model/economics.ts';

let table: BdewTable | undefined;

/** The BDEW table of the app (parsed on first use). */
export function browserBdewTable(): BdewTable {
  table ??= parseBdewTable(bdewCsv);
  return table;
}

/** The charts' figures of a year's hourly load. */
export interface LoadPreview {
  /** [kWh] */
  annualKwh: number;
  /** [kWh] 12 monthly totals. */
  monthlyKwh: number[];
  /** [kW] the mean day of each month: 12 × 24 (the mean of each hour over the month's days). */
  monthDayKw: number[][];
  /** [kW] the mean day over the year: 24 values. */
  yearDayKw: number[];
  /** [kW] the highest hourly load, and its hour of the year (0 … 8759). */
  peakKw: number;
  peakHour: number;
}

/** The mean day of each month [kW]: 12 × 24, from 8760 hourly energies [kWh]. */
export function monthMeanDays(hourly: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  let h = 0;
  for (let m = 0; m < 12; m++) {
    const day = new Array<number>(24).fill(0);
    for (let d = 0; d < MONTH_DAYS[m]; d++) for (let k = 0; k < 24; k++) day[k] += hourly[h++] / MONTH_DAYS[m];
    out.push(day);
  }
  return out;
}

/** The figures of 8760 hourly energies [kWh]. */
export function previewOfHours(hourly: ArrayLike<number>): LoadPreview {
  if (hourly.length !== HOURS_PER_YEAR) throw new Error(`a load year has ${HOURS_PER_YEAR} hours, not ${hourly.length}`);
  const s = loadSummary(hourly);
  return { annualKwh: s.annualKwh, monthlyKwh: s.monthlyKwh, monthDayKw: monthMeanDays(hourly), yearDayKw: s.meanDayKw, peakKw: s.peakKw, peakHour: s.peakHour };
}

/** The figures of a 'power-load' document. */
export function loadPreview(doc: PowerLoadDocument): LoadPreview {
  return previewOfHours(loadOfDocument(doc, browserBdewTable()));
}
