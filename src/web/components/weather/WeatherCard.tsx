// The weather a saved project's calculations run on (docs/PRODUCT.md "weather"), as a PV engineer checks
// it: the source in use — station (name, province, distance, altitude difference), uploaded file,
// PVGIS or the rough estimate — its annual GHI, DHI [kWh m⁻²] and mean temperature [°C], the twelve
// months, and the citation under station values; a warning banner whenever a replacement or the
// estimate is used (never silent); then the source choice and the site elevation.
import { Alert, Card, Col, Divider, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ProjectWeather, StationList } from '../../../model/api/weather.ts';
import type { ProjectWeatherHandle } from '../../hooks/useProjectWeather.ts';
import { MonthlyClimate } from './MonthlyClimate.tsx';
import { SourceChoice, type SourceChoiceProps } from './SourceChoice.tsx';
import { formatKm, formatKwh, formatSignedM, formatTemp, STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM, stationTitle } from './weather-format.ts';

/** The annual figures: the value prominent, its unit small. */
const STAT_STYLES = { content: { fontSize: 20 }, suffix: { fontSize: 13 } };
const KIND_COLOURS = { station: 'blue', file: 'green', pvgis: 'cyan', estimate: 'orange' } as const;

export interface WeatherCardProps {
  handle: ProjectWeatherHandle;
  stations: SourceChoiceProps['stations'];
}

export function WeatherCard({ handle, stations }: WeatherCardProps) {
  const { t } = useTranslation();
  const w = handle.weather;
  const warnings = w ? weatherWarnings(w, t) : [];
  return (
    <Card title={t('weather.title')} loading={!w && handle.loading} data-testid="weather-card" style={{ height: '100%' }}>
      {w?.needsLocation && <Alert type="info" showIcon title={t('weather.needsLocation')} />}
      {w && !w.needsLocation && (
        <Flex vertical gap={12}>
          {(warnings.length > 0 || w.source.estimate) && (
            <Alert
              type="warning"
              showIcon
              title={w.source.estimate ? t('weather.notice.estimate') : t('weather.notice.replaced')}
              description={warnings.length > 0 ? warnings.map((text) => <div key={text}>{text}</div>) : t('weather.notice.estimateText')}
              data-testid="weather-notice"
            />
          )}
          <SourceSummary weather={w} answer={stations.answer} />
          <MonthlyClimate monthly={w.monthly} />
          <Divider style={{ margin: '4px 0' }} />
          <SourceChoice weather={w} handle={handle} stations={stations} />
        </Flex>
      )}
    </Card>
  );
}

/** What the engineer must know about the weather in use: the server's coded notices, translated. */
function weatherWarnings(w: ProjectWeather, t: TFunction): string[] {
  return w.notices.map((n) => t(`weather.notices.${n.code}`, { ...n.params, maxKm: STATION_MAX_DISTANCE_KM, maxM: STATION_MAX_ALTITUDE_DIFF_M }));
}

/** The source in use, its place and its annual sums, with the citation of its values. */
function SourceSummary({ weather: w, answer }: { weather: ProjectWeather; answer: StationList | null }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  const kind = w.source.kind;
  const station = kind === 'station' ? w.station : null;
  const file = kind === 'file' ? w.file : null;
  const name = station ? stationTitle(station, zh) : file ? file.name : kind === 'estimate' ? t('weather.source.estimateName') : (w.source.name ?? t('weather.source.pvgis'));
  const stationCitation = answer ? (zh ? answer.citationZh : answer.citation) : w.source.citation;
  const citation = station ? stationCitation : w.source.citation;
  return (
    <Flex vertical gap={6} data-testid="weather-summary" data-kind={kind}>
      <Flex gap={8} align="center" wrap>
        <Tag color={KIND_COLOURS[kind]} style={{ marginInlineEnd: 0 }} data-testid="weather-source-kind">
          {t(`weather.source.${kind}`)}
        </Tag>
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="weather-source-name">
          {name}
        </Typography.Text>
        {station && <Typography.Text type="secondary">{t('weather.summary.stationNo', { id: station.id })}</Typography.Text>}
      </Flex>
      {station && (
        <Typography.Text type="secondary" data-testid="weather-distance">
          {t('weather.summary.distance', { km: formatKm(station.distance) })}
          {' · '}
          {station.altitudeDiff === null ? t('weather.summary.altitudeUnknown') : t('weather.summary.altitudeDiff', { m: formatSignedM(station.altitudeDiff) })}
          {' · '}
          {t('weather.summary.altitude', { m: Math.round(station.altitude), period: station.period })}
        </Typography.Text>
      )}
      {file && (
        <Typography.Text type="secondary" data-testid="weather-distance">
          {t('weather.summary.file', { format: file.format, site: file.siteName || '—', km: formatKm(file.distanceKm) })}
        </Typography.Text>
      )}
      {w.annual && (
        <Row gutter={16} style={{ marginTop: 4 }}>
          <Col span={8} data-testid="weather-ghi">
            <Statistic title={t('weather.summary.ghi')} value={formatKwh(w.annual.ghiKwhM2)} suffix="kWh/m²" styles={STAT_STYLES} />
          </Col>
          <Col span={8} data-testid="weather-dhi">
            <Statistic title={t('weather.summary.dhi')} value={formatKwh(w.annual.dhiKwhM2)} suffix="kWh/m²" styles={STAT_STYLES} />
          </Col>
          <Col span={8} data-testid="weather-temp">
            <Statistic title={t('weather.summary.temp')} value={formatTemp(w.annual.tempAir)} suffix="°C" styles={STAT_STYLES} />
          </Col>
        </Row>
      )}
      {citation && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="weather-citation">
          {citation}
        </Typography.Text>
      )}
    </Flex>
  );
}
