// /aiomSetting/device: the plant's devices — kind, serial, name, designed inverter, state, last
// reading — with add (AddDeviceModal), unbind (remove from the plant, confirmed) and the device's
// credential (decrypt/decryptKey; the server answers only the plant's owner).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiomDevice } from '../../../model/api/aiom-devices.ts';
import { AddDeviceModal } from '../../components/aiom/AddDeviceModal.tsx';
import { CredentialModal } from '../../components/aiom/CredentialModal.tsx';
import { DEVICE_STATE_COLOURS } from '../../components/aiom/device-colours.ts';
import { formatEnergy, formatPower, formatTime, joinScaled } from '../../components/aiom/format.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { useAiomDevices } from '../../hooks/useAiomDevices.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';
import { useConfirmDanger } from '../../hooks/useConfirmDanger.ts';

export function DevicePage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Devices projectId={projectId} />;
}

/** The last reading as one line: power and counter of an inverter or meter, irradiance of a sensor. */
function lastReading(d: AiomDevice): string {
  const r = d.lastReading;
  if (!r) return '—';
  const parts: string[] = [];
  if (r.acPowerW !== null) parts.push(joinScaled(formatPower(r.acPowerW)));
  if (r.energyKwh !== null) parts.push(joinScaled(formatEnergy(r.energyKwh)));
  if (r.irradianceWm2 !== null) parts.push(`${r.irradianceWm2.toFixed(0)} W/m²`);
  return `${parts.join(' · ') || '—'} (${formatTime(r.ts)})`;
}

function Devices({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmDanger();
  const d = useAiomDevices(projectId);
  const [adding, setAdding] = useState(false);
  const [credentialOf, setCredentialOf] = useState<number | null>(null);
  const closeCredential = useCallback(() => setCredentialOf(null), []);
  const designName = (id: string | null) => (id ? (d.designInverters.find((i) => i.id === id)?.name ?? id) : '—');

  const unbind = (dev: AiomDevice) =>
    confirm({
      title: t('aiom.device.unbind'),
      content: t('aiom.device.unbindConfirm', { serial: dev.serial }),
      okId: 'confirm-unbind',
      onOk: async () => {
        await d.remove(dev.serial);
        void message.success(t('aiom.device.unbound'));
      },
    });

  return (
    <Card
      title={t('aiom.menu.device')}
      data-testid="aiom-devices"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void d.reload()} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="device-add">
            {t('aiom.device.add')}
          </Button>
        </Space>
      }
    >
      {d.list && d.list.designProjectId === null ? <Typography.Paragraph type="warning">{t('aiom.device.noDesign')}</Typography.Paragraph> : null}
      <Table<AiomDevice>
        rowKey="id"
        loading={d.loading}
        dataSource={d.list?.devices ?? []}
        locale={{ emptyText: t('aiom.device.empty') }}
        pagination={false}
        onRow={(r) => ({ 'data-testid': `device-row-${r.serial}`, 'data-state': r.state }) as object}
        columns={[
          { title: t('aiom.device.kind'), dataIndex: 'kind', render: (k: AiomDevice['kind']) => <Tag>{t(`aiom.deviceKind.${k}`)}</Tag> },
          { title: t('aiom.device.serial'), dataIndex: 'serial' },
          { title: t('aiom.device.name'), dataIndex: 'name' },
          { title: t('aiom.device.designInverter'), dataIndex: 'designInverterId', render: designName },
          {
            title: t('aiom.device.state'),
            dataIndex: 'state',
            render: (s: AiomDevice['state']) => (
              <Tag color={DEVICE_STATE_COLOURS[s]} data-testid="device-state">
                {t(`aiom.deviceState.${s}`)}
              </Tag>
            ),
          },
          { title: t('aiom.device.lastReading'), key: 'last', render: (_, r) => <span data-testid="device-last">{lastReading(r)}</span> },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" type="link" onClick={() => setCredentialOf(r.id)} data-testid="device-credential-open">
                  {t('aiom.device.credential')}
                </Button>
                <Button size="small" type="link" danger onClick={() => unbind(r)} data-testid="device-unbind">
                  {t('aiom.device.unbind')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AddDeviceModal open={adding} projectId={projectId} designInverters={d.designInverters} designStrings={d.designStrings} onClose={() => setAdding(false)} onSubmit={d.register} />
      <CredentialModal deviceId={credentialOf} onClose={closeCredential} />
    </Card>
  );
}
