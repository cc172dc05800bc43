// The Economy step's tariff (docs/ECONOMICS.md "Tariffs"; spec 000 §3 "electricity price (uniform or
// peak-valley)", "surplus sale"): a uniform price, or a time-of-use tariff started from a scheme of the
// user's list or from an example template (the template note says it is illustrative and not current)
// and edited — a price per period and the period of each hour of each month — and the surplus-sale
// price. The tariff can be kept as a scheme of the user's list when its months share one day.
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Divider, Flex, Input, Popconfirm, Radio, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ElectricityPriceList } from '../../../model/api/economics.ts';
import type { TariffPeriodName } from '../../../model/economics.ts';
import type { EconomyDocuments, EconomyFormValues } from './economy-form.ts';
import { FormField, NumberField } from './FormFields.tsx';
import { TariffGrid } from './TariffGrid.tsx';
import { copyMonthToAll, PERIOD_COLOURS, PERIOD_ORDER, schemeOfTariff, tariffFormOf, tariffOfForm, toTou, toUniform, usedPeriods } from './tariff-grid.ts';
import { meanPrice } from '../../../economics/tariffs.ts';
import { economicsTariffSchema } from '../../../model/economics.ts';

export interface TariffEditorProps {
  form: UseFormReturn<EconomyFormValues, unknown, EconomyDocuments>;
  prices: ElectricityPriceList | null;
  /** Full self-use: the surplus earns nothing. */
  selfUse: boolean;
  onSaveScheme: (name: string) => Promise<boolean>;
  onDeleteScheme: (id: number) => Promise<void>;
}

export function TariffEditor({ form, prices, selfUse, onSaveScheme, onDeleteScheme }: TariffEditorProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language?.startsWith('zh') ?? false;
  const c = form.control;
  const tariff = useWatch({ control: c, name: 'economic.tariff' });
  const tariffId = useWatch({ control: c, name: 'economic.tariffId' });
  const template = useWatch({ control: c, name: 'economic.tariffTemplate' });
  const setTemplate = (id: string | null) => form.setValue('economic.tariffTemplate', id, { shouldDirty: true });
  const [copyFrom, setCopyFrom] = useState(1);
  const [schemeName, setSchemeName] = useState('');
  const set = (next: EconomyFormValues['economic']['tariff']) => form.setValue('economic.tariff', next, { shouldDirty: true });
  const chosen = template ? prices?.templates.find((x) => x.id === template) : null;
  const valid = economicsTariffSchema.safeParse(tariffOfForm(tariff));
  const mean = valid.success ? meanPrice(valid.data) : null;
  const own = (prices?.list ?? []).filter((s) => s.owner === 'user');
  const system = (prices?.list ?? []).filter((s) => s.owner === 'system');
  const scheme = schemeOfTariff(tariff, schemeName.trim() || 'x');

  const pick = (value: string) => {
    const [kind, id] = [value.slice(0, 1), value.slice(2)];
    if (kind === 't') {
      const tp = prices?.templates.find((x) => x.id === id);
      if (!tp) return;
      set(tariffFormOf(tp.tariff));
      form.setValue('economic.tariffId', null, { shouldDirty: true });
      setTemplate(tp.id);
    } else {
      const s = prices?.list.find((x) => x.id === Number(id));
      if (!s) return;
      set(tariffFormOf(s.tariff));
      form.setValue('economic.tariffId', s.id, { shouldDirty: true });
      setTemplate(null);
    }
  };
  const option = (s: { id: number; name: string; averagePrice: number }) => ({ value: `s:${s.id}`, label: `${s.name} · ${s.averagePrice.toFixed(4)} ${t('economics.unit.yuanPerKwh')}` });

  return (
    <div data-testid="tariff-editor" data-kind={tariff.kind}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ minWidth: 360 }}
          placeholder={t('economics.tariff.schemePlaceholder')}
          value={template ? `t:${template}` : tariffId !== null ? `s:${tariffId}` : undefined}
          onChange={pick}
          data-testid="tariff-scheme"
          options={[
            ...(own.length ? [{ label: t('economics.tariff.mine'), options: own.map(option) }] : []),
            ...(system.length ? [{ label: t('economics.tariff.scheme'), options: system.map(option) }] : []),
            {
              label: t('economics.tariff.templates'),
              options: (prices?.templates ?? []).map((x) => ({ value: `t:${x.id}`, label: `${t('economics.tariff.template')} · ${zh ? x.nameZh : x.nameEn}` })),
            },
          ]}
        />
        {tariffId !== null && own.some((s) => s.id === tariffId) && (
          <Popconfirm title={t('economics.tariff.deleteScheme')} onConfirm={() => void onDeleteScheme(tariffId)} okText={t('common.confirm')} cancelText={t('common.cancel')}>
            <Button icon={<DeleteOutlined />} aria-label={t('economics.tariff.deleteScheme')} />
          </Popconfirm>
        )}
      </Space>
      {chosen && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="tariff-template-note"
          message={t('economics.tariff.templateNote')}
          description={t('economics.tariff.source', { source: chosen.source })}
        />
      )}
      <FormField control={c} name="economic.tariff.kind" label={t('economics.tariff.label')} render={(f) => (
        <Radio.Group
          value={f.value}
          onChange={(e) => set(e.target.value === 'tou' ? toTou(tariff) : toUniform(tariff))}
          optionType="button"
          data-testid="tariff-kind"
          options={[{ value: 'uniform', label: t('economics.tariff.uniform') }, { value: 'tou', label: t('economics.tariff.tou') }]}
        />
      )} />
      {tariff.kind === 'uniform' ? (
        <NumberField control={c} name="economic.tariff.price" label={t('economics.tariff.price')} unit={t('economics.unit.yuanPerKwh')} required testId="tariff-price" />
      ) : (
        <>
          <Typography.Text strong>{t('economics.tariff.periodPrices')}</Typography.Text>
          <Row gutter={12} style={{ marginTop: 8 }}>
            {PERIOD_ORDER.map((p: TariffPeriodName) => (
              <Col key={p} xs={12} md={8} xl={8}>
                <NumberField
                  control={c}
                  name={`economic.tariff.prices.${p}`}
                  label={
                    <span>
                      <span style={{ display: 'inline-block', width: 10, height: 10, marginRight: 4, background: PERIOD_COLOURS[p] }} />
                      {t(`economics.tariff.period.${p}`)}
                    </span>
                  }
                  unit={t('economics.unit.yuanPerKwh')}
                  required={usedPeriods(tariff.periods).includes(p)}
                  testId={`tariff-price-${p}`}
                />
              </Col>
            ))}
          </Row>
          <TariffGrid periods={tariff.periods} onChange={(periods) => set({ ...tariff, periods })} />
          <Space style={{ marginTop: 8 }} wrap>
            <span>{t('economics.tariff.fromMonth')}</span>
            <Select size="small" value={copyFrom} onChange={setCopyFrom} style={{ width: 90 }} options={Array.from({ length: 12 }, (_, m) => ({ value: m + 1, label: t('economics.load.month', { month: m + 1 }) }))} />
            <Button size="small" onClick={() => set({ ...tariff, periods: copyMonthToAll(tariff.periods, copyFrom - 1) })}>
              {t('economics.tariff.copyMonth', { month: copyFrom })}
            </Button>
          </Space>
        </>
      )}
      {mean !== null && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="tariff-mean" data-value={mean}>
          {t('economics.tariff.mean', { price: mean.toFixed(4) })}
        </Typography.Paragraph>
      )}
      <Flex gap={8} align="center" wrap>
        <Input size="small" style={{ width: 220 }} placeholder={t('economics.tariff.schemeName')} value={schemeName} onChange={(e) => setSchemeName(e.target.value)} maxLength={100} />
        <Button
          size="small"
          disabled={!scheme || !schemeName.trim()}
          onClick={() =>
            void onSaveScheme(schemeName).then((ok) => {
              if (ok) setSchemeName('');
            })
          }
        >
          {t('economics.tariff.saveScheme')}
        </Button>
      </Flex>
      <Divider />
      <NumberField control={c} name="economic.exportPrice" label={t('economics.tariff.exportPrice')} unit={t('economics.unit.yuanPerKwh')} required extra={selfUse ? t('economics.tariff.exportPriceHint') : undefined} testId="export-price" />
    </div>
  );
}
