// Project permissions in a drawer (spec 000 §6, §7): for a project, every registered member with a
// switch; for a member, every project. The creator and administrators always have access (shown, not
// changeable); turning a switch off revokes at once — a member inside the project is sent out.
import { Drawer, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionRow } from '../../api/enterprise.ts';
import { useEnterprisePermissions, type PermissionScope } from '../../hooks/useEnterprisePermissions.ts';

const FIXED: readonly PermissionRow['reason'][] = ['creator', 'administrator'];

export function PermissionDrawer({ scope, onClose }: { scope: PermissionScope | null; onClose(): void }) {
  const { t } = useTranslation();
  const p = useEnterprisePermissions(scope);
  const byProject = scope?.kind === 'project';
  return (
    <Drawer
      open={scope !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={scope ? t(byProject ? 'enterprise.permissions.projectTitle' : 'enterprise.permissions.memberTitle', { name: scope.name }) : ''}
    >
      <Table<PermissionRow>
        rowKey={(r) => `${r.projectId}/${r.memberId}`}
        size="small"
        loading={p.loading}
        dataSource={p.rows}
        pagination={false}
        data-testid="permission-table"
        locale={{ emptyText: t('common.noData') }}
        onRow={(r) => ({ 'data-testid': `permission-row-${byProject ? r.memberId : r.projectId}` }) as object}
        columns={[
          byProject
            ? { title: t('enterprise.permissions.member'), dataIndex: 'memberName' }
            : { title: t('enterprise.permissions.project'), dataIndex: 'projectName' },
          { title: t('enterprise.permissions.reason'), dataIndex: 'reason', render: (r: PermissionRow['reason']) => <Tag color={r === 'none' ? undefined : 'blue'}>{t(`enterprise.permissions.reasons.${r}`)}</Tag> },
          {
            title: t('enterprise.permissions.granted'),
            dataIndex: 'granted',
            render: (granted: boolean, r) => (
              <Switch
                size="small"
                checked={granted}
                disabled={FIXED.includes(r.reason)}
                loading={p.saving === `${r.projectId}/${r.memberId}`}
                onChange={(v) => void p.set(r, v)}
                data-testid={`grant-${byProject ? r.memberId : r.projectId}`}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
