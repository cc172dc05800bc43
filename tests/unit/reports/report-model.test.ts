// The report model of a project file (src/reports/report-model.ts, report-geometry.ts, report-hours.ts):
// module corners worked by hand, the system and energy figures of a small project, CO₂ from the
// emission factor, the balance of a constant load against a constant PV, the 8760 hours.
import { describe, expect, it } from 'vitest';
import { inverterSchema } from '../../../src/model/equipment-inverter.ts';
import { pvModuleSchema } from '../../../src/model/equipment-module.ts';
import type { InverterConfigDocument } from '../../../src/model/electrical-design.ts';
import { PROJECT_EXPORT_KIND, type ProjectExport } from '../../../src/model/project-export.ts';
import { lossNames } from '../../../src/model/simulate.ts';
import { co2Avoided, reportHours, reportModel } from '../../../src/reports/report-model.ts';
import { moduleCorners, obstacleRing } from '../../../src/reports/report-geometry.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';
import { demoBuildingDocument, demoDesign, demoLayoutDocument } from '../../../src/server/projects/demo-project.ts';

const close = (a: readonly number[], b: readonly number[], digits = 9) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));

describe('module corners', () => {
  it('puts the 4 corners of a 30° south-facing module in its tilted plane, counter-clockwise from above', () => {
    // Centre (10, 5, 3), 1.134 m along the row (east–west), 2.278 m up the slope (north, rising).
    // Half up the slope: 1.139 m → 1.139·cos 30° = 0.986403 m north, 1.139·sin 30° = 0.5695 m up.
    const c = moduleCorners([10, 5, 3], 30, 180, 1.134, 2.278);
    close(c[0], [9.433, 4.013597, 2.4305], 6);
    close(c[1], [10.567, 4.013597, 2.4305], 6);
    close(c[2], [10.567, 5.986403, 3.5695], 6);
    close(c[3], [9.433, 5.986403, 3.5695], 6);
    // Shoelace area of the plan: 1.134 × 2·0.986403 = 2.237162 m², positive (counter-clockwise).
    let a2 = 0;
    for (let i = 0; i < 4; i++) a2 += c[i][0] * c[(i + 1) % 4][1] - c[(i + 1) % 4][0] * c[i][1];
    expect(a2 / 2).toBeCloseTo(1.134 * 2 * 0.986403, 5);
  });

  it('tilts an east-facing module up towards the west', () => {
    // Azimuth 90°: the slope rises westwards; 20° tilt, 1 m up → 0.5·cos 20° = 0.469846 m, 0.5·sin 20° = 0.171010 m.
    const c = moduleCorners([0, 0, 0], 20, 90, 2, 1);
    // Along the row a = (−cos 90°, sin 90°, 0) = north: the first corner is low (east) and south.
    close(c[0], [0.469846, -1, -0.17101], 5);
    close(c[1], [0.469846, 1, -0.17101], 5);
    close(c[2], [-0.469846, 1, 0.17101], 5);
  });

  it('draws a 2 m × 1 m box turned 90° as a 1 m × 2 m rectangle', () => {
    const ring = obstacleRing({ kind: 'box', id: 'b', height: 1, baseZ: 0, center: [0, 0], size: [2, 1], rotation: 90 });
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1, 9);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(2, 9);
  });
});

describe('CO₂ avoided', () => {
  it('is the AC energy times the emission factor, and 25 degrading years', () => {
    // 10,000 kWh × 0.5703 kg/kWh = 5.703 t; over 25 years at 0.5 %/year: Σ 0.995^y (y = 0…24)
    // = (1 − 0.995^25) / 0.005 = (1 − 0.8822202) / 0.005 = 23.555959 → 134.3397 t.
    const r = co2Avoided(10_000, 0.5703, 0.005);
    expect(r.firstYearTonnes).toBeCloseTo(5.703, 12);
    expect(r.lifetimeTonnes).toBeCloseTo(134.3397, 3);
    expect(co2Avoided(10_000, 0.5703, 0).lifetimeTonnes).toBeCloseTo(142.575, 9);
  });
});

const strip = <T extends { id: string }>(x: T) => {
  const { id: _id, ...rest } = x;
  return rest;
};
const LR5 = pvModuleSchema.parse(strip(SYSTEM_MODULES.find((x) => x.id === 'longi-lr5-72hph-550m')!));
const STP = inverterSchema.parse(strip(SYSTEM_INVERTERS.find((x) => x.id === 'sma-stp10-0-3av-40')!));

/** The demo house with its layout (9 modules), one string of the first 8 modules on one SMA STP 10.0, a simulated year. */
function project(extra: Record<string, unknown> = {}): ProjectExport {
  const design = demoDesign();
  const layout = demoLayoutDocument(design);
  const n = layout.arrays[0].centers.length / 3;
  const config: InverterConfigDocument = {
    kind: 'inverter-config',
    version: 1,
    mode: 'auto',
    layoutVersion: 1,
    targetDcAcRatio: 1.2,
    modulesPerString: { min: 9, max: 18 },
    temperatures: { tempMin: -10, tempCellHot: 60, tempCellCool: 20 },
    inverterModels: [{ key: 'model-1', libraryId: 5, data: STP }],
    inverters: [{ id: 'inv-1', name: 'INV-1', modelKey: 'model-1', position: [6, -1] }],
    combiners: [],
    strings: [{ id: 's1', number: 1, moduleRefs: Array.from({ length: 8 }, (_, i) => `array-south#${i}`), inverterId: 'inv-1', mppt: 0, combinerId: null }],
    unassigned: Array.from({ length: n - 8 }, (_, i) => `array-south#${i + 8}`),
    gridPoint: [0, -2],
  };
  // A made-up year: 1 kWh every hour from 08:00 to 16:00 (8 h × 365 = 2,920 kWh).
  const kwh = Array.from({ length: 8760 }, (_, h) => (h % 24 >= 8 && h % 24 < 16 ? 1 : 0));
  const simulation = {
    annual: { acKwh: 2920, dcKwh: 3000, poaKwhM2: 1400, specificYield: 2920 / 5.5, performanceRatio: 2920 / 5.5 / 1400, capacityKwp: 5.5, nominalKwh: 7700 },
    monthly: Array.from({ length: 12 }, (_, m) => ({ month: m + 1, acKwh: 2920 / 12, dcKwh: 250, poaKwhM2: 1400 / 12 })),
    losses: [{ name: 'inverter', kwh: 80, percent: (80 / 7700) * 100 }],
    weather: { source: 'station', id: '58367', name: '上海徐家汇 Shanghai Xujiahui', distanceKm: 5, citation: 'CMA', estimate: false, fromCache: false, notice: null, notices: [] },
    basis: { modules: 10, strings: 1, inverters: 1, layoutVersion: 1, inverterConfigVersion: 1, cableVersion: 0, shadeVersion: 0, shading: 'none', moduleModel: 'singleDiode' },
    pvHourly: { utcOffset: 8, kwh },
  };
  return {
    kind: PROJECT_EXPORT_KIND,
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    generator: 'PV Studio test',
    project: { name: '演示 Demo', address: 'Shanghai', latitude: 31.23, longitude: 121.47, elevation: 4, details: { basicInfo: { powerStatOperationMode: 1 } } },
    documents: { 'lite-re': demoBuildingDocument(), 'component-layout': layout, 'inverter-config': config, simulation, ...extra },
    equipment: { module: LR5, inverters: [{ key: 'model-1', data: STP }] },
  };
}

describe('the report model of a project file', () => {
  const now = new Date('2026-03-01T08:00:00Z');

  it('gives the system, the energy, the geometry and the CO₂ of the documents', () => {
    const exp = project();
    const modules = (exp.documents['component-layout'] as { arrays: { centers: number[] }[] }).arrays[0].centers.length / 3;
    const m = reportModel(exp, now);
    expect(m.generatedAt).toBe('2026-03-01T08:00:00.000Z');
    expect(m.project).toEqual({ name: '演示 Demo', address: 'Shanghai', latitude: 31.23, longitude: 121.47, elevation: 4 });
    // LR5-72HPH-550M: 550 W each; SMA STP 10.0: 10 kW AC.
    expect(m.system.modules).toBe(modules);
    expect(m.system.capacityKwp).toBeCloseTo((modules * 550) / 1000, 12);
    expect(m.system.acCapacityKw).toBe(10);
    expect(m.system.dcAcRatio).toBeCloseTo((modules * 550) / 10_000, 12);
    expect(m.system.module).toMatchObject({ manufacturer: LR5.manufacturer, model: LR5.model, powerW: 550 });
    expect(m.system.inverters).toEqual([{ manufacturer: STP.manufacturer, model: STP.model, acKw: 10, count: 1 }]);
    expect(m.system.strings).toBe(1);
    expect(m.system.modulesPerString).toEqual({ min: 8, max: 8 });
    expect(m.energy?.acKwh).toBe(2920);
    expect(m.energy?.monthly).toHaveLength(12);
    expect(lossNames).toContain(m.energy?.losses[0].name);
    // 2,920 kWh × 0.5703 kg/kWh = 1.665276 t.
    expect(m.co2?.firstYearTonnes).toBeCloseTo(1.665276, 9);
    expect(m.co2?.factorKgPerKwh).toBe(0.5703);
    // Xujiahui's 1991–2017 annual GHI is in the climate table; the mean temperature of Shanghai is 16–18 °C.
    expect(m.weather.source).toContain('Xujiahui');
    expect(m.weather.ghiKwhM2).toBeGreaterThan(1100);
    expect(m.weather.meanTempC).toBeGreaterThan(16);
    expect(m.weather.meanTempC).toBeLessThan(18.5);
    // The gable house: 2 roof faces, tilt atan(2.5 / 4) = 32.005°.
    expect(m.geometry.faces).toHaveLength(2);
    for (const f of m.geometry.faces) expect(f.tilt).toBeCloseTo((Math.atan(2.5 / 4) * 180) / Math.PI, 3);
    expect(m.geometry.buildings[0].outline).toEqual([[0, 0], [12, 0], [12, 8], [0, 8]]);
    expect(m.geometry.modules).toHaveLength(modules);
    expect(m.geometry.modules.filter((x) => x.string === 1)).toHaveLength(8);
    expect(m.geometry.strings[0].path).toHaveLength(8);
    expect(m.geometry.gridPoint).toEqual([0, -2]);
    expect(m.geometry.bounds.minX).toBeLessThanOrEqual(0);
    expect(m.geometry.bounds.maxX).toBeGreaterThanOrEqual(12);
    expect(m.geometry.bounds.minY).toBeLessThanOrEqual(-2);
    // The configuration's checks with the datasheet: 8 × 550 W on 10 kW → DC/AC 0.44, within 1.8.
    const ratio = m.electrical?.checks.find((c) => c.name === 'INV-1 · dcAcRatio');
    expect(ratio).toMatchObject({ ok: true, value: '0.44', limit: '1.80' });
    expect(m.electrical?.inverters).toEqual([{ name: 'INV-1', model: STP.model, strings: 1, dcKwp: 4.4, acKwh: null }]);
    // Without a load there is no balance, without economics no economics.
    expect(m.balance).toBeNull();
    expect(m.economics).toBeNull();
  });

  it('balances a constant 0.5 kWh load against the kept hours, with and without a battery', () => {
    // Load 0.5 kWh every hour = 4,380 kWh; PV 1 kWh for 8 h a day: 0.5 used, 0.5 exported each PV hour.
    const load = { kind: 'power-load', version: 1, source: 'upload', model: 'custom', annualKwh: 4380, upload: { fileName: 'flat.xlsx', layout: 'hourly-year', hourlyKwh: new Array(8760).fill(0.5) } };
    const m = reportModel(project({ 'power-load': load }), now);
    expect(m.balance?.loadKwh).toBeCloseTo(4380, 6);
    expect(m.balance?.exportKwh).toBeCloseTo(1460, 6);
    expect(m.balance?.importKwh).toBeCloseTo(4380 - 1460, 6);
    expect(m.balance?.selfConsumptionRate).toBeCloseTo(0.5, 9);
    expect(m.balance?.selfSufficiencyRate).toBeCloseTo(1460 / 4380, 9);
    const hours = reportHours(project({ 'power-load': load }));
    expect(hours?.ac).toHaveLength(8760);
    expect(hours?.load?.[0]).toBe(0.5);
    expect(hours?.self?.[9]).toBeCloseTo(0.5, 12);
    expect(hours?.self?.[2]).toBe(0);
    expect(hours?.soc).toBeNull();
    expect(hours?.poa).toBeNull();
  });
});
