// A small line chart (SVG, no chart library — the app has none, as HorizonChart): several series of
// (x, y) points on linear axes with round tick steps, an optional marked point per series (the maximum
// power point), and a legend in HTML that wraps. Scales to its container's width.
import { useTranslation } from 'react-i18next';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
  /** Points in increasing x. */
  x: readonly number[];
  y: readonly number[];
  /** A point to mark (e.g. the maximum power point). */
  marker?: { x: number; y: number };
  dashed?: boolean;
}

export interface CurveChartProps {
  series: readonly ChartSeries[];
  xLabel: string;
  yLabel: string;
  /** Axis ranges; default from the data (y from 0). */
  xMax?: number;
  yMin?: number;
  yMax?: number;
  title?: string;
  testId?: string;
  /** Drawing size [px] before scaling; default 520 × 280. */
  width?: number;
  height?: number;
}

const MARGIN = { left: 52, right: 14, top: 12, bottom: 36 };
const AXIS = '#5c6270';
const GRID = '#e6e8ee';

/** Series colours: the theme blue first (spec 000 §9 #436CF5). */
export const SERIES_COLOURS = ['#436cf5', '#f5a623', '#2fa36b', '#d4380d', '#722ed1', '#13a8a8'] as const;

/** A round tick step (1, 2 or 5 × 10ⁿ) giving about `count` intervals over `span`. */
export function tickStep(span: number, count = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** Ticks from lo to hi (both rounded outwards to the step). */
function ticks(lo: number, hi: number): { lo: number; hi: number; values: number[] } {
  const step = tickStep(hi - lo);
  const a = Math.floor(lo / step) * step;
  const b = Math.ceil(hi / step) * step;
  const values: number[] = [];
  for (let v = a; v <= b + step * 1e-9; v += step) values.push(Number(v.toPrecision(12)));
  return { lo: a, hi: b, values };
}

function label(v: number): string {
  return Math.abs(v) >= 1000 ? v.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(Number(v.toPrecision(6)));
}

export function CurveChart({ series, xLabel, yLabel, xMax, yMin, yMax, title, testId, width = 520, height = 280 }: CurveChartProps) {
  const { t } = useTranslation();
  const xs = series.flatMap((s) => s.x);
  const ys = series.flatMap((s) => s.y);
  const xt = ticks(0, xMax ?? Math.max(1e-9, ...xs));
  const yt = ticks(yMin ?? Math.min(0, ...ys), yMax ?? Math.max(1e-9, ...ys));
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => MARGIN.left + ((x - xt.lo) / (xt.hi - xt.lo)) * plotW;
  const py = (y: number) => MARGIN.top + ((yt.hi - y) / (yt.hi - yt.lo)) * plotH;
  const clampY = (y: number) => Math.min(yt.hi, Math.max(yt.lo, y));
  return (
    <div data-testid={testId}>
      <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title ?? yLabel} style={{ maxWidth: width * 1.4, display: 'block' }}>
        {title && <title>{title}</title>}
        {yt.values.map((v) => (
          <g key={`y${v}`}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={py(v)} y2={py(v)} stroke={GRID} />
            <text x={MARGIN.left - 6} y={py(v) + 4} fontSize={11} textAnchor="end" fill={AXIS}>
              {label(v)}
            </text>
          </g>
        ))}
        {xt.values.map((v) => (
          <g key={`x${v}`}>
            <line x1={px(v)} x2={px(v)} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={GRID} />
            <text x={px(v)} y={MARGIN.top + plotH + 14} fontSize={11} textAnchor="middle" fill={AXIS}>
              {label(v)}
            </text>
          </g>
        ))}
        <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={AXIS} />
        <line x1={MARGIN.left} x2={width - MARGIN.right} y1={py(clampY(0))} y2={py(clampY(0))} stroke={AXIS} />
        {series.map((s) => (
          <g key={s.key} data-series={s.key}>
            <polyline
              fill="none"
              stroke={s.colour}
              strokeWidth={1.8}
              strokeDasharray={s.dashed ? '6 4' : undefined}
              points={s.x.map((x, k) => `${px(x).toFixed(1)},${py(clampY(s.y[k])).toFixed(1)}`).join(' ')}
            />
            {s.marker && <circle cx={px(s.marker.x)} cy={py(clampY(s.marker.y))} r={3.5} fill="#fff" stroke={s.colour} strokeWidth={1.8} />}
          </g>
        ))}
        <text x={12} y={MARGIN.top + plotH / 2} fontSize={11} fill={AXIS} textAnchor="middle" transform={`rotate(-90 12 ${MARGIN.top + plotH / 2})`}>
          {yLabel}
        </text>
        <text x={MARGIN.left + plotW / 2} y={height - 4} fontSize={11} fill={AXIS} textAnchor="middle">
          {xLabel}
        </text>
      </svg>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 16px', paddingLeft: MARGIN.left, fontSize: 12, color: AXIS }} aria-label={t('library.curves.condition')}>
        {series.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-testid={testId ? `${testId}-legend` : undefined}>
            <span style={{ display: 'inline-block', width: 14, height: 3, background: s.colour }} />
            {s.label}
          </span>
        ))}
      </div>
    </div>
  );
}
