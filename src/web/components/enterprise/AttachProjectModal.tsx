// Putting one of the user's own projects into the organisation (POST project/attach; needs the
// create-project permission, which the server checks): the personal projects by name, one chosen.
import { App, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../model/api/projects.ts';
import { attachProject } from '../../api/enterprise.ts';
import { listProjects } from '../../api/projects.ts';
import { formatDateTime } from '../../format.ts';
import { usePagedList } from '../../hooks/usePagedList.ts';

const loadOwn = (q: { name?: string; page: number; size: number }) => listProjects({ page: q.page, size: q.size, name: q.name || undefined });

export function AttachProjectModal({ open, onClose }: { open: boolean; onClose(attached: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const l = usePagedList(loadOwn, { name: '' as string | undefined }, 8);
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (chosen === null) return;
    setSaving(true);
    try {
      await attachProject(chosen);
      void message.success(t('enterprise.projects.attached'));
      setChosen(null);
      onClose(true);
    } catch {
      // the client showed the error
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('enterprise.projects.attachTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen === null, id: 'attach-confirm' }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      width={720}
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t('enterprise.projects.search')} onSearch={(name) => l.setFilter({ name })} style={{ marginBottom: 12, width: 280 }} />
      <Table<ProjectSummary>
        rowKey="projectId"
        size="small"
        loading={l.loading}
        dataSource={l.rows}
        data-testid="attach-table"
        rowSelection={{ type: 'radio', selectedRowKeys: chosen === null ? [] : [chosen], onChange: (keys) => setChosen(Number(keys[0])) }}
        pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
        columns={[
          { title: t('project.field.name'), dataIndex: 'name' },
          { title: t('project.field.updateTime'), dataIndex: 'updateTime', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Modal>
  );
}
