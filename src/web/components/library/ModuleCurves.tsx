// A module's I–V and P–V curves (spec 001 §3 "Simulation curves … IV/PV"): the irradiance family
// (1000 … 200 W/m² at 25 °C) or the temperature family (25, 45, 65 °C at 1000 W/m²), each with its
// maximum power point marked, and the key points per condition. Computed in the browser
// (web/library/module-curves.ts); shown in the detail drawer and in the module form.
import { Alert, Col, Row, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moduleCurveSet, type ModuleCurve } from '../../library/module-curves.ts';
import type { moduleModel } from '../../../physics/module-fit.ts';
import { CurveChart, SERIES_COLOURS, type ChartSeries } from './CurveChart.tsx';

type Family = 'irradiance' | 'temperature';

export interface ModuleCurvesProps {
  /** The module's datasheet (and one-diode) values; null while a form lacks them. */
  module: Parameters<typeof moduleModel>[0] | null;
  testId?: string;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export function ModuleCurves({ module, testId = 'module-curves' }: ModuleCurvesProps) {
  const { t } = useTranslation();
  const [family, setFamily] = useState<Family>('irradiance');
  const set = useMemo(() => {
    if (!module) return null;
    try {
      return moduleCurveSet(module);
    } catch {
      return 'unavailable' as const;
    }
  }, [module]);
  if (!set) return <Alert type="info" showIcon title={t('library.curves.incomplete')} />;
  if (set === 'unavailable') return <Alert type="warning" showIcon title={t('library.curves.unavailable')} />;

  const curves = family === 'irradiance' ? set.byIrradiance : set.byTemperature;
  const name = (c: ModuleCurve) =>
    family === 'irradiance' ? t('library.curves.irradianceLabel', { g: c.condition.irradiance }) : t('library.curves.temperatureLabel', { t: c.condition.temperature });
  const series = (quantity: 'i' | 'p'): ChartSeries[] =>
    curves.map((c, k) => ({
      key: `${family}-${k}`,
      label: name(c),
      colour: SERIES_COLOURS[k % SERIES_COLOURS.length],
      x: c.v,
      y: quantity === 'i' ? c.i : c.p,
      marker: { x: c.vmp, y: quantity === 'i' ? c.imp : c.pmp },
    }));
  const voltageMax = Math.max(...curves.map((c) => c.voc));
  return (
    <div data-testid={testId} data-origin={set.model.origin}>
      <Segmented<Family>
        value={family}
        onChange={setFamily}
        options={[
          { value: 'irradiance', label: t('library.curves.byIrradiance') },
          { value: 'temperature', label: t('library.curves.byTemperature') },
        ]}
        data-testid={`${testId}-family`}
      />
      <Row gutter={16} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('library.curves.iv')}</Typography.Text>
          <CurveChart series={series('i')} xLabel={t('library.curves.voltage')} yLabel={t('library.curves.current')} xMax={voltageMax} width={420} height={260} testId={`${testId}-iv`} title={t('library.curves.iv')} />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('library.curves.pv')}</Typography.Text>
          <CurveChart series={series('p')} xLabel={t('library.curves.voltage')} yLabel={t('library.curves.power')} xMax={voltageMax} width={420} height={260} testId={`${testId}-pv`} title={t('library.curves.pv')} />
        </Col>
      </Row>
      <Table<ModuleCurve>
        size="small"
        style={{ marginTop: 8 }}
        pagination={false}
        rowKey={(c) => `${c.condition.irradiance}-${c.condition.temperature}`}
        dataSource={curves}
        data-testid={`${testId}-points`}
        columns={[
          { title: t('library.curves.condition'), render: (_: unknown, c) => name(c) },
          { title: 'Isc (A)', render: (_: unknown, c) => round(c.isc, 2) },
          { title: 'Voc (V)', render: (_: unknown, c) => round(c.voc, 2) },
          { title: 'Imp (A)', render: (_: unknown, c) => round(c.imp, 2) },
          { title: 'Vmp (V)', render: (_: unknown, c) => round(c.vmp, 2) },
          { title: 'Pmp (W)', render: (_: unknown, c) => round(c.pmp, 1) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
        {set.model.origin === 'fitted' ? t('library.curves.fitted') : t('library.curves.entry')}
      </Typography.Paragraph>
    </div>
  );
}
