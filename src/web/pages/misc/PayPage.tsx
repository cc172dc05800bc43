// /pay: buying satellite membership and drone credits (spec 001 §1 "Commercial offer", §2 /pay opened
// in a new tab, §4 "Order payment polling"): plans with prices, quantity, total, the WeChat Pay QR code
// of the created order while its status is polled, and the outcome. With the sandbox provider the page
// says so and offers the sandbox payment button (no money moves). An administrator in enterprise mode
// buys for the organisation: the page says so and shows its membership and pool.
import { Alert, Button, Flex, InputNumber, QRCode, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFen, type Plan } from '../../../model/pricing.ts';
import { ROUTES } from '../../app/paths.ts';
import { formatDate, formatDateTime } from '../../format.ts';
import { usePayPage } from '../../pay/usePayPage.ts';

function Grants({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {plan.enterprise && <Tag color="gold">{t('pay.enterprise')}</Tag>}
      {plan.membershipDays > 0 && <Tag>{t('pay.grants.days', { count: plan.membershipDays })}</Tag>}
      {plan.photoCredits > 0 && <Tag>{t('pay.grants.photos', { count: plan.photoCredits })}</Tag>}
      {plan.projectCredits > 0 && <Tag>{t('pay.grants.projects', { count: plan.projectCredits })}</Tag>}
    </Space>
  );
}

/**
 * What the buyer holds now: the account's membership and credits, or — buying for an organisation —
 * the organisation's membership and pool.
 */
function Holdings({ p }: { p: Pick<ReturnType<typeof usePayPage>, 'forOrganisation' | 'organisation' | 'account'> }) {
  const { t } = useTranslation();
  const membership = (expired: boolean, until: string | null) =>
    expired ? t('pay.membershipNone') : until ? t('pay.membershipUntil', { date: formatDate(until) }) : t('pay.membershipPermanent');
  const o = p.organisation;
  const a = p.account;
  const held = p.forOrganisation
    ? o && { testId: 'pay-organisation-account', lines: [membership(o.membershipExpired || !o.membershipExpiredDate, o.membershipExpiredDate), t('pay.poolPhotos', { count: o.photoCredits }), t('pay.poolProjects', { count: o.projectCredits })] }
    : a && { testId: 'pay-account', lines: [membership(a.membership.isExpired, a.membership.expiredDate), t('pay.photoLeft', { count: a.quota.surplusCapacity }), t('pay.projectLeft', { count: a.quota.projectLimit })] };
  if (!held) return null;
  return (
    <Space orientation="vertical" size={0} data-testid={held.testId}>
      {held.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Space>
  );
}

export function PayPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const p = usePayPage();
  const state = p.snapshot;
  const order = state.context.order;
  const money = (fen: number) => t('pay.money', { amount: formatFen(fen) });
  const ordersLink = (
    <Link to={ROUTES.userOrder} target="_blank">
      {t('pay.myOrders')}
    </Link>
  );

  if (state.matches('paid')) {
    return (
      <Result
        status="success"
        title={t('pay.paid')}
        subTitle={p.forOrganisation ? t('pay.paidDetailOrganisation') : t('pay.paidDetail')}
        extra={[<Holdings key="a" p={p} />, <div key="o">{ordersLink}</div>]}
        data-testid="pay-paid"
      />
    );
  }
  if (state.matches('stopped') || state.matches('failed')) {
    const stopped = state.matches('stopped');
    return (
      <Result
        status={stopped ? 'warning' : 'error'}
        title={stopped ? t('pay.cancelled') : t('pay.failed')}
        subTitle={stopped ? (state.context.lastStatus === 2 ? t('pay.closed') : undefined) : state.context.error}
        extra={
          <Button type="primary" onClick={p.again}>
            {t('pay.again')}
          </Button>
        }
        data-testid={stopped ? 'pay-stopped' : 'pay-failed'}
      />
    );
  }
  if (state.matches('polling') && order) {
    return (
      <Flex vertical align="center" gap={12} data-testid="pay-qr">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('pay.scan')}
        </Typography.Title>
        <QRCode value={order.codeUrl} size={200} />
        <Typography.Text strong>{money(order.amount)}</Typography.Text>
        <Typography.Text type="secondary">{t('pay.orderSn', { orderSn: order.orderSn })}</Typography.Text>
        <Typography.Text type="secondary">{t('pay.payBefore', { time: formatDateTime(order.expiresAt) })}</Typography.Text>
        <Space>
          <Spin size="small" />
          {t('pay.waiting')}
        </Space>
        {order.provider === 'sandbox' && (
          <Alert
            type="warning"
            showIcon
            title={t('pay.sandbox.title')}
            description={t('pay.sandbox.notice')}
            action={
              <Button size="small" type="primary" loading={p.sandboxBusy} onClick={() => void p.paySandbox()} data-testid="pay-sandbox">
                {t('pay.sandbox.button')}
              </Button>
            }
          />
        )}
        <Button onClick={p.cancel}>{t('pay.cancel')}</Button>
      </Flex>
    );
  }

  const provider = p.price?.provider;
  return (
    <Flex vertical gap={16} data-testid="pay-page">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('pay.title')}
        </Typography.Title>
        {ordersLink}
      </Flex>
      <Typography.Text type="secondary">{t('pay.subtitle')}</Typography.Text>
      {p.forOrganisation && <Alert type="info" showIcon title={t('pay.forOrganisation', { name: p.organisation?.name ?? '…' })} description={t('pay.forOrganisationDetail')} data-testid="pay-organisation" />}
      <Holdings p={p} />
      {p.priceFailed && <Alert type="error" showIcon title={t('errors.busy')} />}
      {provider === 'none' && <Alert type="warning" showIcon title={t('pay.notConfigured')} />}
      {provider === 'sandbox' && <Alert type="info" showIcon title={t('pay.sandbox.title')} description={t('pay.sandbox.notice')} />}
      {!p.price && !p.priceFailed && <Spin />}
      {p.price && p.plan && (
        <>
          <Radio.Group value={p.plan.id} onChange={(e) => p.choosePlan(String(e.target.value))} style={{ width: '100%' }}>
            <Flex vertical gap={8}>
              {p.price.plans.map((plan) => (
                <Radio key={plan.id} value={plan.id} data-testid={`pay-plan-${plan.id}`}>
                  <Space orientation="vertical" size={2}>
                    <span>
                      <Typography.Text type="secondary">{t(`pay.kinds.${plan.kind}`)} · </Typography.Text>
                      {plan.name[lang]} — <Typography.Text strong>{money(plan.priceFen)}</Typography.Text>
                    </span>
                    <Grants plan={plan} />
                  </Space>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
          <Flex align="center" gap={12}>
            <span>{t('pay.quantity')}</span>
            <InputNumber min={1} max={p.plan.maxQuantity} precision={0} value={p.quantity} onChange={(v) => p.setQuantity(typeof v === 'number' ? v : 1)} data-testid="pay-quantity" />
            <span>
              {t('pay.total')}: <Typography.Text strong data-testid="pay-total">{money(p.totalFen)}</Typography.Text>
            </span>
          </Flex>
          <Button type="primary" size="large" block disabled={provider === 'none'} loading={state.matches('creating')} onClick={p.buy} data-testid="pay-create">
            {t('pay.create')}
          </Button>
        </>
      )}
    </Flex>
  );
}
