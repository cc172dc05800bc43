// Sheet "Monthly" of the xlsx export: one row per month — AC energy and POA irradiation of the yield,
// and PV, load, self-used, export and import of the balance when the project has a load — with a
// total row; the months are the model's (the same sums as the report's charts).
import type { Workbook } from 'exceljs';
import type { ReportModel } from '../../model/report.ts';
import type { ReportLabels } from '../labels/index.ts';
import type { XlsxLabels } from './labels.ts';

export function addMonthlySheet(wb: Workbook, m: ReportModel, l: ReportLabels, xl: XlsxLabels): void {
  const ws = wb.addWorksheet('Monthly', { views: [{ state: 'frozen', ySplit: 1 }] });
  const f = l.field;
  const columns: { header: string; values: (number | null)[] }[] = [];
  if (m.energy) {
    columns.push({ header: `${xl.ac} [kWh]`, values: m.energy.monthly.map((r) => r.acKwh) });
    columns.push({ header: `${f.poa} [kWh/m²]`, values: m.energy.monthly.map((r) => r.poaKwhM2) });
  }
  if (m.balance) {
    const b = m.balance.monthly;
    columns.push(
      { header: `${f.pv} [kWh]`, values: b.map((r) => r.pvKwh) },
      { header: `${f.load} [kWh]`, values: b.map((r) => r.loadKwh) },
      { header: `${f.self} [kWh]`, values: b.map((r) => r.selfKwh) },
      { header: `${f.export} [kWh]`, values: b.map((r) => r.exportKwh) },
      { header: `${f.import} [kWh]`, values: b.map((r) => r.importKwh) },
    );
  }
  ws.columns = [{ header: f.month, width: 12 }, ...columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4), style: { numFmt: '#,##0.0' } }))];
  ws.getRow(1).font = { bold: true };
  for (let i = 0; i < 12; i++) ws.addRow([l.monthsShort[i], ...columns.map((c) => c.values[i])]);
  const total = ws.addRow([xl.total, ...columns.map((c) => c.values.reduce<number>((a, v) => a + (v ?? 0), 0))]);
  total.font = { bold: true };
  ws.commit();
}
