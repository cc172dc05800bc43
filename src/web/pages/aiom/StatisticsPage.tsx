// /aiomSetting/statistics: actual against expected energy by day (hours), month (days) or year
// (months) for a chosen date, with the period's PR, temperature-corrected PR (IEC 61724-1; NREL
// weather-corrected PR), specific yield, availability, the year-on-year degradation, and the xlsx
// export (aiom/statistics, aiom/statistics/export).
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Input, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics, StatisticsPeriod } from '../../../model/api/aiom-statistics.ts';
import { exportStatistics, getStatistics } from '../../api/aiom-statistics.ts';
import { ACTUAL_COLOUR, ActualExpectedBars, EXPECTED_COLOUR } from '../../components/aiom/ActualExpectedBars.tsx';
import { formatEnergy, formatNumber, formatPercent, joinScaled } from '../../components/aiom/format.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { saveFile } from '../../save-file.ts';
import { currentValue, exportFileName, periodDate } from '../../components/aiom/statistics-period.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';

export function StatisticsPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <StatisticsView projectId={projectId} />;
}

function StatisticsView({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<StatisticsPeriod>('month');
  const [value, setValue] = useState(() => currentValue('month'));
  const [stats, setStats] = useState<Statistics | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const date = periodDate(period, value);

  useEffect(() => {
    if (!date) return;
    let live = true;
    setLoading(true);
    getStatistics({ projectId, period, date })
      .then((s) => live && setStats(s))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [projectId, period, date]);

  const download = async () => {
    if (!date) return;
    setExporting(true);
    try {
      saveFile(await exportStatistics({ projectId, period, date }), exportFileName(projectId, period, date));
    } catch {
      // the client showed the error
    } finally {
      setExporting(false);
    }
  };

  const tot = stats?.totals;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="aiom-statistics">
      <Card
        title={t('aiom.menu.statistics')}
        loading={loading && !stats}
        extra={
          <Space wrap>
            <Segmented<StatisticsPeriod>
              data-testid="statistics-period"
              value={period}
              onChange={(p) => {
                setPeriod(p);
                setValue(currentValue(p));
              }}
              options={(['day', 'month', 'year'] as const).map((p) => ({ value: p, label: t(`aiom.statistics.${p}`) }))}
            />
            {period === 'year' ? (
              <Input type="number" min={2000} max={2100} value={value} onChange={(e) => setValue(e.target.value)} style={{ width: 100 }} data-testid="statistics-date" />
            ) : (
              <Input type={period === 'day' ? 'date' : 'month'} value={value} onChange={(e) => setValue(e.target.value)} style={{ width: 170 }} data-testid="statistics-date" />
            )}
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={!date} onClick={() => void download()} data-testid="statistics-export">
              {t('aiom.statistics.export')}
            </Button>
          </Space>
        }
      >
        {stats && stats.expectedSource === 'none' ? <Alert type="info" showIcon title={t('aiom.statistics.noExpected')} style={{ marginBottom: 12 }} /> : null}
        {stats && stats.expectedSource === 'designYield' ? <Alert type="info" showIcon title={t('aiom.statistics.designYield')} style={{ marginBottom: 12 }} /> : null}
        <Space style={{ marginBottom: 8 }}>
          <span style={{ color: ACTUAL_COLOUR }}>■ {t('aiom.statistics.actual')}</span>
          <span style={{ color: EXPECTED_COLOUR }}>■ {t('aiom.statistics.expected')}</span>
        </Space>
        {stats ? <ActualExpectedBars buckets={stats.buckets} labels={{ actual: t('aiom.statistics.actual'), expected: t('aiom.statistics.expected'), unit: 'kWh' }} /> : null}
      </Card>
      <Card size="small" title={t('aiom.statistics.figures')}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.actual')} value={joinScaled(formatEnergy(tot?.actualKwh))} data-testid="stat-actual" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.expected')} value={joinScaled(formatEnergy(tot?.expectedKwh))} data-testid="stat-expected" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.pr')} value={formatPercent(tot?.pr)} data-testid="stat-pr" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.prCorrected')} value={formatPercent(tot?.prTempCorrected)} data-testid="stat-pr-corrected" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.specificYield')} value={formatNumber(tot?.specificYield)} suffix="kWh/kWp" data-testid="stat-yield" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.availability')} value={formatPercent(tot?.availability)} data-testid="stat-availability" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.irradiation')} value={formatNumber(tot?.irradiationKwhM2)} suffix="kWh/m²" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiom.statistics.capacity')} value={stats ? stats.capacityKwp.toFixed(2) : '—'} suffix="kWp" />
          </Col>
        </Row>
        {stats ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
            {stats.prMethod}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <Card size="small" title={t('aiom.statistics.degradation')}>
        <Table
          size="small"
          rowKey={(r) => `${r.month}-${r.fromYear}`}
          dataSource={stats?.degradation ?? []}
          pagination={false}
          locale={{ emptyText: t('aiom.statistics.noDegradation') }}
          columns={[
            { title: t('aiom.statistics.month'), dataIndex: 'month' },
            { title: t('aiom.statistics.years'), key: 'years', render: (_, r) => `${r.fromYear} → ${r.toYear}` },
            { title: 'PR', key: 'pr', render: (_, r) => `${formatPercent(r.prFrom)} → ${formatPercent(r.prTo)}` },
            { title: t('aiom.statistics.changePerYear'), dataIndex: 'changePerYear', render: (v: number) => formatPercent(v, 2) },
          ]}
        />
      </Card>
    </Space>
  );
}
