// The top bar (spec 000 §2 Header, 001 §2 Top bar): logo (back to the list), an optional title (the
// project name), help link, home button (enterprise project list with an enterprise id, else
// homeLite; `from` kept), language, help (supported browsers and where to start), and the user menu (personal centre, switch organisation for
// enterprise users — the enterprise edition for others —, log out with confirmation). Signed out: login and help.
// In enterprise mode (an organisation chosen) the logo also goes to the enterprise project list.
import { HomeOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, Popover, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homeUrl, ROUTES } from '../app/paths.ts';
import { useLogout } from '../hooks/useLogout.ts';
import { useSession } from '../session/session.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MessagesMenuLabel, UnreadBadge } from './UnreadBadge.tsx';

export function AppHeader({ title, extra }: { title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const s = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const logout = useLogout();
  const signedIn = s.token !== null;
  const name = s.userInfo?.name || s.userInfo?.nickName || s.userInfo?.username || '';
  const items = [
    { key: 'centre', label: t('header.personalCentre'), onClick: () => void navigate(ROUTES.userInfo) },
    { key: 'messages', label: <MessagesMenuLabel />, onClick: () => void navigate(ROUTES.userMessage) },
    // Enterprise users switch organisation (or go back to the personal edition) in the chooser; others
    // may try the enterprise edition (a personal user is told it needs the rights, spec 001 §6).
    s.isEnterprise
      ? { key: 'org', label: <span data-testid="switch-organisation">{t('header.switchOrganisation')}</span>, onClick: () => void navigate(ROUTES.selectEnterprise) }
      : { key: 'enterprise', label: <span data-testid="enter-enterprise">{t('enterprise.header.enter')}</span>, onClick: () => void navigate(ROUTES.enterpriseHome) },
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="logout">{t('header.logout')}</span>, onClick: logout },
  ];
  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, borderBottom: '1px solid #eef0f5' }}>
      <Link to={signedIn ? (s.enterpriseId ? ROUTES['enterprise-projectList'] : ROUTES.homeList) : ROUTES.login} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span style={{ display: 'grid', placeItems: 'center', width: 30, height: 30, borderRadius: 8, background: '#436CF5', color: '#fff' }}>☀</span>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('app.name')}
        </Typography.Text>
      </Link>
      {title && <Typography.Text style={{ fontSize: 15 }}>{title}</Typography.Text>}
      <Flex flex={1} justify="flex-end" align="center" gap={12}>
        {extra}
        <Popover title={t('header.help')} content={<div style={{ maxWidth: 320 }}>{t('header.helpText')}</div>} trigger="click">
          <Button type="link" icon={<QuestionCircleOutlined />} data-testid="help">
            {t('header.help')}
          </Button>
        </Popover>
        {signedIn && (
          <Button type="text" icon={<HomeOutlined />} data-testid="home-button" onClick={() => void navigate(homeUrl(s.enterpriseId, params.get('from')))}>
            {t('header.home')}
          </Button>
        )}
        <LanguageSwitch />
        {signedIn ? (
          <Dropdown menu={{ items }} trigger={['click']}>
            <Button type="text" data-testid="user-menu">
              <UnreadBadge dot>
                <Avatar size="small" icon={<UserOutlined />} src={s.userInfo?.avatar || undefined} />
              </UnreadBadge>{' '}
              {name}
            </Button>
          </Dropdown>
        ) : (
          <Link to={ROUTES.login}>{t('auth.login.submit')}</Link>
        )}
      </Flex>
    </Layout.Header>
  );
}
