// Expected vs actual on a day worked by hand (issue 21 §4, tests): a 10 kWp plant whose sensor reports
// a constant 800 W/m² plane-of-array irradiance and 45 °C module temperature for 6 hours while its
// inverter delivers 6 kWh each hour. By hand, with γ the design module's Pmax coefficient and the
// PVWatts default losses of 14 % (no kept design simulation):
//   expected  = 6 h × 10 kWp × 0.8 × (1 + γ × 20) × 0.86
//   Yf = 36 / 10 = 3.6 kWh/kWp; Yr = 6 × 0.8 = 4.8 h; PR = 0.75
//   PR'_STC = 36 / (6 × 10 × 0.8 × (1 + γ × 20))
// The xlsx export carries the same figures.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import type { StoredReading } from '../../src/server/aiom/telemetry-store.ts';
import { aiomPlant } from './aiom-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { layoutDoc } from './project-helpers.ts';

const plantOf = (t: TestApp) => aiomPlant(t, { name: 'Warehouse roof', capacity: 10 });

describeWithDatabases('O&M statistics: actual vs expected', (t) => {
  it('works a sunny day by hand: expected energy, PR, corrected PR, specific yield, availability', async () => {
    const { token, userId, plantId, designId } = await plantOf(t);
    // The design's module: a system catalogue entry, its γ of Pmax.
    const mod = await t.db.selectFrom('library_modules').select(['id', 'data']).where('source', '=', 'system').orderBy('id').executeTakeFirstOrThrow();
    const gamma = (JSON.parse(mod.data) as { tempCoeffPmax: number }).tempCoeffPmax / 100;
    expect(gamma).toBeLessThan(0);
    await t.db.transaction().execute((tx) => t.app.services.documents.put(tx, designId, 'component-layout', layoutDoc(1, { module: { libraryId: mod.id, manufacturer: 'M', model: 'X', powerW: 550, length: 2.278, width: 1.134 } }), userId));
    const cfg = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: t.bearer(token), payload: { projectId: plantId, capacityKwp: 10, timeZone: 'Asia/Shanghai' } });
    expect(cfg.json()).toMatchObject({ code: 200, data: { capacityKwp: 10, capacityFromDesign: false, timeZone: 'Asia/Shanghai' } });
    for (const [kind, serial] of [['inverter', 'STAT-INV'], ['sensor', 'STAT-SEN']]) {
      const r = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(token), payload: { projectId: plantId, kind, serial } });
      expect(r.json().code).toBe(200);
    }
    // 2026-06-10, 10:00–16:00 local (UTC+8) = 02:00–08:00 UTC, readings every 5 minutes.
    const readings: StoredReading[] = [];
    const t0 = Date.parse('2026-06-10T01:55:00Z');
    for (let k = 0; k <= 72; k++) {
      const ts = new Date(t0 + k * 300_000).toISOString();
      // The counter rises 0.5 kWh each 5 minutes from 01:55 to 07:55: 6 kWh in each hour 02…07 UTC.
      readings.push({ projectId: plantId, serial: 'STAT-INV', ts, energyKwh: 100 + 0.5 * k, acPowerW: k === 0 ? 0 : 6000, status: 4, faultCode: 0 });
      // The sensor at 02:00…07:55: each hour 02…07 UTC averages 800 W/m².
      if (k >= 1 && k < 73) readings.push({ projectId: plantId, serial: 'STAT-SEN', ts, irradianceWm2: 800, moduleTempC: 45 });
    }
    await aiomTelemetry(t.app).store.insert(readings);

    const res = await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=day&date=2026-06-10`, headers: t.bearer(token) });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ projectId: plantId, period: 'day', capacityKwp: 10, expectedSource: 'measuredIrradiance', timeZone: 'Asia/Shanghai' });
    expect(s.gammaPerC).toBeCloseTo(gamma, 12);
    expect(s.buckets).toHaveLength(24);
    const expected = 6 * 10 * 0.8 * (1 + gamma * 20) * 0.86;
    expect(s.totals.actualKwh).toBeCloseTo(36, 9);
    expect(s.totals.expectedKwh).toBeCloseTo(expected, 6);
    expect(s.totals.irradiationKwhM2).toBeCloseTo(4.8, 9);
    expect(s.totals.specificYield).toBeCloseTo(3.6, 9);
    expect(s.totals.pr).toBeCloseTo(0.75, 9);
    expect(s.totals.prTempCorrected).toBeCloseTo(36 / (6 * 10 * 0.8 * (1 + gamma * 20)), 9);
    expect(s.totals.availability).toBe(1);
    // Local 10:00 holds 6 kWh of the 02:00 UTC hour; local 09:00 nothing.
    const at = (key: string) => s.buckets.find((b: { key: string }) => b.key === key);
    expect(at('10')).toMatchObject({ start: '2026-06-10T02:00:00.000Z' });
    expect(at('10').actualKwh).toBeCloseTo(6, 9);
    expect(at('10').pr).toBeCloseTo(0.75, 9);
    expect(at('09').actualKwh).toBe(0);
    expect(s.prMethod).toContain('IEC 61724-1');

    // The month: the 10th holds the day.
    const month = (await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=month&date=2026-06-01`, headers: t.bearer(token) })).json().data;
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets.find((b: { key: string }) => b.key === '10').actualKwh).toBeCloseTo(36, 9);
    expect(month.totals.pr).toBeCloseTo(0.75, 9);
    // The year: June.
    const year = (await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=year&date=2026-01-01`, headers: t.bearer(token) })).json().data;
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets.find((b: { key: string }) => b.key === '06').actualKwh).toBeCloseTo(36, 9);
    expect(year.degradation).toEqual([]);

    // xlsx: the header row and the total row carry the same numbers.
    const x = await t.inject({ method: 'GET', url: `/api/web/aiom/statistics/export?projectId=${plantId}&period=day&date=2026-06-10`, headers: t.bearer(token) });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Statistics')!;
    expect(ws.getRow(4).getCell(3).value).toBe('Actual [kWh]');
    const totalRow = ws.getRow(4 + 24 + 1);
    expect(totalRow.getCell(1).value).toBe('Total');
    expect(totalRow.getCell(3).value as number).toBeCloseTo(36, 9);
    expect(totalRow.getCell(6).value as number).toBeCloseTo(0.75, 9);
  });

  it('without a sensor, expects the design\'s kept hourly yield scaled to P0', async () => {
    const { token, userId, plantId, designId } = await plantOf(t);
    // The design's kept year (5.5 kWp): 1 kWh in each local hour 08:00–16:00.
    const kwh = Array.from({ length: 8760 }, (_, h) => (h % 24 >= 8 && h % 24 < 16 ? 1 : 0));
    const simulation = {
      annual: { acKwh: 2920, dcKwh: 3000, poaKwhM2: 1400, specificYield: 2920 / 5.5, performanceRatio: 2920 / 5.5 / 1400, capacityKwp: 5.5, nominalKwh: 7700 },
      monthly: Array.from({ length: 12 }, (_, m) => ({ month: m + 1, acKwh: 2920 / 12, dcKwh: 250, poaKwhM2: 1400 / 12 })),
      losses: [{ name: 'inverter', kwh: 80, percent: (80 / 7700) * 100 }],
      weather: { source: 'station', id: '58367', name: 'Shanghai Xujiahui', distanceKm: 5, citation: 'CMA', estimate: false, fromCache: false, notice: null, notices: [] },
      basis: { modules: 10, strings: 1, inverters: 1, layoutVersion: 1, inverterConfigVersion: 1, cableVersion: 0, shadeVersion: 0, shading: 'none', moduleModel: 'singleDiode' },
      pvHourly: { utcOffset: 8, kwh },
    };
    await t.db.transaction().execute((tx) => t.app.services.documents.put(tx, designId, 'simulation', simulation, userId));
    const cfg = (await t.inject({ method: 'GET', url: `/api/web/aiom/configuration?projectId=${plantId}`, headers: t.bearer(token) })).json().data;
    // P0 defaults to the design's simulated capacity.
    expect(cfg).toMatchObject({ capacityKwp: 5.5, capacityFromDesign: true });
    await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: t.bearer(token), payload: { projectId: plantId, capacityKwp: 11 } });
    // The inverter: 1.5 kWh in each hour 08:00–16:00 local (00:00–08:00 UTC) of 2026-06-10.
    const rows: StoredReading[] = [];
    for (let k = 0; k <= 96; k++) rows.push({ projectId: plantId, serial: 'KEPT-INV', ts: new Date(Date.parse('2026-06-09T23:55:00Z') + k * 300_000).toISOString(), energyKwh: 7 + (1.5 / 12) * k, acPowerW: 1500 });
    await aiomTelemetry(t.app).store.insert(rows);
    const s = (await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=day&date=2026-06-10`, headers: t.bearer(token) })).json().data;
    expect(s.expectedSource).toBe('designYield');
    // Expected: 8 h × 1 kWh × 11 / 5.5 = 16 kWh; actual 8 × 1.5 = 12 kWh; no irradiance: no PR.
    expect(s.totals.expectedKwh).toBeCloseTo(16, 9);
    expect(s.totals.actualKwh).toBeCloseTo(12, 9);
    expect(s.totals.pr).toBeNull();
    expect(s.totals.specificYield).toBeCloseTo(12 / 11, 9);
    // Sun hours from the design (8), all producing.
    expect(s.totals.availability).toBe(1);
    const b = s.buckets.find((x: { key: string }) => x.key === '08');
    expect(b.expectedKwh).toBeCloseTo(2, 9);
    expect(b.actualKwh).toBeCloseTo(1.5, 9);
    expect(s.buckets.find((x: { key: string }) => x.key === '16').expectedKwh).toBe(0);
  });

  it('compares the PR of the same month in consecutive years', async () => {
    const { token, plantId } = await plantOf(t);
    await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: t.bearer(token), payload: { projectId: plantId, capacityKwp: 10, timeZone: 'Asia/Shanghai' } });
    // One noon hour in June 2025 and in June 2026, 800 W/m²: 6.4 kWh (PR 0.8), then 6.0 kWh (PR 0.75).
    const rows: StoredReading[] = [];
    for (const [year, kwh] of [[2025, 6.4], [2026, 6.0]] as const) {
      // Counter readings 03:55…04:55 UTC (its rises end in the 04:00 hour), the sensor 04:00…04:55.
      for (let k = 0; k <= 12; k++) {
        const ts = new Date(Date.UTC(year, 5, 15, 3, 55) + k * 300_000).toISOString();
        rows.push({ projectId: plantId, serial: 'YOY-INV', ts, energyKwh: 50 + (kwh / 12) * k, acPowerW: 6000 });
        if (k >= 1) rows.push({ projectId: plantId, serial: 'YOY-SEN', ts, irradianceWm2: 800 });
      }
    }
    await aiomTelemetry(t.app).store.insert(rows);
    const year = (await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=year&date=2026-03-01`, headers: t.bearer(token) })).json().data;
    expect(year.degradation).toHaveLength(1);
    // (0.75 − 0.8) / 0.8 = −6.25 % per year
    expect(year.degradation[0]).toMatchObject({ month: '06', fromYear: 2025, toYear: 2026 });
    expect(year.degradation[0].prFrom).toBeCloseTo(0.8, 9);
    expect(year.degradation[0].prTo).toBeCloseTo(0.75, 9);
    expect(year.degradation[0].changePerYear).toBeCloseTo(-0.0625, 9);
  });

  it('names the field of a bad query and refuses another user\'s plant', async () => {
    const { token, plantId } = await plantOf(t);
    const bad = await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=week&date=2026-06-10`, headers: t.bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('period');
    const badDate = await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=day&date=2026-13-10`, headers: t.bearer(token) });
    expect(badDate.json().data.field).toBe('date');
    const other = await plantOf(t);
    const res = await t.inject({ method: 'GET', url: `/api/web/aiom/statistics?projectId=${plantId}&period=day&date=2026-06-10`, headers: t.bearer(other.token) });
    expect(res.statusCode).toBe(404);
  });
});
