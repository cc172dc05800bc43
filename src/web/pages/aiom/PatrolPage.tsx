// /aiomSetting/patrol: the plant's inspection tasks — title, checklist progress, assignee, due date,
// status, photos — filtered by status; create, edit (PatrolTaskModal), delete, and photos added to a
// task (shown when its row opens).
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patrolStatuses, type PatrolStatus, type PatrolTask } from '../../../model/api/aiom-operations.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { PatrolPhotos } from '../../components/aiom/PatrolPhotos.tsx';
import { PatrolTaskModal } from '../../components/aiom/PatrolTaskModal.tsx';
import { useAiomPatrol } from '../../hooks/useAiomPatrol.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';
import { useConfirmDanger } from '../../hooks/useConfirmDanger.ts';

const STATUS_COLOURS: Record<PatrolStatus, string> = { open: 'default', inProgress: 'processing', done: 'success' };

export function PatrolPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Patrol projectId={projectId} />;
}

function Patrol({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const confirm = useConfirmDanger();
  const p = useAiomPatrol(projectId);
  const [editing, setEditing] = useState<PatrolTask | null>(null);
  const [open, setOpen] = useState(false);

  const edit = (task: PatrolTask | null) => {
    setEditing(task);
    setOpen(true);
  };
  const remove = (task: PatrolTask) =>
    confirm({
      title: t('aiom.patrol.delete'),
      content: t('aiom.patrol.deleteConfirm', { title: task.title }),
      onOk: () => p.remove(task.id),
    });

  return (
    <Card
      title={t('aiom.menu.patrol')}
      data-testid="aiom-patrol"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="patrol-create">
          {t('aiom.patrol.create')}
        </Button>
      }
    >
      <Flex style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('aiom.patrol.status')}
          value={p.status}
          onChange={(v?: PatrolStatus) => p.setStatus(v)}
          options={patrolStatuses.map((x) => ({ value: x, label: t(`aiom.patrolStatus.${x}`) }))}
        />
      </Flex>
      <Table<PatrolTask>
        rowKey="id"
        loading={p.loading}
        dataSource={p.rows}
        locale={{ emptyText: t('aiom.patrol.empty') }}
        pagination={{ current: p.page, pageSize: p.size, total: p.total, onChange: p.setPage, showSizeChanger: false }}
        expandable={{ expandedRowRender: (task) => <PatrolPhotos task={task} onUpload={(f) => p.addPhoto(task.id, f)} /> }}
        onRow={(r) => ({ 'data-testid': `patrol-row-${r.id}` }) as object}
        columns={[
          { title: t('aiom.patrol.title'), dataIndex: 'title' },
          {
            title: t('aiom.patrol.checklist'),
            key: 'checklist',
            render: (_, r) => (r.checklist.length ? <Progress size="small" style={{ width: 120 }} percent={Math.round((r.checklist.filter((c) => c.done).length / r.checklist.length) * 100)} /> : '—'),
          },
          { title: t('aiom.patrol.assignee'), dataIndex: 'assigneeName', render: (v: string | null) => v ?? '—' },
          { title: t('aiom.patrol.due'), dataIndex: 'dueDate', render: (v: string | null) => v ?? '—' },
          { title: t('aiom.patrol.status'), dataIndex: 'status', render: (s: PatrolStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`aiom.patrolStatus.${s}`)}</Tag> },
          { title: t('aiom.patrol.photos'), key: 'photos', render: (_, r) => r.photos.length },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" type="link" onClick={() => edit(r)}>
                  {t('common.edit')}
                </Button>
                <Button size="small" type="link" danger onClick={() => remove(r)}>
                  {t('aiom.patrol.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <PatrolTaskModal open={open} projectId={projectId} task={editing} onClose={() => setOpen(false)} onSave={p.save} />
    </Card>
  );
}
