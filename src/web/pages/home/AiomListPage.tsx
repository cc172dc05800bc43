// /home/aiomList (homeAiom, spec 000 §2): the O&M plants with their live power, today's energy,
// devices online, active alarms and state; a plant opens its overview; "Create a plant from a design"
// binds a new plant to one of the designed projects. Needs the aiom permission (the guard checks).
import { PlusOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { CreatePlantModal } from '../../components/aiom/CreatePlantModal.tsx';
import { formatEnergy, formatPower, joinScaled } from '../../components/aiom/format.ts';
import { PLANT_STATE_COLOURS } from '../../components/aiom/device-colours.ts';
import { formatDateTime } from '../../format.ts';
import { plantState, useAiomList, type AiomPlantRow } from '../../hooks/useAiomList.ts';
import { useConfirmDanger } from '../../hooks/useConfirmDanger.ts';

export function AiomListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmDanger();
  const navigate = useNavigate();
  const l = useAiomList();
  const [creating, setCreating] = useState(false);
  const open = (projectId: number) => void navigate(`${ROUTES.aiomSummary}?id=${projectId}`);
  const remove = (r: AiomPlantRow) =>
    confirm({
      title: t('aiom.list.delete'),
      content: t('aiom.list.deleteConfirm', { name: r.project.name }),
      onOk: async () => {
        await l.remove(r.project.projectId);
        void message.success(t('aiom.list.deleted'));
      },
    });

  return (
    <div data-testid="aiom-list-page">
      <Card
        title={<Typography.Title level={4} style={{ margin: 0 }}>{t('home.aiom.title')}</Typography.Title>}
        extra={<Link to={ROUTES.homeLite}>{t('home.lite.title')}</Link>}
      >
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('aiom.list.search')} onSearch={l.search} style={{ width: 280 }} data-testid="aiom-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="aiom-create">
            {t('aiom.list.create')}
          </Button>
        </Flex>
        <Table<AiomPlantRow>
          rowKey={(r) => r.project.projectId}
          data-testid="aiom-plant-table"
          loading={l.loading}
          dataSource={l.rows}
          locale={{ emptyText: t('aiom.list.empty') }}
          pagination={{ current: l.page, pageSize: l.size, total: l.total, onChange: l.setPage, showSizeChanger: false }}
          onRow={(r) => ({ 'data-testid': `aiom-plant-${r.project.projectId}` }) as object}
          columns={[
            { title: t('aiom.list.name'), key: 'name', render: (_, r) => <Typography.Link onClick={() => open(r.project.projectId)}>{r.project.name}</Typography.Link> },
            { title: t('aiom.summary.livePower'), key: 'power', render: (_, r) => <span data-testid="plant-power">{joinScaled(formatPower(r.overview?.livePowerW))}</span> },
            { title: t('aiom.summary.today'), key: 'today', render: (_, r) => joinScaled(formatEnergy(r.overview?.energyKwh.today)) },
            { title: t('aiom.list.devices'), key: 'devices', render: (_, r) => (r.overview ? `${r.overview.health.online} / ${r.overview.health.devices}` : '—') },
            { title: t('aiom.list.alarms'), key: 'alarms', render: (_, r) => (r.activeAlarms === null ? '—' : <Badge count={r.activeAlarms} showZero color={r.activeAlarms ? '#f5222d' : '#52c41a'} />) },
            {
              title: t('aiom.list.state'),
              key: 'state',
              render: (_, r) => {
                const s = plantState(r.overview?.health);
                return <Tag color={PLANT_STATE_COLOURS[s]}>{t(`aiom.plantState.${s}`)}</Tag>;
              },
            },
            { title: t('project.field.updateTime'), key: 'time', render: (_, r) => formatDateTime(r.project.updateTime) },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_, r) => (
                <Space>
                  <Button size="small" type="link" onClick={() => open(r.project.projectId)} data-testid="plant-open">
                    {t('aiom.list.open')}
                  </Button>
                  <Button size="small" type="link" danger onClick={() => remove(r)}>
                    {t('aiom.list.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CreatePlantModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          open(p.projectId);
        }}
      />
    </div>
  );
}
