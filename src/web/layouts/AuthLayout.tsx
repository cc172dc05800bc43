// The frame of the sign-in pages: a centred card on the brand background, language switch on top.
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';

export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="pv-auth">
      <Card className="pv-auth-card">
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            ☀ {t('app.name')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        <Outlet />
      </Card>
    </div>
  );
}
