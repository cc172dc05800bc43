// Vector drawings of the report's charts and plans: a list of device-independent commands in points
// (1/72 in), origin top-left, y down — the PDF writer strokes them with pdfkit, svg.ts writes them
// as SVG, png.ts rasterises their shapes. Pure data, no writer imports.

export type Pt = readonly [number, number];

export type DrawCommand =
  | { t: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; lineWidth?: number }
  | { t: 'poly'; points: Pt[]; fill?: string; stroke?: string; lineWidth?: number }
  | { t: 'line'; points: Pt[]; stroke: string; lineWidth: number; dash?: number }
  | { t: 'circle'; x: number; y: number; r: number; fill?: string; stroke?: string; lineWidth?: number }
  | { t: 'text'; x: number; y: number; text: string; size: number; color?: string; align?: 'left' | 'center' | 'right'; bold?: boolean };

/** A drawing: its size [pt] and commands in painting order. */
export interface Drawing {
  width: number;
  height: number;
  commands: DrawCommand[];
}

/** A "nice" axis step (1, 2 or 5 × 10ⁿ) giving about `ticks` intervals over `span`. */
export function niceStep(span: number, ticks = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** Short axis numbers: 12 000 → "12k", 1 500 000 → "1.5M". */
export function axisNumber(x: number): string {
  const a = Math.abs(x);
  if (a >= 1e6) return `${+(x / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${+(x / 1e3).toFixed(0)}k`;
  if (a >= 1e3) return `${+(x / 1e3).toFixed(1)}k`;
  return `${+x.toFixed(2)}`;
}

/** The series colours of the charts (colour-blind safe, Okabe–Ito). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
export const POSITIVE = '#2E7D32';
export const NEGATIVE = '#C62828';
export const INK = '#222222';
export const GRID = '#DDDDDD';
