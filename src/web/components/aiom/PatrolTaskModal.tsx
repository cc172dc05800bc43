// Create or edit a patrol task: title, checklist (items with a done tick), assignee (you, or a
// registered member of your organisation), due date, status and notes.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patrolStatuses, type PatrolStatus, type PatrolTask } from '../../../model/api/aiom-operations.ts';
import type { PatrolCreate, PatrolUpdate } from '../../api/aiom-operations.ts';
import { listMembers } from '../../api/enterprise.ts';
import { useBusy } from '../../hooks/useBusy.ts';
import { useSession } from '../../session/session.ts';

interface Values {
  title: string;
  checklist: { text: string; done: boolean }[];
  assigneeUserId?: number | null;
  dueDate?: string;
  status: PatrolStatus;
  notes?: string;
}

/** The create or update body of the form's values (empty checklist lines dropped). */
export function patrolBody(projectId: number, task: PatrolTask | null, v: Values): PatrolCreate | PatrolUpdate {
  const fields = {
    title: v.title.trim(),
    checklist: (v.checklist ?? []).filter((c) => c.text?.trim()).map((c) => ({ text: c.text.trim(), done: !!c.done })),
    assigneeUserId: v.assigneeUserId ?? null,
    dueDate: v.dueDate || null,
    status: v.status,
    notes: v.notes ?? '',
  };
  return task ? { id: task.id, ...fields } : { projectId, ...fields };
}

export function PatrolTaskModal({ open, projectId, task, onClose, onSave }: { open: boolean; projectId: number; task: PatrolTask | null; onClose: () => void; onSave: (b: PatrolCreate | PatrolUpdate) => Promise<unknown> }) {
  const { t } = useTranslation();
  const s = useSession();
  const [form] = Form.useForm<Values>();
  const [busy, run] = useBusy();
  const [people, setPeople] = useState<{ value: number; label: string }[]>([]);

  useEffect(() => {
    if (!open) return;
    const me = Number(s.userId);
    const self = Number.isInteger(me) && me > 0 ? [{ value: me, label: t('aiom.patrol.me') }] : [];
    setPeople(self);
    if (s.isEnterprise)
      listMembers({ page: 1, size: 100 })
        .then((r) => setPeople([...self, ...r.list.filter((m) => m.userId !== null && m.userId !== me).map((m) => ({ value: m.userId as number, label: m.name }))]))
        .catch(() => undefined);
    form.setFieldsValue(
      task
        ? { title: task.title, checklist: task.checklist, assigneeUserId: task.assigneeUserId, dueDate: task.dueDate ?? '', status: task.status, notes: task.notes }
        : { title: '', checklist: [], assigneeUserId: self[0]?.value ?? null, dueDate: '', status: 'open', notes: '' },
    );
  }, [open, task, form, s.userId, s.isEnterprise, t]);

  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await onSave(patrolBody(projectId, task, v));
      onClose();
    });
  };

  return (
    <Modal
      open={open}
      title={task ? t('aiom.patrol.edit') : t('aiom.patrol.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'patrol-save' } as object) }}
      forceRender
      width={640}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t('aiom.patrol.title')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input maxLength={200} data-testid="patrol-title" />
        </Form.Item>
        <Form.Item label={t('aiom.patrol.checklist')}>
          <Form.List name="checklist">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'done']} valuePropName="checked" noStyle>
                      <Checkbox />
                    </Form.Item>
                    <Form.Item name={[f.name, 'text']} noStyle>
                      <Input maxLength={200} style={{ width: 480 }} data-testid="patrol-item" />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ text: '', done: false })} data-testid="patrol-item-add">
                  {t('aiom.patrol.addItem')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="assigneeUserId" label={t('aiom.patrol.assignee')}>
            <Select allowClear style={{ width: 200 }} options={people} data-testid="patrol-assignee" />
          </Form.Item>
          <Form.Item name="dueDate" label={t('aiom.patrol.due')}>
            <Input type="date" data-testid="patrol-due" />
          </Form.Item>
          <Form.Item name="status" label={t('aiom.patrol.status')}>
            <Select style={{ width: 160 }} options={patrolStatuses.map((x) => ({ value: x, label: t(`aiom.patrolStatus.${x}`) }))} data-testid="patrol-status" />
          </Form.Item>
        </Space>
        <Form.Item name="notes" label={t('aiom.patrol.notes')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
