// What the Load step charts of a year's 8760 hourly loads (spec 000 §3 "Load": monthly and daily
// energy): the annual and monthly totals and the peak (src/economics/load-profiles.ts loadSummary),
// and the mean day of each month — the average load of each hour over the month's days — and the
// profile of a stored 'power-load' document (the BDEW table read from the repository for bdew-*).
import { HOURS_PER_YEAR, MONTH_DAYS } from '../../economics/calendar.ts';
import { bdewTable } from '../../economics/bdew-table.ts';
import { loadOfDocument } from '../../economics/documents.ts';
import { loadSummary } from '../../economics/load-profiles.ts';
import type { LoadChart } from '../../model/api/economics.ts';
import { powerLoadDocumentSchema } from '../../model/economics.ts';

/** The chart of 8760 hourly loads [kWh]. */
export function loadChart(hourly: ArrayLike<number>): LoadChart {
  if (hourly.length !== HOURS_PER_YEAR) throw new Error(`a load year has ${HOURS_PER_YEAR} hours, not ${hourly.length}`);
  const s = loadSummary(hourly);
  const typicalDayKw: number[][] = [];
  let h = 0;
  for (let m = 0; m < 12; m++) {
    const day = new Array<number>(24).fill(0);
    for (let d = 0; d < MONTH_DAYS[m]; d++) for (let k = 0; k < 24; k++) day[k] += hourly[h++];
    typicalDayKw.push(day.map((v) => v / MONTH_DAYS[m]));
  }
  return { annualKwh: s.annualKwh, monthlyKwh: s.monthlyKwh, typicalDayKw, peakKw: s.peakKw, peakHour: s.peakHour };
}

/** The 8760 hourly loads [kWh] of stored 'power-load' data, or null when it is not a valid document. */
export function storedLoad(data: unknown): Float64Array | null {
  const parsed = powerLoadDocumentSchema.safeParse(data);
  if (!parsed.success) return null;
  return loadOfDocument(parsed.data, bdewTable());
}
