// Actual against expected energy per bucket (hours of a day, days of a month, months of a year) as
// paired SVG bars on a nice value axis (chart-scale.ts): measured in blue, the design's expected in
// grey, with the axis ticks and every few bucket labels.
import type { StatisticsBucket } from '../../../model/api/aiom-statistics.ts';
import { barHeight, niceTicks } from './chart-scale.ts';

const PAD = { left: 52, right: 12, top: 12, bottom: 28 };
export const ACTUAL_COLOUR = '#436CF5';
export const EXPECTED_COLOUR = '#BFC7D5';

export function ActualExpectedBars({ buckets, width = 860, height = 280, labels }: { buckets: readonly StatisticsBucket[]; width?: number; height?: number; labels: { actual: string; expected: string; unit: string } }) {
  const max = Math.max(0, ...buckets.map((b) => Math.max(b.actualKwh, b.expectedKwh ?? 0)));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1];
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, buckets.length);
  const bar = Math.max(1, slot * 0.38);
  const every = Math.ceil(buckets.length / 16);
  return (
    <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" data-testid="statistics-chart" data-top={top}>
      {ticks.map((v) => {
        const y = PAD.top + plotH - barHeight(v, top, plotH);
        return (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y} y2={y} stroke="#eef0f4" />
            <text x={PAD.left - 6} y={y + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">
              {v}
            </text>
          </g>
        );
      })}
      <text x={4} y={PAD.top + 4} fontSize={11} fill="#8c8c8c">
        {labels.unit}
      </text>
      {buckets.map((b, i) => {
        const x = PAD.left + i * slot + slot / 2;
        const ha = barHeight(b.actualKwh, top, plotH);
        const he = barHeight(b.expectedKwh, top, plotH);
        return (
          <g key={b.key}>
            <rect x={x - bar} y={PAD.top + plotH - he} width={bar} height={he} fill={EXPECTED_COLOUR}>
              <title>{`${labels.expected} ${b.key}: ${b.expectedKwh?.toFixed(2) ?? '—'}`}</title>
            </rect>
            <rect x={x} y={PAD.top + plotH - ha} width={bar} height={ha} fill={ACTUAL_COLOUR}>
              <title>{`${labels.actual} ${b.key}: ${b.actualKwh.toFixed(2)}`}</title>
            </rect>
            {i % every === 0 ? (
              <text x={x} y={height - 10} fontSize={11} textAnchor="middle" fill="#8c8c8c">
                {b.key}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#bfbfbf" />
    </svg>
  );
}
