// Add a device to a plant: kind (inverter, meter, weather sensor, collector), serial, name, how its
// readings arrive (polled over SunSpec Modbus TCP — host, port, unit id — or pushed by a gateway) and,
// for an inverter, the designed inverter it is (its strings follow, in the design's order) and its AC
// rating. The server checks the body (aiomDeviceRegisterBody) and names a bad field.
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiomDeviceKinds, aiomProtocols } from '../../../model/api/aiom-devices.ts';
import type { PlacedInverter } from '../../../model/electrical-design.ts';
import type { DeviceRegisterInput } from '../../api/aiom-devices.ts';
import { registerBody, type DesignStringRef, type DeviceFormValues as Values } from './device-form.ts';
import { ApiError } from '../../api/http.ts';

export interface AddDeviceModalProps {
  open: boolean;
  projectId: number;
  designInverters: readonly PlacedInverter[];
  designStrings: readonly DesignStringRef[];
  onClose: () => void;
  onSubmit: (body: DeviceRegisterInput) => Promise<unknown>;
}

export function AddDeviceModal(p: AddDeviceModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form);
  const protocol = Form.useWatch('protocol', form);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await p.onSubmit(registerBody(p.projectId, v, p.designStrings));
      form.resetFields();
      p.onClose();
    } catch (e) {
      // A field the server blames is shown on it (the client toasted the message too).
      if (e instanceof ApiError && e.field) {
        const name = e.field.split('.')[0];
        const field = name === 'modbus' ? 'host' : name === 'ratedPowerW' ? 'ratedPowerKw' : name;
        form.setFields([{ name: field as keyof Values, errors: [e.message] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={p.open}
      title={t('aiom.device.add')}
      onCancel={p.onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'device-add-ok' } as object) }}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'inverter', protocol: 'sunspec-modbus-tcp', port: 502, unitId: 1 }}>
        <Form.Item name="kind" label={t('aiom.device.kind')} rules={[{ required: true }]}>
          <Select data-testid="device-kind" options={aiomDeviceKinds.map((k) => ({ value: k, label: t(`aiom.deviceKind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="serial" label={t('aiom.device.serial')} rules={[{ required: true, message: t('validation.required') }, { pattern: /^[A-Za-z0-9_-]{4,64}$/, message: t('aiom.device.serialRule') }]}>
          <Input data-testid="device-serial" maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('aiom.device.name')}>
          <Input data-testid="device-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="protocol" label={t('aiom.device.protocol')} rules={[{ required: true }]}>
          <Select data-testid="device-protocol" options={aiomProtocols.map((k) => ({ value: k, label: t(`aiom.protocol.${k}`) }))} />
        </Form.Item>
        {protocol === 'sunspec-modbus-tcp' ? (
          <>
            <Form.Item name="host" label={t('aiom.device.host')} rules={[{ required: true, message: t('validation.required') }]}>
              <Input data-testid="device-host" placeholder="192.168.1.20" />
            </Form.Item>
            <Form.Item name="port" label={t('aiom.device.port')} rules={[{ required: true }]}>
              <InputNumber data-testid="device-port" min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="unitId" label={t('aiom.device.unitId')} rules={[{ required: true }]}>
              <InputNumber data-testid="device-unit" min={0} max={247} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'inverter' ? (
          <>
            <Form.Item name="designInverterId" label={t('aiom.device.designInverter')} extra={p.designInverters.length === 0 ? t('aiom.device.noDesignInverters') : undefined}>
              <Select
                data-testid="device-design-inverter"
                allowClear
                options={p.designInverters.map((i) => ({ value: i.id, label: `${i.name} · ${t('aiom.device.strings', { count: p.designStrings.filter((s) => s.inverterId === i.id).length })}` }))}
              />
            </Form.Item>
            <Form.Item name="ratedPowerKw" label={t('aiom.device.ratedPower')}>
              <InputNumber data-testid="device-rated" min={0.1} max={1_000_000} style={{ width: '100%' }} suffix="kW" />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
