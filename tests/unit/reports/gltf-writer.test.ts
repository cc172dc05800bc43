// The glTF scene checked by the Khronos glTF-Validator (0 errors) and read back with gltf-transform:
// meshes and primitives counted against the fixture (walls, 2 roof faces, 1 obstacle, modules in one
// primitive per string colour or shading bin), glTF's Y-up axes, and heights worked by hand:
// a module's lowest corner at 6 + 0.4 × tan 30° = 6.230940 m, the chimney standing on the 30° face at
// its centre (16.5, 2.5): 6 + 2.5 × tan 30° = 7.443376 m, up to 7.443376 + 1.2 = 8.643376 m.
import { createRequire } from 'node:module';
import { NodeIO, type Mesh } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import type { ReportModel } from '../../../src/model/report.ts';
import { writeGltf } from '../../../src/reports/gltf/index.ts';
import type { ReportInput } from '../../../src/reports/report-input.ts';
import { PROJECT_NAME, projectExportFixture, reportModelFixture } from '../../fixtures/reports-r3/report-model.ts';
import { FIXTURE, reportInputFixture } from '../../fixtures/reports/report-model.ts';

interface ValidatorReport {
  issues: { numErrors: number; numWarnings: number; messages: { code: string; message: string; severity: number }[] };
  info: { drawCallCount: number; totalVertexCount: number; totalTriangleCount: number; materialCount: number };
}
// gltf-validator ships no type declarations: the one call used, typed here.
const { validateBytes } = createRequire(import.meta.url)('gltf-validator') as { validateBytes(data: Uint8Array): Promise<ValidatorReport> };

function input(model: ReportModel = reportModelFixture()): ReportInput {
  return { model, hours: null, project: projectExportFixture(), kind: 'design', language: 'zh' };
}

function yRange(mesh: Mesh): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of mesh.listPrimitives()) {
    const a = p.getAttribute('POSITION')!.getArray()!;
    for (let i = 1; i < a.length; i += 3) {
      lo = Math.min(lo, a[i]);
      hi = Math.max(hi, a[i]);
    }
  }
  return [lo, hi];
}

describe('writeGltf', () => {
  it('writes a .glb the Khronos validator accepts with 0 errors', async () => {
    const glb = await writeGltf(input());
    expect(new TextDecoder().decode(glb.slice(0, 4))).toBe('glTF');
    const report = await validateBytes(glb);
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    // 16 modules × 12 triangles, 2 faces × 2, 1 chimney × (8 sides + 2 top), 4 walls × 2, and the
    // inverter, the combiner and the grid post × (8 sides + 2 top); the cables are lines.
    expect(report.info.totalTriangleCount).toBe(192 + 4 + 10 + 8 + 30);
  });

  it('holds the fixture’s meshes and primitives, named, with the project name on the scene', async () => {
    const doc = await new NodeIO().readBinary(await writeGltf(input()));
    const root = doc.getRoot();
    expect(root.listScenes()[0].getName()).toBe(PROJECT_NAME);
    expect(root.getAsset().extras).toMatchObject({ project: PROJECT_NAME, modules: 16 });
    const meshes = root.listMeshes();
    expect(meshes.map((m) => m.getName())).toEqual(['buildings', 'face f1', 'face f2', 'obstacle o1', 'modules', 'inverter INV-1 逆变器', 'combiner CB-1', 'grid point', 'cables']);
    expect(meshes.map((m) => m.listPrimitives().length)).toEqual([1, 1, 1, 1, 2, 1, 1, 1, 2]);
    const modules = meshes[4].listPrimitives();
    expect(modules.map((p) => p.getAttribute('POSITION')!.getCount())).toEqual([64, 64]);
    expect(modules.map((p) => p.getMaterial()!.getName())).toEqual(['strings colour 1', 'strings colour 2']);
  });

  it('maps plan x → X, z → Y, y → −Z in metres', async () => {
    const doc = await new NodeIO().readBinary(await writeGltf(input()));
    const [walls, , , chimney, modules] = doc.getRoot().listMeshes();
    expect(yRange(walls)).toEqual([0, 6]);
    const [lo] = yRange(modules);
    expect(lo).toBeCloseTo(6.23094, 5);
    const [cLo, cHi] = yRange(chimney);
    expect(cLo).toBeCloseTo(7.443376, 5);
    expect(cHi).toBeCloseTo(8.643376, 5);
    // The first module's lower-left plan corner (0.6, 0.4) → (X, Z) = (0.6, −0.4).
    const a = modules.listPrimitives()[0].getAttribute('POSITION')!.getArray()!;
    expect(a[0]).toBeCloseTo(0.6, 6);
    expect(a[2]).toBeCloseTo(-0.4, 6);
  });

  it('stands the inverter, the combiner and the grid post on what is under them, and draws the cables as lines above it', async () => {
    const doc = await new NodeIO().readBinary(await writeGltf(input()));
    const mesh = (name: string) => doc.getRoot().listMeshes().find((m) => m.getName() === name)!;
    // The inverter at (2, −1) and the grid point at (−5, −3) are beside the building, on the ground;
    // the combiner at (10.5, 1) on the 30° face: 6 + 1 × tan 30° = 6.577350 m.
    expect(yRange(mesh('inverter INV-1 逆变器'))).toEqual([0, expect.closeTo(0.6, 6)]);
    expect(yRange(mesh('grid point'))).toEqual([0, expect.closeTo(1.5, 6)]);
    const [cbLo, cbHi] = yRange(mesh('combiner CB-1'));
    expect(cbLo).toBeCloseTo(6.57735, 5);
    expect(cbHi).toBeCloseTo(7.07735, 5);
    // The inverter's plan footprint, 0.8 × 0.4 m centred on (2, −1): X 1.6 … 2.4, Z = −y 0.8 … 1.2.
    const inv = mesh('inverter INV-1 逆变器').listPrimitives()[0].getAttribute('POSITION')!;
    expect([inv.getMin([]), inv.getMax([])].map((v) => [v[0], v[2]].map((x) => Math.round(x * 1e6) / 1e6))).toEqual([
      [1.6, 0.8],
      [2.4, 1.2],
    ]);
    // DC: the string runs c1 (1 segment), c2 (3) and the combiner run c3 (2); AC: c4 (2), as LINES.
    const [dc, ac] = mesh('cables').listPrimitives();
    expect([dc, ac].map((p) => p.getMode())).toEqual([1, 1]);
    expect([dc, ac].map((p) => p.getIndices()!.getCount() / 2)).toEqual([6, 2]);
    expect([dc, ac].map((p) => p.getMaterial()!.getName())).toEqual(['dc cable', 'ac cable']);
    // c2's bend at (0.3, 1) lies on the 30° face: 6 + 1 × tan 30° + 0.05 = 6.627350 m; c4 runs on the ground at 0.05 m.
    const dcPos = dc.getAttribute('POSITION')!;
    const bend = Array.from({ length: dcPos.getCount() }, (_, i) => dcPos.getElement(i, [])).find((p) => Math.abs(p[0] - 0.3) < 1e-6 && Math.abs(p[2] + 1) < 1e-6)!;
    expect(bend[1]).toBeCloseTo(6.62735, 5);
    expect(yRange(mesh('cables')).map((y) => Math.round(y * 1e6) / 1e6)[0]).toBe(0.05);
  });

  it('colours by shading heat in 5 % bins when asked, one primitive per bin', async () => {
    const model = reportModelFixture();
    model.geometry.modules.forEach((m, i) => (m.shading = [0, 0.07, 0.6][i % 3]));
    const doc = await new NodeIO().readBinary(await writeGltf(input(model), { colouring: 'shading' }));
    const modules = doc.getRoot().listMeshes().find((m) => m.getName() === 'modules')!;
    expect(modules.listPrimitives().map((p) => p.getMaterial()!.getName())).toEqual(['shading 0–5 %', 'shading 5–10 %', 'shading ≥ 50 %']);
    expect((await validateBytes(await writeGltf(input(model), { colouring: 'shading' }))).issues.numErrors).toBe(0);
  });

  it('writes the shared report fixture (tests/fixtures/reports) valid, its 22 modules in 2 string colours', async () => {
    const glb = await writeGltf(reportInputFixture('design', 'zh'));
    expect((await validateBytes(glb)).issues.numErrors).toBe(0);
    const doc = await new NodeIO().readBinary(glb);
    expect(doc.getRoot().listScenes()[0].getName()).toBe(FIXTURE.name);
    const modules = doc.getRoot().listMeshes().find((m) => m.getName() === 'modules')!;
    expect(modules.listPrimitives().reduce((a, p) => a + p.getAttribute('POSITION')!.getCount(), 0)).toBe(FIXTURE.modules * 8);
    expect(modules.listPrimitives()).toHaveLength(2);
  });
});
