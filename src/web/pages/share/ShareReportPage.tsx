// /shareReport: a shared report, open without sign-in (spec 000 §2, §6, §7 getShareReport; spec 001
// §4; issue 17 "Share report for a visitor without login, expiring with its share"): the same report
// view as the Report step, read-only (no generation, no links to the steps), with the report files
// through the share key (-md5 calls). An unknown or expired share shows "unavailable"; a share whose
// project has no report yet shows the project and its last simulation.
import { Alert, Card, Flex, Layout, Result, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../../components/AppHeader.tsx';
import { MonthlyBars } from '../../components/MonthlyBars.tsx';
import { SharedProjectCard } from '../../components/SharedProjectCard.tsx';
import { DownloadMenu } from '../../components/report/DownloadMenu.tsx';
import { ReportView } from '../../components/report/ReportView.tsx';
import { thousands } from '../../format.ts';
import { useReport } from '../../hooks/useReport.ts';
import { useSharedProject } from '../../hooks/useSharedProject.ts';

export function ShareReportPage() {
  const { t } = useTranslation();
  const s = useSharedProject({ overview: true });
  const access = useMemo(() => (s.shareKey ? { shareKey: s.shareKey } : null), [s.shareKey]);
  const r = useReport(access);
  const model = r.state && r.state.status !== 'generating' ? r.state.model : null;
  const sim = s.overview?.simulation ?? null;
  return (
    <Layout className="pv-screen">
      <AppHeader title={t('share.reportTitle')} />
      <Layout.Content className="pv-scroll" style={{ padding: 20 }} data-testid="share-report-page" data-status={s.failed ? 'unavailable' : (r.state?.status ?? 'loading')}>
        {s.failed ? (
          <Result status="warning" title={t('share.unavailable')} subTitle={t('share.unavailableText')} />
        ) : !s.shared || (r.state === null && !r.failed) ? (
          <Spin />
        ) : model && access ? (
          <Flex vertical gap={16}>
            <SharedProjectCard shared={s.shared} />
            <Flex justify="flex-end">
              <DownloadMenu access={access} />
            </Flex>
            <ReportView model={model} />
          </Flex>
        ) : r.state?.status === 'generating' ? (
          <Flex vertical gap={16}>
            <SharedProjectCard shared={s.shared} />
            <Spin tip={t('report.generating')} data-testid="report-generating">
              <div style={{ height: 80 }} />
            </Spin>
          </Flex>
        ) : (
          <>
            <SharedProjectCard shared={s.shared} />
            {sim && (
              <Card title={t('share.simulation')} style={{ marginTop: 16 }}>
                <Flex gap={48} wrap align="flex-end">
                  <Statistic title={t('home.compare.annualEnergy')} value={thousands(sim.acKwh, 0)} />
                  <Statistic title={t('home.compare.specificYield')} value={thousands(sim.specificYield, 1)} />
                  <Statistic title={t('home.compare.pr')} value={`${thousands(sim.performanceRatio * 100, 1)} %`} />
                  {s.overview?.monthlyKwh && <MonthlyBars values={s.overview.monthlyKwh} width={360} height={80} />}
                </Flex>
              </Card>
            )}
            <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('share.reportPending')} />
          </>
        )}
      </Layout.Content>
    </Layout>
  );
}
