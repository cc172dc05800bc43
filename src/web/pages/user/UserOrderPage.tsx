// /user/order: the user's orders (spec 001 §3 Order), newest first, page by page: order number, plan,
// quantity, amount, status, order and payment time; buying opens /pay in a new tab (spec 001 §1).
import { Button, Card, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderList, OrderRow, OrderState } from '../../../model/api/pay.ts';
import { formatFen } from '../../../model/pricing.ts';
import { getOrders } from '../../api/pay.ts';
import { ROUTES } from '../../app/paths.ts';
import { formatDateTime } from '../../format.ts';

const STATUS_COLOURS: Record<OrderState, string> = { pending: 'processing', paid: 'success', closed: 'default', failed: 'error' };
const SIZE = 10;

export function UserOrderPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [page, setPage] = useState(1);
  const [data, setData] = useState<OrderList | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getOrders(page, SIZE)
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page]);

  return (
    <Card
      title={t('pay.orders.title')}
      extra={
        <Space>
          <Link to={ROUTES.userQuota}>{t('pay.myCredits')}</Link>
          <a href={ROUTES.pay} target="_blank" rel="noopener noreferrer">
            <Button size="small" type="primary">
              {t('pay.orders.buy')}
            </Button>
          </a>
        </Space>
      }
      data-testid="user-order-page"
    >
      <Table<OrderRow>
        rowKey="orderSn"
        size="small"
        loading={loading}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: SIZE, total: data?.total ?? 0, onChange: setPage }}
        locale={{ emptyText: t('pay.orders.empty') }}
        columns={[
          { title: t('pay.orders.orderSn'), dataIndex: 'orderSn' },
          { title: t('pay.orders.plan'), dataIndex: 'planName', render: (_: unknown, r) => (
          <>
            {r.planName[lang]}
            {r.enterpriseId !== null && <Tag color="gold" style={{ marginInlineStart: 8 }}>{t('pay.orders.organisation')}</Tag>}
          </>
        ) },
          { title: t('pay.orders.quantity'), dataIndex: 'quantity' },
          { title: t('pay.orders.amount'), dataIndex: 'amount', render: (v: number) => formatFen(v) },
          {
            title: t('pay.orders.status'),
            dataIndex: 'status',
            render: (s: OrderState) => <Tag color={STATUS_COLOURS[s]}>{t(`pay.orders.statuses.${s}`)}</Tag>,
          },
          { title: t('pay.orders.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          { title: t('pay.orders.paidAt'), dataIndex: 'paidAt', render: (v: string | null) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}
