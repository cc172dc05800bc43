// /enterprise/personList, the personnel information (spec 000 §2, 001 §2 "add, import, remove member;
// search by name, mobile or email", §3 Member: status unregistered / normal, create-project
// permission, drone photo quota, seats, join date; §6 "remove after confirmation"): the members with
// search and a status filter; administrators add, edit, invite again, remove, set a member's project
// permissions, and import from the xlsx template.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberRow } from '../../api/enterprise.ts';
import { MemberFormModal } from '../../components/enterprise/MemberFormModal.tsx';
import { MemberImportPanel } from '../../components/enterprise/MemberImportPanel.tsx';
import { PermissionDrawer } from '../../components/enterprise/PermissionDrawer.tsx';
import { formatDate } from '../../format.ts';
import { useEnterpriseDetail } from '../../hooks/useEnterpriseDetail.ts';
import { useEnterpriseMembers, type MemberFilter } from '../../hooks/useEnterpriseMembers.ts';
import type { PermissionScope } from '../../hooks/useEnterprisePermissions.ts';
import { useSession } from '../../session/session.ts';

type Editing = { open: false } | { open: true; member: MemberRow | null };

export function PersonListPage() {
  const { t } = useTranslation();
  const { isAdministrator } = useSession();
  const l = useEnterpriseMembers();
  const { detail, reload: reloadDetail } = useEnterpriseDetail();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [scope, setScope] = useState<PermissionScope | null>(null);
  const [search, setSearch] = useState('');
  const yes = (v: boolean) => (v ? t('enterprise.yes') : t('enterprise.no'));
  const changed = () => {
    void l.reload();
    void reloadDetail();
  };
  return (
    <Card
      title={t('enterprise.menu.personList')}
      data-testid="person-list"
      extra={
        isAdministrator && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, member: null })} data-testid="member-add">
            {t('enterprise.people.add')}
          </Button>
        )
      }
    >
      {detail && (
        <Typography.Paragraph type="secondary" data-testid="enterprise-summary">
          {t('enterprise.people.summary', { name: detail.name, code: detail.code, members: detail.members, seatsUsed: detail.seatsUsed, seats: detail.seats, credits: detail.photoCredits })}
        </Typography.Paragraph>
      )}
      {isAdministrator && (
        <Collapse style={{ marginBottom: 16 }} items={[{ key: 'import', label: t('enterprise.people.import.title'), children: <MemberImportPanel onImported={changed} /> }]} data-testid="member-import-panel" />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(keyword) => l.setFilter({ keyword })}
          placeholder={t('enterprise.people.search')}
          style={{ width: 280 }}
          data-testid="member-search"
        />
        <Select<MemberFilter['status']>
          value={l.filter.status}
          onChange={(status) => l.setFilter({ status })}
          style={{ width: 160 }}
          options={(['all', 'unregistered', 'normal'] as const).map((v) => ({ value: v, label: t(`enterprise.people.status.${v}`) }))}
          data-testid="member-status-filter"
        />
      </Space>
      <Table<MemberRow>
        rowKey="id"
        loading={l.loading}
        dataSource={l.rows}
        data-testid="member-table"
        locale={{ emptyText: t('common.noData') }}
        pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
        onRow={(m) => ({ 'data-testid': `member-row-${m.id}` }) as object}
        columns={[
          { title: t('enterprise.people.fields.name'), dataIndex: 'name' },
          { title: t('enterprise.people.fields.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
          { title: t('enterprise.people.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          { title: t('enterprise.people.fields.role'), dataIndex: 'role', render: (r: MemberRow['role']) => <Tag color={r === 'member' ? undefined : 'gold'}>{t(`enterprise.roles.${r}`)}</Tag> },
          {
            title: t('enterprise.people.fields.status'),
            dataIndex: 'status',
            render: (s: MemberRow['status']) => (
              <Tag color={s === 'normal' ? 'green' : 'orange'} data-testid="member-status">
                {t(`enterprise.people.status.${s}`)}
              </Tag>
            ),
          },
          { title: t('enterprise.people.fields.canCreateProject'), dataIndex: 'canCreateProject', render: yes },
          { title: t('enterprise.people.fields.photoQuota'), render: (_: unknown, m) => (m.photoUsed === null ? m.photoQuota : `${m.photoUsed} / ${m.photoQuota}`) },
          { title: t('enterprise.people.fields.seat'), dataIndex: 'seat', render: yes },
          { title: t('enterprise.people.fields.joinTime'), dataIndex: 'joinTime', render: (v: string) => formatDate(v) },
          ...(isAdministrator
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, m: MemberRow) => (
                    <Space size={4} wrap>
                      <Button size="small" type="link" onClick={() => setEditing({ open: true, member: m })} data-testid={`member-edit-${m.id}`}>
                        {t('common.edit')}
                      </Button>
                      {m.status === 'normal' && (
                        <Button size="small" type="link" onClick={() => setScope({ kind: 'member', memberId: m.id, name: m.name })} data-testid={`member-projects-${m.id}`}>
                          {t('enterprise.people.projects')}
                        </Button>
                      )}
                      {m.status === 'unregistered' && (
                        <Button size="small" type="link" onClick={() => void l.invite(m)} data-testid={`member-invite-${m.id}`}>
                          {t('enterprise.people.inviteAgain')}
                        </Button>
                      )}
                      {m.role !== 'super_admin' && (
                        <Button size="small" type="link" danger onClick={() => l.remove(m)} data-testid={`member-delete-${m.id}`}>
                          {t('enterprise.delete')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <MemberFormModal
        open={editing.open}
        member={editing.open ? editing.member : null}
        canSetRole={detail?.role === 'super_admin'}
        onSaved={(answer) => {
          setEditing({ open: false });
          if (answer) l.notice(answer);
          changed();
        }}
        onClose={() => setEditing({ open: false })}
      />
      <PermissionDrawer scope={scope} onClose={() => setScope(null)} />
    </Card>
  );
}
