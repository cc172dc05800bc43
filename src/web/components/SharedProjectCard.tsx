// The project a share link shows: its basic data, who shared it and until when.
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, thousands } from '../format.ts';
import type { SharedProject } from '../hooks/useSharedProject.ts';

export function SharedProjectCard({ shared }: { shared: SharedProject }) {
  const { t } = useTranslation();
  const p = shared.project;
  return (
    <Card title={<span data-testid="shared-project-name">{p.name}</span>} extra={<Tag color="blue">{t('share.sharedBy', { name: shared.sharer.name })}</Tag>}>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={t('project.field.powerStationType')}>{t(`project.type.${p.powerStationType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.surveyType')}>{t(`project.survey.${p.surveyType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.capacity')}>{thousands(p.capacity)} kW</Descriptions.Item>
        <Descriptions.Item label={t('home.compare.annualEnergy')}>{p.annualKwh === null ? '—' : thousands(p.annualKwh, 0)}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.gridType')}>{p.gridType ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.address')}>{p.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.location')}>{p.location ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.company')}>{p.company ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('share.expires')}>{formatDateTime(shared.expiresAt)}</Descriptions.Item>
        <Descriptions.Item label={t('project.field.description')} span={2}>
          {p.description ?? '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
