// /enterprise/* (spec 000 §2, 001 §2): dashboard, projects, companies, personnel, equipment, the
// organisation chooser. The enterprise pages are a later issue; the frame, routes and the
// administrator redirect exist.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotYetAvailable } from '../../components/NotYetAvailable.tsx';
import type { MessageKey } from '../../i18n/index.ts';

const TITLES: Record<string, MessageKey> = {
  home: 'enterprise.menu.home',
  projectList: 'enterprise.menu.projectList',
  businessList: 'enterprise.menu.businessList',
  personList: 'enterprise.menu.personList',
  deviceList: 'enterprise.menu.deviceList',
  selectEnterprise: 'enterprise.menu.selectEnterprise',
};

export function EnterpriseSectionPage() {
  const { t } = useTranslation();
  const section = useLocation().pathname.split('/')[2] ?? 'home';
  return <NotYetAvailable title={t(TITLES[section] ?? 'enterprise.menu.home')} />;
}
