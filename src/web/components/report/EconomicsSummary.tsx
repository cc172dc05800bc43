// The report's economics (issue 17): investment, NPV, project and equity IRR, payback, LCOE and the
// cumulative cash flow over the years as a chart (the Economy step's CurveChart).
import { Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import { thousands } from '../../format.ts';
import { CurveChart, SERIES_COLOURS } from '../library/CurveChart.tsx';
import { cumulativeCashFlow } from './report-figures.ts';

export function EconomicsSummary({ model }: { model: ReportModel }) {
  const { t } = useTranslation();
  const e = model.economics;
  const wan = t('report.unit.wan');
  const pct = (v: number | null) => (v === null ? '—' : `${thousands(v * 100, 2)} %`);
  const cum = cumulativeCashFlow(model);
  return (
    <Card title={t('report.section.economics')} data-testid="report-economics">
      {!e ? (
        <Empty description={t('report.economics.none')} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
            <Descriptions.Item label={t('report.economics.capex')}>{`${thousands(e.capex / 10_000, 2)} ${wan}`}</Descriptions.Item>
            <Descriptions.Item label={t('report.figure.npv')}>{`${thousands(e.npv / 10_000, 2)} ${wan}`}</Descriptions.Item>
            <Descriptions.Item label={t('report.figure.irr')}>{pct(e.irr)}</Descriptions.Item>
            <Descriptions.Item label={t('report.economics.equityIrr')}>{pct(e.equityIrr)}</Descriptions.Item>
            <Descriptions.Item label={t('report.figure.payback')}>{e.paybackYears === null ? '—' : `${thousands(e.paybackYears, 1)} ${t('report.unit.years')}`}</Descriptions.Item>
            <Descriptions.Item label={t('report.economics.lcoe')}>{e.lcoe === null ? '—' : `${e.lcoe.toFixed(4)} ¥/kWh`}</Descriptions.Item>
          </Descriptions>
          {cum && (
            <div style={{ marginTop: 12 }}>
              <CurveChart testId="report-cash-flow" xLabel={t('report.economics.year')} yLabel={wan} width={720} height={240} series={[{ key: 'cumulative', label: t('report.economics.cumulative'), colour: SERIES_COLOURS[0], x: cum.x, y: cum.y }]} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
