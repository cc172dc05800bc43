// The Economy step's energy storage (spec 000 §3 "Energy storage": capacity, charge and discharge
// power, initial SOC, cut-off SOCs, efficiencies; spec 001 §9 battery replacement none / every N years;
// docs/ECONOMICS.md "Storage dispatch": strategy, yearly fade) with its costs, and the recommendation
// (spec 000 §5: refused until an inverter is selected and wired — the server's message is shown).
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Divider, Flex, InputNumber, Radio, Row, Select, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { StorageRecommendAnswer } from '../../../model/api/economics.ts';
import { dispatchStrategies, type StorageCandidate } from '../../../model/economics.ts';
import { thousands } from '../../format.ts';
import { withBattery, type EconomyDocuments, type EconomyFormValues } from './economy-form.ts';
import { FormField, NumberField } from './FormFields.tsx';
import { toWan } from './results.ts';

export interface StoragePanelProps {
  form: UseFormReturn<EconomyFormValues, unknown, EconomyDocuments>;
  recommendation: StorageRecommendAnswer | null;
  recommending: boolean;
  recommendError: string | null;
  onRecommend: (targetPct: number | null) => void;
}

/** Default self-sufficiency target of the recommendation [%]. */
const DEFAULT_TARGET_PCT = 50;

export function StoragePanel({ form, recommendation, recommending, recommendError, onRecommend }: StoragePanelProps) {
  const { t } = useTranslation();
  const c = form.control;
  const replace = useWatch({ control: c, name: 'storage.replace' });
  const [target, setTarget] = useState<number | null>(DEFAULT_TARGET_PCT);
  const u = (k: 'kwh' | 'kw' | 'percent' | 'percentPerYear' | 'years' | 'yuanPerKwh' | 'yuanPerKw') => t(`economics.unit.${k}`);
  const [applied, setApplied] = useState(false);
  // A new recommendation: nothing of it applied yet.
  useEffect(() => setApplied(false), [recommendation]);
  const apply = (cand: StorageCandidate) => {
    form.setValue('storage', withBattery(form.getValues('storage'), cand.capacity, cand.power), { shouldDirty: true });
    setApplied(true);
  };
  const rows = recommendation
    ? [
        { key: 'baseline', name: t('economics.storage.baseline'), c: recommendation.baseline },
        ...(recommendation.bestNpv ? [{ key: 'bestNpv', name: t('economics.storage.bestNpv'), c: recommendation.bestNpv }] : []),
        ...(recommendation.forTarget ? [{ key: 'forTarget', name: t('economics.storage.forTarget'), c: recommendation.forTarget }] : []),
      ]
    : [];

  return (
    <div data-testid="storage-panel">
      <FormField control={c} name="storage.enabled" label={t('economics.storage.enabled')} render={(f) => <Switch checked={f.value} onChange={f.onChange} data-testid="storage-enabled" />} />
      <Row gutter={12}>
        <Col xs={12}>
          <NumberField control={c} name="storage.capacityKwh" label={t('economics.storage.capacity')} unit={u('kwh')} testId="storage-capacity" />
        </Col>
        <Col xs={12}>
          <NumberField control={c} name="storage.powerKw" label={t('economics.storage.power')} unit={u('kw')} testId="storage-power" />
        </Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.socInitialPct" label={t('economics.storage.socInitial')} unit={u('percent')} testId="storage-soc-initial" />
        </Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.socMinPct" label={t('economics.storage.socMin')} unit={u('percent')} testId="storage-soc-min" />
        </Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.socMaxPct" label={t('economics.storage.socMax')} unit={u('percent')} testId="storage-soc-max" />
        </Col>
        <Col xs={12}>
          <NumberField control={c} name="storage.etaChargePct" label={t('economics.storage.etaCharge')} unit={u('percent')} testId="storage-eta-charge" />
        </Col>
        <Col xs={12}>
          <NumberField control={c} name="storage.etaDischargePct" label={t('economics.storage.etaDischarge')} unit={u('percent')} testId="storage-eta-discharge" />
        </Col>
        <Col xs={12}>
          <FormField control={c} name="storage.strategy" label={t('economics.storage.strategy')} render={(f) => (
            <Select value={f.value} onChange={f.onChange} data-testid="storage-strategy" options={dispatchStrategies.map((s) => ({ value: s, label: t(`economics.storage.strategies.${s}`) }))} />
          )} />
        </Col>
        <Col xs={12}>
          <NumberField control={c} name="storage.fadePctPerYear" label={t('economics.storage.fade')} unit={u('percentPerYear')} testId="storage-fade" />
        </Col>
        <Col xs={12}>
          <FormField control={c} name="storage.replace" label={t('economics.storage.replacement')} render={(f) => (
            <Radio.Group value={f.value} onChange={(e) => f.onChange(e.target.value)} data-testid="storage-replace" options={[{ value: false, label: t('economics.storage.replaceNone') }, { value: true, label: t('economics.storage.replaceEvery') }]} />
          )} />
        </Col>
        <Col xs={12}>{replace && <NumberField control={c} name="storage.replacementYears" label={t('economics.storage.replacementYears')} unit={u('years')} testId="storage-replacement-years" />}</Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.costPerKwh" label={t('economics.storage.costPerKwh')} unit={u('yuanPerKwh')} testId="storage-cost-kwh" />
        </Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.costPerKw" label={t('economics.storage.costPerKw')} unit={u('yuanPerKw')} testId="storage-cost-kw" />
        </Col>
        <Col xs={8}>
          <NumberField control={c} name="storage.replacementCostPerKwh" label={t('economics.storage.replacementCost')} unit={u('yuanPerKwh')} extra={t('economics.storage.replacementCostHint')} testId="storage-replacement-cost" />
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('economics.storage.recommend')}</Divider>
      <Typography.Paragraph type="secondary">{t('economics.storage.recommendHint')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <span>{t('economics.storage.target')}</span>
        <InputNumber value={target} onChange={(v) => setTarget(typeof v === 'number' ? v : null)} min={0} max={100} suffix="%" style={{ width: 120 }} data-testid="recommend-target" />
        <Button onClick={() => onRecommend(target)} icon={recommending ? <LoadingOutlined /> : undefined} disabled={recommending} data-testid="storage-recommend">
          {recommending ? t('economics.storage.recommending') : t('economics.storage.recommend')}
        </Button>
      </Flex>
      {recommendError && <Alert type="error" showIcon message={recommendError} data-testid="recommend-error" />}
      {recommendation && (
        <div data-testid="recommend-result">
          <Typography.Text type="secondary">{t('economics.storage.candidates', { count: recommendation.candidates.length })}</Typography.Text>
          {!recommendation.bestNpv && <Alert type="info" showIcon style={{ margin: '8px 0' }} message={t('economics.storage.noBetter')} />}
          {target !== null && !recommendation.forTarget && <Alert type="info" showIcon style={{ margin: '8px 0' }} message={t('economics.storage.noTarget')} />}
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            onRow={(r) => ({ 'data-testid': 'recommend-row', 'data-kind': r.key, 'data-capacity': r.c.capacity, 'data-power': r.c.power }) as React.HTMLAttributes<HTMLTableRowElement>}
            columns={[
              { title: '', dataIndex: 'name' },
              { title: `${t('economics.storage.capacity')} (${u('kwh')})`, render: (_, r) => thousands(r.c.capacity, 1) },
              { title: `${t('economics.storage.power')} (${u('kw')})`, render: (_, r) => thousands(r.c.power, 1) },
              { title: `${t('economics.results.npv')} (${t('economics.unit.wanYuan')})`, render: (_, r) => thousands(toWan(r.c.npv), 2) },
              { title: t('economics.results.irr'), render: (_, r) => (r.c.irr === null ? t('economics.results.never') : `${(r.c.irr * 100).toFixed(2)} %`) },
              { title: t('economics.results.selfSufficiency'), render: (_, r) => `${(r.c.selfSufficiencyRate * 100).toFixed(1)} %` },
              {
                title: '',
                render: (_, r) =>
                  r.key === 'baseline' ? null : (
                    <Button size="small" onClick={() => apply(r.c)} data-testid={`recommend-apply-${r.key}`}>
                      {t('economics.storage.apply')}
                    </Button>
                  ),
              },
            ]}
          />
          {applied && <Typography.Text type="secondary">{t('economics.storage.applied')}</Typography.Text>}
        </div>
      )}
    </div>
  );
}
