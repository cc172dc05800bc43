// /enterprise (spec 000 §2, 001 §2): home (administrators only; the guard sends others to the
// project list), projects, companies, personnel, equipment. The pages belong to a later issue.
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '../i18n/index.ts';
import { useSession } from '../session/session.ts';
import { SideMenuLayout } from './SideMenuLayout.tsx';

const SECTIONS: { key: string; label: MessageKey; adminOnly?: boolean }[] = [
  { key: 'home', label: 'enterprise.menu.home', adminOnly: true },
  { key: 'projectList', label: 'enterprise.menu.projectList' },
  { key: 'businessList', label: 'enterprise.menu.businessList' },
  { key: 'personList', label: 'enterprise.menu.personList' },
  { key: 'deviceList', label: 'enterprise.menu.deviceList' },
];

export function EnterpriseLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const s = useSession();
  const section = useLocation().pathname.split('/')[2] ?? 'home';
  return (
    <SideMenuLayout
      title={t('enterprise.title')}
      selected={section}
      onSelect={(key) => void navigate(`/enterprise/${key}`)}
      // Non-administrators: the home item is hidden; the other items stay enabled (docs/PRODUCT.md).
      items={SECTIONS.filter((x) => !x.adminOnly || s.isAdministrator).map((x) => ({ key: x.key, label: t(x.label) }))}
    />
  );
}
