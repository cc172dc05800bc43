// Picks the project's climate station: a searchable list of the stations nearest the site (distance,
// altitude difference, annual GHI, a tag when outside the default-station rule), or those found by
// number, Chinese, English or pinyin name, or province; the station values' citation under the list.
import { Flex, Select, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationInfo, StationList } from '../../../model/api/weather.ts';
import { formatKm, formatKwh, formatSignedM, ruleBreaches, STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM, stationName, provinceName } from './weather-format.ts';

export interface StationPickerProps {
  /** The stations to list (nearest, or a search's). */
  answer: StationList | null;
  /** The chosen station (listed even when the search does not find it). */
  current: StationInfo | null;
  searching: boolean;
  onSearch: (text: string) => void;
  onPick: (stationId: string) => void;
  disabled?: boolean;
}

export function StationPicker({ answer, current, searching, onSearch, onPick, disabled }: StationPickerProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  const stations = useMemo(() => {
    const list = answer?.list ?? [];
    return current && !list.some((s) => s.id === current.id) ? [current, ...list] : list;
  }, [answer, current]);
  const byId = useMemo(() => new Map(stations.map((s) => [s.id, s])), [stations]);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch }}
      value={current?.id}
      placeholder={t('weather.picker.placeholder')}
      loading={searching}
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid="station-picker"
      notFoundContent={searching ? t('weather.picker.searching') : t('weather.picker.none')}
      onChange={(id: string) => onPick(id)}
      onOpenChange={(open) => !open && onSearch('')}
      options={stations.map((s) => ({ value: s.id, label: `${stationName(s, zh)} (${s.id})` }))}
      optionRender={(o) => {
        const s = byId.get(String(o.value));
        return s ? <StationOption station={s} zh={zh} /> : o.label;
      }}
      popupRender={(menu) => (
        <>
          {menu}
          <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px 2px', fontSize: 12 }}>
            {t('weather.picker.columns')} · {zh ? answer?.citationZh : answer?.citation}
          </Typography.Text>
        </>
      )}
    />
  );
}

function StationOption({ station: s, zh }: { station: StationInfo; zh: boolean }) {
  const { t } = useTranslation();
  const breaches = ruleBreaches(s);
  return (
    <Flex justify="space-between" gap={12} data-testid={`station-option-${s.id}`}>
      <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {stationName(s, zh)} <Typography.Text type="secondary">· {provinceName(s, zh)} · {s.id}</Typography.Text>
      </span>
      <Flex gap={10} style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
        {s.distance !== null && <span>{formatKm(s.distance)} km</span>}
        {s.altitudeDiff !== null && <Typography.Text type="secondary">Δh {formatSignedM(s.altitudeDiff)} m</Typography.Text>}
        <span>{formatKwh(s.ghiAnnual)} kWh/m²</span>
        {!s.withinRule && (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {breaches.includes('distance') ? t('weather.picker.far', { km: STATION_MAX_DISTANCE_KM }) : t('weather.picker.high', { m: STATION_MAX_ALTITUDE_DIFF_M })}
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}
