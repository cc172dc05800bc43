// /pay: the membership purchase page (spec 001 §2, §4) belongs to the payment issue; until then it
// says so instead of pretending.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';

export function PayPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('pay.title')}
      subTitle={t('pay.unavailable')}
      extra={
        <Link to={ROUTES.userQuota}>
          <Button>{t('user.menu.quota')}</Button>
        </Link>
      }
    />
  );
}
