// Step 7 by path, Load (spec 000 §2 settingLoad; shown for operation modes 1 and 2; §3 "Load"): the
// annual consumption with a consumption model, or an uploaded xlsx file; the monthly and daily charts;
// Save, and Next to the building step (saving first). Changing the load clears the configured storage
// after a confirmation (spec 001 §4). The logic is useLoadStep.
import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadCharts } from '../../components/load/LoadCharts.tsx';
import { LoadForm } from '../../components/load/LoadForm.tsx';
import { useLoadStep } from '../../hooks/useLoadStep.ts';

export function LoadStep() {
  const { t } = useTranslation();
  const s = useLoadStep();
  return (
    <Flex vertical gap={16} data-testid="load-step" data-saved={s.savedOnce}>
      <Card title={t('economics.load.title')}>
        <Typography.Paragraph type="secondary">{t('economics.load.intro')}</Typography.Paragraph>
        {s.loading ? (
          <Spin />
        ) : (
          <Row gutter={[20, 20]}>
            <Col xs={24} xl={10}>
              <LoadForm form={s.form} models={s.models} upload={s.upload} onFile={(f) => void s.uploadFile(f)} unit={s.unit} onUnit={s.setUnit} />
            </Col>
            <Col xs={24} xl={14}>
              <LoadCharts preview={s.preview} />
            </Col>
          </Row>
        )}
      </Card>
      <Flex gap={12} justify="space-between">
        <Button onClick={s.previous}>{t('common.previous')}</Button>
        <Flex gap={12}>
          <Button onClick={() => void s.save()} icon={s.saving ? <LoadingOutlined /> : undefined} disabled={s.loading || s.saving} data-testid="save-load">
            {t('common.save')}
          </Button>
          <Button type="primary" onClick={() => void s.next()} disabled={s.loading || s.saving} data-testid="next-step">
            {t('common.next')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
