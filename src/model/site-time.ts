// The standard time of a project's site: the clock of its shade analysis year, its load and its tariff
// hours. China has one time zone (UTC+8, tariff hours are Beijing time in every province); elsewhere
// the nautical zone round(lng / 15) stands in (an estimate: political zones differ).

/** China's extent (lng 73.5–135.1° E, lat 18–53.6° N): one time zone, UTC+8, across it. */
const CHINA = { lng0: 73.5, lng1: 135.1, lat0: 18, lat1: 53.6 } as const;

/**
 * The site's standard time offset from UTC [h]: 8 in China (by country code 'CN', or, without a code,
 * inside China's bounding box — which also takes in Mongolia, also mostly UTC+8), otherwise
 * round(lng / 15) within −12…14.
 */
export function siteUtcOffset(lat: number, lng: number, countryCode?: string | null): number {
  const inChina = countryCode ? countryCode.toUpperCase() === 'CN' : lng >= CHINA.lng0 && lng <= CHINA.lng1 && lat >= CHINA.lat0 && lat <= CHINA.lat1;
  if (inChina) return 8;
  return Math.max(-12, Math.min(14, Math.round(lng / 15)));
}
