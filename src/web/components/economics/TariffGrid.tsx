// The time-of-use grid of the Economy step's tariff (docs/ECONOMICS.md "Tariffs": a period for each
// hour of each month): 12 rows of 24 hour cells coloured by period. The user picks a period (the brush)
// and clicks or drags over cells to set them; a click on a month's name sets the whole month. Each cell
// carries its month, hour and period in data attributes (the end-to-end tests read those).
import { Flex, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffPeriodName } from '../../../model/economics.ts';
import { paintPeriods, PERIOD_COLOURS, PERIOD_ORDER } from './tariff-grid.ts';

export interface TariffGridProps {
  periods: readonly (readonly TariffPeriodName[])[];
  onChange: (periods: TariffPeriodName[][]) => void;
}

const CELL = 20;

export function TariffGrid({ periods, onChange }: TariffGridProps) {
  const { t } = useTranslation();
  const [brush, setBrush] = useState<TariffPeriodName>('peak');
  const [painting, setPainting] = useState(false);
  useEffect(() => {
    if (!painting) return;
    const stop = () => setPainting(false);
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, [painting]);
  const paint = (months: number[], from: number, to: number) => onChange(paintPeriods(periods, months, from, to, brush));

  return (
    <Flex vertical gap={8} data-testid="tariff-grid">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('economics.tariff.brush')}</Typography.Text>
        <Radio.Group
          size="small"
          value={brush}
          onChange={(e) => setBrush(e.target.value as TariffPeriodName)}
          data-testid="tariff-brush"
          options={PERIOD_ORDER.map((p) => ({
            value: p,
            label: (
              <span>
                <span style={{ display: 'inline-block', width: 10, height: 10, marginRight: 4, background: PERIOD_COLOURS[p] }} />
                {t(`economics.tariff.period.${p}`)}
              </span>
            ),
          }))}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('economics.tariff.brushHint')}
      </Typography.Text>
      <div style={{ overflowX: 'auto', userSelect: 'none' }} onPointerLeave={() => setPainting(false)}>
        <table style={{ borderCollapse: 'collapse', fontSize: 10 }}>
          <thead>
            <tr>
              <th />
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} style={{ width: CELL, fontWeight: 400, color: '#64748b' }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((day, m) => (
              <tr key={m}>
                <th style={{ paddingRight: 6, fontWeight: 400, cursor: 'pointer', whiteSpace: 'nowrap' }} onClick={() => paint([m], 0, 24)} data-testid="tariff-month" data-month={m + 1}>
                  {t('economics.load.month', { month: m + 1 })}
                </th>
                {day.map((p, h) => (
                  <td
                    key={h}
                    title={`${t('economics.load.month', { month: m + 1 })} ${h}:00–${h + 1}:00 · ${t(`economics.tariff.period.${p}`)}`}
                    data-testid="tariff-cell"
                    data-month={m + 1}
                    data-hour={h}
                    data-period={p}
                    onPointerDown={(e) => {
                      e.preventDefault();
                      setPainting(true);
                      paint([m], h, h + 1);
                    }}
                    onPointerEnter={() => painting && paint([m], h, h + 1)}
                    style={{ width: CELL, height: 16, background: PERIOD_COLOURS[p], border: '1px solid #fff', cursor: 'crosshair' }}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Flex>
  );
}
