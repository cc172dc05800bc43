// PVGIS typical meteorological year (TMY) readers: the JSON, CSV and EPW outputs of the PVGIS 5.x
// `tmy` tool (https://re.jrc.ec.europa.eu/api/v5_3/tmy), and the bare data table ("basic" output,
// pvlib's pvgis_tmy_test.csv).
//
// PVGIS TMY (Huld et al. 2012, "A new solar radiation database for estimating PV performance in
// Europe and Africa", Solar Energy 86; PVGIS user manual §"TMY"): 8760 rows keyed `time(UTC)`
// 'YYYYMMDD:HHMM', each month from a different year (`months_selected`). Columns: T2m [°C], RH [%],
// G(h), Gb(n), Gd(h), IR(h) [W m⁻²], WS10m [m s⁻¹], WD10m [°, 0 = N, 90 = E], SP [Pa]. Timestamps are
// UTC interval starts (PVGIS's own EPW export writes the 00:00 row as hour 1, i.e. 00:00–01:00);
// the irradiance is the value at start + `irradiance_time_offset` [h] (satellite scan time), kept in
// `meta.irradianceTimeOffset`. Like pvlib (get_pvgis_tmy, coerce_year=1990) the rows are mapped onto
// one reference year (calendar.ts).
import { z } from 'zod';
import { allocateStamps, normaliseTimes, type RowStamps, type TimeOptions } from './calendar.ts';
import { parseEpw } from './epw.ts';
import type { MonthYear, OptionalColumn, WeatherMeta, WeatherRecord, WeatherSite } from './record.ts';
import { columnIndex, parseJsonDocument, parseNumber, splitLines, WeatherParseError } from './text.ts';

type Column = 'ghi' | 'dni' | 'dhi' | 'tempAir' | 'windSpeed' | OptionalColumn;

/** PVGIS variable → record column (pvlib's VARIABLE_MAP, in our glossary). */
export const PVGIS_TMY_VARIABLES: Readonly<Record<string, Column>> = {
  'G(h)': 'ghi',
  'Gb(n)': 'dni',
  'Gd(h)': 'dhi',
  T2m: 'tempAir',
  WS10m: 'windSpeed',
  RH: 'relativeHumidity',
  SP: 'pressure',
  WD10m: 'windDirection',
  'IR(h)': 'infraredHorizontal',
};
const REQUIRED_VARIABLES = ['G(h)', 'Gb(n)', 'Gd(h)', 'T2m', 'WS10m'];

/** 'YYYYMMDD:HHMM' → stamps[i]. PVGIS TMY rows are on the hour. */
function readStamp(raw: string, stamps: RowStamps, i: number, format: string, line: number | undefined, field: string): void {
  const m = /^(\d{4})(\d{2})(\d{2}):(\d{2})(\d{2})$/.exec(raw.trim());
  if (!m) throw new WeatherParseError(format, `'${raw}' is not a time YYYYMMDD:HHMM`, { line, field });
  if (m[5] !== '00') throw new WeatherParseError(format, `'${raw}' is not on the hour`, { line, field });
  stamps.year[i] = Number(m[1]);
  stamps.month[i] = Number(m[2]);
  stamps.day[i] = Number(m[3]);
  stamps.hour[i] = Number(m[4]);
  stamps.line[i] = line ?? i + 1;
}

function buildRecord(
  stamps: RowStamps,
  columns: Map<Column, Float64Array>,
  location: { latitude: number; longitude: number; elevation: number },
  meta: WeatherMeta,
  source: 'pvgis-json' | 'pvgis-csv',
  format: string,
  options: TimeOptions,
): WeatherRecord {
  const { times, coercedYear, monthsSelected } = normaliseTimes(stamps, 0, format, options);
  if (coercedYear !== undefined) meta.coercedYear = coercedYear;
  if (monthsSelected && !meta.monthsSelected) meta.monthsSelected = monthsSelected;
  const site: WeatherSite = {
    name: `PVGIS ${location.latitude.toFixed(3)}, ${location.longitude.toFixed(3)}`,
    ...location,
    utcOffset: 0,
  };
  const col = (k: Column): Float64Array => columns.get(k) as Float64Array;
  const record: WeatherRecord = {
    site,
    source,
    estimate: false,
    times,
    intervalMinutes: 60,
    ghi: col('ghi'),
    dni: col('dni'),
    dhi: col('dhi'),
    tempAir: col('tempAir'),
    windSpeed: col('windSpeed'),
    meta,
  };
  for (const [k, v] of columns) {
    if (k !== 'ghi' && k !== 'dni' && k !== 'dhi' && k !== 'tempAir' && k !== 'windSpeed') record[k] = v;
  }
  return record;
}

// ---------------------------------------------------------------------------------------------- JSON

const num = z.number();
const hourSchema = z.object({
  'time(UTC)': z.string(),
  T2m: num,
  RH: num.optional(),
  'G(h)': num,
  'Gb(n)': num,
  'Gd(h)': num,
  'IR(h)': num.optional(),
  WS10m: num,
  WD10m: num.optional(),
  SP: num.optional(),
});
const tmyJsonSchema = z.object({
  inputs: z.object({
    location: z.object({
      latitude: num,
      longitude: num,
      elevation: num,
      irradiance_time_offset: num.optional(),
    }),
    meteo_data: z
      .object({
        radiation_db: z.string().optional(),
        meteo_db: z.string().optional(),
        year_min: num.optional(),
        year_max: num.optional(),
        use_horizon: z.boolean().optional(),
        horizon_db: z.string().nullable().optional(),
      })
      .optional(),
  }),
  outputs: z.object({
    months_selected: z.array(z.object({ month: z.number().int(), year: z.number().int() })),
    tmy_hourly: z.array(hourSchema).min(1, 'no hourly rows'),
  }),
});

/** Reads the JSON output of PVGIS's tmy tool (text or already-parsed value). */
export function parsePvgisTmyJson(input: string | unknown, options: TimeOptions = {}): WeatherRecord {
  const FORMAT = 'PVGIS JSON';
  const { inputs, outputs } = parseJsonDocument(input, tmyJsonSchema, FORMAT);
  const rows = outputs.tmy_hourly;
  const n = rows.length;
  const stamps = allocateStamps(n);
  const columns = new Map<Column, Float64Array>();
  for (const [variable, key] of Object.entries(PVGIS_TMY_VARIABLES)) {
    if (!REQUIRED_VARIABLES.includes(variable) && rows[0][variable as keyof (typeof rows)[0]] === undefined) continue;
    columns.set(key, new Float64Array(n));
  }
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    readStamp(row['time(UTC)'], stamps, i, FORMAT, undefined, `outputs.tmy_hourly.${i}.time(UTC)`);
    for (const [variable, key] of Object.entries(PVGIS_TMY_VARIABLES)) {
      const col = columns.get(key);
      if (!col) continue;
      const v = row[variable as keyof typeof row];
      if (typeof v !== 'number') {
        throw new WeatherParseError(FORMAT, 'value is missing', { field: `outputs.tmy_hourly.${i}.${variable}` });
      }
      col[i] = v + 0;
    }
  }
  const md = inputs.meteo_data;
  const meta: WeatherMeta = {
    dataSource: md ? [md.radiation_db, md.meteo_db].filter(Boolean).join(' / ') || undefined : undefined,
    monthsSelected: outputs.months_selected.map((m): MonthYear => ({ month: m.month, year: m.year })),
    radiationDatabase: md?.radiation_db,
    meteoDatabase: md?.meteo_db,
    yearMin: md?.year_min,
    yearMax: md?.year_max,
    useHorizon: md?.use_horizon,
    horizonDatabase: md?.horizon_db ?? undefined,
  };
  if (inputs.location.irradiance_time_offset !== undefined) meta.irradianceTimeOffset = inputs.location.irradiance_time_offset;
  const { latitude, longitude, elevation } = inputs.location;
  return buildRecord(stamps, columns, { latitude, longitude, elevation }, meta, 'pvgis-json', FORMAT, options);
}

// ----------------------------------------------------------------------------------------------- CSV

export interface PvgisCsvOptions extends TimeOptions {
  /** Location for the bare data table, which carries none ([°], [°], [m]). */
  location?: { latitude: number; longitude: number; elevation?: number };
}

/** Reads the CSV output of PVGIS's tmy tool, or its bare data table (header `time(UTC),…`). */
export function parsePvgisTmyCsv(text: string, options: PvgisCsvOptions = {}): WeatherRecord {
  const FORMAT = 'PVGIS CSV';
  const lines = splitLines(text);
  const header = new Map<string, string>();
  const meta: WeatherMeta = {};
  let i = 0;
  // "Key: value" lines (Latitude, Longitude, Elevation, Irradiance Time Offset), then the month table.
  for (; i < lines.length && !lines[i].startsWith('time(UTC)'); i++) {
    const line = lines[i];
    if (line.trim().toLowerCase() === 'month,year') {
      const months: MonthYear[] = [];
      for (let k = 1; k <= 12; k++) {
        const [m, y] = lines[i + k]?.split(',') ?? [];
        months.push({
          month: parseNumber(m, FORMAT, i + k + 1, 'month'),
          year: parseNumber(y, FORMAT, i + k + 1, 'year'),
        });
      }
      meta.monthsSelected = months;
      i += 12;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) header.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    else if (line.trim() !== '') throw new WeatherParseError(FORMAT, `unexpected header line '${line.slice(0, 60)}'`, { line: i + 1 });
  }
  if (i >= lines.length) throw new WeatherParseError(FORMAT, "no data header line starting with 'time(UTC)'");
  const headerLine = i + 1;
  const headers = lines[i].split(',').map((h) => h.trim());
  for (const v of REQUIRED_VARIABLES) {
    if (columnIndex(headers, v) < 0) throw new WeatherParseError(FORMAT, `no column '${v}'`, { line: headerLine });
  }
  const start = i + 1;
  let end = start;
  while (end < lines.length && /^\d{8}:\d{4}/.test(lines[end])) end++;
  const n = end - start;
  if (n === 0) throw new WeatherParseError(FORMAT, 'no data rows', { line: start + 1 });
  const notes = lines.slice(end).map((l) => l.trim()).filter((l) => l !== '');
  if (notes.length) meta.notes = notes;

  const stamps = allocateStamps(n);
  const cols: { key: Column; index: number; name: string }[] = [];
  const columns = new Map<Column, Float64Array>();
  for (const [variable, key] of Object.entries(PVGIS_TMY_VARIABLES)) {
    const index = columnIndex(headers, variable);
    if (index < 0) continue;
    cols.push({ key, index, name: variable });
    columns.set(key, new Float64Array(n));
  }
  for (let r = 0; r < n; r++) {
    const line = start + r + 1;
    const f = lines[start + r].split(',');
    if (f.length !== headers.length) {
      throw new WeatherParseError(FORMAT, `a data row needs ${headers.length} fields, found ${f.length}`, { line });
    }
    readStamp(f[0], stamps, r, FORMAT, line, 'time(UTC)');
    for (const c of cols) (columns.get(c.key) as Float64Array)[r] = parseNumber(f[c.index], FORMAT, line, c.name);
  }

  const headerNumber = (key: string): number | undefined => {
    const raw = header.get(key);
    if (raw === undefined) return undefined;
    const line = lines.findIndex((l) => l.startsWith(key)) + 1;
    return parseNumber(raw, FORMAT, line, key);
  };
  const latitude = headerNumber('Latitude (decimal degrees)') ?? options.location?.latitude;
  const longitude = headerNumber('Longitude (decimal degrees)') ?? options.location?.longitude;
  const elevation = headerNumber('Elevation (m)') ?? options.location?.elevation ?? 0;
  if (latitude === undefined || longitude === undefined) {
    throw new WeatherParseError(FORMAT, 'the file gives no latitude/longitude (a bare data table): pass options.location');
  }
  const offset = headerNumber('Irradiance Time Offset (h)');
  if (offset !== undefined) meta.irradianceTimeOffset = offset;
  return buildRecord(stamps, columns, { latitude, longitude, elevation }, meta, 'pvgis-csv', FORMAT, options);
}

// ----------------------------------------------------------------------------------------------- EPW

/** Reads the EPW output of PVGIS's tmy tool: rows on UTC whatever its LOCATION time zone says. */
export function parsePvgisTmyEpw(text: string, options: TimeOptions = {}): WeatherRecord {
  return parseEpw(text, { ...options, pvgis: true });
}
