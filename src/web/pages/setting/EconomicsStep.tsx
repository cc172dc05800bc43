// Step 5, Economics (spec 000 §2 settingEconomics; open with an inverter configuration, hidden for
// LITE-RE; §3 "Energy storage", "Economic parameters"): the operation mode and the tariff, the storage
// (with its recommendation), the economic parameters, tax and loan — Save and Calculate — and the
// results: the indicators, the charts and the cash-flow table. The logic is useEconomicsStep.
import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Select, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FinancePanel, ParamsPanel } from '../../components/economics/ParamsPanel.tsx';
import { ResultsPanel } from '../../components/economics/ResultsPanel.tsx';
import { StoragePanel } from '../../components/economics/StoragePanel.tsx';
import { TariffEditor } from '../../components/economics/TariffEditor.tsx';
import { useEconomicsStep, type EconomyTab } from '../../hooks/useEconomicsStep.ts';
import { operationModeOf } from '../../../model/wizard.ts';

export function EconomicsStep() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EconomyTab>('tariff');
  const s = useEconomicsStep(setTab);
  const busy = s.loading || s.saving || s.calculating;
  return (
    <Flex vertical gap={16} data-testid="economics-step" data-loading={s.loading}>
      <Card title={t('economics.step.title')}>
        {s.loading ? (
          <Spin />
        ) : (
          <Form layout="vertical" onFinish={() => undefined}>
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as EconomyTab)}
              items={[
                {
                  key: 'tariff',
                  label: t('economics.step.tabs.tariff'),
                  forceRender: true,
                  children: (
                    <>
                      <Form.Item label={t('economics.mode.label')} extra={s.hasLoad ? undefined : t('economics.mode.needsLoad')}>
                        <Select
                          value={s.mode ?? undefined}
                          onChange={(m) => {
                            const mode = operationModeOf(m);
                            if (mode) void s.setMode(mode);
                          }}
                          style={{ maxWidth: 320 }}
                          data-testid="economics-mode"
                          options={([1, 2, 3] as const).map((m) => ({ value: m, label: t(`project.mode.${m}`), disabled: m !== 3 && !s.hasLoad }))}
                        />
                      </Form.Item>
                      <TariffEditor form={s.form} prices={s.prices} selfUse={s.mode === 2} onSaveScheme={s.saveScheme} onDeleteScheme={s.deleteScheme} />
                    </>
                  ),
                },
                {
                  key: 'storage',
                  label: t('economics.step.tabs.storage'),
                  forceRender: true,
                  children: <StoragePanel form={s.form} recommendation={s.recommendation} recommending={s.recommending} recommendError={s.recommendError} onRecommend={(target) => void s.recommend(target)} />,
                },
                { key: 'params', label: t('economics.step.tabs.params'), forceRender: true, children: <ParamsPanel form={s.form} /> },
                { key: 'finance', label: t('economics.step.tabs.finance'), forceRender: true, children: <FinancePanel form={s.form} /> },
              ]}
            />
          </Form>
        )}
        <Flex gap={12} justify="flex-end">
          {/* Spinner icons, not `loading`: a loading Button keeps its leave motion (and class) when it stops in a hidden tab. */}
          <Button onClick={() => void s.save()} icon={s.saving ? <LoadingOutlined /> : undefined} disabled={busy} data-testid="save-economics">
            {t('economics.step.save')}
          </Button>
          <Button type="primary" onClick={() => void s.calculate()} icon={s.calculating ? <LoadingOutlined /> : undefined} disabled={busy} data-testid="calculate-economics">
            {s.calculating ? t('economics.step.calculating') : t('economics.step.calculate')}
          </Button>
        </Flex>
      </Card>
      <ResultsPanel result={s.result} outdated={s.outdated} error={s.runError} />
      <Flex justify="space-between">
        <Button onClick={s.previous}>{t('common.previous')}</Button>
        <Button type="primary" onClick={s.next} data-testid="next-step">
          {t('common.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
