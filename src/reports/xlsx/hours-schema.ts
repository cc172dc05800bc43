// The 8760 hours the xlsx export is given (model/report.ts ReportHours), checked before writing: every
// series present has exactly 8760 finite values, so a short or broken series is a zod error naming it
// (e.g. "hours.ac").
import { z } from 'zod';
import type { ReportHours } from '../../model/report.ts';
import { HOURS_PER_YEAR } from '../../economics/calendar.ts';

const series = z.array(z.number().refine(Number.isFinite, 'not a finite number')).length(HOURS_PER_YEAR);

export const reportHoursSchema = z.object({
  utcOffset: z.number().min(-14).max(14),
  poa: series.nullable(),
  dc: series.nullable(),
  ac: series,
  load: series.nullable(),
  self: series.nullable(),
  soc: series.nullable(),
}) satisfies z.ZodType<ReportHours>;

/** Validates the hours; throws a ZodError whose path starts with "hours". */
export function parseReportHours(hours: ReportHours): ReportHours {
  return z.object({ hours: reportHoursSchema }).parse({ hours }).hours;
}
