// Sheet "8760" of the xlsx export: one row per hour of year 1 — the local standard time of the site as
// a date-time cell, then POA [W/m²], DC, AC, load and self-consumption [kWh] and the battery's SOC [%],
// each column left out when its series is null; a frozen header row with the units in brackets.
// The year is the report's calendar year with 29 February left out, as the simulation's 8760-hour
// year (economics/calendar.ts); times are written as wall-clock values (no time zone), the header
// says the UTC offset. Rows are committed as they are added (a streamed workbook writes them out then).
import type { Workbook } from 'exceljs';
import type { ReportHours } from '../../model/report.ts';
import { calendarDays, HOURS_PER_YEAR } from '../../economics/calendar.ts';
import type { XlsxLabels } from './labels.ts';

interface HourColumn {
  header: string;
  values: number[];
  scale: number;
  numFmt: string;
}

/** The present series in order, with their headers and number formats. */
export function hourColumns(hours: ReportHours, labels: XlsxLabels): HourColumn[] {
  const all: (HourColumn | null)[] = [
    hours.poa && { header: `${labels.poa} [W/m²]`, values: hours.poa, scale: 1, numFmt: '0.0' },
    hours.dc && { header: `${labels.dc} [kWh]`, values: hours.dc, scale: 1, numFmt: '0.000' },
    { header: `${labels.ac} [kWh]`, values: hours.ac, scale: 1, numFmt: '0.000' },
    hours.load && { header: `${labels.load} [kWh]`, values: hours.load, scale: 1, numFmt: '0.000' },
    hours.self && { header: `${labels.self} [kWh]`, values: hours.self, scale: 1, numFmt: '0.000' },
    hours.soc && { header: `${labels.soc} [%]`, values: hours.soc, scale: 100, numFmt: '0.0' },
  ];
  return all.filter((c): c is HourColumn => c !== null);
}

/** The start of each hour as a wall-clock Date (UTC fields = local standard time). */
export function hourStarts(year: number): Date[] {
  const out: Date[] = new Array(HOURS_PER_YEAR);
  let i = 0;
  for (const d of calendarDays(year)) {
    const day0 = Date.UTC(year, d.month - 1, d.day);
    for (let h = 0; h < 24; h++) out[i++] = new Date(day0 + h * 3_600_000);
  }
  return out;
}

function offsetLabel(utcOffset: number): string {
  const sign = utcOffset < 0 ? '-' : '+';
  const a = Math.abs(utcOffset);
  const h = Math.floor(a);
  const m = Math.round((a - h) * 60);
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

export function addHoursSheet(wb: Workbook, hours: ReportHours, year: number, labels: XlsxLabels): void {
  const columns = hourColumns(hours, labels);
  const ws = wb.addWorksheet('8760', { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  ws.columns = [
    { header: `${labels.localTime} (${offsetLabel(hours.utcOffset)})`, width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    ...columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4), style: { numFmt: c.numFmt } })),
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const times = hourStarts(year);
  for (let i = 0; i < HOURS_PER_YEAR; i++) {
    const row: (Date | number)[] = [times[i]];
    for (const c of columns) row.push(c.scale === 1 ? c.values[i] : c.values[i] * c.scale);
    ws.addRow(row).commit();
  }
  ws.commit();
}
