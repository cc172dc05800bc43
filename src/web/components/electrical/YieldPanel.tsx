// The yield of the design (spec 000 §1 "simulation reports"; ELECTRICAL.md "Electrical shading"):
// "Simulate" runs the project's simulation on the saved design (layout, shading, strings, inverters,
// cables, the project's weather) and shows the annual energy, the specific yield, the performance
// ratio, the monthly energy as bars and the loss diagram — each loss of the chain in the order the
// energy flows, the shading's irradiance loss and its electrical (mismatch) loss on lines of their own,
// as PVsyst shows them — and the weather it ran on.
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ElectricalYield } from '../../hooks/useElectricalYield.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { MonthlyBars } from '../MonthlyBars.tsx';

/** Loss names of the chain (src/model/simulate.ts lossNames and the electrical ones) → i18n keys. */
const LOSS_KEYS: Readonly<Record<string, MessageKey>> = {
  horizon: 'electrical.loss.horizon',
  shading: 'electrical.loss.shading',
  shadingIrradiance: 'electrical.loss.shadingIrradiance',
  shadingElectrical: 'electrical.loss.shadingElectrical',
  iam: 'electrical.loss.iam',
  soiling: 'electrical.loss.soiling',
  irradianceAndTemperature: 'electrical.loss.irradianceAndTemperature',
  mismatch: 'electrical.loss.mismatch',
  lid: 'electrical.loss.lid',
  wiring: 'electrical.loss.wiring',
  wiringDc: 'electrical.loss.wiringDc',
  wiringAc: 'electrical.loss.wiringAc',
  inverter: 'electrical.loss.inverter',
  clipping: 'electrical.loss.clipping',
  availability: 'electrical.loss.availability',
};

/** The two shading lines the diagram sets apart. */
const SHADING_LINES: ReadonlySet<string> = new Set(['shadingIrradiance', 'shadingElectrical']);

const fmt = (v: number, digits = 0) => v.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function YieldPanel({ yieldState, configured }: { yieldState: ElectricalYield; configured: boolean }) {
  const { t } = useTranslation();
  const { simulation: s, running, queued, error, run } = yieldState;
  const maxPercent = s ? Math.max(1e-9, ...s.losses.map((l) => Math.abs(l.percent))) : 1;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="yield-panel" data-simulated={s !== null}>
      {/* A spinner icon, not `loading`: a loading Button that stops in a hidden tab keeps its leave motion (and class) for good. */}
      <Button type="primary" block icon={running ? <LoadingOutlined /> : undefined} disabled={!configured || running} onClick={() => void run()} data-testid="simulate">
        {t('electrical.yield.simulate')}
      </Button>
      {!configured && <Typography.Text type="secondary">{t('electrical.yield.needConfig')}</Typography.Text>}
      {queued && (
        <Alert
          type="info"
          showIcon
          message={t(queued.status === 'running' ? 'electrical.yield.queueRunning' : 'electrical.yield.queueWaiting', { modules: fmt(queued.modules) })}
          description={t('electrical.yield.queueNote')}
          data-testid="simulate-queued"
          data-status={queued.status}
        />
      )}
      {error && <Alert type="error" showIcon message={error} data-testid="simulate-error" />}
      {!s ? (
        <Empty description={t('electrical.yield.none')} />
      ) : (
        <>
          {s.estimate && <Alert type="warning" showIcon message={t('electrical.yield.estimate')} />}
          {(s.notices ?? []).map((n) => (
            <Alert key={n.code} type="info" showIcon message={t(`electrical.notices.${n.code}`, n.params)} data-testid={`yield-notice-${n.code}`} />
          ))}
          <Flex gap={12} wrap>
            <Statistic title={t('electrical.yield.annual')} value={s.annual.acKwh} precision={0} suffix="kWh" data-testid="yield-annual" data-value={s.annual.acKwh} />
            <Statistic title={t('electrical.yield.specific')} value={s.annual.specificYield} precision={0} suffix="kWh/kWp" data-testid="yield-specific" />
            <Statistic title={t('electrical.yield.pr')} value={s.annual.performanceRatio * 100} precision={1} suffix="%" data-testid="yield-pr" />
            <Statistic title={t('electrical.yield.capacity')} value={s.annual.capacityKwp} precision={2} suffix="kWp" />
          </Flex>
          <Card size="small" title={t('electrical.yield.monthly')}>
            <div data-testid="yield-monthly" data-months={s.monthly.length}>
              <MonthlyBars values={s.monthly.map((m) => m.acKwh)} width={300} height={80} />
              <Flex justify="space-between" style={{ width: 300, fontSize: 10, color: '#64748b' }}>
                {s.monthly.map((m) => (
                  <span key={m.month}>{m.month}</span>
                ))}
              </Flex>
            </div>
          </Card>
          <Card size="small" title={t('electrical.yield.losses')} data-testid="loss-diagram">
            <Flex vertical gap={4}>
              <Flex justify="space-between">
                <Typography.Text strong>{t('electrical.yield.nominal')}</Typography.Text>
                <Typography.Text>{fmt(s.annual.nominalKwh)} kWh</Typography.Text>
              </Flex>
              {s.losses.map((l) => (
                <div key={l.name} data-testid="loss-row" data-name={l.name} data-percent={l.percent}>
                  <Flex justify="space-between" gap={8}>
                    <span>
                      {LOSS_KEYS[l.name] ? t(LOSS_KEYS[l.name]) : l.name}
                      {SHADING_LINES.has(l.name) && <Tag style={{ marginLeft: 4 }}>{t('electrical.yield.shadingTag')}</Tag>}
                    </span>
                    <span style={{ whiteSpace: 'nowrap' }}>
                      −{fmt(l.kwh)} kWh · {l.percent.toFixed(2)} %
                    </span>
                  </Flex>
                  <div style={{ height: 4, width: `${(100 * Math.abs(l.percent)) / maxPercent}%`, background: SHADING_LINES.has(l.name) ? '#d97706' : '#436CF5', opacity: 0.7 }} />
                </div>
              ))}
              <Flex justify="space-between">
                <Typography.Text strong>{t('electrical.yield.delivered')}</Typography.Text>
                <Typography.Text strong>{fmt(s.annual.acKwh)} kWh</Typography.Text>
              </Flex>
            </Flex>
          </Card>
          {s.weather.name && (
            <Typography.Text type="secondary" data-testid="yield-weather">
              {t('electrical.yield.weather', { name: s.weather.name })}
            </Typography.Text>
          )}
        </>
      )}
    </Space>
  );
}
