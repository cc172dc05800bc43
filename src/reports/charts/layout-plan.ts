// The layout drawing of the report geometry (model/report.ts ReportGeometry), in true metres on a
// uniform scale: building outlines, roof faces, obstacles, modules coloured by string or by their
// annual shading loss (heat colours), the string paths, cables (DC / AC), inverters, combiners, the
// grid point, a north arrow and a scale bar. Plan x east, y north → drawing x right, y down.
import type { ReportGeometry } from '../../model/report.ts';
import type { ReportLabels } from '../labels/index.ts';
import { INK, PALETTE, type DrawCommand, type Drawing, type Pt } from './drawing.ts';

export interface LayoutPlanOptions {
  width: number;
  height: number;
  /** Module colours: their string, or their annual shading loss. */
  colour: 'string' | 'shading';
  /** Draw string paths and cables (the electrical layers). */
  wiring?: boolean;
}

/** Heat colour of a shading loss 0..1 (green 0 → yellow 5 % → red ≥ 15 %), in 30 steps of 0.5 %. */
export function shadingColour(loss: number | null): string {
  if (loss === null) return '#BBBBBB';
  const t = Math.round(Math.max(0, Math.min(1, loss / 0.15)) * 30) / 30;
  const lerp = (a: number, b: number, u: number) => Math.round(a + (b - a) * u);
  const [r, g, b] = t < 1 / 3 ? [lerp(46, 253, t * 3), lerp(160, 216, t * 3), lerp(67, 53, t * 3)] : [lerp(253, 211, (t - 1 / 3) * 1.5), lerp(216, 47, (t - 1 / 3) * 1.5), lerp(53, 47, (t - 1 / 3) * 1.5)];
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour of a string number (null: not in a string). */
export function stringColour(n: number | null): string {
  return n === null ? '#BBBBBB' : PALETTE[(n - 1 + PALETTE.length) % PALETTE.length];
}

/** The layout plan's drawing and its scale [pt per metre]. */
export function layoutPlan(g: ReportGeometry, labels: ReportLabels, o: LayoutPlanOptions): Drawing & { ptPerMetre: number } {
  const margin = 24;
  const b = g.bounds;
  const spanX = Math.max(1, b.maxX - b.minX), spanY = Math.max(1, b.maxY - b.minY);
  const k = Math.min((o.width - 2 * margin) / spanX, (o.height - 2 * margin - 14) / spanY);
  const ox = (o.width - spanX * k) / 2, oy = margin + (o.height - 2 * margin - 14 - spanY * k) / 2;
  const p = (x: number, y: number): Pt => [ox + (x - b.minX) * k, oy + (b.maxY - y) * k];
  const cmds: DrawCommand[] = [];
  for (const bl of g.buildings) cmds.push({ t: 'poly', points: bl.outline.map(([x, y]) => p(x, y)), fill: '#F4F4F4', stroke: INK, lineWidth: 1 });
  for (const f of g.faces) cmds.push({ t: 'poly', points: f.ring.map(([x, y]) => p(x, y)), fill: '#E8EEF4', stroke: '#8899AA', lineWidth: 0.5 });
  for (const ob of g.obstacles) cmds.push({ t: 'poly', points: ob.ring.map(([x, y]) => p(x, y)), fill: '#9E9E9E', stroke: INK, lineWidth: 0.5 });
  // modules grouped by colour (they do not overlap), so writers can fill each colour's run at once;
  // white outlines only while they stay visible
  const thin = g.modules.length > 2000 ? 0 : 0.3;
  const byColour = new Map<string, Pt[][]>();
  for (const m of g.modules) {
    const fill = o.colour === 'string' ? stringColour(m.string) : shadingColour(m.shading);
    let list = byColour.get(fill);
    if (!list) byColour.set(fill, (list = []));
    list.push(m.corners.map(([x, y]) => p(x, y)));
  }
  for (const [fill, polys] of byColour) for (const points of polys) cmds.push({ t: 'poly', points, fill, stroke: thin ? '#FFFFFF' : undefined, lineWidth: thin || undefined });
  if (o.wiring !== false) {
    for (const s of g.strings) if (s.path.length > 1) cmds.push({ t: 'line', points: s.path.map(([x, y]) => p(x, y)), stroke: INK, lineWidth: 0.4 });
    for (const c of g.cables) cmds.push({ t: 'line', points: c.path.map(([x, y]) => p(x, y)), stroke: c.kind === 'ac' ? '#6A1B9A' : '#E65100', lineWidth: 1, dash: c.kind === 'ac' ? 3 : undefined });
    for (const c of g.combiners) {
      if (!c.position) continue;
      const [x, y] = p(...c.position);
      cmds.push({ t: 'rect', x: x - 3, y: y - 3, w: 6, h: 6, fill: '#FFB300', stroke: INK, lineWidth: 0.5 });
      cmds.push({ t: 'text', x: x + 5, y: y - 4, text: c.name, size: 6, color: INK });
    }
    for (const inv of g.inverters) {
      if (!inv.position) continue;
      const [x, y] = p(...inv.position);
      cmds.push({ t: 'rect', x: x - 4, y: y - 4, w: 8, h: 8, fill: '#1565C0', stroke: INK, lineWidth: 0.5 });
      cmds.push({ t: 'text', x: x + 6, y: y - 4, text: inv.name, size: 7, color: INK });
    }
    if (g.gridPoint) {
      const [x, y] = p(...g.gridPoint);
      cmds.push({ t: 'circle', x, y, r: 4, fill: '#C62828', stroke: INK, lineWidth: 0.5 });
      cmds.push({ t: 'text', x: x + 6, y: y - 4, text: labels.field.grid, size: 7, color: INK });
    }
  }
  // north arrow (top right)
  const nx = o.width - 16, ny = 8;
  cmds.push({ t: 'poly', points: [[nx, ny], [nx - 5, ny + 14], [nx, ny + 10], [nx + 5, ny + 14]], fill: INK });
  cmds.push({ t: 'text', x: nx, y: ny + 15, text: labels.field.north, size: 7, align: 'center', color: INK });
  // scale bar (bottom left): the largest 1, 2 or 5 × 10ⁿ metres within a quarter of the width
  const raw = (o.width * 0.25) / k, p10 = 10 ** Math.floor(Math.log10(raw));
  const metres = [5, 2, 1].map((m) => m * p10).find((m) => m <= raw) ?? p10;
  const sx = margin, sy = o.height - 12, len = metres * k;
  cmds.push({ t: 'rect', x: sx, y: sy, w: len / 2, h: 4, fill: INK });
  cmds.push({ t: 'rect', x: sx + len / 2, y: sy, w: len / 2, h: 4, fill: '#FFFFFF', stroke: INK, lineWidth: 0.5 });
  cmds.push({ t: 'text', x: sx + len + 4, y: sy - 2, text: `${metres} m`, size: 7, color: INK });
  return { width: o.width, height: o.height, commands: cmds, ptPerMetre: k };
}
