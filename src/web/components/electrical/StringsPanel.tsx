// The assign step's lists (spec 000 §3 "Inverter data": invList with each MPPT's strings): the
// inverters (model, strings, DC power, DC/AC ratio; in manual mode one more of a model, or one taken
// away) and the strings — colour and number as on the plan, modules, the inverter and MPPT input each
// feeds (editable in manual mode), deletion. A row click selects the string on the plan.
import { Button, Card, Empty, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ELECTRICAL_DEFAULTS, type PvString } from '../../../model/electrical-design.ts';
import { newId } from '../../../model/ids.ts';
import { stringCss } from '../../editor/electrical/string-colours.ts';
import { configSummary } from '../../editor/electrical/summary.ts';
import { addInverter, deleteString, mpptCountOf, removeInverter, setStringTarget } from '../../editor/electrical/wiring.ts';
import type { ElectricalState } from '../../hooks/useElectrical.ts';

/** History labels of the panel's changes (i18n keys). */
export const PANEL_LABELS = {
  target: 'electrical.history.target',
  deleteString: 'electrical.history.deleteString',
  addInverter: 'electrical.history.addInverter',
  removeInverter: 'electrical.history.removeInverter',
} as const;

/** A new inverter stands this far east of the last one placed [m]. */
const NEW_INVERTER_STEP_M = 2;

export function StringsPanel({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const { editor, snapshot } = state;
  const config = snapshot.committed.config;
  const summary = useMemo(() => (config && state.modulePowerW ? configSummary(config, state.modulePowerW) : null), [config, state.modulePowerW]);
  if (!config) return <Empty description={t('electrical.strings.none')} data-testid="strings-empty" />;
  const manual = config.mode === 'manual';
  const inverterOptions = [{ value: '', label: t('electrical.strings.notConnected') }, ...config.inverters.map((i) => ({ value: i.id, label: i.name }))];
  const lastPlaced = [...config.inverters].reverse().find((i) => i.position)?.position ?? config.gridPoint;

  const columns = [
    {
      title: t('electrical.strings.string'),
      key: 'name',
      width: 64,
      render: (_: unknown, s: PvString) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <span style={{ color: stringCss(s.number) }}>■</span> S{s.number}
        </span>
      ),
    },
    { title: t('electrical.strings.modules'), key: 'modules', width: 56, render: (_: unknown, s: PvString) => <span data-testid="string-modules">{s.moduleRefs.length}</span> },
    {
      title: t('electrical.strings.inverter'),
      key: 'inverter',
      render: (_: unknown, s: PvString) => (
        <Flex gap={4} onClick={(e) => e.stopPropagation()}>
          <Select
            size="small"
            disabled={!manual}
            value={s.inverterId ?? ''}
            options={inverterOptions}
            onChange={(id: string) => editor.change((d) => setStringTarget(d, s.id, id === '' ? null : id, id === '' ? null : 0), PANEL_LABELS.target)}
            style={{ width: 84 }}
            data-testid="string-inverter"
          />
          <Select
            size="small"
            disabled={!manual || s.inverterId === null}
            value={s.mppt ?? undefined}
            options={Array.from({ length: s.inverterId ? mpptCountOf(config, s.inverterId) : 0 }, (_, k) => ({ value: k, label: `MPPT ${k + 1}` }))}
            onChange={(m: number) => editor.change((d) => setStringTarget(d, s.id, s.inverterId, m), PANEL_LABELS.target)}
            style={{ width: 86 }}
            data-testid="string-mppt"
          />
        </Flex>
      ),
    },
    {
      key: 'delete',
      width: 32,
      render: (_: unknown, s: PvString) =>
        manual && (
          <Button
            size="small"
            type="text"
            aria-label={t('electrical.remove')}
            onClick={(e) => {
              e.stopPropagation();
              editor.change((d) => deleteString(d, s.id), PANEL_LABELS.deleteString);
            }}
            data-testid="string-delete"
          >
            ✕
          </Button>
        ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="strings-panel">
      <Card size="small" title={t('electrical.strings.inverters')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {summary?.inverters.map((i) => (
            <Flex key={i.id} justify="space-between" align="center" data-testid="inverter-row" data-name={i.name} data-strings={i.strings}>
              <span>
                <Typography.Text strong>{i.name}</Typography.Text> <Typography.Text type="secondary">{i.model}</Typography.Text>
              </span>
              <span>
                <Tag>{t('electrical.strings.stringCount', { count: i.strings })}</Tag>
                {i.dcAcRatio !== null && <Tag color={i.dcAcRatio > ELECTRICAL_DEFAULTS.maxDcAcRatio ? 'red' : 'blue'}>{i.dcAcRatio.toFixed(2)}</Tag>}
                {manual && (
                  <Button size="small" type="text" aria-label={t('electrical.remove')} onClick={() => editor.change((d) => removeInverter(d, i.id), PANEL_LABELS.removeInverter)}>
                    ✕
                  </Button>
                )}
              </span>
            </Flex>
          ))}
          {manual && config.inverterModels.length > 0 && (
            <Select
              size="small"
              value={null}
              placeholder={t('electrical.strings.addInverter')}
              options={config.inverterModels.map((m) => ({ value: m.key, label: `${m.data.manufacturer} ${m.data.model}` }))}
              onChange={(key: string) =>
                editor.change((d) => addInverter(d, key, newId(), lastPlaced ? [lastPlaced[0] + NEW_INVERTER_STEP_M, lastPlaced[1]] : null), PANEL_LABELS.addInverter)
              }
              style={{ width: '100%' }}
              data-testid="add-inverter"
            />
          )}
        </Space>
      </Card>
      <Typography.Text type="secondary" data-testid="unassigned-count" data-count={config.unassigned.length}>
        {t('electrical.strings.unassigned', { count: config.unassigned.length })}
      </Typography.Text>
      <Table
        size="small"
        rowKey="id"
        dataSource={config.strings}
        columns={columns}
        pagination={config.strings.length > 50 ? { pageSize: 50, size: 'small' } : false}
        data-testid="strings-table"
        onRow={(s) => ({
          onClick: () => editor.select(s.id === snapshot.selected ? null : s.id),
          style: { cursor: 'pointer', background: s.id === snapshot.selected ? '#fff7e6' : undefined },
          'data-testid': 'string-row',
          'data-name': `S${s.number}`,
          'data-selected': s.id === snapshot.selected,
        } as HTMLAttributes<HTMLElement>)}
      />
    </Space>
  );
}
