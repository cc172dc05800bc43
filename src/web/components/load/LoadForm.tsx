// The Load step's inputs (spec 000 §3 "Load"; spec 001 §9 consumption models): the source — the
// annual (or twelve monthly) consumption with a consumption model, the custom model's 24 hourly loads
// and the calendar year; or an xlsx file read by the server ('Please upload a file in xlsx format';
// its first bad cell named by row and column). Validation messages come from the document's schema.
import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Radio, Row, Select, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ConsumptionModelItem } from '../../../model/api/economics.ts';
import type { PowerLoadDocument } from '../../../model/economics.ts';
import type { UploadState } from '../../hooks/useLoadStep.ts';
import { FormField, NumberField, useEconomicsMessage } from '../economics/FormFields.tsx';
import { DAY_HOURS, MONTHS, type LoadFormValues } from './load-form.ts';

export interface LoadFormProps {
  form: UseFormReturn<LoadFormValues, unknown, PowerLoadDocument>;
  models: readonly Pick<ConsumptionModelItem, 'id' | 'nameEn' | 'nameZh' | 'descriptionEn' | 'descriptionZh' | 'family'>[];
  upload: UploadState;
  onFile: (file: File) => void;
  unit: 'kW' | 'kWh';
  onUnit: (u: 'kW' | 'kWh') => void;
}

export function LoadForm({ form, models, upload, onFile, unit, onUnit }: LoadFormProps) {
  const { t, i18n } = useTranslation();
  const translate = useEconomicsMessage();
  const c = form.control;
  const zh = i18n.language?.startsWith('zh') ?? false;
  const source = useWatch({ control: c, name: 'source' });
  const model = useWatch({ control: c, name: 'model' });
  const totals = useWatch({ control: c, name: 'totals' });
  const file = useWatch({ control: c, name: 'upload' });
  const chosen = models.find((m) => m.id === model);
  const families = (['product', 'bdew'] as const).map((f) => ({
    label: t(`economics.load.modelFamily.${f}`),
    options: models.filter((m) => m.family === f).map((m) => ({ value: m.id, label: zh ? m.nameZh : m.nameEn })),
  }));
  const uploadError = form.formState.errors.upload?.message;

  return (
    <Form layout="vertical" data-testid="load-form" onFinish={() => undefined}>
      <FormField control={c} name="source" label={t('economics.load.source')} render={(f) => (
        <Radio.Group {...f} optionType="button" data-testid="load-source" options={[{ value: 'model', label: t('economics.load.sourceModel') }, { value: 'upload', label: t('economics.load.sourceUpload') }]} />
      )} />
      {source === 'model' ? (
        <>
          <FormField control={c} name="model" label={t('economics.load.model')} required extra={chosen ? (zh ? chosen.descriptionZh : chosen.descriptionEn) : undefined} render={(f) => (
            <Select value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={families} showSearch={{ optionFilterProp: 'label' }} data-testid="load-model" />
          )} />
          <FormField control={c} name="totals" label={t('economics.load.totals')} render={(f) => (
            <Radio.Group {...f} data-testid="load-totals" options={[{ value: 'annual', label: t('economics.load.totalsAnnual') }, { value: 'monthly', label: t('economics.load.totalsMonthly') }]} />
          )} />
          {totals === 'annual' ? (
            <NumberField control={c} name="annualKwh" label={t('economics.load.annual')} unit="kWh" required={model !== 'custom'} extra={model === 'custom' ? t('economics.load.annualCustomHint') : undefined} testId="load-annual" />
          ) : (
            <Row gutter={12}>
              {Array.from({ length: MONTHS }, (_, m) => (
                <Col key={m} xs={12} md={8} xl={6}>
                  <NumberField control={c} name={`monthlyKwh.${m}`} label={t('economics.load.month', { month: m + 1 })} unit="kWh" required testId={`load-month-${m + 1}`} />
                </Col>
              ))}
            </Row>
          )}
          {model === 'custom' && (
            <>
              <Typography.Text strong>{t('economics.load.dayKw')}</Typography.Text>
              <Row gutter={8} style={{ marginTop: 8 }}>
                {Array.from({ length: DAY_HOURS }, (_, h) => (
                  <Col key={h} xs={8} md={6} xl={4}>
                    <NumberField control={c} name={`dayKw.${h}`} label={t('economics.load.hour', { hour: h })} unit="kW" required testId={`load-hour-${h}`} />
                  </Col>
                ))}
              </Row>
            </>
          )}
          <NumberField control={c} name="year" label={t('economics.load.year')} extra={t('economics.load.yearHint')} testId="load-year" />
        </>
      ) : (
        <Form.Item label={t('economics.load.upload')} required extra={t('economics.load.uploadHint')} validateStatus={uploadError ? 'error' : undefined} help={uploadError ? <span data-testid="error-upload">{translate(uploadError)}</span> : undefined}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Upload
                accept=".xlsx"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(f) => {
                  onFile(f);
                  return false;
                }}
              >
                <Button icon={upload.kind === 'busy' ? <LoadingOutlined /> : <UploadOutlined />} disabled={upload.kind === 'busy'} data-testid="load-file">
                  {t('economics.load.uploadButton')}
                </Button>
              </Upload>
              <span>{t('economics.load.quarterUnit')}</span>
              <Radio.Group size="small" value={unit} onChange={(e) => onUnit(e.target.value as 'kW' | 'kWh')} options={[{ value: 'kW', label: t('economics.load.quarterKw') }, { value: 'kWh', label: t('economics.load.quarterKwh') }]} />
            </Space>
            {upload.kind === 'busy' && <Typography.Text type="secondary">{t('economics.load.uploading')}</Typography.Text>}
            {upload.kind === 'refused' && <Alert type="error" showIcon message={upload.message} data-testid="load-upload-error" />}
            {file && upload.kind !== 'refused' && (
              <Typography.Text data-testid="load-upload-done" data-layout={file.layout}>
                {t('economics.load.uploaded', { file: file.fileName, layout: t(`economics.load.layout.${file.layout}`) })}
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}
