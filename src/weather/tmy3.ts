// NREL TMY3 reader.
//
// Format: Wilcox & Marion 2008, "Users Manual for TMY3 Data Sets", NREL/TP-581-43156, §3: line 1 is
// the station (USAF, "name", state, time zone [h from UTC], latitude [°], longitude [°], elevation
// [m]); line 2 the 71 column headers; then 8760 rows in local standard time, hour ENDING ('01:00' is
// 00:00–01:00, '24:00' the last hour of the date). Each value is followed by its source and
// uncertainty columns; missing data are −9900. Pressure is in mbar (converted to Pa here). Each
// month comes from a different year, so the rows are mapped onto one reference year (calendar.ts),
// as pvlib.iotools.read_tmy3(coerce_year=…) does.
import { allocateStamps, normaliseTimes, type TimeOptions } from './calendar.ts';
import type { OptionalColumn, WeatherMeta, WeatherRecord } from './record.ts';
import { columnIndex, parseNumber, splitCsv, splitLines, WeatherParseError } from './text.ts';

const FORMAT = 'TMY3';
/** TMY3 manual: values at or below this are missing. */
const MISSING = -9900;

type Column = 'ghi' | 'dni' | 'dhi' | 'tempAir' | 'windSpeed' | OptionalColumn;

/** Header of each column we read, and a factor to SI (mbar → Pa). */
const COLUMNS: { key: Column; header: string; required: boolean; scale?: number }[] = [
  { key: 'ghi', header: 'GHI (W/m^2)', required: true },
  { key: 'dni', header: 'DNI (W/m^2)', required: true },
  { key: 'dhi', header: 'DHI (W/m^2)', required: true },
  { key: 'tempAir', header: 'Dry-bulb (C)', required: true },
  { key: 'windSpeed', header: 'Wspd (m/s)', required: true },
  { key: 'dewPoint', header: 'Dew-point (C)', required: false },
  { key: 'relativeHumidity', header: 'RHum (%)', required: false },
  { key: 'pressure', header: 'Pressure (mbar)', required: false, scale: 100 },
  { key: 'windDirection', header: 'Wdir (degrees)', required: false },
  { key: 'albedo', header: 'Alb (unitless)', required: false },
];

/** Reads a TMY3 CSV file's text. Throws WeatherParseError naming the line and column of any problem. */
export function parseTmy3(text: string, options: TimeOptions = {}): WeatherRecord {
  const lines = splitLines(text);
  const station = splitCsv(lines[0] ?? '');
  if (station.length < 7) {
    throw new WeatherParseError(FORMAT, `line 1 must be 'USAF,name,state,TZ,latitude,longitude,elevation', found ${station.length} fields`, { line: 1 });
  }
  const num = (i: number, label: string): number => parseNumber(station[i], FORMAT, 1, label);
  const utcOffset = num(3, 'TZ');
  const latitude = num(4, 'latitude');
  const longitude = num(5, 'longitude');
  const elevation = num(6, 'elevation');

  const headers = splitCsv(lines[1] ?? '');
  const dateCol = columnIndex(headers, 'Date (MM/DD/YYYY)');
  const timeCol = columnIndex(headers, 'Time (HH:MM)');
  if (dateCol < 0 || timeCol < 0) {
    throw new WeatherParseError(FORMAT, "line 2 must hold the column headers 'Date (MM/DD/YYYY)' and 'Time (HH:MM)'", { line: 2 });
  }
  const cols = COLUMNS.map((c) => ({ ...c, index: columnIndex(headers, c.header) }));
  for (const c of cols) {
    if (c.required && c.index < 0) throw new WeatherParseError(FORMAT, `no column '${c.header}'`, { line: 2 });
  }

  let end = lines.length;
  while (end > 2 && lines[end - 1].trim() === '') end--;
  const n = end - 2;
  if (n <= 0) throw new WeatherParseError(FORMAT, 'no data rows', { line: 3 });
  const stamps = allocateStamps(n);
  const values = new Map<Column, Float64Array>(cols.filter((c) => c.index >= 0).map((c) => [c.key, new Float64Array(n)]));
  const seen = new Set<Column>();
  for (let i = 0; i < n; i++) {
    const line = i + 3;
    const f = lines[i + 2].split(',');
    if (f.length < headers.length) {
      throw new WeatherParseError(FORMAT, `a data row needs ${headers.length} fields, found ${f.length}`, { line });
    }
    const date = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(f[dateCol].trim());
    if (!date) throw new WeatherParseError(FORMAT, `'${f[dateCol]}' is not MM/DD/YYYY`, { line, field: headers[dateCol] });
    const time = /^(\d{1,2}):(\d{2})$/.exec(f[timeCol].trim());
    const hour = time ? Number(time[1]) : NaN;
    if (!time || hour < 1 || hour > 24 || time[2] !== '00') {
      throw new WeatherParseError(FORMAT, `'${f[timeCol]}' is not an hour 01:00–24:00`, { line, field: headers[timeCol] });
    }
    stamps.line[i] = line;
    stamps.month[i] = Number(date[1]);
    stamps.day[i] = Number(date[2]);
    stamps.year[i] = Number(date[3]);
    stamps.hour[i] = hour - 1;
    for (const c of cols) {
      if (c.index < 0) continue;
      const v = parseNumber(f[c.index], FORMAT, line, c.header);
      const missing = v <= MISSING || (c.key === 'albedo' && v <= 0);
      if (missing && c.required) {
        throw new WeatherParseError(FORMAT, `missing value ${f[c.index].trim()} in a required column`, { line, field: c.header });
      }
      (values.get(c.key) as Float64Array)[i] = missing ? NaN : v * (c.scale ?? 1);
      if (!missing) seen.add(c.key);
    }
  }

  const { times, coercedYear, monthsSelected } = normaliseTimes(stamps, utcOffset, FORMAT, options);
  const meta: WeatherMeta = { stationId: station[0].trim(), state: station[2].trim() || undefined, dataSource: 'NREL TMY3' };
  if (coercedYear !== undefined) meta.coercedYear = coercedYear;
  if (monthsSelected) meta.monthsSelected = monthsSelected;
  const col = (k: Column) => values.get(k) as Float64Array;
  const record: WeatherRecord = {
    site: { name: station[1].trim(), latitude, longitude, elevation, utcOffset },
    source: 'tmy3',
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
  for (const c of cols) {
    if (!c.required && c.index >= 0 && seen.has(c.key)) record[c.key as OptionalColumn] = col(c.key);
  }
  return record;
}
