// /aiomSetting/configuration: the plant's parameters (capacity — the design's unless set —,
// commissioning date, time zone), tariff and grid emission factor, the alarm thresholds and levels,
// and the notification switches (SMS, e-mail) — each saying when this server cannot deliver it (no
// provider, the dev outbox, an SMS provider without a notice template); one form over aiom/configuration.
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmLevels, type AlarmLevel } from '../../../model/api/alarms.ts';
import type { AlarmThresholds, NoticeChannel, PlantConfiguration } from '../../../model/api/aiom-operations.ts';
import { getConfiguration, saveConfiguration } from '../../api/aiom-operations.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';

export function ConfigurationPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Configuration projectId={projectId} />;
}

interface Values {
  capacityKwp: number | null;
  commissioningDate: string;
  timeZone: string;
  tariffYuanPerKwh: number;
  co2KgPerKwh: number;
  thresholds: AlarmThresholds;
  notifications: { sms: boolean; email: boolean };
}

function toValues(c: PlantConfiguration): Values {
  return {
    capacityKwp: c.capacityFromDesign ? null : c.capacityKwp,
    commissioningDate: c.commissioningDate ?? '',
    timeZone: c.timeZone,
    tariffYuanPerKwh: c.tariffYuanPerKwh,
    co2KgPerKwh: c.co2KgPerKwh,
    thresholds: c.thresholds,
    notifications: c.notifications,
  };
}

const NUMBERS: { name: keyof AlarmThresholds; min: number; max: number; unit: string; integer?: boolean }[] = [
  { name: 'offlineMinutes', min: 5, max: 10_080, unit: 'min', integer: true },
  { name: 'stringLowPercent', min: 1, max: 99, unit: '%' },
  { name: 'irradianceThresholdWm2', min: 0, max: 1500, unit: 'W/m²' },
  { name: 'prLowPercent', min: 1, max: 99, unit: '%' },
];
const LEVELS: (keyof AlarmThresholds)[] = ['offlineLevel', 'faultLevel', 'stringLowLevel', 'prLowLevel'];

/** The IANA zones to choose from, with the stored zone first when it is not one of them. */
function zoneOptions(current: string | undefined) {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...(current && !zones.includes(current) ? [current] : []), ...zones].map((z) => ({ value: z, label: z }));
}

function Configuration({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [config, setConfig] = useState<(PlantConfiguration & { channels: { sms: NoticeChannel; email: NoticeChannel } }) | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getConfiguration(projectId)
      .then((c) => {
        if (!live) return;
        setConfig(c);
        form.setFieldsValue(toValues(c));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const c = await saveConfiguration({
        projectId,
        capacityKwp: v.capacityKwp ?? null,
        commissioningDate: v.commissioningDate || null,
        // Only a changed zone is sent: the stored one may be a UTC offset the plant was created with.
        timeZone: v.timeZone !== config?.timeZone ? v.timeZone : undefined,
        tariffYuanPerKwh: v.tariffYuanPerKwh,
        co2KgPerKwh: v.co2KgPerKwh,
        thresholds: v.thresholds,
        notifications: v.notifications,
      });
      setConfig(c);
      form.setFieldsValue(toValues(c));
      void message.success(t('common.saved'));
    } catch {
      // the client showed the error
    } finally {
      setBusy(false);
    }
  };

  const levelOptions = alarmLevels.map((l: AlarmLevel) => ({ value: l, label: t(`aiom.alarmLevel.l${l}`) }));
  return (
    <Card
      title={t('aiom.menu.configuration')}
      loading={!config}
      data-testid="aiom-configuration"
      extra={
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="configuration-save">
          {t('common.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical">
        <Typography.Title level={5}>{t('aiom.configuration.plant')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="capacityKwp" label={t('aiom.configuration.capacity')} extra={config?.capacityFromDesign ? t('aiom.configuration.fromDesign', { kwp: config.capacityKwp.toFixed(2) }) : undefined}>
              <InputNumber min={0.01} max={10_000_000} style={{ width: '100%' }} suffix="kWp" data-testid="config-capacity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="commissioningDate" label={t('aiom.configuration.commissioning')}>
              <Input type="date" data-testid="config-commissioning" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="timeZone" label={t('aiom.configuration.timeZone')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select showSearch options={zoneOptions(config?.timeZone)} data-testid="config-timezone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tariffYuanPerKwh" label={t('aiom.configuration.tariff')} rules={[{ required: true, message: t('validation.required') }]}>
              <InputNumber min={0} max={100} step={0.01} style={{ width: '100%' }} suffix={t('aiom.configuration.yuanPerKwh')} data-testid="config-tariff" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="co2KgPerKwh" label={t('aiom.configuration.co2')} rules={[{ required: true, message: t('validation.required') }]}>
              <InputNumber min={0} max={5} step={0.001} style={{ width: '100%' }} suffix="kg/kWh" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('aiom.configuration.thresholds')}</Typography.Title>
        <Row gutter={16}>
          {NUMBERS.map((n) => (
            <Col xs={24} md={6} key={n.name}>
              <Form.Item name={['thresholds', n.name]} label={t(`aiom.threshold.${n.name}`)} rules={[{ required: true, message: t('validation.required') }]}>
                <InputNumber min={n.min} max={n.max} precision={n.integer ? 0 : undefined} style={{ width: '100%' }} suffix={n.unit} data-testid={`config-${n.name}`} />
              </Form.Item>
            </Col>
          ))}
          {LEVELS.map((l) => (
            <Col xs={24} md={6} key={l}>
              <Form.Item name={['thresholds', l]} label={t(`aiom.threshold.${l}`)}>
                <Select options={levelOptions} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('aiom.configuration.notifications')}</Typography.Title>
        <Space size={32}>
          <Form.Item name={['notifications', 'sms']} label={t('aiom.configuration.sms')} valuePropName="checked">
            <Switch data-testid="config-sms" />
          </Form.Item>
          <Form.Item name={['notifications', 'email']} label={t('aiom.configuration.email')} valuePropName="checked">
            <Switch data-testid="config-email" />
          </Form.Item>
        </Space>
        {config &&
          (['sms', 'email'] as const).map((ch) => {
            const reason = config.channels[ch].reason;
            return reason ? <Alert key={ch} type="warning" showIcon style={{ marginBottom: 8 }} title={t(`aiom.configuration.channel.${reason}`, { channel: t(`aiom.configuration.${ch}`) })} data-testid={`config-${ch}-channel`} data-reason={reason} /> : null;
          })}
      </Form>
    </Card>
  );
}
