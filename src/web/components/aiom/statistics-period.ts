// The statistics page's period and date: the control's value ('2026-05-14' for a day, '2026-05' for a
// month, '2026' for a year) → the query's date (any day inside the period, YYYY-MM-DD), and today's
// control value of a period. Pure.
import type { StatisticsPeriod } from '../../../model/api/aiom-statistics.ts';

/** The query date of the control's value, or null when the value does not fit the period. */
export function periodDate(period: StatisticsPeriod, value: string): string | null {
  if (period === 'day') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  if (period === 'month') return /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : null;
  return /^\d{4}$/.test(value) ? `${value}-01-01` : null;
}

/** The control's value for the period containing `now` (local calendar). */
export function currentValue(period: StatisticsPeriod, now: Date = new Date()): string {
  const y = String(now.getFullYear());
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return period === 'day' ? `${y}-${m}-${d}` : period === 'month' ? `${y}-${m}` : y;
}

/** The xlsx file's name. */
export function exportFileName(projectId: number, period: StatisticsPeriod, date: string): string {
  return `plant-${projectId}-${period}-${date}.xlsx`;
}
