// The checks of the Electrical step (ELECTRICAL.md): every rule applied to every string, MPPT input,
// inverter and cable, with its value and its limit — string voltage cold and hot, MPPT current and
// strings per input, DC/AC ratio, cable drop and ampacity — failing ones first: red where a mandatory
// rule fails, gold where only energy or sizing suffers (editor/electrical/checks.ts).
import { Alert, Empty, Flex, Table, Tag } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { electricalChecks, type ElectricalCheckRow } from '../../editor/electrical/checks.ts';
import type { ElectricalState } from '../../hooks/useElectrical.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** Each rule's name (i18n key) and how its value and limit read. */
const RULES: Readonly<Record<string, { key: MessageKey; unit: string; digits: number; scale?: number }>> = {
  vocCold: { key: 'electrical.rule.vocCold', unit: 'V', digits: 1 },
  vmpHotMin: { key: 'electrical.rule.vmpHotMin', unit: 'V', digits: 1 },
  vmpCoolMax: { key: 'electrical.rule.vmpCoolMax', unit: 'V', digits: 1 },
  mpptCurrent: { key: 'electrical.rule.mpptCurrent', unit: 'A', digits: 2 },
  mpptShortCircuit: { key: 'electrical.rule.mpptShortCircuit', unit: 'A', digits: 2 },
  stringsPerMppt: { key: 'electrical.rule.stringsPerMppt', unit: '', digits: 0 },
  mpptSameLength: { key: 'electrical.rule.mpptSameLength', unit: '', digits: 0 },
  dcAcRatio: { key: 'electrical.rule.dcAcRatio', unit: '', digits: 2 },
  maxDcPower: { key: 'electrical.rule.maxDcPower', unit: 'kW', digits: 2, scale: 1e-3 },
  dropPercent: { key: 'electrical.rule.dropPercent', unit: '%', digits: 2 },
  ampacity: { key: 'electrical.rule.ampacity', unit: 'A', digits: 1 },
};

const COLOUR = { ok: 'green', warning: 'gold', error: 'red' } as const;

export function ChecksPanel({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const { config, cables } = state.snapshot.committed;
  const rows = useMemo(() => electricalChecks(config, state.module, cables), [config, state.module, cables]);
  if (!config && !cables) return <Empty description={t('electrical.checks.none')} />;
  const fmt = (rule: string, v: number) => {
    const r = RULES[rule];
    if (!r) return String(Math.round(v * 100) / 100);
    const text = (v * (r.scale ?? 1)).toFixed(r.digits);
    return r.unit ? `${text} ${r.unit}` : text;
  };
  const failing = rows.filter((r) => r.severity !== 'ok').length;
  return (
    <Flex vertical gap={8} data-testid="checks-panel" data-failing={failing} data-count={rows.length}>
      {config && !state.module && <Alert type="info" showIcon message={t('electrical.checks.noModuleData')} />}
      <Alert type={failing === 0 ? 'success' : 'warning'} showIcon message={failing === 0 ? t('electrical.checks.allOk', { count: rows.length }) : t('electrical.checks.failing', { count: failing })} />
      <Table
        size="small"
        rowKey={(r) => `${r.rule}|${r.subject}`}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, size: 'small' } : false}
        data-testid="checks-table"
        onRow={(r) => ({ 'data-testid': 'check-row', 'data-rule': r.rule, 'data-severity': r.severity }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('electrical.checks.rule'), key: 'rule', render: (_: unknown, r: ElectricalCheckRow) => (RULES[r.rule] ? t(RULES[r.rule].key) : r.rule) },
          { title: t('electrical.checks.subject'), dataIndex: 'subject', key: 'subject' },
          { title: t('electrical.checks.value'), key: 'value', align: 'right' as const, render: (_: unknown, r: ElectricalCheckRow) => fmt(r.rule, r.value) },
          { title: t('electrical.checks.limit'), key: 'limit', align: 'right' as const, render: (_: unknown, r: ElectricalCheckRow) => fmt(r.rule, r.limit) },
          { title: '', key: 'status', render: (_: unknown, r: ElectricalCheckRow) => <Tag color={COLOUR[r.severity]}>{t(`electrical.checks.severity.${r.severity}`)}</Tag> },
        ]}
      />
    </Flex>
  );
}
