// The Load step's charts (spec 000 §3 "Load": monthly and daily energy): the monthly consumption as
// bars, the daily load curve — the mean day of the year and of a chosen month — and the annual total
// and peak. Hand-written SVG (BarChart, CurveChart): the app has no chart library.
import { Card, Col, Empty, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOURS_PER_YEAR, MONTH_DAYS } from '../../../economics/calendar.ts';
import { thousands } from '../../format.ts';
import { BarChart } from '../economics/BarChart.tsx';
import { CurveChart, SERIES_COLOURS } from '../library/CurveChart.tsx';
import type { LoadPreview } from './load-preview.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Month (1 … 12), day and hour of an hour of the modelled year (0 … 8759). */
export function hourDate(hour: number): { month: number; day: number; hour: number } {
  let h = Math.max(0, Math.min(HOURS_PER_YEAR - 1, Math.floor(hour)));
  for (let m = 0; m < 12; m++) {
    const n = MONTH_DAYS[m] * 24;
    if (h < n) return { month: m + 1, day: Math.floor(h / 24) + 1, hour: h % 24 };
    h -= n;
  }
  return { month: 12, day: 31, hour: 23 };
}

export function LoadCharts({ preview }: { preview: LoadPreview | null }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(1);
  if (!preview) {
    return (
      <Card data-testid="load-charts" data-ready="false">
        <Empty description={t('economics.load.chart.none')} />
      </Card>
    );
  }
  const months = Array.from({ length: 12 }, (_, m) => t('economics.load.monthShort', { month: m + 1 }));
  const peak = hourDate(preview.peakHour);
  return (
    <Card data-testid="load-charts" data-ready="true" data-annual={preview.annualKwh}>
      <Flex gap={32} wrap style={{ marginBottom: 12 }}>
        <Statistic title={t('economics.load.summary.annual')} value={thousands(preview.annualKwh, 0)} suffix="kWh" data-testid="load-annual-total" />
        <Flex vertical>
          <Statistic title={t('economics.load.summary.peak')} value={thousands(preview.peakKw, 1)} suffix="kW" data-testid="load-peak" />
          <Typography.Text type="secondary">{t('economics.load.summary.peakAt', peak)}</Typography.Text>
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <BarChart testId="load-monthly" categories={months} series={[{ key: 'load', label: t('economics.load.chart.monthly'), values: preview.monthlyKwh }]} yLabel={t('economics.load.chart.monthly')} />
        </Col>
        <Col xs={24} xl={12}>
          <Flex align="center" gap={8} style={{ marginBottom: 4 }}>
            <span>{t('economics.load.chart.dayMonth')}</span>
            <Segmented size="small" value={month} onChange={(v) => setMonth(Number(v))} options={months.map((label, m) => ({ label, value: m + 1 }))} data-testid="load-day-month" />
          </Flex>
          <CurveChart
            testId="load-daily"
            title={t('economics.load.chart.daily')}
            xLabel={t('economics.load.chart.hour')}
            yLabel={t('economics.load.chart.power')}
            xMax={24}
            series={[
              { key: 'year', label: t('economics.load.chart.yearMean'), colour: SERIES_COLOURS[0], x: [...HOURS, 24], y: [...preview.yearDayKw, preview.yearDayKw[23]] },
              { key: 'month', label: t('economics.load.chart.monthMean', { month }), colour: SERIES_COLOURS[1], x: [...HOURS, 24], y: [...preview.monthDayKw[month - 1], preview.monthDayKw[month - 1][23]] },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
