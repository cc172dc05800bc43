// The new-project dialog: plant type, survey type, grid mode, Start Design; remaining drone quotas.
import { Alert, Button, Card, Col, Flex, Modal, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_MODES, POWER_STATION_TYPES, SURVEY_TYPES } from '../../forms/project-info.ts';
import { useNewProject } from '../../hooks/useNewProject.ts';

/** `enterprise`: opened from the enterprise project list, the project is created in the chosen organisation. */
export function NewProjectDialog({ open, onClose, enterprise = false }: { open: boolean; onClose: () => void; enterprise?: boolean }) {
  const { t } = useTranslation();
  const n = useNewProject(open, enterprise);
  return (
    <Modal open={open} title={t('home.new.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Text strong>{t('home.new.plantType')}</Typography.Text>
        <Row gutter={12}>
          {POWER_STATION_TYPES.map((p) => (
            <Col span={12} key={p}>
              <Card hoverable onClick={() => n.setPlantType(p)} data-testid={`plant-${p}`} style={{ borderColor: n.plantType === p ? '#436CF5' : undefined, borderWidth: n.plantType === p ? 2 : 1 }}>
                <Typography.Text strong>{t(`project.type.${p}`)}</Typography.Text>
                <div style={{ color: '#8c8c8c', fontSize: 12 }}>{t(`home.new.plantHint.${p}`)}</div>
              </Card>
            </Col>
          ))}
        </Row>
        <Typography.Text strong>{t('home.new.surveyType')}</Typography.Text>
        <Radio.Group value={n.surveyType} onChange={(e) => n.setSurveyType(e.target.value as typeof n.surveyType)} data-testid="survey-type">
          {SURVEY_TYPES.map((s) => (
            <Radio.Button key={s} value={s}>
              {t(`project.survey.${s}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
        {n.quota && (
          <Typography.Text type="secondary" data-testid="drone-quota">
            {t('home.new.droneQuota', { projects: n.quota.droneProjects, photos: n.quota.dronePhotos })}
          </Typography.Text>
        )}
        {n.droneBlocked && <Alert type="warning" showIcon title={t('home.new.noDroneQuota')} />}
        <Typography.Text strong>{t('home.new.gridMode')}</Typography.Text>
        <Radio.Group value={n.gridMode} onChange={(e) => n.setGridMode(e.target.value as typeof n.gridMode)}>
          {GRID_MODES.map((g) => (
            <Radio.Button key={g} value={g}>
              {t(`home.new.grid.${g}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Button type="primary" size="large" disabled={!n.canStart} onClick={n.start} data-testid="start-design">
          {t('home.new.start')}
        </Button>
      </Flex>
    </Modal>
  );
}
