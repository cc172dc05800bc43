// Project permissions (spec 000 §6 "project permission lists and settings", §7 "project permissions
// list and set"): the rows of one project (every registered member) or of one member (every project)
// and granting or revoking one; a revoked member's open editor is closed by the server at once.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectPermissions, setProjectPermissions, type PermissionRow } from '../api/enterprise.ts';

export type PermissionScope = { kind: 'project'; projectId: number; name: string } | { kind: 'member'; memberId: number; name: string };

export function useEnterprisePermissions(scope: PermissionScope | null) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [rows, setRows] = useState<PermissionRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const by = scope === null ? null : scope.kind === 'project' ? { projectId: scope.projectId } : { memberId: scope.memberId };
  const key = by ? JSON.stringify(by) : null;

  const reload = useCallback(async () => {
    if (!key) return;
    setLoading(true);
    try {
      setRows(await projectPermissions(JSON.parse(key) as { projectId: number } | { memberId: number }));
    } catch {
      // the client showed the error
    } finally {
      setLoading(false);
    }
  }, [key]);

  useEffect(() => {
    setRows([]);
    void reload();
  }, [reload]);

  const set = useCallback(
    async (row: PermissionRow, granted: boolean) => {
      setSaving(`${row.projectId}/${row.memberId}`);
      try {
        const r = await setProjectPermissions([{ projectId: row.projectId, memberId: row.memberId, granted }]);
        void message.success(t('common.saved'));
        if (r.revokedConnections > 0) void message.info(t('enterprise.permissions.closed', { count: r.revokedConnections }));
        setRows((list) => list.map((x) => (x.projectId === row.projectId && x.memberId === row.memberId ? { ...x, granted, reason: granted ? 'grant' : 'none' } : x)));
      } catch {
        // the client showed the error
      } finally {
        setSaving(null);
      }
    },
    [message, t],
  );

  return { rows, loading, saving, set };
}
