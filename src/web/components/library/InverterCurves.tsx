// An inverter's efficiency against DC input power: one curve per DC voltage of the entry (Vmin, Vnom,
// Vmax of a .OND), or its peak / European / CEC efficiency as flat lines when it has no curve
// (web/library/inverter-curves.ts). Shown in the detail drawer and in the inverter form.
import { Alert, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inverterEfficiencyPlot } from '../../library/inverter-curves.ts';
import { CurveChart, SERIES_COLOURS, type ChartSeries } from './CurveChart.tsx';

export interface InverterCurvesProps {
  /** The inverter's values; null while a form's are not valid. */
  inverter: Parameters<typeof inverterEfficiencyPlot>[0] | null;
  testId?: string;
}

export function InverterCurves({ inverter, testId = 'inverter-curves' }: InverterCurvesProps) {
  const { t } = useTranslation();
  const plot = useMemo(() => (inverter ? inverterEfficiencyPlot(inverter) : null), [inverter]);
  if (!plot) return <Alert type="info" showIcon title={t('library.curves.noCurveYet')} />;
  const series: ChartSeries[] = plot.series.map((s, k) => ({
    key: `${s.kind}-${s.dcVoltage ?? k}`,
    label: s.kind === 'curve' ? t('library.curves.curveAt', { v: s.dcVoltage }) : t(`library.curves.${s.kind}`),
    colour: SERIES_COLOURS[k % SERIES_COLOURS.length],
    x: s.points.map((p) => p.dcPower / 1000),
    y: s.points.map((p) => p.efficiency),
    dashed: s.kind !== 'curve',
  }));
  const ys = plot.series.flatMap((s) => s.points.map((p) => p.efficiency)).filter((e) => e > 0);
  // the interesting band: from a little under the lowest plotted efficiency above 80 % to 100 %
  const yMin = Math.max(0, Math.floor(Math.min(...ys.filter((e) => e >= 80), 100) / 2) * 2 - 2);
  return (
    <div data-testid={testId} data-mode={plot.mode}>
      <CurveChart
        series={series}
        xLabel={t('library.curves.dcPower')}
        yLabel={t('library.curves.efficiency')}
        xMax={plot.maxPower / 1000}
        yMin={yMin}
        yMax={100}
        title={t('library.inverter.efficiencyCurves')}
        testId={`${testId}-chart`}
      />
      {plot.mode === 'flat' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          {t('library.curves.flat')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
