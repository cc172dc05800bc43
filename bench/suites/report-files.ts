// The report files of a large project (src/reports/{dxf,xlsx,pptx,gltf}): the DXF drawing of 100,000
// modules (target < 2 s), the 8760-hour xlsx (target < 1 s), the PowerPoint deck and the glTF scene of
// 20,000 modules. The projects grow the hand-made fixture (tests/fixtures/reports-r3) to a flat roof of
// rows of 10°-tilted modules, strings of 20, 100 strings per inverter. Each file is checked by an
// independent reader: dxf-parser counts the module polylines, fflate opens the workbook and
// counts the 8760 sheet's rows and opens the deck's 8 slides, the .glb's own JSON chunk gives the
// module vertices.
import DxfParser from 'dxf-parser';
import { strFromU8, unzipSync } from 'fflate';
import type { ReportModel } from '../../src/model/report.ts';
import { writeDxf } from '../../src/reports/dxf/index.ts';
import { writeGltf } from '../../src/reports/gltf/index.ts';
import { writePptx } from '../../src/reports/pptx/index.ts';
import type { ReportInput } from '../../src/reports/report-input.ts';
import { writeXlsx } from '../../src/reports/xlsx/index.ts';
import { projectExportFixture, reportHoursFixture, reportModelFixture } from '../../tests/fixtures/reports-r3/report-model.ts';
import type { BenchCase, Suite } from '../framework.ts';

const PER_ROW = 200, PER_STRING = 20, STRINGS_PER_INVERTER = 100;

/** The fixture with `n` modules (1.133 × 2.256 m, 10° south) in rows of 200 on one flat roof. */
export function largeReportModel(n: number): ReportModel {
  const base = reportModelFixture();
  const w = 1.133, d = 2.256 * Math.cos(Math.PI / 18), rise = 2.256 * Math.sin(Math.PI / 18), pitch = 3.2, z0 = 12;
  const rows = Math.ceil(n / PER_ROW);
  const W = 8 + PER_ROW * (w + 0.02), H = 8 + rows * pitch;
  const modules: ReportModel['geometry']['modules'] = [];
  for (let i = 0; i < n; i++) {
    const x = 4 + (i % PER_ROW) * (w + 0.02), y = 4 + Math.floor(i / PER_ROW) * pitch;
    modules.push({ ref: `A1#${i}`, corners: [[x, y, z0], [x + w, y, z0], [x + w, y + d, z0 + rise], [x, y + d, z0 + rise]], string: Math.floor(i / PER_STRING) + 1, shading: (i % 97) / 2000 });
  }
  const nStrings = Math.ceil(n / PER_STRING), nInv = Math.ceil(nStrings / STRINGS_PER_INVERTER);
  const strings = Array.from({ length: nStrings }, (_, s) => ({
    number: s + 1,
    inverter: `inv${Math.floor(s / STRINGS_PER_INVERTER) + 1}`,
    mppt: (s % 10) + 1,
    path: modules.slice(s * PER_STRING, (s + 1) * PER_STRING).map((m) => [m.corners[0][0] + w / 2, m.corners[0][1] + d / 2, z0 + rise / 2] as [number, number, number]),
  }));
  const inverters = Array.from({ length: nInv }, (_, i) => ({ id: `inv${i + 1}`, name: `INV-${i + 1}`, model: 'SUN2000-100KTL-M2', position: [4 + i * 12, 1] as [number, number] }));
  const cables = strings.map((s) => ({ id: `c${s.number}`, kind: 'string', path: [[s.path[0][0], s.path[0][1]], [4 + (Math.floor((s.number - 1) / STRINGS_PER_INVERTER)) * 12, 1]] as [number, number][], crossSection: 4, material: 'copper', lengthM: 50 }));
  const kwp = (n * 550) / 1000;
  return {
    ...base,
    system: { ...base.system, capacityKwp: kwp, modules: n, strings: nStrings, arrays: [{ id: 'A1', tilt: 10, azimuth: 180, modules: n, kwp }] },
    geometry: {
      buildings: [{ id: 'b1', outline: [[0, 0], [W, 0], [W, H], [0, H]], eaveHeight: z0 }],
      faces: [{ id: 'f1', buildingId: 'b1', ring: [[0, 0, z0], [W, 0, z0], [W, H, z0], [0, H, z0]], tilt: 0, azimuth: 180 }],
      obstacles: [{ id: 'o1', kind: 'box', ring: [[W / 2, 1], [W / 2 + 2, 1], [W / 2 + 2, 3], [W / 2, 3]], height: 2 }],
      modules,
      strings,
      inverters,
      combiners: [],
      cables,
      gridPoint: [-5, -5],
      bounds: { minX: -5, minY: -5, maxX: W, maxY: H },
    },
  };
}

function input(model: ReportModel, withHours = false): ReportInput {
  return { model, hours: withHours ? reportHoursFixture() : null, project: projectExportFixture(), kind: 'design', language: 'zh' };
}

/** dxf-parser finds `modules` closed polylines on PV-MODULE. */
function checkDxf(r: unknown, modules: number): string | null {
  const dxf = new DxfParser().parseSync(new TextDecoder().decode(r as Uint8Array)) as unknown as { entities: { type: string; layer: string }[] };
  const n = dxf.entities.filter((e) => e.type === 'LWPOLYLINE' && e.layer === 'PV-MODULE').length;
  return n === modules ? null : `${n} module polylines, expected ${modules}`;
}

/** fflate opens the workbook; its second sheet ("8760") has a header and 8760 rows. */
function checkXlsx(r: unknown): string | null {
  const b = r as Uint8Array;
  if (strFromU8(b.slice(0, 2)) !== 'PK') return 'not a zip';
  const sheet = unzipSync(b)['xl/worksheets/sheet2.xml'];
  const rows = sheet ? strFromU8(sheet).match(/<row /g)?.length : 0;
  return rows === 8761 ? null : `8760 sheet has ${rows} rows`;
}

/** fflate opens the deck: 8 slides. */
function checkPptx(r: unknown): string | null {
  const b = r as Uint8Array;
  if (strFromU8(b.slice(0, 2)) !== 'PK') return 'not a zip';
  const slides = Object.keys(unzipSync(b)).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
  return slides === 8 ? null : `${slides} slides`;
}

/** The .glb's header and JSON chunk (GLB layout, glTF 2.0 §4.4): the "modules" mesh has 8 vertices per module. */
function checkGltf(r: unknown, modules: number): string | null {
  const b = r as Uint8Array;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (strFromU8(b.slice(0, 4)) !== 'glTF' || view.getUint32(4, true) !== 2 || view.getUint32(8, true) !== b.length) return 'not a glTF 2.0 .glb';
  const json = JSON.parse(strFromU8(b.slice(20, 20 + view.getUint32(12, true)))) as { meshes: { name: string; primitives: { attributes: { POSITION: number } }[] }[]; accessors: { count: number }[] };
  const mesh = json.meshes.find((m) => m.name === 'modules');
  const vertices = mesh?.primitives.reduce((a, p) => a + json.accessors[p.attributes.POSITION].count, 0);
  return vertices === modules * 8 ? null : `${vertices} module vertices`;
}

export const reportFilesSuite: Suite = {
  name: 'report-files',
  description: 'report files: DXF of 100,000 modules < 2 s; the 8760-hour xlsx < 1 s; the PowerPoint deck and the glTF scene of 20,000 modules',
  async cases() {
    const big = largeReportModel(100_000);
    const mid = largeReportModel(20_000);
    const cases: BenchCase[] = [
      {
        name: 'DXF 100,000 modules',
        params: { modules: 100_000 },
        variants: [{ name: 'writeDxf', kind: 'reference', async: true, fn: () => writeDxf(input(big)), check: (r) => checkDxf(r, 100_000) }],
        targets: [{ variant: 'writeDxf', maxMs: 2000, label: 'DXF of 100,000 modules < 2 s' }],
      },
      {
        name: 'xlsx 8760 hours',
        params: { hours: 8760, columns: 7 },
        variants: [{ name: 'writeXlsx', kind: 'reference', async: true, fn: () => writeXlsx(input(reportModelFixture(), true)), check: checkXlsx }],
        targets: [{ variant: 'writeXlsx', maxMs: 1000, label: 'the 8760-hour xlsx < 1 s' }],
      },
      {
        name: 'PowerPoint 20,000 modules',
        params: { modules: 20_000, slides: 8 },
        variants: [{ name: 'writePptx', kind: 'reference', async: true, fn: () => writePptx(input(mid)), check: checkPptx }],
      },
      {
        name: 'glTF 20,000 modules',
        params: { modules: 20_000 },
        variants: [{ name: 'writeGltf', kind: 'reference', async: true, fn: () => writeGltf(input(mid)), check: (r) => checkGltf(r, 20_000) }],
      },
    ];
    return cases;
  },
};
