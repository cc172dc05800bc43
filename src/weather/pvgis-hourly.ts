// PVGIS hourly radiation series readers (`seriescalc` tool, JSON and CSV outputs).
//
// Unlike the TMY these give irradiance on the chosen PLANE (G(i), or Gb(i)/Gd(i)/Gr(i) with
// components), the sun height H_sun [°], T2m [°C], WS10m [m s⁻¹], optionally the PV power P [W], and
// Int (1 = reconstructed radiation). Timestamps 'YYYYMMDD:HHMM' are UTC with the minute of the
// satellite scan (HH:10 for SARAH): the row is the hour starting HH:00 and its irradiance the value at
// HH:MM, kept as `meta.irradianceTimeOffset` [h] as for the TMY. PVGIS gives the plane's azimuth with
// 0 = south, 90 = west; it is turned here into the compass convention (clockwise from north) of the
// rest of the app (pvlib read_pvgis_hourly warns of the same 180° offset).
import { z } from 'zod';
import { allocateStamps, normaliseTimes, type RowStamps, type TimeOptions } from './calendar.ts';
import type { WeatherMeta, WeatherSite } from './record.ts';
import { columnIndex, parseJsonDocument, parseNumber, splitLines, WeatherParseError } from './text.ts';

export const pvgisHourlyColumns = [
  'poaGlobal',
  'poaDirect',
  'poaSkyDiffuse',
  'poaGroundDiffuse',
  'solarElevation',
  'tempAir',
  'windSpeed',
  'power',
  'reconstructed',
] as const;
export type PvgisHourlyColumn = (typeof pvgisHourlyColumns)[number];

/** PVGIS variable → column: [W m⁻²] plane-of-array, [°] sun height, [°C], [m s⁻¹], [W], flag. */
const VARIABLES: Readonly<Record<string, PvgisHourlyColumn>> = {
  'G(i)': 'poaGlobal',
  'Gb(i)': 'poaDirect',
  'Gd(i)': 'poaSkyDiffuse',
  'Gr(i)': 'poaGroundDiffuse',
  H_sun: 'solarElevation',
  T2m: 'tempAir',
  WS10m: 'windSpeed',
  P: 'power',
  Int: 'reconstructed',
};

export interface PvgisHourlyMeta extends WeatherMeta {
  /** [°] plane tilt from horizontal (fixed planes). */
  surfaceTilt?: number;
  /** [°] plane azimuth clockwise from north (PVGIS's value + 180). */
  surfaceAzimuth?: number;
  /** [kW] PV peak power of the PVGIS calculation. */
  peakPower?: number;
  /** [%] system loss of the PVGIS calculation. */
  systemLoss?: number;
  technology?: string;
  /** PVGIS mounting system key ('fixed', 'two_axis', …). */
  mounting?: string;
}

export interface PvgisHourlySeries {
  site: WeatherSite;
  source: 'pvgis-hourly';
  /** [ms since epoch, UTC] interval starts. */
  times: Float64Array;
  intervalMinutes: number;
  columns: Partial<Record<PvgisHourlyColumn, Float64Array>>;
  meta: PvgisHourlyMeta;
}

/** 'YYYYMMDD:HHMM' → stamps[i]; returns the minute. */
function readStamp(raw: string, stamps: RowStamps, i: number, format: string, line: number | undefined, field: string): number {
  const m = /^(\d{4})(\d{2})(\d{2}):(\d{2})(\d{2})$/.exec(raw.trim());
  if (!m) throw new WeatherParseError(format, `'${raw}' is not a time YYYYMMDD:HHMM`, { line, field });
  stamps.year[i] = Number(m[1]);
  stamps.month[i] = Number(m[2]);
  stamps.day[i] = Number(m[3]);
  stamps.hour[i] = Number(m[4]);
  stamps.line[i] = line ?? i + 1;
  return Number(m[5]);
}

function site(latitude: number, longitude: number, elevation: number): WeatherSite {
  return { name: `PVGIS ${latitude.toFixed(3)}, ${longitude.toFixed(3)}`, latitude, longitude, elevation, utcOffset: 0 };
}

const num = z.number();
const angle = z.object({ value: z.union([num, z.string()]) }).partial().optional();
const hourlyJsonSchema = z.object({
  inputs: z.object({
    location: z.object({ latitude: num, longitude: num, elevation: num }),
    meteo_data: z
      .object({
        radiation_db: z.string().optional(),
        meteo_db: z.string().optional(),
        year_min: num.optional(),
        year_max: num.optional(),
        use_horizon: z.boolean().optional(),
      })
      .optional(),
    mounting_system: z.record(z.string(), z.object({ slope: angle, azimuth: angle }).partial()).optional(),
    pv_module: z.object({ technology: z.string().optional(), peak_power: num.optional(), system_loss: num.optional() }).optional(),
  }),
  outputs: z.object({ hourly: z.array(z.record(z.string(), z.union([num, z.string()]))).min(1, 'no hourly rows') }),
});

/** Reads the JSON output of PVGIS's seriescalc tool. */
export function parsePvgisHourlyJson(input: string | unknown, options: TimeOptions = {}): PvgisHourlySeries {
  const FORMAT = 'PVGIS hourly JSON';
  const { inputs, outputs } = parseJsonDocument(input, hourlyJsonSchema, FORMAT);
  const rows = outputs.hourly;
  const n = rows.length;
  const stamps = allocateStamps(n);
  const columns: Partial<Record<PvgisHourlyColumn, Float64Array>> = {};
  for (const [variable, key] of Object.entries(VARIABLES)) if (variable in rows[0]) columns[key] = new Float64Array(n);
  let minute = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    const t = row.time;
    if (typeof t !== 'string') throw new WeatherParseError(FORMAT, 'no time', { field: `outputs.hourly.${i}.time` });
    minute = readStamp(t, stamps, i, FORMAT, undefined, `outputs.hourly.${i}.time`);
    for (const [variable, key] of Object.entries(VARIABLES)) {
      const col = columns[key];
      if (!col) continue;
      const v = row[variable];
      if (typeof v !== 'number') throw new WeatherParseError(FORMAT, 'not a number', { field: `outputs.hourly.${i}.${variable}` });
      col[i] = v + 0;
    }
  }
  const md = inputs.meteo_data;
  const meta: PvgisHourlyMeta = {
    irradianceTimeOffset: minute / 60,
    radiationDatabase: md?.radiation_db,
    meteoDatabase: md?.meteo_db,
    yearMin: md?.year_min,
    yearMax: md?.year_max,
    useHorizon: md?.use_horizon,
    technology: inputs.pv_module?.technology,
    peakPower: inputs.pv_module?.peak_power,
    systemLoss: inputs.pv_module?.system_loss,
  };
  const [mounting, plane] = Object.entries(inputs.mounting_system ?? {})[0] ?? [];
  if (mounting) meta.mounting = mounting;
  if (typeof plane?.slope?.value === 'number') meta.surfaceTilt = plane.slope.value;
  if (typeof plane?.azimuth?.value === 'number') meta.surfaceAzimuth = (plane.azimuth.value + 180 + 360) % 360;
  const { times } = normaliseTimes(stamps, 0, FORMAT, options);
  const { latitude, longitude, elevation } = inputs.location;
  return { site: site(latitude, longitude, elevation), source: 'pvgis-hourly', times, intervalMinutes: 60, columns, meta };
}

/** Reads the CSV output of PVGIS's seriescalc tool. */
export function parsePvgisHourlyCsv(text: string, options: TimeOptions = {}): PvgisHourlySeries {
  const FORMAT = 'PVGIS hourly CSV';
  const lines = splitLines(text);
  const header = new Map<string, { value: string; line: number }>();
  let i = 0;
  for (; i < lines.length && !lines[i].startsWith('time,'); i++) {
    const colon = lines[i].indexOf(':');
    if (colon > 0) header.set(lines[i].slice(0, colon).trim(), { value: lines[i].slice(colon + 1).trim(), line: i + 1 });
  }
  if (i >= lines.length) throw new WeatherParseError(FORMAT, "no data header line starting with 'time,'");
  const headers = lines[i].split(',').map((h) => h.trim());
  const start = i + 1;
  let end = start;
  while (end < lines.length && /^\d{8}:\d{4}/.test(lines[end])) end++;
  const n = end - start;
  if (n === 0) throw new WeatherParseError(FORMAT, 'no data rows', { line: start + 1 });
  const stamps = allocateStamps(n);
  const columns: Partial<Record<PvgisHourlyColumn, Float64Array>> = {};
  const cols = Object.entries(VARIABLES)
    .map(([variable, key]) => ({ variable, key, index: columnIndex(headers, variable) }))
    .filter((c) => c.index >= 0);
  for (const c of cols) columns[c.key] = new Float64Array(n);
  let minute = 0;
  for (let r = 0; r < n; r++) {
    const line = start + r + 1;
    const f = lines[start + r].split(',');
    if (f.length !== headers.length) throw new WeatherParseError(FORMAT, `a data row needs ${headers.length} fields, found ${f.length}`, { line });
    minute = readStamp(f[0], stamps, r, FORMAT, line, 'time');
    for (const c of cols) (columns[c.key] as Float64Array)[r] = parseNumber(f[c.index], FORMAT, line, c.variable);
  }
  /** The leading number of a header value ('30 deg. ' → 30). */
  const leading = (key: string): number | undefined => {
    const h = header.get(key);
    if (!h) return undefined;
    return parseNumber(/^\s*([-+]?[\d.]+)/.exec(h.value)?.[1] ?? h.value, FORMAT, h.line, key);
  };
  const latitude = leading('Latitude (decimal degrees)');
  const longitude = leading('Longitude (decimal degrees)');
  if (latitude === undefined || longitude === undefined) throw new WeatherParseError(FORMAT, 'no Latitude/Longitude header lines');
  const meta: PvgisHourlyMeta = {
    irradianceTimeOffset: minute / 60,
    radiationDatabase: header.get('Radiation database')?.value,
    notes: lines.slice(end).map((l) => l.trim()).filter((l) => l !== ''),
  };
  const tilt = leading('Slope');
  const azimuth = leading('Azimuth');
  if (tilt !== undefined) meta.surfaceTilt = tilt;
  if (azimuth !== undefined) meta.surfaceAzimuth = (azimuth + 180 + 360) % 360;
  const { times } = normaliseTimes(stamps, 0, FORMAT, options);
  return {
    site: site(latitude, longitude, leading('Elevation (m)') ?? 0),
    source: 'pvgis-hourly',
    times,
    intervalMinutes: 60,
    columns,
    meta,
  };
}
