// /user/quota, "my credits" (spec 001 §2, §3 Quota, §4 Membership and Drone service): membership,
// drone photo credit and project quota, and the credit log; orders are one link away.
import { Button, Card, Col, Row, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { formatDate, formatDateTime } from '../../format.ts';
import { useQuota } from '../../hooks/useQuota.ts';

export function UserQuotaPage() {
  const { t } = useTranslation();
  const q = useQuota();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="user-quota-page">
      <Card title={t('user.quota.membership')} extra={<Link to={ROUTES.userOrder}>{t('user.order.title')}</Link>} loading={!q.membership}>
        {q.membership && (
          <Space>
            {q.membership.isExpired ? <Tag>{t('user.quota.free')}</Tag> : <Tag color="gold">{t('user.quota.member')}</Tag>}
            {q.membership.isExpired ? t('user.info.membershipNone') : q.membership.expiredDate ? t('user.info.membershipUntil', { date: formatDate(q.membership.expiredDate) }) : t('user.info.permanent')}
            <a href={ROUTES.pay} target="_blank" rel="noopener noreferrer">
              <Button size="small" type="primary">
                {q.membership.isExpired ? t('user.info.open') : t('user.info.renew')}
              </Button>
            </a>
          </Space>
        )}
      </Card>
      <Card title={t('user.quota.drone')} loading={q.loadingQuota} extra={
          q.quota && (
            <Space>
              <Tag color={q.droneActive ? 'green' : 'default'}>{q.droneActive ? t('user.quota.droneActive') : t('user.quota.droneInactive')}</Tag>
              <a href={ROUTES.pay} target="_blank" rel="noopener noreferrer">
                <Button size="small">{q.droneActive ? t('user.info.renew') : t('user.info.open')}</Button>
              </a>
            </Space>
          )
        }>
        {q.quota && (
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title={t('user.quota.surplusCapacity')} value={q.quota.surplusCapacity} />
            </Col>
            <Col span={6}>
              <Statistic title={t('user.quota.useCapacity')} value={q.quota.useCapacity} />
            </Col>
            <Col span={6}>
              <Statistic title={t('user.quota.projectLimit')} value={q.quota.projectLimit} />
            </Col>
            <Col span={6}>
              <Statistic title={t('user.quota.projectCapacity')} value={q.quota.projectCapacity} />
            </Col>
          </Row>
        )}
      </Card>
      <Card title={t('user.quota.log')}>
        <Table
          rowKey="id"
          size="small"
          loading={q.loadingLog}
          dataSource={q.log?.list ?? []}
          pagination={{ current: q.page, pageSize: q.size, total: q.log?.total ?? 0, onChange: q.setPage }}
          locale={{ emptyText: t('common.noData') }}
          columns={[
            { title: t('user.quota.changeType'), dataIndex: 'changeType' },
            { title: t('user.quota.time'), dataIndex: 'operationTime', render: (v: string) => formatDateTime(v) },
            { title: t('user.quota.operator'), dataIndex: 'operator' },
            { title: t('user.quota.photoCredits'), dataIndex: 'photoCredits' },
            { title: t('user.quota.projectCredits'), dataIndex: 'projectCredits' },
            { title: t('user.quota.membershipDays'), dataIndex: 'membershipDays' },
            { title: t('user.quota.orderSn'), dataIndex: 'orderSn', render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Card>
    </Space>
  );
}
