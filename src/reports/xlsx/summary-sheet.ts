// Sheet "Summary" of the xlsx export: the project's key figures as item | value | unit rows — name,
// address, site, capacity, equipment, the annual yield and PR, the balance, the economics and CO₂ —
// leaving out the groups the model does not have yet (no yield, no load, no economics).
import type { Workbook } from 'exceljs';
import type { ReportModel } from '../../model/report.ts';
import type { ReportLabels } from '../labels/index.ts';
import type { XlsxLabels } from './labels.ts';

type Row = [string, string | number | null, string];

/** The summary's rows, in order. */
export function summaryRows(m: ReportModel, l: ReportLabels): Row[] {
  const f = l.field;
  const s = m.system;
  const rows: Row[] = [
    [f.projectName, m.project.name, ''],
    [f.address, m.project.address, ''],
    [f.latitude, m.project.latitude, '°'],
    [f.longitude, m.project.longitude, '°'],
    [f.elevation, m.project.elevation, 'm'],
    [f.weatherSource, m.weather.source, ''],
    [f.ghi, m.weather.ghiKwhM2, 'kWh/m²'],
    [f.capacity, s.capacityKwp, 'kWp'],
    [f.acCapacity, s.acCapacityKw, 'kW'],
    [f.dcAcRatio, s.dcAcRatio, ''],
    [f.moduleCount, s.modules, ''],
    [f.module, s.module ? `${s.module.manufacturer} ${s.module.model} (${s.module.powerW} W)` : null, ''],
    [f.inverters, s.inverters.map((i) => `${i.manufacturer} ${i.model} × ${i.count}`).join('; ') || null, ''],
    [f.strings, s.strings, ''],
    [f.combiners, s.combiners, ''],
  ];
  const e = m.energy;
  if (e) {
    rows.push(
      [f.annualEnergy, e.acKwh, 'kWh'],
      [f.dcEnergy, e.dcKwh, 'kWh'],
      [f.poa, e.poaKwhM2, 'kWh/m²'],
      [f.specificYield, e.specificYield, 'kWh/kWp'],
      [f.performanceRatio, e.performanceRatio, ''],
      [f.shadingMethod, l.shadingMethod[e.shading], ''],
    );
  }
  const b = m.balance;
  if (b) {
    rows.push([f.load, b.loadKwh, 'kWh'], [f.selfConsumption, b.selfConsumptionRate, ''], [f.selfSufficiency, b.selfSufficiencyRate, ''], [f.export, b.exportKwh, 'kWh'], [f.import, b.importKwh, 'kWh']);
    if (b.storage) rows.push([f.storageCapacity, b.storage.capacityKwh, 'kWh'], [f.storagePower, b.storage.powerKw, 'kW']);
  }
  const x = m.economics;
  if (x) rows.push([f.capex, x.capex, ''], [f.npv, x.npv, ''], [f.irr, x.irr, ''], [f.payback, x.paybackYears, f.unitYears], [f.lcoe, x.lcoe, '/kWh']);
  if (m.co2) rows.push([f.co2FirstYear, m.co2.firstYearTonnes, 't'], [f.co2Lifetime, m.co2.lifetimeTonnes, 't'], [f.co2Factor, m.co2.factorKgPerKwh, 'kg/kWh']);
  return rows;
}

const PERCENT_ROWS = (l: ReportLabels) => new Set([l.field.performanceRatio, l.field.selfConsumption, l.field.selfSufficiency, l.field.irr]);

export function addSummarySheet(wb: Workbook, m: ReportModel, l: ReportLabels, xl: XlsxLabels): void {
  const ws = wb.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: xl.item, width: 28 },
    { header: xl.value, width: 36 },
    { header: xl.unit, width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  const percent = PERCENT_ROWS(l);
  for (const [item, value, unit] of summaryRows(m, l)) {
    const row = ws.addRow([item, value ?? l.field.notAvailable, unit]);
    if (typeof value === 'number') row.getCell(2).numFmt = percent.has(item) ? '0.0%' : Number.isInteger(value) ? '#,##0' : '#,##0.00';
  }
  ws.commit();
}
