// The weather's twelve months: global and diffuse horizontal irradiation [kWh m⁻²] as grouped bars
// (SVG; the values in each bar's tooltip), or as a table with the mean air temperature [°C].
import { Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectWeather } from '../../../model/api/weather.ts';
import { axisTicks, formatKwh, formatTemp, monthNames, niceCeiling } from './weather-format.ts';

type Month = ProjectWeather['monthly'][number];

const COLOURS = { ghi: '#436cf5', dhi: '#9db2fa', grid: '#e6e8ee', axis: '#5c6270' };
const SIZE = { width: 680, height: 200, left: 40, right: 8, top: 10, bottom: 38 };

export function MonthlyClimate({ monthly }: { monthly: readonly Month[] }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  if (monthly.length === 0) return null;
  return (
    <div data-testid="monthly-climate">
      <Segmented<'chart' | 'table'>
        size="small"
        value={view}
        onChange={(v) => setView(v)}
        options={[
          { value: 'chart', label: t('weather.monthly.chart') },
          { value: 'table', label: t('weather.monthly.table') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {view === 'chart' ? <MonthlyBarsChart monthly={monthly} /> : <MonthlyTable monthly={monthly} />}
    </div>
  );
}

function MonthlyBarsChart({ monthly }: { monthly: readonly Month[] }) {
  const { t, i18n } = useTranslation();
  const names = monthNames(i18n.language);
  const top = niceCeiling(Math.max(...monthly.map((m) => m.ghiKwhM2)));
  const plotW = SIZE.width - SIZE.left - SIZE.right;
  const plotH = SIZE.height - SIZE.top - SIZE.bottom;
  const slot = plotW / monthly.length;
  const bar = Math.max(2, slot * 0.36);
  const y = (v: number) => SIZE.top + plotH - (Math.max(0, v) / top) * plotH;
  const ticks = axisTicks(top);
  const legendY = SIZE.height - 6;
  return (
    <svg viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} width="100%" style={{ maxWidth: SIZE.width, display: 'block' }} role="img" aria-label={t('weather.monthly.title')}>
      <title>{t('weather.monthly.title')}</title>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={SIZE.left} x2={SIZE.width - SIZE.right} y1={y(v)} y2={y(v)} stroke={COLOURS.grid} />
          <text x={SIZE.left - 5} y={y(v) + 3} fontSize={10} textAnchor="end" fill={COLOURS.axis}>
            {formatKwh(v)}
          </text>
        </g>
      ))}
      {monthly.map((m, k) => {
        const x = SIZE.left + k * slot + (slot - 2 * bar) / 2;
        const tip = `${names[k]}: GHI ${formatKwh(m.ghiKwhM2)} · DHI ${formatKwh(m.dhiKwhM2)} kWh/m² · ${formatTemp(m.tempAir)} °C`;
        return (
          <g key={m.month}>
            <title>{tip}</title>
            <rect x={x} y={y(m.ghiKwhM2)} width={bar} height={y(0) - y(m.ghiKwhM2)} fill={COLOURS.ghi} />
            <rect x={x + bar} y={y(m.dhiKwhM2)} width={bar} height={y(0) - y(m.dhiKwhM2)} fill={COLOURS.dhi} />
            <text x={SIZE.left + (k + 0.5) * slot} y={y(0) + 13} fontSize={10} textAnchor="middle" fill={COLOURS.axis}>
              {names[k]}
            </text>
          </g>
        );
      })}
      <line x1={SIZE.left} x2={SIZE.width - SIZE.right} y1={y(0)} y2={y(0)} stroke={COLOURS.axis} />
      <g transform={`translate(${SIZE.left}, ${legendY})`}>
        <rect x={0} y={-8} width={12} height={8} fill={COLOURS.ghi} />
        <text x={16} y={0} fontSize={10} fill={COLOURS.axis}>
          {t('weather.monthly.ghi')}
        </text>
        <rect x={plotW / 2} y={-8} width={12} height={8} fill={COLOURS.dhi} />
        <text x={plotW / 2 + 16} y={0} fontSize={10} fill={COLOURS.axis}>
          {t('weather.monthly.dhi')}
        </text>
      </g>
    </svg>
  );
}

function MonthlyTable({ monthly }: { monthly: readonly Month[] }) {
  const { t, i18n } = useTranslation();
  const names = monthNames(i18n.language);
  const rows = [
    { key: 'ghi', label: t('weather.monthly.ghiShort'), values: monthly.map((m) => formatKwh(m.ghiKwhM2)) },
    { key: 'dhi', label: t('weather.monthly.dhiShort'), values: monthly.map((m) => formatKwh(m.dhiKwhM2)) },
    { key: 'temp', label: t('weather.monthly.tempShort'), values: monthly.map((m) => formatTemp(m.tempAir)) },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey="key"
      dataSource={rows}
      data-testid="monthly-table"
      columns={[
        { key: 'label', dataIndex: 'label', title: '', fixed: 'left' },
        ...names.map((name, k) => ({ key: String(k), title: name, align: 'right' as const, render: (_: unknown, r: (typeof rows)[number]) => r.values[k] })),
      ]}
    />
  );
}
