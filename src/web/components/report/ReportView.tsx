// The report of a project as the Report step and the share report page show it (issue 17): the
// system, the key figures, the 3D model, the monthly energy, the loss diagram, the electrical summary
// and the economics of one report model. Read-only: the Report step adds generation and the links to
// the steps, the share page nothing.
import { Card, Descriptions, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import type { StepName } from '../../app/paths.ts';
import { formatDateTime, thousands } from '../../format.ts';
import { BarChart } from '../economics/BarChart.tsx';
import { EconomicsSummary } from './EconomicsSummary.tsx';
import { ElectricalSummary } from './ElectricalSummary.tsx';
import { KeyFigures } from './KeyFigures.tsx';
import { LossDiagram } from './LossDiagram.tsx';
import { Report3dView } from './Report3dView.tsx';

export interface ReportViewProps {
  model: ReportModel;
  /** Links from a missing figure to its step (the Report step only). */
  onGoStep?: (step: StepName) => void;
  /** Receives the 3D view's PNG snapshot function. */
  onSnapshot?: (snapshot: () => Promise<Blob | null>) => void;
  /** Beside the 3D view's colour switch. */
  viewExtra?: ReactNode;
}

export function ReportView({ model, onGoStep, onSnapshot, viewExtra }: ReportViewProps) {
  const { t } = useTranslation();
  const s = model.system;
  const months = Array.from({ length: 12 }, (_, m) => t('economics.load.monthShort', { month: m + 1 }));
  return (
    <Flex vertical gap={16} data-testid="report-view" data-generated-at={model.generatedAt}>
      <Card title={model.project.name} extra={<Typography.Text type="secondary">{t('report.generatedAt', { time: formatDateTime(model.generatedAt) })}</Typography.Text>}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('report.system.location')}>
            {model.project.address ?? '—'} ({model.project.longitude.toFixed(4)}, {model.project.latitude.toFixed(4)})
          </Descriptions.Item>
          <Descriptions.Item label={t('report.system.module')}>{s.module ? `${s.module.manufacturer} ${s.module.model} (${s.module.powerW} W)` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('report.system.modules')}>{s.modules}</Descriptions.Item>
          <Descriptions.Item label={t('report.system.acCapacity')}>{thousands(s.acCapacityKw, 2)} kW</Descriptions.Item>
          <Descriptions.Item label={t('report.system.weather')}>
            {model.weather.source}
            {model.weather.estimate ? ` (${t('report.system.estimate')})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('report.system.ghi')}>{model.weather.ghiKwhM2 === null ? '—' : `${thousands(model.weather.ghiKwhM2, 0)} kWh/m²`}</Descriptions.Item>
        </Descriptions>
      </Card>
      <KeyFigures model={model} onGoStep={onGoStep} />
      <Report3dView model={model} onReady={onSnapshot} extra={viewExtra} />
      <Card title={t('report.section.monthly')} data-testid="report-monthly">
        {model.energy ? (
          <BarChart testId="report-monthly-chart" categories={months} yLabel="kWh" series={[{ key: 'ac', label: t('report.loss.delivered'), values: model.energy.monthly.map((m) => m.acKwh) }]} width={720} />
        ) : (
          <Empty description={t('report.notRun')} />
        )}
      </Card>
      {model.energy && <LossDiagram energy={model.energy} />}
      <ElectricalSummary model={model} />
      <EconomicsSummary model={model} />
    </Flex>
  );
}
