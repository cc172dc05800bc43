// A bar chart with axes (SVG, no chart library — the app has none, as CurveChart): one bar per
// category (months), optionally stacked from several series, round y ticks, a legend in HTML. The
// Load step's monthly consumption and the Economy step's monthly self-consumption. Each bar carries its
// category and total in data attributes (the end-to-end tests read those, never pixels).
import { SERIES_COLOURS, tickStep } from '../library/CurveChart.tsx';

export interface BarSeries {
  key: string;
  label: string;
  colour?: string;
  /** One value per category (≥ 0). */
  values: readonly number[];
}

export interface BarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  yLabel: string;
  title?: string;
  testId?: string;
  width?: number;
  height?: number;
}

const MARGIN = { left: 60, right: 10, top: 12, bottom: 30 };
const AXIS = '#5c6270';
const GRID = '#e6e8ee';

function label(v: number): string {
  return Math.abs(v) >= 1000 ? v.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(Number(v.toPrecision(6)));
}

export function BarChart({ categories, series, yLabel, title, testId, width = 520, height = 240 }: BarChartProps) {
  const totals = categories.map((_, i) => series.reduce((s, x) => s + Math.max(0, x.values[i] ?? 0), 0));
  const step = tickStep(Math.max(1e-9, ...totals));
  const top = Math.max(step, Math.ceil(Math.max(0, ...totals) / step) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= top + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const py = (y: number) => MARGIN.top + plotH - (y / top) * plotH;
  const slot = plotW / Math.max(1, categories.length);
  const colour = (s: BarSeries, k: number) => s.colour ?? SERIES_COLOURS[k % SERIES_COLOURS.length];
  return (
    <div data-testid={testId}>
      <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title ?? yLabel} style={{ maxWidth: width * 1.4, display: 'block' }}>
        {title && <title>{title}</title>}
        {ticks.map((v) => (
          <g key={v}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={py(v)} y2={py(v)} stroke={GRID} />
            <text x={MARGIN.left - 6} y={py(v) + 4} fontSize={11} textAnchor="end" fill={AXIS}>
              {label(v)}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          let base = 0;
          return (
            <g key={c} data-testid={testId ? `${testId}-bar` : undefined} data-category={c} data-total={totals[i]}>
              {series.map((s, k) => {
                const v = Math.max(0, s.values[i] ?? 0);
                const y0 = py(base);
                base += v;
                return <rect key={s.key} x={MARGIN.left + i * slot + slot * 0.15} width={slot * 0.7} y={py(base)} height={Math.max(0, y0 - py(base))} fill={colour(s, k)} opacity={0.85} />;
              })}
              <text x={MARGIN.left + (i + 0.5) * slot} y={MARGIN.top + plotH + 14} fontSize={11} textAnchor="middle" fill={AXIS}>
                {c}
              </text>
            </g>
          );
        })}
        <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={AXIS} />
        <line x1={MARGIN.left} x2={width - MARGIN.right} y1={py(0)} y2={py(0)} stroke={AXIS} />
        <text x={12} y={MARGIN.top + plotH / 2} fontSize={11} fill={AXIS} textAnchor="middle" transform={`rotate(-90 12 ${MARGIN.top + plotH / 2})`}>
          {yLabel}
        </text>
      </svg>
      {series.length > 1 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 16px', paddingLeft: MARGIN.left, fontSize: 12, color: AXIS }}>
          {series.map((s, k) => (
            <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <span style={{ display: 'inline-block', width: 10, height: 10, background: colour(s, k) }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
