// Where the project's weather comes from: Auto (the nearest station within the rule) | a station the
// user picks | an uploaded EPW / TMY3 / PVGIS file | PVGIS (only when the server is configured for it)
// | the rough estimate; and the optional site elevation [m] the altitude rule compares with.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, InputNumber, Radio, Tooltip, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEATHER_FILE_MAX_BYTES, weatherChoices, type ProjectWeather, type StationList, type WeatherChoice } from '../../../model/api/weather.ts';
import type { ProjectWeatherHandle } from '../../hooks/useProjectWeather.ts';
import { StationPicker } from './StationPicker.tsx';
import { ELEVATION_RANGE_M, formatKm, STATION_MAX_ALTITUDE_DIFF_M } from './weather-format.ts';

/** EPW, TMY3 (CSV), PVGIS TMY (JSON, CSV, EPW). */
const ACCEPT = '.epw,.csv,.json,.txt';
const MB = 1024 * 1024;

export interface SourceChoiceProps {
  weather: ProjectWeather;
  handle: ProjectWeatherHandle;
  stations: { answer: StationList | null; searching: boolean; search: (text: string) => void };
}

export function SourceChoice({ weather, handle, stations }: SourceChoiceProps) {
  const { t } = useTranslation();
  // The radio may show 'station' or 'file' before the station is picked or the file uploaded.
  const [mode, setMode] = useState<WeatherChoice>(weather.choice);
  useEffect(() => setMode(weather.choice), [weather.choice]);
  const [fileError, setFileError] = useState<string | null>(null);

  const pick = (choice: WeatherChoice) => {
    setMode(choice);
    setFileError(null);
    if (choice === 'station' || (choice === 'file' && !weather.file)) return;
    void handle.choose(choice);
  };

  const upload = async (file: File) => {
    setFileError(null);
    if (file.size > WEATHER_FILE_MAX_BYTES) {
      setFileError(t('weather.file.tooLarge', { mb: WEATHER_FILE_MAX_BYTES / MB }));
      return;
    }
    setFileError(await handle.uploadFile(file));
  };

  // a vertical form's labels, without a <form> of its own (the fields save themselves)
  return (
    <Form layout="vertical" component={false}>
      <Flex vertical gap={12}>
        <Form.Item label={t('weather.choice.label')} style={{ marginBottom: 0 }}>
          <Radio.Group value={mode} onChange={(e) => pick(e.target.value as WeatherChoice)} disabled={handle.busy !== null} data-testid="weather-choice">
            <Flex wrap gap={4}>
              {weatherChoices.map((c) =>
                c === 'pvgis' && !weather.pvgis ? (
                  <Tooltip key={c} title={t('weather.choice.pvgisOff')}>
                    <Radio.Button value={c} disabled>
                      {t(`weather.choice.${c}`)}
                    </Radio.Button>
                  </Tooltip>
                ) : (
                  <Radio.Button key={c} value={c}>
                    {t(`weather.choice.${c}`)}
                  </Radio.Button>
                ),
              )}
            </Flex>
          </Radio.Group>
        </Form.Item>

        {mode === 'station' && (
          <StationPicker
            answer={stations.answer}
            current={weather.choice === 'station' ? weather.station : null}
            searching={stations.searching}
            onSearch={stations.search}
            onPick={(id) => void handle.choose(id)}
            disabled={handle.busy !== null}
          />
        )}

        {mode === 'file' && (
          <Flex vertical gap={6}>
            <Flex gap={8} align="center" wrap>
              <Upload
                accept={ACCEPT}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void upload(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />} loading={handle.busy === 'file'} data-testid="weather-upload">
                  {weather.file ? t('weather.file.replace') : t('weather.file.upload')}
                </Button>
              </Upload>
              <Typography.Text type="secondary">{t('weather.file.hint', { mb: WEATHER_FILE_MAX_BYTES / MB })}</Typography.Text>
            </Flex>
            {weather.file && weather.source.kind !== 'file' && (
              <Typography.Text type="secondary" data-testid="weather-file-facts">
                {t('weather.file.facts', { name: weather.file.name, format: weather.file.format, site: weather.file.siteName || '—', km: formatKm(weather.file.distanceKm) })}
              </Typography.Text>
            )}
            {fileError && <Alert type="error" showIcon title={t('weather.file.failed')} description={fileError} closable onClose={() => setFileError(null)} data-testid="weather-upload-error" />}
          </Flex>
        )}

        <ElevationInput value={weather.elevation} busy={handle.busy !== null} onSave={(m) => void handle.setElevation(m)} />
      </Flex>
    </Form>
  );
}

/** The site elevation [m], saved when it changed and the field is left (or Enter). */
function ElevationInput({ value, busy, onSave }: { value: number | null; busy: boolean; onSave: (m: number | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState<number | null>(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onSave(text);
  };
  return (
    <Form.Item label={t('weather.elevation.label')} extra={t('weather.elevation.hint', { m: STATION_MAX_ALTITUDE_DIFF_M })} style={{ marginBottom: 0 }}>
      <InputNumber
        value={text}
        min={ELEVATION_RANGE_M.min}
        max={ELEVATION_RANGE_M.max}
        step={10}
        precision={0}
        suffix="m"
        placeholder={t('weather.elevation.placeholder')}
        disabled={busy}
        style={{ width: 200 }}
        onChange={(v) => setText(typeof v === 'number' ? v : null)}
        onBlur={commit}
        onPressEnter={commit}
        data-testid="site-elevation"
      />
    </Form.Item>
  );
}
