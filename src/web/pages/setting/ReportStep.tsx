// Step 6, Report (spec 000 §2 report3d; open only with an inverter configuration; spec 001 §4 "Report:
// generating, then ready. Changing settings requires regenerating the report"; issue 17): no report →
// "Generate report"; generating → a spinner (polled every second); ready → the report (ReportView:
// 3D model, key figures, monthly energy, loss diagram, electrical summary, economics) with the Download
// menu and the report share; stale → the banner 'modification succeeded (regenerate the report)'
// naming the changed steps and Regenerate; failed → the error and Retry. The 3D view becomes the
// project's thumbnail when it has none.
import { CameraOutlined, LoadingOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Modal, Result, Space, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STEP_ORDER, type StepName } from '../../app/paths.ts';
import { DownloadMenu } from '../../components/report/DownloadMenu.tsx';
import { ReportView } from '../../components/report/ReportView.tsx';
import { staleWizardSteps } from '../../components/report/report-figures.ts';
import { formatDateTime } from '../../format.ts';
import { useReport } from '../../hooks/useReport.ts';
import { useReportShare } from '../../hooks/useReportShare.ts';
import { useReportThumbnail } from '../../hooks/useReportThumbnail.ts';
import { useWizard } from '../../hooks/wizard-context.ts';

export function ReportStep() {
  const { t } = useTranslation();
  const w = useWizard();
  const projectId = w.project?.projectId ?? null;
  const access = useMemo(() => (projectId === null ? null : { projectId }), [projectId]);
  const r = useReport(access);
  const status = r.state?.status ?? null;
  const model = r.state?.model ?? null;
  const thumb = useReportThumbnail(projectId, status === 'ready' && model !== null);
  const share = useReportShare(projectId);
  const go = (step: StepName) => w.actor.send({ type: 'step.go', step });
  const generating = status === 'generating' || r.starting;
  const separator: string = t('placeOrder.separator');
  const staleSteps = staleWizardSteps(r.state?.staleSteps ?? [], STEP_ORDER);

  return (
    <Flex vertical gap={16} data-testid="report-step" data-status={r.failed ? 'unreadable' : (status ?? 'loading')} data-stale={r.state?.stale ?? false}>
      <Card
        title={t('setting.step.report')}
        // A current report needs no text here: the report follows.
        styles={status === 'ready' && !r.state?.stale && !generating && !r.failed ? { body: { display: 'none' } } : undefined}
        extra={
          model &&
          access && (
            <Space>
              <Button icon={<ShareAltOutlined />} loading={share.creating} onClick={() => void share.create()} data-testid="report-share">
                {t('report.share.button')}
              </Button>
              <Button onClick={() => void r.generate()} disabled={generating} icon={generating ? <LoadingOutlined /> : undefined} data-testid="report-regenerate">
                {t('report.regenerate')}
              </Button>
              <DownloadMenu access={access} disabled={generating} />
            </Space>
          )
        }
      >
        {r.failed ? (
          <Result status="error" title={t('report.failed')} extra={<Button onClick={r.reload}>{t('report.retry')}</Button>} />
        ) : r.state === null ? (
          <Spin />
        ) : generating ? (
          <Flex vertical align="center" gap={12} style={{ padding: 32 }} data-testid="report-generating">
            <Spin size="large" />
            <Typography.Text>{t('report.generating')}</Typography.Text>
          </Flex>
        ) : status === 'failed' ? (
          <Result
            status="error"
            title={t('report.failed')}
            extra={
              <Button type="primary" onClick={() => void r.generate()} data-testid="report-retry">
                {t('report.retry')}
              </Button>
            }
          />
        ) : status === 'none' || !model ? (
          <Result
            status="info"
            title={t('report.none')}
            subTitle={t('report.noneText')}
            extra={
              <Button type="primary" onClick={() => void r.generate()} data-testid="report-generate">
                {t('report.generate')}
              </Button>
            }
          />
        ) : r.state.stale ? (
          <Alert
            type="warning"
            showIcon
            data-testid="report-stale"
            data-steps={staleSteps.join(',')}
            title={t('report.stale')}
            description={staleSteps.length > 0 ? t('report.staleSteps', { steps: staleSteps.map((s) => t(`setting.step.${s}`)).join(separator) }) : undefined}
            action={
              <Button type="primary" onClick={() => void r.generate()} data-testid="report-stale-regenerate">
                {t('report.regenerate')}
              </Button>
            }
          />
        ) : null}
      </Card>
      {model && !generating && (
        <ReportView
          model={model}
          onGoStep={go}
          onSnapshot={thumb.onSnapshot}
          viewExtra={
            <Button icon={<CameraOutlined />} loading={thumb.saving} onClick={() => void thumb.save()} data-testid="report-save-screenshot">
              {t('report.thumbnail.save')}
            </Button>
          }
        />
      )}
      <Flex justify="space-between">
        <Button onClick={() => go(w.project?.reOrAiom === 'LITE-RE' ? 'electrical' : 'economics')}>{t('common.previous')}</Button>
        <span />
      </Flex>
      <Modal open={share.link !== null} title={t('report.share.button')} footer={null} onCancel={share.close} destroyOnHidden>
        {share.link && (
          <Flex vertical gap={8}>
            <Space.Compact>
              <Input readOnly value={share.link.url} data-testid="report-share-link" />
              <Button onClick={() => void share.copy()}>{t('home.share.copy')}</Button>
            </Space.Compact>
            <Typography.Text type="secondary">{t('home.share.expires', { time: formatDateTime(share.link.expiresAt) })}</Typography.Text>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
