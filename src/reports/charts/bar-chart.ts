// A bar chart of one or more series over categories (months, years), with a value axis, grid lines,
// category labels and a legend; bars below zero drawn downward. The monthly energy, the monthly
// balance and the cash flow are drawn with it.
import { axisNumber, GRID, INK, niceStep, PALETTE, type DrawCommand, type Drawing } from './drawing.ts';

export interface BarSeries {
  name: string;
  values: readonly number[];
  /** Bar colour; default from the palette. */
  color?: string;
  /** Colour of negative values (default: the bar colour). */
  negativeColor?: string;
}

export interface BarChartOptions {
  width: number;
  height: number;
  categories: readonly string[];
  series: readonly BarSeries[];
  /** The value axis' unit, written above it. */
  unit: string;
  /** A line over the bars (e.g. the cumulative cash flow), on the same axis. */
  line?: { name: string; values: readonly number[]; color: string };
  /** Show every n-th category label (default: all that fit). */
  labelEvery?: number;
}

/** The bar chart's drawing. */
export function barChart(o: BarChartOptions): Drawing {
  const cmds: DrawCommand[] = [];
  const left = 44, right = 8, top = 20, bottom = 30;
  const pw = o.width - left - right, ph = o.height - top - bottom;
  const all = [...o.series.flatMap((s) => s.values), ...(o.line?.values ?? []), 0];
  let lo = Math.min(...all), hi = Math.max(...all);
  if (hi === lo) hi = lo + 1;
  const step = niceStep(hi - lo, 5);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const y = (v: number) => top + ph * (1 - (v - lo) / (hi - lo));
  for (let v = lo; v <= hi + step / 2; v += step) {
    cmds.push({ t: 'line', points: [[left, y(v)], [left + pw, y(v)]], stroke: GRID, lineWidth: 0.5 });
    cmds.push({ t: 'text', x: left - 4, y: y(v) - 4, text: axisNumber(v), size: 7, align: 'right', color: INK });
  }
  cmds.push({ t: 'text', x: left - 4, y: 4, text: o.unit, size: 7, align: 'right', color: INK });
  const n = o.categories.length, slot = pw / Math.max(1, n), groupW = slot * 0.75, barW = groupW / Math.max(1, o.series.length);
  o.series.forEach((s, k) => {
    const color = s.color ?? PALETTE[k % PALETTE.length];
    s.values.forEach((v, i) => {
      const x = left + i * slot + (slot - groupW) / 2 + k * barW;
      const y0 = y(0), y1 = y(v);
      cmds.push({ t: 'rect', x, y: Math.min(y0, y1), w: barW, h: Math.abs(y1 - y0), fill: v < 0 ? (s.negativeColor ?? color) : color });
    });
  });
  if (o.line) cmds.push({ t: 'line', points: o.line.values.map((v, i) => [left + (i + 0.5) * slot, y(v)] as const), stroke: o.line.color, lineWidth: 1.5 });
  cmds.push({ t: 'line', points: [[left, y(0)], [left + pw, y(0)]], stroke: INK, lineWidth: 0.8 });
  const every = o.labelEvery ?? Math.max(1, Math.ceil((n * 22) / pw));
  o.categories.forEach((c, i) => {
    if (i % every === 0) cmds.push({ t: 'text', x: left + (i + 0.5) * slot, y: top + ph + 4, text: c, size: 7, align: 'center', color: INK });
  });
  // legend
  const legend = [...o.series.map((s, k) => ({ name: s.name, color: s.color ?? PALETTE[k % PALETTE.length] })), ...(o.line ? [{ name: o.line.name, color: o.line.color }] : [])];
  if (legend.length > 1) {
    let lx = left;
    for (const l of legend) {
      cmds.push({ t: 'rect', x: lx, y: o.height - 11, w: 8, h: 8, fill: l.color });
      cmds.push({ t: 'text', x: lx + 11, y: o.height - 11, text: l.name, size: 7, color: INK });
      lx += 20 + l.name.length * 7;
    }
  }
  return { width: o.width, height: o.height, commands: cmds };
}
