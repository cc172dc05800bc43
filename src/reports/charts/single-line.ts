// The single-line diagram: strings (left) → their combiner when they have one → the inverter's MPPT
// inputs → the inverter → the grid point (right), from the report geometry's strings, combiners and
// inverters. Strings of one MPPT are drawn as one line labelled with their count when there are many,
// and so are the MPPT inputs of an inverter with more than four.
import type { ReportGeometry } from '../../model/report.ts';
import type { ReportLabels } from '../labels/index.ts';
import { INK, type DrawCommand, type Drawing } from './drawing.ts';

/** The single-line diagram's drawing. */
export function singleLine(g: ReportGeometry, labels: ReportLabels, width: number): Drawing {
  const cmds: DrawCommand[] = [];
  const row = 14;
  // group strings by inverter and MPPT
  const invIds = g.inverters.map((i) => i.id);
  const groups = new Map<string, Map<number, number[]>>();
  for (const s of g.strings) {
    const inv = s.inverter ?? '';
    if (!groups.has(inv)) groups.set(inv, new Map());
    const m = groups.get(inv)!;
    const key = s.mppt ?? 0;
    if (!m.has(key)) m.set(key, []);
    m.get(key)!.push(s.number);
  }
  const order = [...invIds, ...[...groups.keys()].filter((k) => !invIds.includes(k))];
  const xs = { string: 0, mppt: width * 0.42, inv: width * 0.58, grid: width - 50 };
  let y = 6;
  const invCentres: number[] = [];
  for (const id of order) {
    const inv = g.inverters.find((i) => i.id === id);
    const inputs = [...(groups.get(id) ?? new Map<number, number[]>()).entries()].sort((a, b) => a[0] - b[0]);
    // an inverter with many MPPT inputs is drawn as one line: "MPPT 1…10 (×10)", its strings' range
    const mppts: [number | string, number[]][] =
      inputs.length > 4 ? [[`${inputs[0][0]}…${inputs[inputs.length - 1][0]} (×${inputs.length})`, inputs.flatMap(([, nums]) => nums).sort((a, b) => a - b)]] : inputs;
    const top = y;
    for (const [mppt, nums] of mppts) {
      const text = nums.length > 3 ? `${labels.field.string} ${nums[0]}…${nums[nums.length - 1]} (×${nums.length})` : nums.map((n) => `${labels.field.string} ${n}`).join(', ');
      const combiner = g.combiners.find((c) => c.inverterId === id);
      cmds.push({ t: 'text', x: xs.string, y: y + 2, text, size: 7, color: INK });
      cmds.push({ t: 'line', points: [[xs.string + width * 0.3, y + row / 2], [xs.mppt, y + row / 2]], stroke: '#E65100', lineWidth: 1 });
      if (combiner && nums.length > 1) cmds.push({ t: 'rect', x: xs.string + width * 0.32, y: y + 2, w: 10, h: row - 4, fill: '#FFB300', stroke: INK, lineWidth: 0.5 });
      cmds.push({ t: 'text', x: xs.mppt + 3, y: y + 2, text: `${labels.field.mppt} ${mppt || '–'}`, size: 7, color: INK });
      y += row;
    }
    if (!mppts.length) y += row;
    const h = Math.max(row, y - top);
    cmds.push({ t: 'rect', x: xs.inv, y: top, w: width * 0.2, h: h - 2, fill: '#E3F2FD', stroke: '#1565C0', lineWidth: 1 });
    cmds.push({ t: 'text', x: xs.inv + 4, y: top + 2, text: inv ? inv.name : '?', size: 7, color: INK, bold: true });
    if (inv && h > row) cmds.push({ t: 'text', x: xs.inv + 4, y: top + 11, text: inv.model, size: 6, color: INK });
    invCentres.push(top + h / 2);
    cmds.push({ t: 'line', points: [[xs.inv + width * 0.2, top + h / 2], [xs.grid - 10, top + h / 2]], stroke: '#6A1B9A', lineWidth: 1 });
    y += 6;
  }
  const height = Math.max(40, y + 4);
  if (invCentres.length) cmds.push({ t: 'line', points: [[xs.grid - 10, Math.min(...invCentres)], [xs.grid - 10, Math.max(...invCentres)]], stroke: '#6A1B9A', lineWidth: 1.5 });
  const gy = invCentres.length ? (Math.min(...invCentres) + Math.max(...invCentres)) / 2 : height / 2;
  cmds.push({ t: 'line', points: [[xs.grid - 10, gy], [xs.grid, gy]], stroke: '#6A1B9A', lineWidth: 1.5 });
  cmds.push({ t: 'circle', x: xs.grid + 6, y: gy, r: 6, fill: '#FFFFFF', stroke: INK, lineWidth: 1 });
  cmds.push({ t: 'text', x: xs.grid + 14, y: gy - 4, text: labels.field.grid, size: 7, color: INK });
  return { width, height, commands: cmds };
}
