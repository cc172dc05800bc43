// The weather before it can be chosen (a project not saved yet, or saved without a location): what
// to do, and a preview of the climate station nearest the location typed in the form.
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationList } from '../../../model/api/weather.ts';
import { formatKm, formatKwh, STATION_MAX_DISTANCE_KM, stationTitle } from './weather-format.ts';

export function WeatherPreview({ saved, answer }: { saved: boolean; answer: StationList | null }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  const near = answer?.list[0] ?? null;
  return (
    <Card title={t('weather.title')} data-testid="weather-card">
      <Flex vertical gap={10}>
        <Alert type="info" showIcon title={saved ? t('weather.needsLocation') : t('weather.unsaved')} data-testid="weather-unsaved" />
        {near && (
          <Flex vertical gap={4} data-testid="weather-preview">
            <Typography.Text>
              {t('weather.preview.nearest')} <Typography.Text strong>{stationTitle(near, zh)}</Typography.Text>
            </Typography.Text>
            <Flex gap={8} align="center" wrap>
              <Typography.Text type="secondary">
                {t('weather.summary.distance', { km: formatKm(near.distance) })} · {t('weather.summary.ghi')} {formatKwh(near.ghiAnnual)} kWh/m²
              </Typography.Text>
              {!near.withinRule && <Tag color="orange">{t('weather.picker.far', { km: STATION_MAX_DISTANCE_KM })}</Tag>}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {zh ? answer?.citationZh : answer?.citation}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
