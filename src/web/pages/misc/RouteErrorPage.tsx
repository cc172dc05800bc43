// What a page that failed shows instead of the router's developer screen: what went wrong, a reload,
// and the way back to the projects. Saved work is on the server (the editor saves as it goes).
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ROUTES } from '../../app/paths.ts';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <Result
      status="error"
      title={t('errors.pageFailed')}
      subTitle={detail}
      data-testid="route-error"
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>,
        <Button key="home" href={ROUTES.homeList}>
          {t('errors.backHome')}
        </Button>,
      ]}
    />
  );
}
