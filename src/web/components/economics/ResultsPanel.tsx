// The Economy step's results (docs/ECONOMICS.md "The cash flow"; spec 001 §9 units): NPV, project and
// equity IRR, LCOE, static payback, CO₂ avoided, the investment and year 1's self-consumption and
// self-sufficiency rates; the cumulative cash flow, the monthly self-consumption and the battery's SOC
// over a typical week as charts; the 25-year cash-flow table in 10k yuan. Each figure carries its
// value in a data attribute (the end-to-end tests read those).
import { Alert, Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EconomicsResultDocument } from '../../../model/api/economics.ts';
import { formatDateTime, thousands } from '../../format.ts';
import { CurveChart, SERIES_COLOURS } from '../library/CurveChart.tsx';
import { BarChart } from './BarChart.tsx';
import { cashFlowTable, cumulativeSeries, monthlySelfSeries, socWeekSeries, toWan, type CashFlowTableRow } from './results.ts';

export interface ResultsPanelProps {
  result: EconomicsResultDocument | null;
  outdated: boolean;
  error: string | null;
}

function Figure({ testId, title, value, text, suffix }: { testId: string; title: string; value: number | null; text: string; suffix?: string }) {
  return (
    <div data-testid={testId} data-value={value === null ? '' : value}>
      <Statistic title={title} value={text} suffix={value === null ? undefined : suffix} />
    </div>
  );
}

export function ResultsPanel({ result, outdated, error }: ResultsPanelProps) {
  const { t } = useTranslation();
  const never = t('economics.results.never');
  if (!result) {
    return (
      <Card title={t('economics.results.title')} data-testid="economics-results" data-computed="false">
        {error && <Alert type="error" showIcon message={error} data-testid="economics-error" style={{ marginBottom: 12 }} />}
        <Empty description={t('economics.results.none')} />
      </Card>
    );
  }
  const r = result.indicators;
  const months = Array.from({ length: 12 }, (_, m) => t('economics.load.monthShort', { month: m + 1 }));
  const cum = cumulativeSeries(result.cashFlows);
  const monthly = monthlySelfSeries(result.monthly);
  const soc = socWeekSeries(result.week);
  const pct = (v: number | null) => (v === null ? never : (v * 100).toFixed(2));
  const money = (v: number) => thousands(v, 2);
  const col = (key: keyof CashFlowTableRow, title: string, digits = 2) => ({ key, dataIndex: key, title, align: 'right' as const, render: (v: number) => (key === 'year' ? v : thousands(v, digits)) });

  return (
    <Card title={t('economics.results.title')} data-testid="economics-results" data-computed="true" extra={<Typography.Text type="secondary">{t('economics.results.calculatedAt', { time: formatDateTime(result.computedAt) })}</Typography.Text>}>
      {error && <Alert type="error" showIcon message={error} data-testid="economics-error" style={{ marginBottom: 12 }} />}
      {outdated && <Alert type="warning" showIcon message={t('economics.results.outdated')} data-testid="economics-outdated" style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Figure testId="result-npv" title={t('economics.results.npv')} value={r.npv} text={money(toWan(r.npv))} suffix={t('economics.unit.wanYuan')} />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-irr" title={t('economics.results.irr')} value={r.irr} text={pct(r.irr)} suffix="%" />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-equity-irr" title={t('economics.results.equityIrr')} value={r.equityIrr} text={pct(r.equityIrr)} suffix="%" />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-lcoe" title={t('economics.results.lcoe')} value={r.lcoe} text={r.lcoe === null ? never : r.lcoe.toFixed(4)} suffix={t('economics.unit.yuanPerKwh')} />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-payback" title={t('economics.results.payback')} value={r.paybackYears} text={r.paybackYears === null ? never : r.paybackYears.toFixed(2)} suffix={t('economics.unit.years')} />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-co2" title={t('economics.results.co2')} value={r.co2Tonnes} text={thousands(r.co2Tonnes, 1)} suffix={t('economics.unit.tonnes')} />
        </Col>
        <Col xs={12} xl={6}>
          <Figure testId="result-capex" title={t('economics.results.capex')} value={r.capex} text={money(toWan(r.capex))} suffix={t('economics.unit.wanYuan')} />
        </Col>
        <Col xs={12} xl={6}>
          <Flex vertical>
            <Figure testId="result-self-consumption" title={t('economics.results.selfConsumption')} value={result.totals.selfConsumptionRate} text={pct(result.totals.selfConsumptionRate)} suffix="%" />
            <Figure testId="result-self-sufficiency" title={t('economics.results.selfSufficiency')} value={result.totals.selfSufficiencyRate} text={pct(result.totals.selfSufficiencyRate)} suffix="%" />
          </Flex>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Typography.Text strong>{t('economics.results.cumulative')}</Typography.Text>
          <CurveChart testId="chart-cumulative" xLabel={t('economics.results.year')} yLabel={t('economics.unit.wanYuan')} series={[{ key: 'cumulative', label: t('economics.results.cumulative'), colour: SERIES_COLOURS[0], x: cum.x, y: cum.y }]} />
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Text strong>{t('economics.results.monthlySelf')}</Typography.Text>
          <BarChart
            testId="chart-monthly-self"
            categories={months}
            yLabel="kWh"
            series={[
              { key: 'direct', label: t('economics.results.selfUsed'), colour: SERIES_COLOURS[0], values: monthly.direct },
              { key: 'battery', label: t('economics.results.fromBattery'), colour: SERIES_COLOURS[2], values: monthly.battery },
              { key: 'exported', label: t('economics.results.exported'), colour: SERIES_COLOURS[1], values: monthly.exported },
            ]}
          />
        </Col>
        <Col xs={24}>
          <Typography.Text strong>{t('economics.results.socWeek')}</Typography.Text>
          {soc ? (
            <CurveChart testId="chart-soc-week" xLabel={t('economics.results.day')} yLabel="%" xMax={7} yMin={0} yMax={100} width={900} height={220} series={[{ key: 'soc', label: t('economics.results.soc'), colour: SERIES_COLOURS[2], x: soc.x, y: soc.y }]} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('economics.results.socWeekNone')} data-testid="chart-soc-week-none" />
          )}
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('economics.results.table')}
      </Typography.Title>
      <Table
        data-testid="cash-flow-table"
        size="small"
        rowKey="year"
        pagination={false}
        scroll={{ x: 1000, y: 360 }}
        dataSource={cashFlowTable(result.cashFlows)}
        onRow={(row) => ({ 'data-testid': 'cash-flow-row', 'data-year': row.year, 'data-energy': row.energyMwh, 'data-net': row.net, 'data-cumulative': row.cumulative }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          col('year', t('economics.results.col.year')),
          col('energyMwh', t('economics.results.col.energy'), 1),
          col('sales', t('economics.results.col.sales')),
          col('subsidy', t('economics.results.col.subsidy')),
          col('vatPaid', t('economics.results.col.vatPaid')),
          col('surcharges', t('economics.results.col.surcharges')),
          col('om', t('economics.results.col.om')),
          col('tax', t('economics.results.col.tax')),
          col('replacement', t('economics.results.col.replacement')),
          col('net', t('economics.results.col.net')),
          col('cumulative', t('economics.results.col.cumulative')),
        ]}
      />
    </Card>
  );
}
