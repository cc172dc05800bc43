// /enterprise/creditList, the organisation's credits history (issue 20 item 6; spec 001 §2 "Credits
// history", §3 "Credit log entry: change type, operation time, operator, photo credits, project
// credits, satellite membership duration, associated order number"): administrators only (the menu
// item is theirs; the server answers others with its refusal), newest first, paged; "Buy membership and
// credits" opens /pay in a new tab, where an administrator in enterprise mode buys for the organisation.
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/paths.ts';
import { listCreditLog, type CreditLogRow } from '../../api/enterprise.ts';
import { formatDateTime } from '../../format.ts';
import { usePagedList } from '../../hooks/usePagedList.ts';

const load = (q: { page: number; size: number }) => listCreditLog(q);
const CHANGE_COLOURS: Record<string, string> = { grant: 'green', purchase: 'blue', allocate: 'orange', reclaim: 'purple' };
const CHANGE_TYPES = ['grant', 'purchase', 'allocate', 'reclaim'] as const;

/** A change with its sign ('+100', '−20', '0'). */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export function CreditListPage() {
  const { t } = useTranslation();
  const l = usePagedList(load, {}, 20);
  const changeLabel = (v: string) => ((CHANGE_TYPES as readonly string[]).includes(v) ? t(`enterprise.credits.types.${v as (typeof CHANGE_TYPES)[number]}`) : v);
  return (
    <Card
      title={t('enterprise.menu.creditList')}
      data-testid="credit-list"
      extra={
        <a href={ROUTES.pay} target="_blank" rel="noopener noreferrer">
          <Button type="primary" size="small" data-testid="credit-buy">
            {t('enterprise.credits.buy')}
          </Button>
        </a>
      }
    >
      <Table<CreditLogRow>
        rowKey="id"
        size="small"
        loading={l.loading}
        dataSource={l.rows}
        data-testid="credit-table"
        locale={{ emptyText: t('common.noData') }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
        columns={[
          { title: t('enterprise.credits.time'), dataIndex: 'operationTime', render: (v: string) => formatDateTime(v) },
          { title: t('enterprise.credits.type'), dataIndex: 'changeType', render: (v: string) => <Tag color={CHANGE_COLOURS[v]}>{changeLabel(v)}</Tag> },
          { title: t('enterprise.credits.operator'), dataIndex: 'operator' },
          { title: t('enterprise.credits.member'), dataIndex: 'memberName', render: (v: string | null) => v || '—' },
          { title: t('enterprise.credits.photoCredits'), dataIndex: 'photoCredits', align: 'right', render: (v: number) => signed(v) },
          { title: t('enterprise.credits.projectCredits'), dataIndex: 'projectCredits', align: 'right', render: (v: number) => signed(v) },
          { title: t('enterprise.credits.membershipDays'), dataIndex: 'membershipDays', align: 'right', render: (v: number) => signed(v) },
          { title: t('enterprise.credits.seats'), dataIndex: 'seats', align: 'right', render: (v: number) => signed(v) },
          { title: t('enterprise.credits.orderSn'), dataIndex: 'orderSn', render: (v: string | null) => v || '—' },
          { title: t('enterprise.credits.note'), dataIndex: 'note', render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>{v}</Typography.Text> : '—') },
        ]}
      />
    </Card>
  );
}
