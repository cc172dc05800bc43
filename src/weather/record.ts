// One hourly weather record for every source (EPW, TMY3, PVGIS TMY JSON/CSV/EPW, simulate's hourly
// arrays, the synthetic clear-sky year): a site, interval-start timestamps and Float64Array columns.
//
// Conventions (docs/ARCHITECTURE.md, docs/ENGINE-API.md "simulate"): timestamps are UTC instants [ms since
// 1970-01-01T00:00Z] of the START of each interval. TMY3 and EPW label the END of the hour (01:00 is
// 00:00–01:00); PVGIS labels the start (time(UTC) 00:00 is 00:00–01:00, and PVGIS's own EPW export
// writes that hour as hour 1). Typical years whose months come from different years are mapped onto
// one reference year (calendar.ts). Irradiance [W m⁻²], temperature [°C], wind [m s⁻¹], pressure [Pa],
// relative humidity [%], angles [°] clockwise from north. A missing value in an optional column is NaN.
import { z } from 'zod';

/** Where a record came from. */
export type WeatherSource = 'epw' | 'tmy3' | 'pvgis-json' | 'pvgis-csv' | 'pvgis-epw' | 'hourly' | 'synthetic' | 'station';

/** The place the data belong to. */
export interface WeatherSite {
  /** Station or place name ('' when the file has none). */
  name: string;
  /** [°] north positive. */
  latitude: number;
  /** [°] east positive. */
  longitude: number;
  /** [m] above sea level. */
  elevation: number;
  /**
   * [h] offset from UTC of the clock the file's timestamps were written in: local standard time for
   * TMY3 and EPW (−5 for Greensboro), 0 for PVGIS (UTC). The record's `times` are UTC regardless.
   */
  utcOffset: number;
}

/** One month of a typical year and the calendar year it was taken from. */
export interface MonthYear {
  month: number;
  year: number;
}

/** Everything else a file says about its data. */
export interface WeatherMeta {
  /** Station id: WMO number (EPW), USAF number (TMY3). */
  stationId?: string;
  state?: string;
  country?: string;
  /** Data source named in the file ('IWEC Data', 'ECMWF/ERA', 'PVGIS-SARAH3 / ERA5' …). */
  dataSource?: string;
  /** Typical year: the calendar year each month came from (as the file gives it or as read). */
  monthsSelected?: MonthYear[];
  /** Set when the rows' years were replaced by this one reference year (a typical year). */
  coercedYear?: number;
  /**
   * [h] PVGIS: the irradiance of a record is the value at interval start + this offset (satellite
   * scan time, 0.1761 h for SARAH3 at 45° N; ≈ 0.5 for ERA5 hourly means). Solar position for
   * transposition is best taken there rather than at mid-interval.
   */
  irradianceTimeOffset?: number;
  radiationDatabase?: string;
  meteoDatabase?: string;
  yearMin?: number;
  yearMax?: number;
  useHorizon?: boolean;
  horizonDatabase?: string;
  /** Free text worth keeping (comments, legends, footers). */
  notes?: string[];
}

/** Columns every record has. */
export const requiredColumns = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed'] as const;
/** Columns a record has when its source gives them. */
export const optionalColumns = [
  'relativeHumidity',
  'pressure',
  'albedo',
  'dewPoint',
  'windDirection',
  'infraredHorizontal',
] as const;
export type RequiredColumn = (typeof requiredColumns)[number];
export type OptionalColumn = (typeof optionalColumns)[number];
export type WeatherColumn = RequiredColumn | OptionalColumn;

export interface WeatherRecord {
  site: WeatherSite;
  source: WeatherSource;
  /** True when the data are an estimate (the synthetic year), not measured or reanalysed weather. */
  estimate: boolean;
  /** [ms since epoch, UTC] start of each interval, strictly increasing. */
  times: Float64Array;
  /** [min] length of every interval. */
  intervalMinutes: number;
  /** [W m⁻²] global horizontal irradiance. */
  ghi: Float64Array;
  /** [W m⁻²] direct normal irradiance. */
  dni: Float64Array;
  /** [W m⁻²] diffuse horizontal irradiance. */
  dhi: Float64Array;
  /** [°C] dry-bulb air temperature (PVGIS: at 2 m). */
  tempAir: Float64Array;
  /** [m s⁻¹] wind speed (PVGIS: at 10 m). */
  windSpeed: Float64Array;
  /** [%] relative humidity. */
  relativeHumidity?: Float64Array;
  /** [Pa] station (surface) pressure. */
  pressure?: Float64Array;
  /** [0–1] ground albedo (0 in a file is taken as "not given"). */
  albedo?: Float64Array;
  /** [°C] dew-point temperature. */
  dewPoint?: Float64Array;
  /** [°] wind direction, clockwise from north (direction the wind comes from). */
  windDirection?: Float64Array;
  /** [W m⁻²] downwelling long-wave (infrared) irradiance on the horizontal. */
  infraredHorizontal?: Float64Array;
  meta: WeatherMeta;
}

/** The number of intervals in a record. */
export function recordLength(record: WeatherRecord): number {
  return record.times.length;
}

/** The columns a record actually carries, required first. */
export function presentColumns(record: WeatherRecord): WeatherColumn[] {
  return [...requiredColumns, ...optionalColumns.filter((c) => record[c] !== undefined)];
}

/**
 * Checks a record's shape: equal column lengths, strictly increasing times spaced by
 * `intervalMinutes`, finite required values. Throws an Error naming the first offence.
 */
export function assertValidRecord(record: WeatherRecord): void {
  const n = record.times.length;
  for (const c of presentColumns(record)) {
    const col = record[c];
    if (col && col.length !== n) throw new Error(`weather column ${c} has ${col.length} values, times has ${n}`);
  }
  const step = record.intervalMinutes * 60_000;
  for (let i = 1; i < n; i++) {
    if (record.times[i] - record.times[i - 1] !== step) {
      throw new Error(
        `weather times are not spaced by ${record.intervalMinutes} min at index ${i} ` +
          `(${new Date(record.times[i - 1]).toISOString()} → ${new Date(record.times[i]).toISOString()})`,
      );
    }
  }
  for (const c of requiredColumns) {
    const col = record[c];
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(col[i])) throw new Error(`weather column ${c} is not a finite number at index ${i}`);
    }
  }
}

/** simulate's `weather.hourly` arrays (docs/ENGINE-API.md): ISO times of interval starts. */
export interface HourlyArrays {
  times: readonly string[];
  ghi: readonly number[];
  dni: readonly number[];
  dhi: readonly number[];
  tempAir: readonly number[];
  windSpeed: readonly number[];
  relativeHumidity?: readonly number[];
  pressure?: readonly number[];
  albedo?: readonly number[];
}

const isoTime = z.iso.datetime({ offset: true, local: false });

/**
 * A record from simulate's hourly arrays. `times` are interval starts as ISO 8601 instants with a
 * zone ('2025-06-21T04:00:00Z'); the interval is their (constant) spacing, 60 min for one value.
 */
export function recordFromHourly(hourly: HourlyArrays, site: WeatherSite): WeatherRecord {
  const n = hourly.times.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = hourly.times[i];
    if (!isoTime.safeParse(t).success) {
      throw new Error(`weather.hourly.times.${i}: '${t}' is not an ISO 8601 date-time with a zone`);
    }
    times[i] = Date.parse(t);
  }
  const column = (name: string, values: readonly number[]): Float64Array => {
    if (values.length !== n) throw new Error(`weather.hourly.${name} has ${values.length} values, times has ${n}`);
    return Float64Array.from(values);
  };
  const record: WeatherRecord = {
    site,
    source: 'hourly',
    estimate: false,
    times,
    intervalMinutes: n > 1 ? (times[1] - times[0]) / 60_000 : 60,
    ghi: column('ghi', hourly.ghi),
    dni: column('dni', hourly.dni),
    dhi: column('dhi', hourly.dhi),
    tempAir: column('tempAir', hourly.tempAir),
    windSpeed: column('windSpeed', hourly.windSpeed),
    meta: {},
  };
  if (hourly.relativeHumidity) record.relativeHumidity = column('relativeHumidity', hourly.relativeHumidity);
  if (hourly.pressure) record.pressure = column('pressure', hourly.pressure);
  if (hourly.albedo) record.albedo = column('albedo', hourly.albedo);
  assertValidRecord(record);
  return record;
}
