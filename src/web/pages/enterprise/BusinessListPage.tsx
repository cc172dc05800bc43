// /enterprise/businessList, the company information (spec 000 §2, 001 §2 "Company information: name,
// address, contact person, phone, email, logo", §3): the organisation's companies with a name
// search; administrators add, edit (with the logo and the PPT profile / cover images) and delete.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCompany, listCompanies, type Company } from '../../api/enterprise.ts';
import { CompanyFormModal } from '../../components/enterprise/CompanyFormModal.tsx';
import { formatDateTime } from '../../format.ts';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { useSession } from '../../session/session.ts';

const load = (q: { name: string; page: number; size: number }) => listCompanies({ page: q.page, size: q.size, name: q.name.trim() || undefined });
type Editing = { open: false } | { open: true; company: Company | null };

export function BusinessListPage() {
  const { t } = useTranslation();
  const { isAdministrator } = useSession();
  const l = usePagedList(load, { name: '' });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const remove = async (c: Company) => {
    try {
      await deleteCompany(c.id);
      await l.reload();
    } catch {
      // the client showed the error
    }
  };
  return (
    <Card
      title={t('enterprise.menu.businessList')}
      data-testid="business-list"
      extra={
        isAdministrator && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, company: null })} data-testid="company-add">
            {t('enterprise.companies.add')}
          </Button>
        )
      }
    >
      <Input.Search allowClear placeholder={t('enterprise.companies.search')} onSearch={(name) => l.setFilter({ name })} style={{ width: 260, marginBottom: 16 }} />
      <Table<Company>
        rowKey="id"
        loading={l.loading}
        dataSource={l.rows}
        data-testid="company-table"
        locale={{ emptyText: t('common.noData') }}
        pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
        columns={[
          {
            title: t('enterprise.companies.images.logo'),
            dataIndex: 'logoUrl',
            render: (url: string | null, c) => (url ? <img src={`${url}&v=${encodeURIComponent(c.updateTime)}`} alt="" width={85} height={20} /> : '—'),
          },
          { title: t('enterprise.companies.fields.name'), dataIndex: 'name' },
          { title: t('enterprise.companies.fields.address'), dataIndex: 'address', render: (v: string | null) => v || '—' },
          { title: t('enterprise.companies.fields.contact'), dataIndex: 'contact', render: (v: string | null) => v || '—' },
          { title: t('enterprise.companies.fields.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
          { title: t('enterprise.companies.fields.email'), dataIndex: 'email', render: (v: string | null) => v || '—' },
          { title: t('project.field.updateTime'), dataIndex: 'updateTime', render: (v: string) => formatDateTime(v) },
          ...(isAdministrator
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, c: Company) => (
                    <Space size={4}>
                      <Button size="small" type="link" onClick={() => setEditing({ open: true, company: c })} data-testid={`company-edit-${c.id}`}>
                        {t('common.edit')}
                      </Button>
                      <Popconfirm title={t('enterprise.companies.deleteConfirm', { name: c.name })} okText={t('common.confirm')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove(c)}>
                        <Button size="small" type="link" danger>
                          {t('enterprise.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <CompanyFormModal
        open={editing.open}
        company={editing.open ? editing.company : null}
        onChanged={(c) => {
          // a new company stays open to add its images
          setEditing({ open: true, company: c });
          void l.reload();
        }}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
