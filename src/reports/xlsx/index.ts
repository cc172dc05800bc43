// The project's xlsx workbook (issue 17 §2), written with exceljs: "Summary" (key figures), "8760"
// (one row per hour of year 1 with date-time cells, a frozen header and units; only when the hours
// are given) and "Monthly" (the model's months with a total). Written with exceljs's streaming
// workbook writer (rows serialised as they are committed, inline strings): half the time of the
// in-memory workbook for the 8760 rows.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportInput } from '../report-input.ts';
import { reportLabels } from '../labels/index.ts';
import { parseReportHours } from './hours-schema.ts';
import { addHoursSheet } from './hours-sheet.ts';
import { xlsxLabels } from './labels.ts';
import { addMonthlySheet } from './monthly-sheet.ts';
import { addSummarySheet } from './summary-sheet.ts';

/** The calendar year the hourly sheet's dates are written in: the report's year. */
export function reportYear(generatedAt: string): number {
  const y = Number(generatedAt.slice(0, 4));
  return Number.isInteger(y) && y > 1900 ? y : new Date().getUTCFullYear();
}

export async function writeXlsx(input: ReportInput): Promise<Uint8Array> {
  const { model } = input;
  const hours = input.hours ? parseReportHours(input.hours) : null;
  const labels = reportLabels(input.language);
  const xl = xlsxLabels(input.language);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  wb.creator = 'PV Studio';
  wb.title = model.project.name;
  const created = new Date(model.generatedAt);
  if (Number.isFinite(created.getTime())) wb.created = created;
  addSummarySheet(wb, model, labels, xl);
  if (hours) addHoursSheet(wb, hours, reportYear(model.generatedAt), xl);
  addMonthlySheet(wb, model, labels, xl);
  await wb.commit();
  if (!sink.readableEnded) await once(sink, 'end');
  const out = Buffer.concat(chunks);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
