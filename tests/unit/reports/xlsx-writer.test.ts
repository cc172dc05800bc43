// The xlsx workbook read back with exceljs: the summary's figures, the 8760 sheet's rows, date-time
// cells, units and frozen header, the AC column's sum against the model's annual AC (the fixture's
// hours are built to sum to 9 900 kWh, 1e-6 relative), columns left out for null series, and a short
// series rejected by name.
import ExcelJS from 'exceljs';
import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ReportHours } from '../../../src/model/report.ts';
import type { ReportInput } from '../../../src/reports/report-input.ts';
import { writeXlsx } from '../../../src/reports/xlsx/index.ts';
import { ANNUAL_AC_KWH, PROJECT_NAME, projectExportFixture, reportHoursFixture, reportModelFixture } from '../../fixtures/reports-r3/report-model.ts';
import { FIXTURE, reportInputFixture } from '../../fixtures/reports/report-model.ts';

function input(hours: ReportHours | null = reportHoursFixture(), language: 'zh' | 'en' = 'en'): ReportInput {
  return { model: reportModelFixture(), hours, project: projectExportFixture(), kind: 'design', language };
}

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}

/** The fixture's full workbook (all series), written and read back once for the tests that only look at it. */
let full: Promise<ExcelJS.Workbook> | null = null;
const fullWorkbook = () => (full ??= writeXlsx(input()).then(read));

function headers(ws: ExcelJS.Worksheet): string[] {
  return (ws.getRow(1).values as unknown[]).slice(1).map(String);
}

describe('writeXlsx', () => {
  it('writes Summary, 8760 and Monthly sheets', async () => {
    const wb = await fullWorkbook();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', '8760', 'Monthly']);
    const summary = wb.getWorksheet('Summary')!;
    const byItem = new Map<string, unknown>();
    summary.eachRow((r) => byItem.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(byItem.get('Project')).toBe(PROJECT_NAME);
    expect(byItem.get('DC capacity')).toBe(8.8);
    expect(byItem.get('Annual energy')).toBe(ANNUAL_AC_KWH);
    // PR = 9 900 kWh / (8.8 kWp × 1 390 kWh/m² / 1 kW/m²) = 0.80935
    expect(byItem.get('Performance ratio')).toBeCloseTo(0.80935, 5);
  });

  it('writes one row per hour with date-time cells, units and a frozen header; the AC column sums to the annual AC', async () => {
    const wb = await fullWorkbook();
    const ws = wb.getWorksheet('8760')!;
    expect(ws.rowCount).toBe(8761);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(headers(ws)).toEqual(['Local time (UTC+8)', 'POA irradiance [W/m²]', 'DC energy [kWh]', 'AC energy [kWh]', 'Load [kWh]', 'Self-consumption [kWh]', 'Battery SOC [%]']);
    const first = ws.getRow(2).getCell(1).value;
    expect(first).toBeInstanceOf(Date);
    expect((first as Date).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect((ws.getRow(8761).getCell(1).value as Date).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(ws.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    let ac = 0;
    let rows = 0;
    ws.eachRow((r, n) => {
      if (n === 1) return;
      rows++;
      ac += r.getCell(4).value as number;
    });
    expect(rows).toBe(8760);
    expect(Math.abs(ac - ANNUAL_AC_KWH) / ANNUAL_AC_KWH).toBeLessThan(1e-6);
    // SOC is written in percent: hour 23 of a day is 0.1 + 0.8 = 0.9 → 90 %.
    expect(ws.getRow(2 + 23).getCell(7).value).toBeCloseTo(90, 12);
  });

  it('leaves out the columns of null series and the 8760 sheet without hours', async () => {
    const h = reportHoursFixture();
    const wb = await read(await writeXlsx(input({ ...h, poa: null, dc: null, soc: null, load: null, self: null })));
    expect(headers(wb.getWorksheet('8760')!)).toEqual(['Local time (UTC+8)', 'AC energy [kWh]']);
    const none = await read(await writeXlsx(input(null)));
    expect(none.worksheets.map((w) => w.name)).toEqual(['Summary', 'Monthly']);
  });

  it('writes the months with a total equal to the annual AC', async () => {
    const wb = await read(await writeXlsx(input(null, 'zh')));
    const ws = wb.getWorksheet('Monthly')!;
    expect(headers(ws)[0]).toBe('月份');
    expect(ws.rowCount).toBe(14);
    expect(ws.getRow(2).getCell(2).value).toBe(560);
    expect(ws.getRow(14).getCell(1).value).toBe('合计');
    expect(ws.getRow(14).getCell(2).value).toBeCloseTo(ANNUAL_AC_KWH, 9);
  });

  it('rejects a series of the wrong length, naming it', async () => {
    const h = reportHoursFixture();
    const err = await writeXlsx(input({ ...h, ac: h.ac.slice(1) })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect((err as ZodError).issues[0].path).toEqual(['hours', 'ac']);
  });

  it('writes the shared report fixture (tests/fixtures/reports): its monthly total is the annual 13 915 kWh', async () => {
    const wb = await read(await writeXlsx(reportInputFixture('design', 'en')));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Monthly']);
    expect(wb.getWorksheet('Summary')!.getRow(2).getCell(2).value).toBe(FIXTURE.name);
    expect(wb.getWorksheet('Monthly')!.getRow(14).getCell(2).value).toBeCloseTo(FIXTURE.annualKwh, 6);
  });
});
