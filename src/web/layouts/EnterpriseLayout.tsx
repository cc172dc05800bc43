// /enterprise (spec 000 §2, 001 §2): home (administrators only; the guard sends others to the
// project list), projects, companies, personnel, equipment, credits history (administrators), in the
// side menu (collapsed at ≤ 1000 px); the organisation chooser on its own; a personal user sees the spec's message with the link
// to the personal edition (the guard learned it from the server, guard-loader.ts enterEnterprise).
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';
import { NoEnterpriseRights } from '../components/enterprise/NoEnterpriseRights.tsx';
import type { MessageKey } from '../i18n/index.ts';
import { useSession } from '../session/session.ts';
import { SideMenuLayout } from './SideMenuLayout.tsx';

const SECTIONS: { key: string; label: MessageKey; adminOnly?: boolean }[] = [
  { key: 'home', label: 'enterprise.menu.home', adminOnly: true },
  { key: 'projectList', label: 'enterprise.menu.projectList' },
  { key: 'businessList', label: 'enterprise.menu.businessList' },
  { key: 'personList', label: 'enterprise.menu.personList' },
  { key: 'deviceList', label: 'enterprise.menu.deviceList' },
  { key: 'creditList', label: 'enterprise.menu.creditList', adminOnly: true },
];

export function EnterpriseLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const s = useSession();
  const section = useLocation().pathname.split('/')[2] ?? 'home';
  if (!s.isEnterprise || section === 'selectEnterprise') {
    return (
      <Layout className="pv-screen">
        <AppHeader title={t('enterprise.title')} />
        <Layout.Content className="pv-scroll" style={{ padding: 20 }}>
          {s.isEnterprise ? <Outlet /> : <NoEnterpriseRights />}
        </Layout.Content>
      </Layout>
    );
  }
  return (
    <SideMenuLayout
      title={t('enterprise.title')}
      selected={section}
      testId="enterprise-menu"
      onSelect={(key) => void navigate(`/enterprise/${key}`)}
      // Non-administrators: the home item is hidden; the other items stay enabled (docs/PRODUCT.md).
      items={SECTIONS.filter((x) => !x.adminOnly || s.isAdministrator).map((x) => ({ key: x.key, label: t(x.label) }))}
    />
  );
}
