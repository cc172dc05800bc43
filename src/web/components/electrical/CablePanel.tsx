// The cables of the Electrical step (spec 000 §3 "Cable": material, spec, voltage drop; §7
// v2/cable-auto-place, updateCable): the routing settings (DC and AC material, drop limits), "Route
// cables" (the server routes and sizes every cable — 'Auto Routing Error: Request failed. Please try
// again.' when it cannot), and the table — kind, ends, material and section (editable; saved with the
// step, the server then works their figures out again), length, drop in V and %, loss — with drops
// over their limit and sections that do not carry the current marked, and the totals.
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, InputNumber, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CABLE_SETTINGS, type CableSettings } from '../../../model/api/electrical.ts';
import { cableMaterials, type CableMaterial, type RoutedCable } from '../../../model/electrical-design.ts';
import { STANDARD_SECTIONS } from '../../../electrical/cable-sections.ts';
import { CABLE_EDIT_LABEL, cableTotals, endName, setConductor } from '../../editor/electrical/cable-edit.ts';
import type { ElectricalState } from '../../hooks/useElectrical.ts';

const KIND_COLOUR = { string: 'default', combiner: 'orange', ac: 'purple' } as const;

export function CablePanel({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const { editor, snapshot } = state;
  const cables = snapshot.committed.cables;
  const config = snapshot.committed.config;
  const [settings, setSettings] = useState<CableSettings>(cables?.settings ?? DEFAULT_CABLE_SETTINGS);
  const [error, setError] = useState<string | null>(null);
  const totals = useMemo(() => (cables ? cableTotals(cables) : null), [cables]);
  const name = (end: RoutedCable['from']) => {
    const n = endName(config, end);
    return n === 'grid' ? t('electrical.plan.grid') : n;
  };
  const limitOf = (c: RoutedCable) => (c.circuit === 'dc' ? cables!.settings.dcMaxDropPercent : cables!.settings.acMaxDropPercent);
  const materialOptions = cableMaterials.map((m) => ({ value: m, label: t(`electrical.cables.material.${m}`) }));
  const shortMaterialOptions = cableMaterials.map((m) => ({ value: m, label: t(`electrical.cables.materialShort.${m}`) }));

  const route = async () => {
    setError(null);
    setError(await state.routeCables(settings));
  };

  const columns = [
    {
      title: t('electrical.cables.route'),
      key: 'route',
      render: (_: unknown, c: RoutedCable) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tag color={KIND_COLOUR[c.kind]} style={{ marginInlineEnd: 4 }}>
            {t(`electrical.cables.kinds.${c.kind}`)}
          </Tag>
          {`${name(c.from)} → ${name(c.to)}`}
        </span>
      ),
    },
    {
      title: t('electrical.cables.materialTitle'),
      key: 'material',
      render: (_: unknown, c: RoutedCable) => (
        <Select
          size="small"
          value={c.material}
          options={shortMaterialOptions}
          onChange={(m: CableMaterial) => editor.changeCables((d) => setConductor(d, c.id, m, c.crossSection), CABLE_EDIT_LABEL)}
          style={{ width: 58 }}
          data-testid="cable-material"
        />
      ),
    },
    {
      title: t('electrical.cables.section'),
      key: 'section',
      render: (_: unknown, c: RoutedCable) => (
        <Select
          size="small"
          value={c.crossSection}
          status={c.ampacityOk ? undefined : 'error'}
          options={STANDARD_SECTIONS.map((s) => ({ value: s, label: `${s}` }))}
          onChange={(s: number) => editor.changeCables((d) => setConductor(d, c.id, c.material, s), CABLE_EDIT_LABEL)}
          style={{ width: 70 }}
          data-testid="cable-section"
        />
      ),
    },
    { title: t('electrical.cables.length'), key: 'length', align: 'right' as const, render: (_: unknown, c: RoutedCable) => c.length.toFixed(1) },
    { title: t('electrical.cables.dropV'), key: 'dropV', align: 'right' as const, render: (_: unknown, c: RoutedCable) => c.dropV.toFixed(2) },
    {
      title: t('electrical.cables.dropPercent'),
      key: 'dropPercent',
      align: 'right' as const,
      render: (_: unknown, c: RoutedCable) => (
        <Typography.Text type={c.dropPercent > limitOf(c) ? 'danger' : undefined} data-testid="cable-drop" data-over={c.dropPercent > limitOf(c)}>
          {c.dropPercent.toFixed(2)}
        </Typography.Text>
      ),
    },
    { title: t('electrical.cables.loss'), key: 'loss', align: 'right' as const, render: (_: unknown, c: RoutedCable) => c.lossW.toFixed(1) },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="cable-panel">
      <Card size="small" title={t('electrical.cables.settings')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Flex gap={8} align="center" justify="space-between">
            <span>{t('electrical.cables.dc')}</span>
            <Select size="small" value={settings.dcMaterial} options={materialOptions} onChange={(m: CableMaterial) => setSettings({ ...settings, dcMaterial: m })} style={{ width: 96 }} />
            <InputNumber size="small" value={settings.dcMaxDropPercent} min={0.1} max={10} step={0.1} suffix="%" onChange={(v) => v !== null && setSettings({ ...settings, dcMaxDropPercent: v })} style={{ width: 86 }} />
          </Flex>
          <Flex gap={8} align="center" justify="space-between">
            <span>{t('electrical.cables.ac')}</span>
            <Select size="small" value={settings.acMaterial} options={materialOptions} onChange={(m: CableMaterial) => setSettings({ ...settings, acMaterial: m })} style={{ width: 96 }} />
            <InputNumber size="small" value={settings.acMaxDropPercent} min={0.1} max={10} step={0.1} suffix="%" onChange={(v) => v !== null && setSettings({ ...settings, acMaxDropPercent: v })} style={{ width: 86 }} />
          </Flex>
          {/* A spinner icon, not `loading`: a loading Button that stops in a hidden tab keeps its leave motion (and class) for good. */}
          <Button type="primary" block disabled={!config || state.busy !== null} icon={state.busy === 'route' ? <LoadingOutlined /> : undefined} onClick={() => void route()} data-testid="route-cables">
            {t('electrical.cables.routeButton')}
          </Button>
          {error && <Alert type="error" showIcon message={error} data-testid="route-error" />}
        </Space>
      </Card>
      {!cables ? (
        <Empty description={t('electrical.cables.none')} />
      ) : (
        <>
          {totals && (
            <Flex gap={12} wrap data-testid="cable-totals">
              <Statistic title={t('electrical.cables.dcLength')} value={totals.dcLengthM} precision={1} suffix="m" />
              <Statistic title={t('electrical.cables.acLength')} value={totals.acLengthM} precision={1} suffix="m" />
              <Statistic title={t('electrical.cables.lossTotal')} value={totals.dcLossW + totals.acLossW} precision={1} suffix="W" />
              <Statistic title={t('electrical.cables.maxDrop')} value={totals.maxDropPercent} precision={2} suffix="%" />
            </Flex>
          )}
          <Table
            size="small"
            rowKey="id"
            dataSource={cables.cables}
            columns={columns}
            scroll={{ x: true }}
            pagination={cables.cables.length > 50 ? { pageSize: 50, size: 'small' } : false}
            data-testid="cable-table"
            onRow={(c) => ({ 'data-testid': 'cable-row', 'data-kind': c.kind }) as HTMLAttributes<HTMLElement>}
          />
          {snapshot.dirtyParts.cables && <Typography.Text type="secondary">{t('electrical.cables.recomputeOnSave')}</Typography.Text>}
        </>
      )}
    </Space>
  );
}
