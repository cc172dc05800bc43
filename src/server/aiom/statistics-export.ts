// The statistics as an xlsx workbook (GET /api/web/aiom/statistics/export; exceljs): one sheet of the
// buckets (actual, expected, irradiation, PR, corrected PR, specific yield, availability) with the
// period's totals, and one sheet of the year-on-year PR changes when there are any.
import ExcelJS from 'exceljs';
import type { Statistics } from '../../model/api/aiom-statistics.ts';

const COLUMNS = [
  { header: 'Bucket', key: 'key', width: 10 },
  { header: 'Start (UTC)', key: 'start', width: 24 },
  { header: 'Actual [kWh]', key: 'actualKwh', width: 14 },
  { header: 'Expected [kWh]', key: 'expectedKwh', width: 15 },
  { header: 'Irradiation [kWh/m²]', key: 'irradiationKwhM2', width: 20 },
  { header: 'PR', key: 'pr', width: 8 },
  { header: 'PR (25 °C)', key: 'prTempCorrected', width: 11 },
  { header: 'Specific yield [kWh/kWp]', key: 'specificYield', width: 22 },
  { header: 'Availability', key: 'availability', width: 12 },
] as const;

export async function statisticsWorkbook(s: Statistics, plantName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PV Studio';
  const ws = wb.addWorksheet('Statistics');
  ws.addRow([`${plantName} — ${s.period} ${s.date} (${s.timeZone}), P0 ${s.capacityKwp} kWp, expected: ${s.expectedSource}`]);
  ws.addRow([s.prMethod]);
  ws.addRow([]);
  const header = ws.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  COLUMNS.forEach((c, i) => (ws.getColumn(i + 1).width = c.width));
  for (const b of s.buckets) ws.addRow(COLUMNS.map((c) => b[c.key]));
  const total = ws.addRow(['Total', '', ...COLUMNS.slice(2).map((c) => s.totals[c.key as keyof Statistics['totals']])]);
  total.font = { bold: true };
  for (const col of [3, 4, 5, 8]) ws.getColumn(col).numFmt = '0.00';
  for (const col of [6, 7, 9]) ws.getColumn(col).numFmt = '0.0%';
  if (s.degradation.length > 0) {
    const d = wb.addWorksheet('Degradation');
    d.addRow(['Month', 'From year', 'To year', 'PR from', 'PR to', 'Change per year']).font = { bold: true };
    for (const r of s.degradation) d.addRow([r.month, r.fromYear, r.toYear, r.prFrom, r.prTo, r.changePerYear]);
    d.getColumn(6).numFmt = '0.00%';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
