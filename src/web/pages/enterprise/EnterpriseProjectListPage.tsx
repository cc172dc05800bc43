// /enterprise/projectList (route name enterprise-projectList; spec 000 §2, §6): the organisation's
// projects — all of them for administrators, their own and granted ones for members — with a name
// and type filter, how the user may open each (creator, administrator, granted), opening one, the
// project's member permissions (administrators), and adding one of the user's own projects.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listEnterpriseProjects, type EnterpriseProject } from '../../api/enterprise.ts';
import { AttachProjectModal } from '../../components/enterprise/AttachProjectModal.tsx';
import { PermissionDrawer } from '../../components/enterprise/PermissionDrawer.tsx';
import { projectUrl } from '../../components/enterprise/project-link.ts';
import { NewProjectDialog } from '../../components/home/NewProjectDialog.tsx';
import { ProjectName } from '../../components/home/ProjectName.tsx';
import { formatDateTime, thousands } from '../../format.ts';
import { usePagedList } from '../../hooks/usePagedList.ts';
import type { PermissionScope } from '../../hooks/useEnterprisePermissions.ts';
import { useSession } from '../../session/session.ts';

type TypeFilter = 'all' | 'COMMERCIAL' | 'RESIDENTIAL';
const load = (q: { name: string; type: TypeFilter; page: number; size: number }) =>
  listEnterpriseProjects({ page: q.page, size: q.size, name: q.name.trim() || undefined, powerStationType: q.type === 'all' ? undefined : q.type });

export function EnterpriseProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdministrator } = useSession();
  const l = usePagedList(load, { name: '', type: 'all' as TypeFilter });
  const [scope, setScope] = useState<PermissionScope | null>(null);
  const [attaching, setAttaching] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title={t('enterprise.menu.projectList')}
      data-testid="enterprise-project-list"
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="enterprise-new-project">
            {t('enterprise.projects.new')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setAttaching(true)} data-testid="attach-project">
            {t('enterprise.projects.attach')}
          </Button>
        </Space>
      }
    >
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} enterprise />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('enterprise.projects.search')} onSearch={(name) => l.setFilter({ name })} style={{ width: 260 }} data-testid="enterprise-project-search" />
        <Select<TypeFilter>
          value={l.filter.type}
          onChange={(type) => l.setFilter({ type })}
          style={{ width: 180 }}
          options={[
            { value: 'all', label: t('enterprise.projects.allTypes') },
            { value: 'COMMERCIAL', label: t('project.type.COMMERCIAL') },
            { value: 'RESIDENTIAL', label: t('project.type.RESIDENTIAL') },
          ]}
        />
      </Space>
      <Table<EnterpriseProject>
        rowKey="projectId"
        loading={l.loading}
        dataSource={l.rows}
        data-testid="enterprise-project-table"
        locale={{ emptyText: t('common.noData') }}
        pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
        onRow={(r) => ({ 'data-testid': `enterprise-project-${r.projectId}` }) as object}
        columns={[
          {
            title: t('project.field.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <a onClick={() => void navigate(projectUrl(r))} data-testid={`open-project-${r.projectId}`}>
                <ProjectName name={name} />
              </a>
            ),
          },
          { title: t('project.field.powerStationType'), dataIndex: 'powerStationType', render: (v: EnterpriseProject['powerStationType']) => <Tag>{t(`project.type.${v}`)}</Tag> },
          { title: t('project.field.capacity'), dataIndex: 'capacity', render: (v: number | null) => thousands(v) },
          { title: t('enterprise.projects.creator'), dataIndex: 'creator' },
          { title: t('enterprise.projects.access'), dataIndex: 'access', render: (v: EnterpriseProject['access']) => <Tag color="blue">{t(`enterprise.projects.accessKinds.${v}`)}</Tag> },
          { title: t('project.field.updateTime'), dataIndex: 'updateTime', render: (v: string) => formatDateTime(v) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => void navigate(projectUrl(r))}>
                  {t('enterprise.projects.open')}
                </Button>
                {isAdministrator && (
                  <Button size="small" type="link" onClick={() => setScope({ kind: 'project', projectId: r.projectId, name: r.name })} data-testid={`project-permissions-${r.projectId}`}>
                    {t('enterprise.projects.permissions')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <PermissionDrawer scope={scope} onClose={() => setScope(null)} />
      <AttachProjectModal
        open={attaching}
        onClose={(attached) => {
          setAttaching(false);
          if (attached) void l.reload();
        }}
      />
    </Card>
  );
}
