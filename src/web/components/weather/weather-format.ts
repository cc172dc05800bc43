// What the weather card computes before it draws (pure): the weatherStation value in effect, a
// station's name and province in the interface language, which of the default-station rules (150 km,
// 500 m of altitude — src/model/weather-notices.ts) a station breaks, the numbers as shown, and the monthly
// chart's scale.
import { weatherSetBody, type ProjectWeather, type StationInfo } from '../../../model/api/weather.ts';
import { STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM } from '../../../model/weather-notices.ts';
import type { WeatherStationValue } from '../../api/weather.ts';
import { thousands } from '../../format.ts';

export { STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM };

const elevationRule = weatherSetBody.shape.elevation.unwrap().unwrap();
/** The site elevation a user may give [m] (the server's rule). */
export const ELEVATION_RANGE_M = { min: elevationRule.minValue ?? -Infinity, max: elevationRule.maxValue ?? Infinity };

/** The weatherStation value the project holds now (re-sent when only the elevation changes). */
export function weatherValue(w: Pick<ProjectWeather, 'choice' | 'station' | 'source'>): WeatherStationValue {
  if (w.choice !== 'station') return w.choice;
  return w.station?.id ?? w.source.id ?? 'auto';
}

/** The station's name in the interface language. */
export function stationName(s: Pick<StationInfo, 'nameZh' | 'nameEn'>, zh: boolean): string {
  return (zh ? s.nameZh : s.nameEn) || s.nameZh || s.nameEn;
}

/** The station's province in the interface language. */
export function provinceName(s: Pick<StationInfo, 'provinceZh' | 'provinceEn'>, zh: boolean): string {
  return (zh ? s.provinceZh : s.provinceEn) || s.provinceZh || s.provinceEn;
}

/** '上海（徐家汇） · 上海' / 'Shanghai (Xujiahui) · Shanghai' (the province left out when the name says it). */
export function stationTitle(s: Pick<StationInfo, 'nameZh' | 'nameEn' | 'provinceZh' | 'provinceEn'>, zh: boolean): string {
  const name = stationName(s, zh);
  const province = provinceName(s, zh);
  return province && province !== name ? `${name} · ${province}` : name;
}

export type RuleBreach = 'distance' | 'altitude';

/** The default-station rules a station breaks for the asked site (none when the site is unknown). */
export function ruleBreaches(s: Pick<StationInfo, 'distance' | 'altitudeDiff'>): RuleBreach[] {
  const out: RuleBreach[] = [];
  if (s.distance !== null && s.distance > STATION_MAX_DISTANCE_KM) out.push('distance');
  if (s.altitudeDiff !== null && Math.abs(s.altitudeDiff) > STATION_MAX_ALTITUDE_DIFF_M) out.push('altitude');
  return out;
}

/** A distance [km] as shown: one decimal below 100 km, whole kilometres above ('2,904'). */
export function formatKm(km: number | null): string {
  if (km === null) return '—';
  return thousands(km, km < 100 ? 1 : 0);
}

/** An altitude difference [m] with its sign ('+312', '−45', '0'). */
export function formatSignedM(m: number | null): string {
  if (m === null) return '—';
  const r = Math.round(m);
  if (r === 0) return '0';
  return (r > 0 ? '+' : '−') + thousands(Math.abs(r), 0);
}

/** An annual or monthly sum [kWh m⁻²] as shown: whole kWh with thousands ('1,174'). */
export function formatKwh(v: number | null | undefined): string {
  return thousands(v, 0);
}

/** A temperature [°C] with one decimal. */
export function formatTemp(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(1);
}

/** The top of a chart axis: the next of 1, 2, 2.5, 5 × 10ⁿ at or above `v` (at least 1). */
export function niceCeiling(v: number): number {
  if (!Number.isFinite(v) || v <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v - 1e-9) return m * p;
  return 10 * p;
}

/** The ticks of an axis from 0 to `top` (a niceCeiling): steps of 1, 2.5, 5 or 10 × 10ⁿ. */
export function axisTicks(top: number): number[] {
  const p = 10 ** Math.floor(Math.log10(top));
  const m = Math.round((top / p) * 10) / 10;
  const n = m === 2.5 || m === 5 ? 5 : 4;
  return Array.from({ length: n + 1 }, (_, k) => (top * k) / n);
}

/** Short month names in the interface language ('1月' …, 'Jan' …). */
export function monthNames(language: string): string[] {
  const f = new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en', { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, k) => f.format(new Date(Date.UTC(2025, k, 15))));
}
