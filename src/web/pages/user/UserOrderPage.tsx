// /user/order: membership and credit orders (spec 001 §3 Order). Orders and payment belong to the
// payment issue; until the server lists orders, the page says there are none and links the credit log.
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';

export function UserOrderPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('user.order.title')} extra={<Link to={ROUTES.userQuota}>{t('user.quota.log')}</Link>} data-testid="user-order-page">
      <Empty description={t('user.order.empty')} />
    </Card>
  );
}
