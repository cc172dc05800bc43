// The personal centre (/user; spec 000 §2, 001 §2): side menu "user information", "my credits",
// "equipment" (the module, inverter and manufacturer libraries),
// "back to home"; messages and orders are reached from those pages.
import { ArrowLeftOutlined, DatabaseOutlined, IdcardOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../app/paths.ts';
import { SideMenuLayout } from './SideMenuLayout.tsx';

export function UserLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = pathname.startsWith(ROUTES.userEquipment)
    ? ROUTES.userEquipment
    : pathname.startsWith(ROUTES.userQuota) || pathname.startsWith(ROUTES.userOrder)
      ? ROUTES.userQuota
      : ROUTES.userInfo;
  return (
    <SideMenuLayout
      testId="user-menu-side"
      title={t('user.title')}
      selected={selected}
      onSelect={(key) => void navigate(key)}
      items={[
        { key: ROUTES.userInfo, icon: <IdcardOutlined />, label: t('user.menu.info') },
        { key: ROUTES.userQuota, icon: <WalletOutlined />, label: t('user.menu.quota') },
        { key: ROUTES.userEquipment, icon: <DatabaseOutlined />, label: t('library.menu') },
        { key: ROUTES.homeList, icon: <ArrowLeftOutlined />, label: t('user.menu.back') },
      ]}
    />
  );
}
