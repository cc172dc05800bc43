// /home/compareProject: 2–3 projects side by side (basic data, the last simulation, and from each
// project's report the self-consumption, NPV and IRR).
import { Alert, Button, Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectOverview } from '../../../model/api/projects.ts';
import type { ReportModel } from '../../../model/report.ts';
import { ProjectName } from '../../components/home/ProjectName.tsx';
import { MonthlyBars } from '../../components/MonthlyBars.tsx';
import { COMPARE_REPORT_ROWS, compareReportCell } from '../../components/report/report-compare.ts';
import { thousands } from '../../format.ts';
import { useCompare } from '../../hooks/useCompare.ts';
import { useReportCompare } from '../../hooks/useReportCompare.ts';

type Row = { key: string; label: string; values: React.ReactNode[] };

function rowsOf(list: ProjectOverview[], reports: ReadonlyMap<number, ReportModel | null> | undefined, t: (k: string) => string): Row[] {
  const sim = (o: ProjectOverview) => o.simulation;
  return [
    { key: 'type', label: t('project.field.powerStationType'), values: list.map((o) => t(`project.type.${o.project.powerStationType}`)) },
    { key: 'survey', label: t('project.field.surveyType'), values: list.map((o) => t(`project.survey.${o.project.surveyType}`)) },
    { key: 'address', label: t('project.field.address'), values: list.map((o) => o.project.address ?? '—') },
    // The project row keeps the design's installed capacity and last yield (saved with the layout).
    { key: 'capacity', label: t('project.field.capacity'), values: list.map((o) => thousands(o.project.capacity ?? sim(o)?.capacityKwp ?? null)) },
    { key: 'energy', label: t('home.compare.annualEnergy'), values: list.map((o) => thousands(sim(o)?.acKwh ?? o.project.annualKwh, 0)) },
    { key: 'yield', label: t('home.compare.specificYield'), values: list.map((o) => thousands(sim(o)?.specificYield ?? null, 1)) },
    { key: 'pr', label: t('home.compare.pr'), values: list.map((o) => (sim(o) ? `${thousands((sim(o)?.performanceRatio ?? 0) * 100, 1)} %` : '—')) },
    ...COMPARE_REPORT_ROWS.map((row) => ({
      key: row,
      label: t(`report.compare.${row}`),
      values: list.map((o) => <span data-testid={`compare-${row}-${o.project.projectId}`}>{compareReportCell(row, reports === undefined ? undefined : (reports.get(o.project.projectId) ?? null))}</span>),
    })),
    { key: 'monthly', label: t('home.compare.monthly'), values: list.map((o) => (o.monthlyKwh ? <MonthlyBars values={o.monthlyKwh} /> : '—')) },
  ];
}

export function ComparePage() {
  const { t } = useTranslation();
  const c = useCompare();
  const reports = useReportCompare(c.problem ? [] : c.ids);
  if (c.problem) return <Alert type="warning" showIcon title={t(c.problem)} />;
  const list = c.list ?? [];
  return (
    <Card title={t('home.compare.title')} extra={<Button onClick={c.clear}>{t('home.compare.clear')}</Button>} loading={c.list === null} data-testid="compare-page">
      {list.length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <Table<Row>
          rowKey="key"
          pagination={false}
          dataSource={rowsOf(list, reports, (k) => t(k as never))}
          columns={[
            { title: '', dataIndex: 'label', width: 180 },
            ...list.map((o, i) => ({ title: <ProjectName name={o.project.name} />, key: String(o.project.projectId), render: (_: unknown, r: Row) => r.values[i] })),
          ]}
        />
      )}
    </Card>
  );
}
