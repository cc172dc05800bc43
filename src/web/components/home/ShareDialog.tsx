// The share dialog of a project.
import { Alert, Button, Flex, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS, type ProjectSummary } from '../../../model/api/projects.ts';
import { formatDateTime } from '../../format.ts';
import { useShare } from '../../hooks/useShare.ts';

export function ShareDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useShare(project?.projectId ?? null);
  return (
    <Modal open={project !== null} title={t('home.share.title', { name: project?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={12}>
        <Radio.Group value={s.kind} onChange={(e) => s.setKind(e.target.value as typeof s.kind)} data-testid="share-kind">
          <Radio value="view">{t('home.share.kindView')}</Radio>
          <Radio value="copy">{t('home.share.kindCopy', { hours: PROJECT_LIMITS.copyLinkHours })}</Radio>
          <Radio value="report">{t('home.share.kindReport')}</Radio>
        </Radio.Group>
        {s.kind !== 'copy' && (
          <>
            <Typography.Text>{t('home.share.validity')}</Typography.Text>
            <Radio.Group value={s.days} onChange={(e) => s.setDays(e.target.value as typeof s.days)} data-testid="share-days">
              {s.options.map((d) => (
                <Radio.Button key={d} value={d}>
                  {t('home.share.days', { count: d })}
                </Radio.Button>
              ))}
            </Radio.Group>
          </>
        )}
        <Button type="primary" loading={s.creating} onClick={() => void s.create()} data-testid="share-create">
          {t('home.share.create')}
        </Button>
        {s.link && (
          <>
            <Space.Compact>
              <Input readOnly value={s.link.url} data-testid="share-link" />
              <Button onClick={() => void s.copy()}>{t('home.share.copy')}</Button>
            </Space.Compact>
            <Typography.Text type="secondary">{t('home.share.expires', { time: formatDateTime(s.link.expiresAt) })}</Typography.Text>
            {s.kind === 'copy' && <Alert type="info" showIcon title={t('home.share.copyWindow', { hours: PROJECT_LIMITS.copyLinkHours })} />}
          </>
        )}
      </Flex>
    </Modal>
  );
}
