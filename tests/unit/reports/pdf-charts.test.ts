// The report charts (src/reports/charts) the PDF and Word writers draw: the layout plan in true
// metres (the fixture's modules are 1.134 m wide, the scale bar's length is its metres × the scale),
// north up, modules coloured by string; bar heights proportional to the values; the loss diagram's
// AC bar 13 915 / 16 940 of the nominal bar (fixture worked by hand); SVG and PNG outputs.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { barChart } from '../../../src/reports/charts/bar-chart.ts';
import { PALETTE, type DrawCommand } from '../../../src/reports/charts/drawing.ts';
import { layoutPlan, shadingColour } from '../../../src/reports/charts/layout-plan.ts';
import { lossDiagram } from '../../../src/reports/charts/loss-diagram.ts';
import { drawingToPng } from '../../../src/reports/charts/png.ts';
import { drawingToSvg } from '../../../src/reports/charts/svg.ts';
import { reportFormat } from '../../../src/reports/labels/format.ts';
import { reportLabels } from '../../../src/reports/labels/index.ts';
import { reportModelFixture } from '../../fixtures/reports/report-model.ts';

const l = reportLabels('zh');
const polys = (cmds: DrawCommand[]) => cmds.filter((c): c is Extract<DrawCommand, { t: 'poly' }> => c.t === 'poly');
const rects = (cmds: DrawCommand[]) => cmds.filter((c): c is Extract<DrawCommand, { t: 'rect' }> => c.t === 'rect');

describe('layoutPlan', () => {
  const m = reportModelFixture();
  const d = layoutPlan(m.geometry, l, { width: 500, height: 400, colour: 'string' });
  const k = d.ptPerMetre;

  it('draws every module in true metres, north up, coloured by its string', () => {
    const modules = polys(d.commands).filter((p) => p.fill === PALETTE[0] || p.fill === PALETTE[1]);
    expect(modules.length).toBe(22);
    for (const p of modules) {
      const xs = p.points.map((q) => q[0]);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1.134 * k, 6);
    }
    // string 1 is the southern row (plan y 2.5 m), drawn below string 2 (plan y 7 m)
    const meanY = (fill: string) => {
      const ys = modules.filter((p) => p.fill === fill).flatMap((p) => p.points.map((q) => q[1]));
      return ys.reduce((a, b) => a + b) / ys.length;
    };
    expect(meanY(PALETTE[0])).toBeGreaterThan(meanY(PALETTE[1]));
    // the building's 20 m width
    const building = polys(d.commands)[0];
    const bx = building.points.map((q) => q[0]);
    expect(Math.max(...bx) - Math.min(...bx)).toBeCloseTo(20 * k, 6);
  });

  it('has a scale bar as long as its label says, a north arrow and the grid point', () => {
    const label = d.commands.find((c) => c.t === 'text' && / m$/.test(c.text)) as Extract<DrawCommand, { t: 'text' }>;
    const metres = Number(label.text.replace(' m', ''));
    expect([1, 2, 5, 10, 20, 50]).toContain(metres);
    const bar = rects(d.commands).filter((r) => Math.abs(r.h - 4) < 1e-9);
    expect(bar.reduce((s, r) => s + r.w, 0)).toBeCloseTo(metres * k, 6);
    expect(d.commands.some((c) => c.t === 'text' && c.text === '北')).toBe(true);
    expect(d.commands.some((c) => c.t === 'text' && c.text === '并网点')).toBe(true);
  });

  it('colours shading losses from green (0) to red (≥ 15 %)', () => {
    expect(shadingColour(0)).toBe('#2ea043');
    expect(shadingColour(0.15)).toBe('#d32f2f');
    expect(shadingColour(0.5)).toBe('#d32f2f');
    expect(shadingColour(null)).toBe('#BBBBBB');
  });
});

describe('barChart and lossDiagram', () => {
  it('draws bars proportional to their values', () => {
    const d = barChart({ width: 300, height: 200, categories: ['a', 'b', 'c'], series: [{ name: 's', values: [1000, 2000, 500] }], unit: 'kWh' });
    const bars = rects(d.commands);
    expect(bars.length).toBe(3);
    expect(bars[1].h / bars[0].h).toBeCloseTo(2, 9);
    expect(bars[2].h / bars[0].h).toBeCloseTo(0.5, 9);
  });

  it('ends the loss diagram at the AC energy, 13 915 / 16 940 of the nominal bar', () => {
    const e = reportModelFixture().energy!;
    const d = lossDiagram(e, l, reportFormat('zh'), 400);
    const bars = rects(d.commands);
    const nominal = bars[0], ac = bars[bars.length - 1];
    expect(ac.w / nominal.w).toBeCloseTo(13_915 / 16_940, 9);
    // 10 non-zero loss lines (clipping is 0) between nominal and AC
    expect(d.commands.filter((c) => c.t === 'text' && c.text.startsWith('−')).length).toBe(10);
  });
});

describe('drawing outputs', () => {
  const d = { width: 10, height: 10, commands: [{ t: 'rect', x: 2, y: 2, w: 4, h: 4, fill: '#FF0000' }, { t: 'text', x: 0, y: 0, text: 'a<b & 光', size: 5 }] as DrawCommand[] };

  it('writes SVG with escaped text', () => {
    const svg = drawingToSvg(d);
    expect(svg).toContain('viewBox="0 0 10 10"');
    expect(svg).toContain('<rect x="2" y="2" width="4" height="4" fill="#FF0000"/>');
    expect(svg).toContain('a&lt;b &amp; 光');
  });

  it('rasterises shapes to PNG at the scale asked', () => {
    const png = PNG.sync.read(Buffer.from(drawingToPng(d, 2)));
    expect([png.width, png.height]).toEqual([20, 20]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3)];
    expect(at(8, 8)).toEqual([255, 0, 0]);
    expect(at(1, 1)).toEqual([255, 255, 255]);
    expect(at(12, 12)).toEqual([255, 255, 255]);
  });
});
