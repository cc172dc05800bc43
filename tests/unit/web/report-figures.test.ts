// What the Report step shows of a report model (src/web/components/report/report-figures.ts,
// report-compare.ts, report-downloads.ts, report-3d.ts roofHeightAt) and how the web reads the report
// calls (src/web/api/report.ts fileNameOf). Every number is worked by hand in the comments.
import { describe, expect, it } from 'vitest';
import { reportModelSchema, type ReportModel } from '../../../src/model/report.ts';
import { fileNameOf } from '../../../src/web/api/report.ts';
import { STEP_ORDER } from '../../../src/web/app/paths.ts';
import { roofHeightAt } from '../../../src/web/components/report/report-3d.ts';
import { compareReportCell } from '../../../src/web/components/report/report-compare.ts';
import { DOWNLOADS, downloadFailure, downloadsFor, reportLanguageOf } from '../../../src/web/components/report/report-downloads.ts';
import {
  STRING_COLOURS,
  UNASSIGNED_COLOUR,
  cumulativeCashFlow,
  electricalSummary,
  keyFigures,
  lossRows,
  moduleColours,
  staleWizardSteps,
  visibleLossRows,
  stringColour,
  stringLegend,
} from '../../../src/web/components/report/report-figures.ts';
import { canAddScreenshot } from '../../../src/web/hooks/useReportThumbnail.ts';
import { findBoundPlant } from '../../../src/web/hooks/useReportListActions.ts';

const months = <T extends object>(f: (m: number) => T): ({ month: number } & T)[] => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...f(i + 1) }));
const corners = (x: number): [number, number, number][] => [
  [x, 0, 3],
  [x + 1, 0, 3],
  [x + 1, 2, 3],
  [x, 2, 3],
];

/**
 * A 10 kWp roof: nominal 10 × 1,200 kWh/m² = 12,000 kWh; losses IAM 360 kWh (3 % of nominal), soiling
 * 232.8 kWh, inverter 550 kWh → AC 12,000 − 360 − 232.8 − 550 = 10,857.2 kWh.
 */
function model(patch: Partial<ReportModel> = {}): ReportModel {
  const m: ReportModel = {
    kind: 'report',
    version: 1,
    generatedAt: '2026-11-26T10:00:00.000Z',
    project: { name: 'Roof', address: 'Shanghai', latitude: 31.23, longitude: 121.47, elevation: 4 },
    weather: { source: 'Shanghai', citation: null, estimate: false, ghiKwhM2: 1250, meanTempC: 17 },
    system: {
      capacityKwp: 10,
      acCapacityKw: 8,
      dcAcRatio: 1.25,
      modules: 3,
      module: { manufacturer: 'M', model: 'X', powerW: 500, efficiency: 0.21 },
      arrays: [{ id: 'a', tilt: 30, azimuth: 180, modules: 3, kwp: 10 }],
      inverters: [
        { manufacturer: 'S', model: 'I8', acKw: 8, count: 1 },
        { manufacturer: 'S', model: 'I3', acKw: 3, count: 2 },
      ],
      strings: 2,
      modulesPerString: { min: 1, max: 2 },
      combiners: 0,
    },
    energy: {
      acKwh: 10_857.2,
      dcKwh: 11_407.2,
      poaKwhM2: 1200,
      specificYield: 1085.72,
      performanceRatio: 0.904767,
      nominalKwh: 12_000,
      monthly: months(() => ({ acKwh: 10_857.2 / 12, poaKwhM2: 100 })),
      losses: [
        { name: 'iam', kwh: 360, percent: 3 },
        { name: 'soiling', kwh: 232.8, percent: 1.94 },
        { name: 'inverter', kwh: 550, percent: 550 / 120 },
      ],
      shading: 'none',
    },
    electrical: {
      checks: [
        { name: 'Voc', ok: true, value: '800 V', limit: '1000 V' },
        { name: 'Isc', ok: false, value: '20 A', limit: '16 A' },
      ],
      cables: null,
      inverters: [],
    },
    balance: null,
    economics: null,
    co2: { firstYearTonnes: 6.1919, lifetimeTonnes: 140, factorKgPerKwh: 0.5703 },
    geometry: {
      buildings: [],
      faces: [],
      obstacles: [],
      modules: [
        { ref: 'a#0', corners: corners(0), string: 1, shading: 0.02 },
        { ref: 'a#1', corners: corners(1), string: 21, shading: 0.1 },
        { ref: 'a#2', corners: corners(2), string: null, shading: null },
      ],
      strings: [],
      inverters: [],
      combiners: [],
      cables: [],
      gridPoint: null,
      bounds: { minX: 0, minY: 0, maxX: 3, maxY: 2 },
    },
    ...patch,
  };
  return reportModelSchema.parse(m);
}

describe('loss diagram', () => {
  it('runs from the nominal energy down each loss line to the AC energy, with each line’s share of the nominal and of its stage', () => {
    const { rows, residualKwh } = lossRows(model().energy!);
    expect(rows.map((r) => r.kind)).toEqual(['nominal', 'loss', 'loss', 'loss', 'ac']);
    expect(rows[0].kwh).toBe(12_000);
    const [iam, soiling, inverter] = rows.slice(1, 4) as Extract<(typeof rows)[number], { kind: 'loss' }>[];
    // IAM: 360 / 12,000 = 3 % of the nominal and of its stage (the first line sees the nominal).
    expect(iam.percentOfStage).toBeCloseTo(3, 10);
    expect(iam.after).toBeCloseTo(11_640, 9);
    // Soiling: 232.8 / 11,640 = 2 % of the energy reaching it, 1.94 % of the nominal.
    expect(soiling.percentOfStage).toBeCloseTo(2, 10);
    expect(soiling.percentOfNominal).toBeCloseTo(1.94, 10);
    expect(soiling.after).toBeCloseTo(11_407.2, 9);
    // Inverter: 550 / 11,407.2 = 4.82152 % of its stage (11,407.2 × 0.0482 = 549.827; 0.173 / 11,407.2 = 0.0000152).
    expect(inverter.percentOfStage).toBeCloseTo(4.82152, 4);
    // The balance closes: 11,407.2 − 550 = 10,857.2 = AC, 90.477 % of the nominal.
    expect(residualKwh).toBeCloseTo(0, 9);
    expect(rows[4].kwh).toBe(10_857.2);
    expect(rows[4].percentOfNominal).toBeCloseTo(90.4767, 3);
  });

  it('says by how much the lines miss the AC energy, and treats a negative line as a gain', () => {
    const e = { ...model().energy!, losses: [{ name: 'irradianceAndTemperature' as const, kwh: -120, percent: -1 }] };
    const { rows, residualKwh } = lossRows(e);
    // 12,000 + 120 = 12,120 after the gain; AC 10,857.2 → 1,262.8 kWh unexplained.
    expect((rows[1] as { after: number }).after).toBe(12_120);
    expect(residualKwh).toBeCloseTo(1262.8, 9);
  });

  it('prints the lines the simulation applied: a 0 kWh line is left out, a 0.5 kWh one kept', () => {
    const e = { ...model().energy!, losses: [{ name: 'horizon' as const, kwh: 0, percent: 0 }, { name: 'lid' as const, kwh: 0.5, percent: 0.5 / 120 }, { name: 'iam' as const, kwh: -0.2, percent: 0 }] };
    const shown = visibleLossRows(lossRows(e).rows);
    expect(shown.map((r) => (r.kind === 'loss' ? r.name : r.kind))).toEqual(['nominal', 'lid', 'ac']);
  });
});

describe('key figures', () => {
  it('shows the nine figures in their units and links a missing one to the step that makes it', () => {
    const f = keyFigures(model());
    expect(f.map((x) => x.name)).toEqual(['capacity', 'annualEnergy', 'specificYield', 'performanceRatio', 'selfConsumption', 'npv', 'irr', 'payback', 'co2']);
    const by = Object.fromEntries(f.map((x) => [x.name, x]));
    expect(by.capacity.value).toBe(10);
    expect(by.annualEnergy.value).toBe(10_857.2);
    expect(by.performanceRatio.value).toBeCloseTo(90.4767, 4);
    expect(by.co2.value).toBe(6.1919);
    // No load, no economics: '—' with links to the Economy step.
    for (const k of ['selfConsumption', 'npv', 'irr', 'payback'] as const) {
      expect(by[k].value).toBeNull();
      expect(by[k].step).toBe('economics');
    }
  });

  it('reads NPV in 10k yuan and IRR, self-consumption in percent', () => {
    const m = model({
      economics: { capex: 40_000, npv: 123_456, irr: 0.0875, equityIrr: null, paybackYears: 6.5, lcoe: 0.31, cashFlows: [{ year: 0, energy: 0, sales: 0, net: -40_000, cumulative: -40_000 }, { year: 1, energy: 10_000, sales: 5_000, net: 4_800, cumulative: -35_200 }] },
      balance: { loadKwh: 20_000, selfConsumptionRate: 0.62, selfSufficiencyRate: 0.33, exportKwh: 4000, importKwh: 13_000, storage: null, monthly: months(() => ({ pvKwh: 0, loadKwh: 0, selfKwh: 0, exportKwh: 0, importKwh: 0 })) },
    });
    const by = Object.fromEntries(keyFigures(m).map((x) => [x.name, x.value]));
    expect(by.npv).toBeCloseTo(12.3456, 10);
    expect(by.irr).toBeCloseTo(8.75, 10);
    expect(by.selfConsumption).toBeCloseTo(62, 10);
    expect(by.payback).toBe(6.5);
    // −40,000 yuan = −4 (10k yuan), then −3.52.
    expect(cumulativeCashFlow(m)).toEqual({ x: [0, 1], y: [-4, -3.52] });
    expect(compareReportCell('npv', m)).toBe('12.35');
    expect(compareReportCell('irr', m)).toBe('8.75 %');
    expect(compareReportCell('selfConsumption', m)).toBe('62 %');
  });

  it('compares projects without a report or economics as —, and a report still being read as …', () => {
    expect(compareReportCell('npv', model())).toBe('—');
    expect(compareReportCell('irr', null)).toBe('—');
    expect(compareReportCell('selfConsumption', undefined)).toBe('…');
  });
});

describe('electrical summary', () => {
  it('counts inverters (1 + 2), strings and the checks that passed and failed', () => {
    const s = electricalSummary(model());
    expect(s.inverterCount).toBe(3);
    expect(s.strings).toBe(2);
    expect(s.checksPassed).toBe(1);
    expect(s.checksFailed).toBe(1);
  });
});

describe('module colours', () => {
  it('colours by string, cycling the 20 colours (string 21 takes string 1’s), grey outside a string', () => {
    expect(STRING_COLOURS).toHaveLength(20);
    expect(stringColour(1)).toBe(STRING_COLOURS[0]);
    expect(stringColour(21)).toBe(STRING_COLOURS[0]);
    expect(stringColour(20)).toBe(STRING_COLOURS[19]);
    expect(moduleColours(model(), 'string')).toEqual([STRING_COLOURS[0], STRING_COLOURS[0], UNASSIGNED_COLOUR]);
    expect(stringLegend(model()).map((s) => s.number)).toEqual([1, 21]);
  });

  it('colours by shading on the viridis ramp fitted to the modules: the least loss yellow, the most dark purple', () => {
    const c = moduleColours(model(), 'shading');
    // viridis(1) = (0.993248, 0.906157, 0.143936) → rgb(253, 231, 37); viridis(0) = (0.267004, 0.004874, 0.329415) → rgb(68, 1, 84).
    expect(c[0]).toBe('rgb(253, 231, 37)');
    expect(c[1]).toBe('rgb(68, 1, 84)');
    expect(c[2]).toBe(UNASSIGNED_COLOUR);
  });
});

describe('stale report', () => {
  it('names the wizard steps behind the changed documents, once each, in the menu order', () => {
    expect(staleWizardSteps(['economic', 'component-layout', 'shade-analysis', 'unknown'], STEP_ORDER)).toEqual(['components', 'economics']);
    expect(staleWizardSteps(['power-load', 'lite-re'], STEP_ORDER)).toEqual(['load', 'building']);
  });
});

describe('downloads', () => {
  it('offers the ten outputs of spec 001 §1 to the owner and all but the project file to a share', () => {
    expect(DOWNLOADS.map((d) => d.key)).toEqual(['pdf', 'docx', 'pptx', 'evaluation', 'feasibility', 'economic', 'dxf', 'xlsx', 'gltf', 'project']);
    expect(downloadsFor(true).map((d) => d.key)).not.toContain('project');
    expect(downloadsFor(true)).toHaveLength(9);
  });

  it('says "Export PDF failed" for a PDF and the general message for other files', () => {
    expect(downloadFailure(DOWNLOADS[0])).toBe('report.download.pdfFailed');
    expect(downloadFailure(DOWNLOADS.find((d) => d.key === 'evaluation')!)).toBe('report.download.pdfFailed');
    expect(downloadFailure(DOWNLOADS.find((d) => d.key === 'dxf')!)).toBe('report.download.failed');
    expect(downloadFailure(DOWNLOADS.find((d) => d.key === 'project')!)).toBe('report.download.failed');
  });

  it('writes the file in the UI language', () => {
    expect(reportLanguageOf('en')).toBe('en');
    expect(reportLanguageOf('en-GB')).toBe('en');
    expect(reportLanguageOf('zh')).toBe('zh');
    expect(reportLanguageOf(undefined)).toBe('zh');
  });

  it('reads the file name of a Content-Disposition header (RFC 6266; the UTF-8 name first)', () => {
    expect(fileNameOf(`attachment; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('屋顶.pdf')}`)).toBe('屋顶.pdf');
    expect(fileNameOf('attachment; filename="Roof report.pdf"')).toBe('Roof report.pdf');
    expect(fileNameOf('attachment; filename=roof.dxf')).toBe('roof.dxf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('screenshots and the O&M link', () => {
  it('allows a screenshot while the project holds fewer than 6 (spec 000 §5)', () => {
    expect(canAddScreenshot(0)).toBe(true);
    expect(canAddScreenshot(5)).toBe(true);
    expect(canAddScreenshot(6)).toBe(false);
  });

  it('finds the O&M plant bound to a design, or none', async () => {
    const designs: Record<number, number | null> = { 11: 3, 12: 7, 13: null };
    const designOf = async (id: number) => designs[id] ?? null;
    expect(await findBoundPlant(7, [11, 12, 13], designOf)).toBe(12);
    expect(await findBoundPlant(9, [11, 12, 13], designOf)).toBeNull();
  });
});

describe('3D view', () => {
  it('stands an obstacle on the roof face under it: a 30° face rising 0.57735 m per metre north', () => {
    // The plane through (0,0,3), (10,0,3), (10,5,3 + 5 tan 30°): z = 3 + y tan 30°; at y = 2, z = 4.1547.
    const t = Math.tan(Math.PI / 6);
    const face = { id: 'f', buildingId: 'b', tilt: 30, azimuth: 0, ring: [[0, 0, 3], [10, 0, 3], [10, 5, 3 + 5 * t], [0, 5, 3 + 5 * t]] as [number, number, number][] };
    expect(roofHeightAt([face], 4, 2)).toBeCloseTo(3 + 2 * t, 10);
    expect(roofHeightAt([face], 12, 2)).toBe(0);
  });
});
