// /aiomSetting/summary (overview): the plant's live power, today / month / year / total energy, income,
// CO₂ avoided, today's PR and health (devices online of all, faults, active alarms), refreshed every
// 30 s (useAiomOverview). Figures from aiom/overview; the active alarms from alarm/getList.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, List, Progress, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listAlarms } from '../../api/alarms.ts';
import { formatEnergy, formatPercent, formatPower, formatTime } from '../../components/aiom/format.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { DEVICE_STATE_COLOURS } from '../../components/aiom/device-colours.ts';
import { useAiomOverview } from '../../hooks/useAiomOverview.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';

const PERIODS = ['today', 'month', 'year', 'total'] as const;

export function SummaryPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Summary projectId={projectId} />;
}

function Summary({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { overview: o, loading, reload } = useAiomOverview(projectId);
  const [activeAlarms, setActiveAlarms] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    listAlarms(projectId, { status: 'active', page: 1, size: 1 })
      .then((r) => live && setActiveAlarms(r.total))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId, o?.at]);

  const power = formatPower(o?.livePowerW);
  const h = o?.health;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="aiom-summary">
      <Card
        title={o?.name ?? t('aiom.menu.summary')}
        extra={
          <Space>
            <Typography.Text type="secondary">{t('aiom.summary.updated', { time: formatTime(o?.at) })}</Typography.Text>
            <Button onClick={() => void navigate(`/aiomSetting/patrol?id=${projectId}`)} data-testid="open-patrol">
              {t('aiom.menu.patrol')}
            </Button>
            <Button onClick={() => void navigate(`/aiomSetting/fly?id=${projectId}`)} data-testid="open-fly">
              {t('aiom.menu.fly')}
            </Button>
            <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void reload()} data-testid="summary-refresh" />
          </Space>
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Statistic title={t('aiom.summary.livePower')} value={power.value} suffix={power.unit} data-testid="live-power" data-watts={o ? String(o.livePowerW) : ''} />
            {o?.capacityKwp ? <Progress percent={Math.min(100, Math.round((o.livePowerW / 1000 / o.capacityKwp) * 100))} size="small" /> : null}
          </Col>
          {PERIODS.map((p) => {
            const e = formatEnergy(o?.energyKwh[p]);
            return (
              <Col xs={12} md={4} key={p}>
                <Statistic title={t(`aiom.summary.${p}`)} value={e.value} suffix={e.unit} data-testid={`energy-${p}`} />
              </Col>
            );
          })}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title={t('aiom.summary.income')} size="small">
            <Row gutter={8}>
              {PERIODS.map((p) => (
                <Col span={12} key={p}>
                  <Statistic title={t(`aiom.summary.${p}`)} value={o ? o.income[p].toFixed(2) : '—'} suffix={o?.income.currency} />
                </Col>
              ))}
            </Row>
            {o && o.income.source === 'none' ? <Typography.Text type="secondary">{t('aiom.summary.noTariff')}</Typography.Text> : null}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title={t('aiom.summary.co2')} size="small">
            <Row gutter={8}>
              {PERIODS.map((p) => (
                <Col span={12} key={p}>
                  <Statistic title={t(`aiom.summary.${p}`)} value={o ? (o.co2Kg[p] / 1000).toFixed(3) : '—'} suffix="t" />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title={t('aiom.summary.health')} size="small" data-testid="summary-health">
            <Row gutter={8}>
              <Col span={12}>
                <Statistic title={t('aiom.summary.prToday')} value={formatPercent(o?.prToday)} data-testid="pr-today" />
              </Col>
              <Col span={12}>
                <Statistic title={t('aiom.summary.online')} value={h ? `${h.online} / ${h.devices}` : '—'} data-testid="devices-online" />
              </Col>
              <Col span={12}>
                <Statistic title={t('aiom.summary.activeAlarms')} value={activeAlarms ?? '—'} data-testid="active-alarms" valueStyle={activeAlarms ? { color: '#f5222d' } : undefined} />
              </Col>
              <Col span={12}>
                <Statistic title={t('aiom.summary.irradiation')} value={o?.irradiationTodayKwhM2 != null ? o.irradiationTodayKwhM2.toFixed(2) : '—'} suffix="kWh/m²" />
              </Col>
            </Row>
            {h ? (
              <Space wrap style={{ marginTop: 8 }}>
                {(['online', 'offline', 'fault', 'neverReported'] as const).map((s) => (
                  <Tag key={s} color={DEVICE_STATE_COLOURS[s]}>
                    {t(`aiom.deviceState.${s}`)} {h[s]}
                  </Tag>
                ))}
              </Space>
            ) : null}
          </Card>
        </Col>
      </Row>
      {h && h.activeFaults.length > 0 ? (
        <Card title={t('aiom.summary.faults')} size="small">
          <List
            size="small"
            dataSource={h.activeFaults}
            renderItem={(f) => (
              <List.Item>
                <Alert type="error" showIcon style={{ width: '100%' }} title={t('aiom.summary.fault', { serial: f.serial, code: f.faultCode, since: formatTime(f.since) })} />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
    </Space>
  );
}
