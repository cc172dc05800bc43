// A device's credential (decrypt/decryptKey, the plant owner only): the stored secret fields shown as
// they were registered (Modbus host/port/unit, gateway token …), or a note when none is kept.
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decryptKey } from '../../api/aiom-devices.ts';

export function CredentialModal({ deviceId, onClose }: { deviceId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [credential, setCredential] = useState<Record<string, unknown> | null | undefined>(undefined);

  useEffect(() => {
    if (deviceId === null) return;
    let live = true;
    setCredential(undefined);
    decryptKey(deviceId)
      .then((r) => live && setCredential(r.credential))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [deviceId, onClose]);

  return (
    <Modal open={deviceId !== null} title={t('aiom.device.credential')} onCancel={onClose} footer={null} destroyOnHidden>
      {credential === undefined ? (
        <Spin />
      ) : credential === null ? (
        <Typography.Text type="secondary">{t('aiom.device.noCredential')}</Typography.Text>
      ) : (
        <div data-testid="device-credential">
          <Descriptions column={1} size="small" bordered>
            {Object.entries(credential).map(([k, v]) => (
              <Descriptions.Item key={k} label={k}>
                <Typography.Text copyable>{typeof v === 'string' ? v : JSON.stringify(v)}</Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
