// /enterprise/deviceList, the equipment information (spec 000 §2, 001 §2 "module, inverter and
// manufacturer libraries with enable and disable and source (system or enterprise)"): one tab per
// library; members read, administrators change.
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EquipmentEntriesTab } from '../../components/enterprise/EquipmentEntriesTab.tsx';
import { ManufacturersTab } from '../../components/enterprise/ManufacturersTab.tsx';
import { useSession } from '../../session/session.ts';

export function DeviceListPage() {
  const { t } = useTranslation();
  const { isAdministrator } = useSession();
  return (
    <Card title={t('enterprise.menu.deviceList')} data-testid="device-list">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'modules', label: t('library.tabs.modules'), children: <EquipmentEntriesTab kind="component" admin={isAdministrator} /> },
          { key: 'inverters', label: t('library.tabs.inverters'), children: <EquipmentEntriesTab kind="inverter" admin={isAdministrator} /> },
          { key: 'manufacturers', label: t('library.tabs.manufacturers'), children: <ManufacturersTab admin={isAdministrator} /> },
        ]}
      />
    </Card>
  );
}
