// /shareReport: a shared report, open without sign-in (spec 000 §2, §6). The report pages themselves
// (3D and simulation) come with the report issue; the shared project's data is shown here.
import { Alert, Card, Flex, Layout, Result, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../../components/AppHeader.tsx';
import { MonthlyBars } from '../../components/MonthlyBars.tsx';
import { SharedProjectCard } from '../../components/SharedProjectCard.tsx';
import { thousands } from '../../format.ts';
import { useSharedProject } from '../../hooks/useSharedProject.ts';

export function ShareReportPage() {
  const { t } = useTranslation();
  const s = useSharedProject({ overview: true });
  const sim = s.overview?.simulation ?? null;
  return (
    <Layout className="pv-screen">
      <AppHeader title={t('share.reportTitle')} />
      <Layout.Content className="pv-scroll" style={{ padding: 20 }} data-testid="share-report-page">
        {s.failed ? (
          <Result status="warning" title={t('share.unavailable')} subTitle={t('share.unavailableText')} />
        ) : !s.shared ? (
          <Spin />
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
