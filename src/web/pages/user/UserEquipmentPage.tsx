// /user/equipment: the personal centre's equipment information (spec 001 §2 "Equipment information:
// module, inverter and manufacturer libraries with enable and disable and source"; §3 custom PV module,
// custom inverter, manufacturer): one tab per library.
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LibraryEntriesTab } from '../../components/library/LibraryEntriesTab.tsx';
import { ManufacturerTab } from '../../components/library/ManufacturerTab.tsx';

export function UserEquipmentPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('library.title')} data-testid="user-equipment-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'modules', label: t('library.tabs.modules'), children: <LibraryEntriesTab kind="module" /> },
          { key: 'inverters', label: t('library.tabs.inverters'), children: <LibraryEntriesTab kind="inverter" /> },
          { key: 'manufacturers', label: t('library.tabs.manufacturers'), children: <ManufacturerTab /> },
        ]}
      />
    </Card>
  );
}
