// The PDF report of a large project (src/reports/pdf): the design report of a 20,000-module roof
// (11 MWp, 1,000 strings of 20 on 10 inverters) made by replicating the hand-made fixture's module
// (tests/fixtures/reports/report-model.json), target < 5 s. Checked by an independent reader: the
// file starts with %PDF and poppler's pdftotext finds the project's Chinese name and capacity.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportModelSchema, type ReportModel } from '../../src/model/report.ts';
import type { ProjectExport } from '../../src/model/project-export.ts';
import { writePdf } from '../../src/reports/pdf/index.ts';
import type { ReportInput } from '../../src/reports/report-input.ts';
import type { Suite } from '../framework.ts';

const MODULES = 20_000, PER_ROW = 160, PER_STRING = 20, STRINGS_PER_INVERTER = 100;

/** The fixture grown to 20,000 modules on one 200 × 320 m roof, energy and money scaled with the capacity. */
export function largeModel(): ReportModel {
  const base = reportModelSchema.parse(JSON.parse(readFileSync(new URL('../../tests/fixtures/reports/report-model.json', import.meta.url), 'utf8')));
  const k = MODULES / base.system.modules;
  const w = 1.134, d = 2.243, gap = 0.02, pitch = 2.6;
  const modules: ReportModel['geometry']['modules'] = [];
  for (let i = 0; i < MODULES; i++) {
    const r = Math.floor(i / PER_ROW), c = i % PER_ROW, x = 4 + c * (w + gap), y = 4 + r * pitch;
    modules.push({ ref: `a1#${i}`, corners: [[x, y, 20], [x + w, y, 20], [x + w, y + d, 20.4], [x, y + d, 20.4]], string: Math.floor(i / PER_STRING) + 1, shading: (i % 97) / 2000 });
  }
  const nStrings = MODULES / PER_STRING, nInv = nStrings / STRINGS_PER_INVERTER;
  const strings = Array.from({ length: nStrings }, (_, s) => ({
    number: s + 1,
    inverter: `inv${Math.floor(s / STRINGS_PER_INVERTER) + 1}`,
    mppt: Math.floor((s % STRINGS_PER_INVERTER) / 10) + 1,
    path: modules.slice(s * PER_STRING, (s + 1) * PER_STRING).map((m) => [m.corners[0][0] + w / 2, m.corners[0][1] + d / 2, 20.2] as [number, number, number]),
  }));
  const inverters = Array.from({ length: nInv }, (_, i) => ({ id: `inv${i + 1}`, name: `INV-${i + 1}`, model: 'SUN2000-100KTL-M2', position: [2 + i * 20, 1] as [number, number] }));
  const kwp = (MODULES * 550) / 1000;
  const e = base.energy!, ec = base.economics!;
  return {
    ...base,
    system: { ...base.system, capacityKwp: kwp, acCapacityKw: nInv * 100, dcAcRatio: kwp / (nInv * 100), modules: MODULES, arrays: [{ id: 'a1', tilt: 10, azimuth: 180, modules: MODULES, kwp }], inverters: [{ manufacturer: '华为 Huawei', model: 'SUN2000-100KTL-M2', acKw: 100, count: nInv }], strings: nStrings, modulesPerString: { min: PER_STRING, max: PER_STRING } },
    energy: { ...e, acKwh: e.acKwh * k, dcKwh: e.dcKwh * k, nominalKwh: e.nominalKwh * k, monthly: e.monthly.map((m) => ({ ...m, acKwh: m.acKwh * k })), losses: e.losses.map((l) => ({ ...l, kwh: l.kwh * k })) },
    electrical: { ...base.electrical!, inverters: inverters.map((i) => ({ name: i.name, model: i.model, strings: STRINGS_PER_INVERTER, dcKwp: kwp / nInv, acKwh: (e.acKwh * k) / nInv })) },
    economics: { ...ec, capex: ec.capex * k, npv: ec.npv * k, cashFlows: ec.cashFlows.map((c) => ({ ...c, energy: c.energy * k, sales: c.sales * k, net: c.net * k, cumulative: c.cumulative * k })) },
    balance: null,
    geometry: {
      ...base.geometry,
      buildings: [{ id: 'b1', outline: [[0, 0], [200, 0], [200, 320], [0, 320]], eaveHeight: 20 }],
      faces: [{ id: 'f1', buildingId: 'b1', ring: [[0, 0, 20], [200, 0, 20], [200, 320, 20], [0, 320, 20]], tilt: 10, azimuth: 180 }],
      obstacles: [],
      modules,
      strings,
      inverters,
      combiners: [],
      cables: inverters.map((i, n) => ({ id: `ac${n}`, kind: 'ac', path: [i.position, [i.position[0], -5], [205, -5]], crossSection: 70, material: 'Cu', lengthM: 220 })),
      gridPoint: [205, -5],
      bounds: { minX: 0, minY: -5, maxX: 205, maxY: 320 },
    },
  };
}

function check(result: unknown): string | null {
  const pdf = result as Uint8Array;
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') return 'not a PDF';
  const dir = mkdtempSync(join(tmpdir(), 'pvstudio-bench-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-l', '3', file, '-'], { encoding: 'utf8' });
    if (!text.includes('杭州滨江仓库屋顶光伏')) return 'pdftotext does not find the project name';
    if (!text.includes('11,000.00 kWp')) return 'pdftotext does not find the capacity 11,000.00 kWp';
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const reportPdfSuite: Suite = {
  name: 'report-pdf',
  description: 'the design report PDF of a 20,000-module project (layout, shading map, single-line diagram, tables) < 5 s',
  async cases() {
    const input: ReportInput = { model: largeModel(), hours: null, project: { kind: 'pvstudio-project' } as unknown as ProjectExport, kind: 'design', language: 'zh' };
    // warm up (module loading, the HarfBuzz wasm, the font file read once per process) on the small fixture
    const small = reportModelSchema.parse(JSON.parse(readFileSync(new URL('../../tests/fixtures/reports/report-model.json', import.meta.url), 'utf8')));
    await writePdf({ ...input, model: small });
    const name = 'writePdf (pdfkit, subset Noto Sans SC)';
    return [
      {
        name: 'design report, 20,000 modules',
        params: { modules: MODULES, strings: MODULES / PER_STRING },
        variants: [{ name, kind: 'reference', fn: () => writePdf(input), async: true, check, single: true }],
        targets: [{ variant: name, maxMs: 5000, label: '20,000-module design report < 5 s' }],
      },
    ];
  },
};
