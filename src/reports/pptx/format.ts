// Number formatting of the deck's figures: grouped thousands, fixed decimals, percentages, and "—"
// for a missing value (the labels' notAvailable).
import type { ReportLabels } from '../labels/index.ts';

export function num(value: number | null | undefined, decimals: number, na = '—'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return na;
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export function pct(value: number | null | undefined, decimals: number, na = '—'): string {
  return value === null || value === undefined || !Number.isFinite(value) ? na : `${num(value * 100, decimals)} %`;
}

/** A value with its unit, or the labels' "not available". */
export function withUnit(value: number | null | undefined, decimals: number, unit: string, l: ReportLabels): string {
  const s = num(value, decimals, l.field.notAvailable);
  return s === l.field.notAvailable ? s : `${s} ${unit}`;
}
