// /404: unknown paths end here (spec 000 §2).
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { useSession } from '../../session/session.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  return (
    <Result
      status="404"
      title="404"
      subTitle={<span data-testid="not-found">{t('notFound.text')}</span>}
      extra={
        <Button type="primary" onClick={() => void navigate(token ? ROUTES.homeList : ROUTES.login)}>
          {token ? t('notFound.home') : t('auth.backToLogin')}
        </Button>
      }
    />
  );
}
