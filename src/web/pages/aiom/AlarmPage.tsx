// /aiomSetting/alarm (spec 000 §7 "Operations alarms"): the plant's alarms with filters (level 1–4,
// active / cleared, read / unread, raised between two days), level tags, the read flag, and read or
// delete of one alarm or of the selected ones (multi-select); the unread count here and on the menu.
import { Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmLevels, type Alarm } from '../../../model/api/alarms.ts';
import { dayBound, readFlag } from '../../components/aiom/alarm-filter.ts';
import { ALARM_LEVEL_COLOURS } from '../../components/aiom/device-colours.ts';
import { formatTime } from '../../components/aiom/format.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { useAiomAlarms } from '../../hooks/useAiomAlarms.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';
import { useConfirmDanger } from '../../hooks/useConfirmDanger.ts';

export function AlarmPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Alarms projectId={projectId} />;
}

function Alarms({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const confirm = useConfirmDanger();
  const a = useAiomAlarms(projectId);
  const [read, setRead] = useState<'' | 'read' | 'unread'>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');

  const confirmDelete = (ids: number[]) =>
    confirm({
      title: t('aiom.alarm.delete'),
      content: t('aiom.alarm.deleteConfirm', { count: ids.length }),
      okId: 'confirm-alarm-delete',
      onOk: () => a.remove(ids),
    });

  return (
    <Card
      title={
        <Space>
          {t('aiom.menu.alarm')}
          <Typography.Text type="secondary" data-testid="alarm-unread" data-count={a.unread}>
            {t('aiom.alarm.unread', { count: a.unread })}
          </Typography.Text>
        </Space>
      }
      data-testid="aiom-alarms"
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }} align="center">
        <Select
          data-testid="alarm-level"
          style={{ width: 140 }}
          allowClear
          placeholder={t('aiom.alarm.level')}
          value={a.filter.level}
          onChange={(v?: number) => a.setFilter({ level: v })}
          options={alarmLevels.map((l) => ({ value: l, label: t(`aiom.alarmLevel.l${l}`) }))}
        />
        <Select
          data-testid="alarm-status"
          style={{ width: 140 }}
          allowClear
          placeholder={t('aiom.alarm.status')}
          value={a.filter.status}
          onChange={(v?: 'active' | 'cleared') => a.setFilter({ status: v })}
          options={(['active', 'cleared'] as const).map((s) => ({ value: s, label: t(`aiom.alarmStatus.${s}`) }))}
        />
        <Select
          data-testid="alarm-read"
          style={{ width: 140 }}
          value={read}
          onChange={(v: '' | 'read' | 'unread') => {
            setRead(v);
            a.setFilter({ read: readFlag(v) });
          }}
          options={[
            { value: '', label: t('aiom.alarm.readAll') },
            { value: 'unread', label: t('aiom.alarm.unreadOnly') },
            { value: 'read', label: t('aiom.alarm.readOnly') },
          ]}
        />
        <Space>
          <Input type="date" value={fromDay} aria-label={t('aiom.alarm.from')} data-testid="alarm-from" onChange={(e) => { setFromDay(e.target.value); a.setFilter({ from: dayBound(e.target.value) }); }} />
          –
          <Input type="date" value={toDay} aria-label={t('aiom.alarm.to')} data-testid="alarm-to" onChange={(e) => { setToDay(e.target.value); a.setFilter({ to: dayBound(e.target.value, true) }); }} />
        </Space>
        <Space style={{ marginInlineStart: 'auto' }}>
          <Button disabled={a.selected.length === 0} onClick={() => void a.markRead(a.selected)} data-testid="alarm-read-selected">
            {t('aiom.alarm.markRead')}
          </Button>
          <Button danger disabled={a.selected.length === 0} onClick={() => confirmDelete(a.selected)} data-testid="alarm-delete-selected">
            {t('aiom.alarm.delete')}
          </Button>
        </Space>
      </Flex>
      <Table<Alarm>
        rowKey="id"
        loading={a.loading}
        dataSource={a.rows}
        locale={{ emptyText: t('aiom.alarm.empty') }}
        rowSelection={{ selectedRowKeys: a.selected, onChange: (keys) => a.setSelected(keys.map(Number)) }}
        pagination={{ current: a.page, pageSize: a.size, total: a.total, onChange: a.setPage, showSizeChanger: false }}
        onRow={(r) => ({ 'data-testid': `alarm-row-${r.id}`, 'data-read': String(r.read), 'data-rule': r.rule, style: r.read ? undefined : { fontWeight: 600 } }) as object}
        columns={[
          { title: t('aiom.alarm.level'), dataIndex: 'level', render: (l: number) => <Tag color={ALARM_LEVEL_COLOURS[l]}>{t(`aiom.alarmLevel.l${l as 1 | 2 | 3 | 4}`)}</Tag> },
          { title: t('aiom.alarm.rule'), dataIndex: 'rule', render: (r: Alarm['rule']) => t(`aiom.alarmRule.${r}`) },
          { title: t('aiom.alarm.device'), dataIndex: 'deviceSerial', render: (s: string | null) => s ?? '—' },
          { title: t('aiom.alarm.message'), dataIndex: 'message', ellipsis: true },
          { title: t('aiom.alarm.raisedAt'), dataIndex: 'raisedAt', render: formatTime },
          {
            title: t('aiom.alarm.status'),
            key: 'status',
            render: (_, r) => (r.recoveredAt ? <Tag color="green">{t('aiom.alarmStatus.cleared')} {formatTime(r.recoveredAt)}</Tag> : <Tag color="red">{t('aiom.alarmStatus.active')}</Tag>),
          },
          { title: t('aiom.alarm.read'), dataIndex: 'read', render: (r: boolean) => (r ? t('aiom.alarm.isRead') : <Tag color="blue">{t('aiom.alarm.isUnread')}</Tag>) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                {r.read ? null : (
                  <Button size="small" type="link" onClick={() => void a.markRead([r.id])} data-testid="alarm-read-one">
                    {t('aiom.alarm.markRead')}
                  </Button>
                )}
                <Button size="small" type="link" danger onClick={() => confirmDelete([r.id])} data-testid="alarm-delete-one">
                  {t('aiom.alarm.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
