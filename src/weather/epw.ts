// EnergyPlus Weather (EPW) reader.
//
// Format: U.S. DOE, "EnergyPlus Auxiliary Programs", ch. "Weather Converter Program — EnergyPlus
// Weather File (EPW) Data Dictionary": 8 header lines (LOCATION, DESIGN CONDITIONS, TYPICAL/EXTREME
// PERIODS, GROUND TEMPERATURES, HOLIDAYS/DAYLIGHT SAVINGS, COMMENTS 1, COMMENTS 2, DATA PERIODS),
// then one line per hour: year, month, day, hour 1–24 (hour ENDING, local standard time), minute,
// flags, dry bulb [°C], dew point [°C], RH [%], pressure [Pa], …, GHI/DNI/DHI (fields 14–16) [W m⁻²],
// …, wind direction (21) [°], wind speed (22) [m s⁻¹], …, albedo (33). Missing values are written as
// the dictionary's "missing" codes (9999 for irradiance, 99.9 for temperatures, 999 for wind …).
// pvlib.iotools.read_epw reads the same columns; like it we keep the file's values unchanged.
//
// PVGIS also writes EPW (tmy?outputformat=epw). Its rows are on UTC (hour 1 = 00:00–01:00 UTC, the
// JSON's time(UTC) 00:00) although its LOCATION line gives a time zone of 1; such files are recognised
// by the PVGIS comment "Irradiance Time Offset" or the source "ECMWF/ERA" and read on UTC.
import { allocateStamps, normaliseTimes, type TimeOptions } from './calendar.ts';
import type { OptionalColumn, WeatherMeta, WeatherRecord, WeatherSite } from './record.ts';
import { parseNumber, splitCsv, splitLines, WeatherParseError } from './text.ts';

const FORMAT = 'EPW';

/** A data column of an EPW row: 1-based field number, name, and the value meaning "missing". */
interface EpwField {
  field: number;
  label: string;
  /** Values at or above this are the dictionary's missing code. */
  missingAtOrAbove: number;
}

const REQUIRED: Record<'ghi' | 'dni' | 'dhi' | 'tempAir' | 'windSpeed', EpwField> = {
  tempAir: { field: 7, label: 'dry bulb temperature', missingAtOrAbove: 99.9 },
  ghi: { field: 14, label: 'global horizontal radiation', missingAtOrAbove: 9999 },
  dni: { field: 15, label: 'direct normal radiation', missingAtOrAbove: 9999 },
  dhi: { field: 16, label: 'diffuse horizontal radiation', missingAtOrAbove: 9999 },
  windSpeed: { field: 22, label: 'wind speed', missingAtOrAbove: 999 },
};

const OPTIONAL: Record<OptionalColumn, EpwField> = {
  dewPoint: { field: 8, label: 'dew point temperature', missingAtOrAbove: 99.9 },
  relativeHumidity: { field: 9, label: 'relative humidity', missingAtOrAbove: 999 },
  pressure: { field: 10, label: 'atmospheric station pressure', missingAtOrAbove: 999999 },
  infraredHorizontal: { field: 13, label: 'horizontal infrared radiation intensity', missingAtOrAbove: 9999 },
  windDirection: { field: 21, label: 'wind direction', missingAtOrAbove: 999 },
  albedo: { field: 33, label: 'albedo', missingAtOrAbove: 999 },
};

/** The minimum number of fields a data row must have (through wind speed, field 22). */
const MIN_FIELDS = 22;

export interface EpwOptions extends TimeOptions {
  /**
   * Read the rows on UTC (PVGIS-generated EPW). Default: detected from the header (PVGIS's comment
   * "Irradiance Time Offset" or source "ECMWF/ERA").
   */
  pvgis?: boolean;
}

/** Header lines by keyword (the first field, upper case). */
function headerMap(lines: string[], dataStart: number): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (let i = 0; i < dataStart; i++) {
    const fields = splitCsv(lines[i]);
    map.set(fields[0].trim().toUpperCase(), fields);
  }
  return map;
}

/** True when the EPW text was written by PVGIS (rows on UTC). */
export function isPvgisEpw(text: string): boolean {
  const head = text.slice(0, 4000);
  return /Irradiance Time Offset/i.test(head) || /^LOCATION,[^\n]*,ECMWF\/ERA,/m.test(head);
}

/** Reads an EPW file's text. Throws WeatherParseError naming the line and field of any problem. */
export function parseEpw(text: string, options: EpwOptions = {}): WeatherRecord {
  const lines = splitLines(text);
  if (!lines[0]?.startsWith('LOCATION')) {
    throw new WeatherParseError(FORMAT, `the first line must start with LOCATION, found '${lines[0]?.slice(0, 40) ?? ''}'`, { line: 1 });
  }
  const periods = lines.findIndex((l) => l.toUpperCase().startsWith('DATA PERIODS'));
  if (periods < 0 || periods > 20) throw new WeatherParseError(FORMAT, 'no DATA PERIODS header line');
  const dataStart = periods + 1;
  const header = headerMap(lines, dataStart);
  const loc = header.get('LOCATION') ?? [];
  const num = (i: number, label: string): number => parseNumber(loc[i], FORMAT, 1, `${i + 1} (LOCATION ${label})`);
  const latitude = num(6, 'latitude');
  const longitude = num(7, 'longitude');
  const fileZone = num(8, 'time zone');
  const elevation = num(9, 'elevation');
  const pvgis = options.pvgis ?? isPvgisEpw(text);

  let end = lines.length;
  while (end > dataStart && lines[end - 1].trim() === '') end--;
  const n = end - dataStart;
  if (n <= 0) throw new WeatherParseError(FORMAT, 'no data rows after DATA PERIODS', { line: dataStart });

  const stamps = allocateStamps(n);
  const req = {
    ghi: new Float64Array(n),
    dni: new Float64Array(n),
    dhi: new Float64Array(n),
    tempAir: new Float64Array(n),
    windSpeed: new Float64Array(n),
  };
  const opt = new Map<OptionalColumn, Float64Array>();
  const seen = new Map<OptionalColumn, boolean>();
  for (const c of Object.keys(OPTIONAL) as OptionalColumn[]) {
    opt.set(c, new Float64Array(n));
    seen.set(c, false);
  }
  for (let i = 0; i < n; i++) {
    const line = dataStart + i + 1;
    const f = lines[dataStart + i].split(',');
    if (f.length < MIN_FIELDS) {
      throw new WeatherParseError(FORMAT, `a data row needs at least ${MIN_FIELDS} fields, found ${f.length}`, { line });
    }
    stamps.line[i] = line;
    stamps.year[i] = parseNumber(f[0], FORMAT, line, '1 (year)');
    stamps.month[i] = parseNumber(f[1], FORMAT, line, '2 (month)');
    stamps.day[i] = parseNumber(f[2], FORMAT, line, '3 (day)');
    const hour = parseNumber(f[3], FORMAT, line, '4 (hour)');
    const minute = parseNumber(f[4], FORMAT, line, '5 (minute)');
    if (!Number.isInteger(hour) || hour < 1 || hour > 24) {
      throw new WeatherParseError(FORMAT, `hour ${hour} is not 1–24 (EPW hours end the interval)`, { line, field: '4 (hour)' });
    }
    if (minute !== 0 && minute !== 60) {
      throw new WeatherParseError(FORMAT, `minute ${minute}: only hourly EPW (minute 0 or 60) is supported`, { line, field: '5 (minute)' });
    }
    stamps.hour[i] = hour - 1;
    for (const [key, spec] of Object.entries(REQUIRED) as [keyof typeof REQUIRED, EpwField][]) {
      const name = `${spec.field} (${spec.label})`;
      const v = parseNumber(f[spec.field - 1], FORMAT, line, name);
      if (v >= spec.missingAtOrAbove) {
        throw new WeatherParseError(FORMAT, `missing value ${f[spec.field - 1].trim()} in a required field`, { line, field: name });
      }
      req[key][i] = v;
    }
    for (const [key, spec] of Object.entries(OPTIONAL) as [OptionalColumn, EpwField][]) {
      const raw = f[spec.field - 1];
      const col = opt.get(key) as Float64Array;
      if (raw === undefined || raw.trim() === '') {
        col[i] = NaN;
        continue;
      }
      const v = parseNumber(raw, FORMAT, line, `${spec.field} (${spec.label})`);
      // Albedo 0 is "not given" (IWEC files write 0.000 throughout); no ground has zero albedo.
      const missing = v >= spec.missingAtOrAbove || (key === 'albedo' && v <= 0);
      col[i] = missing ? NaN : v;
      if (!missing) seen.set(key, true);
    }
  }

  const utcOffset = pvgis ? 0 : fileZone;
  const { times, coercedYear, monthsSelected } = normaliseTimes(stamps, utcOffset, FORMAT, options);
  // '-' and 'unknown' are how EPW writers (IWEC, PVGIS) say "not given".
  const given = (i: number): string | undefined => {
    const v = loc[i]?.trim();
    return v && v !== '-' && v.toLowerCase() !== 'unknown' ? v : undefined;
  };
  const name = given(1) ?? (pvgis ? `PVGIS ${latitude.toFixed(3)}, ${longitude.toFixed(3)}` : '');
  const site: WeatherSite = { name, latitude, longitude, elevation, utcOffset };
  const meta: WeatherMeta = {
    stationId: given(5),
    state: given(2),
    country: given(3),
    dataSource: given(4),
    notes: [header.get('COMMENTS 1'), header.get('COMMENTS 2')]
      .filter((c): c is string[] => c !== undefined)
      .map((c) => c.slice(1).join(',').trim())
      .filter((c) => c !== ''),
  };
  if (coercedYear !== undefined) meta.coercedYear = coercedYear;
  if (monthsSelected) meta.monthsSelected = monthsSelected;
  if (pvgis) {
    const m = /Irradiance Time Offset \(h\):\s*([-+0-9.eE]+)/i.exec(text.slice(0, 4000));
    // PVGIS gives the EPW's offset from the row's label, which is the hour's END (−0.8239 h for the
    // +0.1761 h of its JSON/CSV): from the interval start it is one hour more.
    if (m) meta.irradianceTimeOffset = Math.round((Number(m[1]) + 1) * 1e6) / 1e6;
  }
  const record: WeatherRecord = {
    site,
    source: pvgis ? 'pvgis-epw' : 'epw',
    estimate: false,
    times,
    intervalMinutes: 60,
    ...req,
    meta,
  };
  for (const [key, present] of seen) if (present) record[key] = opt.get(key);
  return record;
}
