// The DXF drawing read back by an independent parser (dxf-parser): named layers, true metres, one
// closed LWPOLYLINE per module whose plan size is worked by hand from the fixture (1.133 m wide,
// 2.256 m × cos 30° = 1.953753 m deep), strings with their numbers, devices, cables and the title
// block's Chinese project name.
import DxfParser from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { writeDxf } from '../../../src/reports/dxf/index.ts';
import type { ReportInput } from '../../../src/reports/report-input.ts';
import { PROJECT_NAME, projectExportFixture, reportHoursFixture, reportModelFixture } from '../../fixtures/reports-r3/report-model.ts';
import { FIXTURE, reportInputFixture } from '../../fixtures/reports/report-model.ts';

interface Entity {
  type: string;
  layer: string;
  text?: string;
  name?: string;
  shape?: boolean;
  vertices?: { x: number; y: number }[];
  position?: { x: number; y: number };
  startPoint?: { x: number; y: number };
}

function input(language: 'zh' | 'en' = 'zh'): ReportInput {
  return { model: reportModelFixture(), hours: reportHoursFixture(), project: projectExportFixture(), kind: 'design', language };
}

async function parse(bytes: Uint8Array) {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const dxf = new DxfParser().parseSync(text) as unknown as { header: Record<string, unknown>; tables: { layer: { layers: Record<string, unknown> } }; entities: Entity[] };
  return { text, dxf, on: (layer: string, type: string) => dxf.entities.filter((e) => e.layer === layer && e.type === type) };
}

describe('writeDxf', () => {
  it('writes an R2007 drawing in metres with every named layer', async () => {
    const { text, dxf } = await parse(await writeDxf(input()));
    expect(text).toMatch(/\$ACADVER\n1\nAC1021/);
    expect(dxf.header.$INSUNITS).toBe(6);
    const layers = Object.keys(dxf.tables.layer.layers);
    for (const name of ['PV-BUILDING', 'PV-FACE', 'PV-OBSTACLE', 'PV-MODULE', 'PV-STRING', 'PV-INVERTER', 'PV-COMBINER', 'PV-CABLE-DC', 'PV-CABLE-AC', 'PV-GRID', 'PV-TEXT']) {
      expect(layers).toContain(name);
    }
  });

  it('draws each module as a closed LWPOLYLINE of its plan corners, in metres', async () => {
    const { on } = await parse(await writeDxf(input()));
    const modules = on('PV-MODULE', 'LWPOLYLINE');
    expect(modules).toHaveLength(16);
    for (const m of modules) {
      expect(m.shape).toBe(true);
      expect(m.vertices).toHaveLength(4);
      const xs = m.vertices!.map((v) => v.x);
      const ys = m.vertices!.map((v) => v.y);
      // 1.133 m wide; 2.256 m along a 30° slope → 2.256 × 0.8660254 = 1.9537533 m in plan (hand-worked);
      // the drawing rounds coordinates to the micrometre, so each size is good to 2 µm.
      expect(Math.abs(Math.max(...xs) - Math.min(...xs) - 1.133)).toBeLessThan(2e-6);
      expect(Math.abs(Math.max(...ys) - Math.min(...ys) - 1.9537533)).toBeLessThan(2e-6);
    }
    // The first module's lower-left corner is at (0.6, 0.4) in the fixture.
    expect(modules[0].vertices![0].x).toBeCloseTo(0.6, 12);
    expect(modules[0].vertices![0].y).toBeCloseTo(0.4, 12);
  });

  it('draws the site, strings with their numbers, devices with their names, cables and the grid point', async () => {
    const { on } = await parse(await writeDxf(input()));
    expect(on('PV-BUILDING', 'LWPOLYLINE')).toHaveLength(1);
    expect(on('PV-FACE', 'LWPOLYLINE')).toHaveLength(2);
    expect(on('PV-OBSTACLE', 'LWPOLYLINE')).toHaveLength(1);
    expect(on('PV-STRING', 'LWPOLYLINE').map((e) => e.vertices!.length)).toEqual([8, 8]);
    expect(on('PV-STRING', 'TEXT').map((e) => e.text)).toEqual(['1', '2']);
    const inverter = on('PV-INVERTER', 'INSERT');
    expect(inverter).toHaveLength(1);
    expect(inverter[0].position).toMatchObject({ x: 2, y: -1 });
    expect(on('PV-INVERTER', 'TEXT').map((e) => e.text)).toEqual(['INV-1 逆变器']);
    expect(on('PV-COMBINER', 'INSERT')).toHaveLength(1);
    expect(on('PV-COMBINER', 'TEXT').map((e) => e.text)).toEqual(['CB-1']);
    expect(on('PV-CABLE-DC', 'LWPOLYLINE')).toHaveLength(3);
    expect(on('PV-CABLE-AC', 'LWPOLYLINE')).toHaveLength(1);
    expect(on('PV-GRID', 'CIRCLE')).toHaveLength(1);
    expect(on('PV-GRID', 'TEXT').map((e) => e.text)).toEqual(['并网点']);
  });

  it('writes the title block with the Chinese project name readable (UTF-8, not "?")', async () => {
    const { text, on } = await parse(await writeDxf(input()));
    const texts = on('PV-TEXT', 'TEXT').map((e) => e.text);
    expect(texts[0]).toBe(PROJECT_NAME);
    expect(texts.some((t) => t?.includes('上海市浦东新区张江路 88 号'))).toBe(true);
    expect(texts.some((t) => t?.includes('8.80 kWp'))).toBe(true);
    expect(text).not.toContain('?????');
  });

  it('labels in English when asked', async () => {
    const { on } = await parse(await writeDxf(input('en')));
    expect(on('PV-GRID', 'TEXT').map((e) => e.text)).toEqual(['Grid point']);
    expect(on('PV-TEXT', 'TEXT').some((e) => e.text?.startsWith('DC capacity: 8.80 kWp'))).toBe(true);
  });

  it('draws the shared report fixture (tests/fixtures/reports): 22 modules of 1.134 m × 2.278 m·cos 10°', async () => {
    const { on } = await parse(await writeDxf(reportInputFixture('design', 'zh')));
    const modules = on('PV-MODULE', 'LWPOLYLINE');
    expect(modules).toHaveLength(FIXTURE.modules);
    const ys = modules[0].vertices!.map((v) => v.y);
    // 2.278 × cos 10° = 2.278 × 0.98480775 = 2.24339 m (the README's portrait module on the 10° face).
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(2.24339, 3);
    expect(on('PV-TEXT', 'TEXT')[0].text).toBe(FIXTURE.name);
  });
});
