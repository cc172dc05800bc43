// Why a project's weather is not what was chosen, or what to know about it: coded notices with their
// parameters (the web app translates them), and their English text for headless callers (`notice`).
import { z } from 'zod';

export const weatherNoticeCodes = [
  'stationFar',
  'stationAltitude',
  'stationUnknown',
  'noFile',
  'fileFar',
  'pvgisNotConfigured',
  'pvgisFailed',
  'estimate',
  'estimateChosen',
] as const;
export type WeatherNoticeCode = (typeof weatherNoticeCodes)[number];

export const weatherNoticeSchema = z.object({
  code: z.enum(weatherNoticeCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type WeatherNotice = z.infer<typeof weatherNoticeSchema>;

/** Climate stations farther than this from the site are flagged [km] (and not chosen by default). */
export const STATION_MAX_DISTANCE_KM = 150;
/** … and, when the site's elevation is known, with more altitude difference than this [m]. */
export const STATION_MAX_ALTITUDE_DIFF_M = 500;

const EN: Record<WeatherNoticeCode, (p: WeatherNotice['params']) => string> = {
  stationFar: (p) => `The chosen station is ${p.km} km from the site (more than ${STATION_MAX_DISTANCE_KM} km): its climate may differ`,
  stationAltitude: (p) => `The chosen station lies ${p.m} m higher or lower than the site (more than ${STATION_MAX_ALTITUDE_DIFF_M} m): its climate may differ`,
  stationUnknown: (p) => `Station ${p.id} is not in the climate table: the site's default weather is used`,
  noFile: () => "No weather file has been uploaded: the site's default weather is used",
  fileFar: (p) => `The weather file's location is ${p.km} km from the site: its climate may differ`,
  pvgisNotConfigured: () => "PVGIS is not configured on this server (PVGIS_URL): the site's default weather is used",
  pvgisFailed: (p) => `PVGIS could not be used (${p.reason})`,
  estimate: () => 'Rough estimate: no climate station within reach, no weather file and no PVGIS for this site — upload a weather file or pick a station for a real result',
  estimateChosen: () => 'Rough estimate (chosen): a monthly clearness index of 0.5 and zonal temperatures — pick a station or upload a weather file for a real result',
};

/** The English text of notices, joined ('; '), or null for none. */
export function noticeText(notices: readonly WeatherNotice[]): string | null {
  return notices.length ? notices.map((n) => EN[n.code](n.params)).join('; ') : null;
}
