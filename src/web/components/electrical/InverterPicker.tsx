// The inverter side of the Electrical step (spec 000 §3 "Inverter data", §7 inverter list and the
// "inverter-config" service): search the library by words and rated power range, pick one or more
// models (a count each, or automatic from the target DC/AC ratio — default 1.2), an optional string
// length range, "Configure automatically" (the server makes the strings and places the inverters; the
// spec's 'The selected inverter model cannot be adapted' when nothing fits), a custom inverter added on
// the way (the library's form), and the configuration's figures.
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CONFIG_MODELS } from '../../../model/api/electrical.ts';
import { ELECTRICAL_DEFAULTS } from '../../../model/electrical-design.ts';
import { inverterSummary, type InverterSummary } from '../../api/electrical.ts';
import { configSummary } from '../../editor/electrical/summary.ts';
import type { ElectricalState } from '../../hooks/useElectrical.ts';
import { useElectricalInverterSearch } from '../../hooks/useElectricalInverterSearch.ts';
import { InverterFormModal } from '../library/InverterFormModal.tsx';

interface Chosen {
  readonly libraryId: number;
  readonly label: string;
  /** [W] */
  readonly ratedAcPower: number;
  readonly mpptCount: number;
  /** null: from the target DC/AC ratio. */
  readonly count: number | null;
}

const labelOf = (m: Pick<InverterSummary, 'manufacturer' | 'model' | 'ratedAcPower'>) => `${m.manufacturer} ${m.model} · ${fmtKw(m.ratedAcPower / 1000)} kW`;
const fmtKw = (kw: number) => (Math.round(kw * 100) / 100).toString();

export function InverterPicker({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const config = state.snapshot.committed.config;
  const [keyword, setKeyword] = useState('');
  const [minKw, setMinKw] = useState<number | null>(null);
  const [maxKw, setMaxKw] = useState<number | null>(null);
  const { options, loading } = useElectricalInverterSearch({ keyword, minKw, maxKw });
  // The models of the stored configuration come back chosen (a reload keeps the choice).
  const [chosen, setChosen] = useState<Chosen[]>(() =>
    (config?.inverterModels ?? []).flatMap((m) =>
      m.libraryId === null ? [] : [{ libraryId: m.libraryId, label: labelOf(m.data), ratedAcPower: m.data.ratedAcPower, mpptCount: m.data.mpptCount, count: null }],
    ),
  );
  const [target, setTarget] = useState<number>(config?.targetDcAcRatio ?? ELECTRICAL_DEFAULTS.targetDcAcRatio);
  const [range, setRange] = useState<{ on: boolean; min: number; max: number }>({ on: false, min: config?.modulesPerString.min ?? 10, max: config?.modulesPerString.max ?? 20 });
  const [error, setError] = useState<string | null>(null);
  const [custom, setCustom] = useState(false);

  const add = (m: Pick<InverterSummary, 'id' | 'manufacturer' | 'model' | 'ratedAcPower' | 'mpptCount'>) =>
    setChosen((cur) => (cur.some((c) => c.libraryId === m.id) || cur.length >= MAX_CONFIG_MODELS ? cur : [...cur, { libraryId: m.id, label: labelOf(m), ratedAcPower: m.ratedAcPower, mpptCount: m.mpptCount, count: null }]));
  const setCount = (id: number, count: number | null) => setChosen((cur) => cur.map((c) => (c.libraryId === id ? { ...c, count } : c)));
  const remove = (id: number) => setChosen((cur) => cur.filter((c) => c.libraryId !== id));

  const configure = async () => {
    setError(null);
    const body = {
      inverters: chosen.map((c) => (c.count === null ? { libraryId: c.libraryId } : { libraryId: c.libraryId, count: c.count })),
      targetDcAcRatio: target,
      ...(range.on ? { modulesPerString: { min: Math.min(range.min, range.max), max: Math.max(range.min, range.max) } } : {}),
    };
    setError(await state.configure(body));
  };

  const modulePowerW = state.modulePowerW;
  const summary = useMemo(() => (config && modulePowerW ? configSummary(config, modulePowerW) : null), [config, modulePowerW]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="inverter-picker">
      <Card size="small" title={t('electrical.picker.title')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            showSearch
            filterOption={false}
            value={null}
            placeholder={t('electrical.picker.search')}
            onSearch={setKeyword}
            onSelect={(id: number | null) => {
              const m = options.find((o) => o.id === id);
              if (m) add(m);
            }}
            loading={loading}
            notFoundContent={loading ? t('electrical.picker.searching') : t('electrical.picker.none')}
            options={options.map((m) => ({ value: m.id, label: `${labelOf(m)} · ${m.mpptCount} MPPT` }))}
            style={{ width: '100%' }}
            data-testid="inverter-select"
          />
          <Flex gap={8} align="center">
            <Typography.Text type="secondary">{t('electrical.picker.power')}</Typography.Text>
            <InputNumber value={minKw} onChange={(v) => setMinKw(v ?? null)} min={0} max={100000} placeholder={t('electrical.picker.min')} suffix="kW" data-testid="inverter-min-kw" />
            <span>–</span>
            <InputNumber value={maxKw} onChange={(v) => setMaxKw(v ?? null)} min={0} max={100000} placeholder={t('electrical.picker.max')} suffix="kW" data-testid="inverter-max-kw" />
          </Flex>
          <Table
            size="small"
            pagination={false}
            rowKey="libraryId"
            dataSource={chosen}
            locale={{ emptyText: t('electrical.picker.noneChosen') }}
            data-testid="chosen-inverters"
            columns={[
              { title: t('electrical.picker.model'), dataIndex: 'label', render: (v: string, c) => <span data-testid="chosen-inverter" data-library-id={c.libraryId}>{v}</span> },
              {
                title: t('electrical.picker.count'),
                width: 96,
                render: (_: unknown, c) => <InputNumber size="small" min={1} max={500} value={c.count} placeholder={t('electrical.picker.auto')} onChange={(v) => setCount(c.libraryId, v ?? null)} style={{ width: 80 }} />,
              },
              { width: 40, render: (_: unknown, c) => <Button size="small" type="text" onClick={() => remove(c.libraryId)} aria-label={t('electrical.remove')}>✕</Button> },
            ]}
          />
          <Button size="small" onClick={() => setCustom(true)} data-testid="add-custom-inverter">
            {t('electrical.picker.custom')}
          </Button>
          <Flex gap={8} align="center">
            <Typography.Text>{t('electrical.picker.target')}</Typography.Text>
            <InputNumber value={target} min={0.5} max={3} step={0.05} onChange={(v) => setTarget(v ?? ELECTRICAL_DEFAULTS.targetDcAcRatio)} data-testid="target-ratio" />
          </Flex>
          <Checkbox checked={range.on} onChange={(e) => setRange({ ...range, on: e.target.checked })} data-testid="string-range-on">
            {t('electrical.picker.range')}
          </Checkbox>
          {range.on && (
            <Flex gap={8} align="center">
              <InputNumber value={range.min} min={1} max={200} onChange={(v) => setRange({ ...range, min: v ?? 1 })} data-testid="string-range-min" />
              <span>–</span>
              <InputNumber value={range.max} min={1} max={200} onChange={(v) => setRange({ ...range, max: v ?? 1 })} data-testid="string-range-max" />
              <Typography.Text type="secondary">{t('electrical.picker.modules')}</Typography.Text>
            </Flex>
          )}
          {/* A spinner icon, not `loading`: a loading Button that stops in a hidden tab keeps its leave motion (and class) for good. */}
          <Button type="primary" block disabled={chosen.length === 0 || state.busy !== null} icon={state.busy === 'configure' ? <LoadingOutlined /> : undefined} onClick={() => void configure()} data-testid="configure-auto">
            {t('electrical.picker.configure')}
          </Button>
          {error && <Alert type="error" showIcon message={error} data-testid="configure-error" />}
          {config && !state.module && state.status === 'ready' && <Alert type="info" showIcon message={t('electrical.picker.noModuleData')} />}
        </Space>
      </Card>
      {summary && (
        <Card size="small" title={t('electrical.summary.title')} data-testid="config-summary">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('electrical.summary.dc')}>
              <span data-testid="summary-dc-kw">{fmtKw(summary.dcKw)}</span> kWp
            </Descriptions.Item>
            <Descriptions.Item label={t('electrical.summary.ac')}>
              <span data-testid="summary-ac-kw">{fmtKw(summary.acKw)}</span> kW
            </Descriptions.Item>
            <Descriptions.Item label={t('electrical.summary.ratio')}>
              <span data-testid="summary-ratio">{summary.dcAcRatio === null ? '—' : summary.dcAcRatio.toFixed(2)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('electrical.summary.strings')}>
              <span data-testid="summary-strings">{summary.strings}</span>
              {summary.lengths && ` · ${t('electrical.summary.lengths', { min: summary.lengths.min, max: summary.lengths.max })}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('electrical.summary.unassigned')}>
              <span data-testid="summary-unassigned">{summary.unassigned}</span>
            </Descriptions.Item>
            {summary.unconnected > 0 && (
              <Descriptions.Item label={t('electrical.summary.unconnected')}>
                <Typography.Text type="warning">{summary.unconnected}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      )}
      <InverterFormModal
        open={custom}
        onClose={() => setCustom(false)}
        onSaved={(id) => {
          setCustom(false);
          void inverterSummary(id)
            .then(add)
            .catch(() => {});
        }}
      />
    </Space>
  );
}
