// /aiomSetting/fly: a drone flight plan over the plant's roofs — altitude, front and side overlap,
// margin, speed, camera (sensor width, focal length, image size) → the server's plan (aiom/fly/plan):
// the lawn-mower path drawn over the survey area (SVG, plan metres), the ground sampling distance,
// photo count, flight length and time; the plan as KML or KMZ (DJI WPML) for the pilot's app.
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, InputNumber, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlyPlan } from '../../../model/api/aiom-operations.ts';
import { exportFlight, planFlight, type FlyPlanRequest } from '../../api/aiom-operations.ts';
import { flightDrawing, svgPoints } from '../../components/aiom/flight-view.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { saveFile } from '../../save-file.ts';
import { useAiomDesignBuildings } from '../../hooks/useAiomDesignBuildings.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';

export function FlyPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <Fly projectId={projectId} />;
}

type Values = Omit<FlyPlanRequest, 'projectId'>;

const DEFAULTS: Values = {
  altitudeM: 40,
  frontOverlapPercent: 80,
  sideOverlapPercent: 70,
  marginM: 5,
  speedMs: 5,
  camera: { sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472, imageHeightPx: 3648 },
};

const FIELDS: { name: string | [string, string]; key: string; min: number; max: number; unit: string; integer?: boolean }[] = [
  { name: 'altitudeM', key: 'altitude', min: 5, max: 500, unit: 'm' },
  { name: 'frontOverlapPercent', key: 'frontOverlap', min: 0, max: 95, unit: '%' },
  { name: 'sideOverlapPercent', key: 'sideOverlap', min: 0, max: 95, unit: '%' },
  { name: 'marginM', key: 'margin', min: 0, max: 200, unit: 'm' },
  { name: 'speedMs', key: 'speed', min: 1, max: 15, unit: 'm/s' },
  { name: ['camera', 'sensorWidthMm'], key: 'sensorWidth', min: 1, max: 100, unit: 'mm' },
  { name: ['camera', 'focalLengthMm'], key: 'focalLength', min: 1, max: 500, unit: 'mm' },
  { name: ['camera', 'imageWidthPx'], key: 'imageWidth', min: 100, max: 100_000, unit: 'px', integer: true },
  { name: ['camera', 'imageHeightPx'], key: 'imageHeight', min: 100, max: 100_000, unit: 'px', integer: true },
];

function Fly({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [plan, setPlan] = useState<FlyPlan | null>(null);
  const [request, setRequest] = useState<FlyPlanRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const buildings = useAiomDesignBuildings(projectId);

  const make = async () => {
    const v = await form.validateFields();
    const body: FlyPlanRequest = { projectId, ...DEFAULTS, ...v, camera: { ...DEFAULTS.camera, ...v.camera } };
    setBusy(true);
    try {
      setPlan(await planFlight(body));
      setRequest(body);
    } catch {
      // the client showed the error
    } finally {
      setBusy(false);
    }
  };

  const download = async (format: 'kml' | 'kmz') => {
    if (!request) return;
    try {
      saveFile(await exportFlight(request, format), `flight-plan-${projectId}.${format}`);
    } catch {
      // the client showed the error
    }
  };

  const drawing = plan ? flightDrawing(plan, buildings) : null;
  return (
    <Row gutter={16} data-testid="aiom-fly">
      <Col xs={24} lg={8}>
        <Card title={t('aiom.menu.fly')}>
          <Form form={form} layout="vertical" initialValues={DEFAULTS}>
            {FIELDS.map((f) => (
              <Form.Item key={f.key} name={f.name} label={t(`aiom.fly.${f.key}` as 'aiom.fly.altitude')} rules={[{ required: true, message: t('validation.required') }]}>
                <InputNumber min={f.min} max={f.max} precision={f.integer ? 0 : undefined} style={{ width: '100%' }} suffix={f.unit} data-testid={`fly-${f.key}`} />
              </Form.Item>
            ))}
            <Button type="primary" block loading={busy} onClick={() => void make()} data-testid="fly-plan">
              {t('aiom.fly.make')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card
          title={t('aiom.fly.plan')}
          extra={
            <Space>
              <Button icon={<DownloadOutlined />} disabled={!plan} onClick={() => void download('kml')} data-testid="fly-kml">
                KML
              </Button>
              <Button icon={<DownloadOutlined />} disabled={!plan} onClick={() => void download('kmz')} data-testid="fly-kmz">
                KMZ (WPML)
              </Button>
            </Space>
          }
        >
          {plan && drawing ? (
            <>
              <Row gutter={16} style={{ marginBottom: 12 }}>
                <Col span={6}>
                  <Statistic title={t('aiom.fly.gsd')} value={plan.gsdCmPerPx.toFixed(2)} suffix="cm/px" data-testid="fly-gsd" />
                </Col>
                <Col span={6}>
                  <Statistic title={t('aiom.fly.photos')} value={plan.photos} data-testid="fly-photos" />
                </Col>
                <Col span={6}>
                  <Statistic title={t('aiom.fly.length')} value={plan.lengthM.toFixed(0)} suffix="m" data-testid="fly-length" />
                </Col>
                <Col span={6}>
                  <Statistic title={t('aiom.fly.duration')} value={(plan.durationS / 60).toFixed(1)} suffix="min" />
                </Col>
              </Row>
              <Typography.Text type="secondary">{t('aiom.fly.lines', { count: plan.lines, spacing: plan.lineSpacingM.toFixed(1), interval: plan.photoIntervalM.toFixed(1) })}</Typography.Text>
              <svg viewBox={drawing.viewBox} width="100%" style={{ maxHeight: 520, background: '#f5f7fa', marginTop: 8 }} data-testid="fly-drawing" data-waypoints={plan.waypoints.length} data-lines={plan.lines}>
                <polygon points={svgPoints(drawing.outline)} fill="#d6e4ff" stroke="#2f54eb" strokeWidth={1} strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
                {drawing.buildings.map((b, i) => (
                  <polygon key={i} points={svgPoints(b)} fill="#bfc7d5" stroke="#595959" strokeWidth={1} vectorEffect="non-scaling-stroke" data-testid="fly-building" />
                ))}
                <polyline points={svgPoints(drawing.path)} fill="none" stroke="#fa541c" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
                {drawing.path.length > 0 ? <circle cx={drawing.path[0].x} cy={-drawing.path[0].y} r={drawing.markerRadius} fill="#52c41a" /> : null}
              </svg>
            </>
          ) : (
            <Typography.Text type="secondary">{t('aiom.fly.hint')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
