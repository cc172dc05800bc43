// The project's horizon (far shading: mountains, distant buildings) over the site's sun paths: upload
// a horizon file (PVGIS horizon JSON/CSV, or azimuth,elevation rows), type or paste the rows and save,
// or remove it. Without a horizon the open sky down to 0° is assumed, and the chart shows the sun
// paths over a flat horizon.
import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HORIZON_FILE_MAX_BYTES } from '../../../model/api/weather.ts';
import type { HorizonProfile } from '../../../model/horizon.ts';
import { formatDateTime } from '../../format.ts';
import type { ProjectWeatherHandle, Site } from '../../hooks/useProjectWeather.ts';
import { HorizonChart } from './HorizonChart.tsx';
import { formatHorizonRows, parseHorizonRows } from './horizon-rows.ts';

/** The open sky: a flat horizon at 0°. */
const FLAT: HorizonProfile = [
  [0, 0],
  [360, 0],
];
const ACCEPT = '.json,.csv,.txt,.hor';
/** The chart's shape: height per width, and its bounds [px]. */
const CHART = { ratio: 0.42, minHeight: 220, maxHeight: 300, maxWidth: 760 };

export function HorizonEditor({ handle, site }: { handle: ProjectWeatherHandle; site: Site }) {
  const { t } = useTranslation();
  const horizon = handle.weather?.horizon ?? null;
  const [editing, setEditing] = useState(false);
  const [rows, setRows] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [box, width] = useWidth();
  const busy = handle.busy === 'horizon';

  const startEditing = () => {
    setRows(horizon ? formatHorizonRows(horizon.profile) : '');
    setError(null);
    setEditing(true);
  };

  const save = async () => {
    const parsed = parseHorizonRows(rows);
    if (!parsed.ok) {
      setError(t('weather.horizon.rowsError', { detail: parsed.detail }));
      return;
    }
    const failed = await handle.saveHorizon(parsed.profile);
    setError(failed);
    if (!failed) setEditing(false);
  };

  const upload = async (file: File) => {
    setError(null);
    if (file.size > HORIZON_FILE_MAX_BYTES) {
      setError(t('weather.horizon.tooLarge', { kb: HORIZON_FILE_MAX_BYTES / 1024 }));
      return;
    }
    const failed = await handle.uploadHorizonFile(file);
    setError(failed);
    if (!failed) setEditing(false);
  };

  const remove = async () => {
    setError(await handle.saveHorizon(null));
    setEditing(false);
  };

  const chartWidth = Math.min(CHART.maxWidth, width);
  const chartHeight = Math.round(Math.min(CHART.maxHeight, Math.max(CHART.minHeight, chartWidth * CHART.ratio)));
  return (
    <Card title={t('weather.horizon.title')} data-testid="horizon-card" style={{ height: '100%' }}>
      <Flex vertical gap={10}>
        <Typography.Text type="secondary" data-testid="horizon-caption">
          {horizon
            ? t('weather.horizon.caption', { source: horizon.name ?? t('weather.horizon.typed'), n: horizon.profile.length, date: formatDateTime(horizon.updatedAt) })
            : t('weather.horizon.none')}
        </Typography.Text>
        <div ref={box} data-testid="horizon-chart" data-points={horizon?.profile.length ?? 0}>
          {chartWidth > 0 && <HorizonChart profile={horizon?.profile ?? FLAT} latitude={site.lat} longitude={site.lng} width={chartWidth} height={chartHeight} />}
        </div>
        <Flex gap={8} wrap>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="horizon-upload">
              {t('weather.horizon.upload')}
            </Button>
          </Upload>
          {!editing && (
            <Button icon={<EditOutlined />} onClick={startEditing} disabled={busy} data-testid="horizon-edit">
              {horizon ? t('weather.horizon.edit') : t('weather.horizon.type')}
            </Button>
          )}
          {horizon && (
            <Button icon={<DeleteOutlined />} onClick={() => void remove()} disabled={busy} data-testid="horizon-remove">
              {t('weather.horizon.remove')}
            </Button>
          )}
        </Flex>
        {editing && (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('weather.horizon.rowsHint')}</Typography.Text>
            <Input.TextArea
              value={rows}
              onChange={(e) => setRows(e.target.value)}
              rows={8}
              placeholder={'0,3\n90,8.5\n180,2\n270,12'}
              style={{ fontFamily: 'monospace' }}
              data-testid="horizon-rows"
            />
            <Flex gap={8} justify="flex-end">
              <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
              <Button type="primary" loading={busy} onClick={() => void save()} data-testid="horizon-save">
                {t('weather.horizon.save')}
              </Button>
            </Flex>
          </Flex>
        )}
        {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} data-testid="horizon-error" />}
      </Flex>
    </Card>
  );
}

/** A ref for an element and its content width [px], followed as it resizes. */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setWidth(Math.floor(el.clientWidth));
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
