// Round trip "every field of the shared files is read": for each shared weather file, every weather
// field the record has a column for is compared, row by row over the whole year, with the raw text
// split here independently of the readers (positions from the formats' own documentation: EPW data
// dictionary field numbers, TMY3 manual headers, PVGIS variable names). Fields with no column in the
// record are listed, so a reader can see what is dropped.
import { describe, expect, it } from 'vitest';
import {
  parseEpw,
  parsePvgisTmyCsv,
  parsePvgisTmyJson,
  parseTmy3,
  presentColumns,
  type WeatherColumn,
  type WeatherRecord,
} from '../../../src/weather/index.ts';
import { FILES, readWeatherText } from './data.ts';

/** Rows as arrays of raw fields. */
function rows(text: string, skip: number, count: number): string[][] {
  return text.split('\n').slice(skip, skip + count).map((l) => l.split(','));
}

/** Compares one record column with raw values; returns the first mismatch or undefined. */
function mismatch(record: WeatherRecord, column: WeatherColumn, raw: string[], scale = 1): string | undefined {
  const col = record[column];
  if (!col) return `${column}: column absent`;
  if (col.length !== raw.length) return `${column}: ${col.length} values, file has ${raw.length}`;
  for (let i = 0; i < raw.length; i++) {
    const expected = Number(raw[i]) * scale + 0;
    if (Math.abs(col[i] - expected) > 1e-9 * Math.max(1, Math.abs(expected))) return `${column} row ${i}: ${col[i]} ≠ ${raw[i]}`;
  }
  return undefined;
}

describe('every weather field of the shared files is read', () => {
  it('TMY3 723170TYA.CSV: all 9 weather columns with data, every row', () => {
    const text = readWeatherText(FILES.tmy3);
    const rec = parseTmy3(text);
    const header = text.split('\n')[1].split(',');
    const data = rows(text, 2, 8760);
    const fields: [WeatherColumn, string, number?][] = [
      ['ghi', 'GHI (W/m^2)'],
      ['dni', 'DNI (W/m^2)'],
      ['dhi', 'DHI (W/m^2)'],
      ['tempAir', 'Dry-bulb (C)'],
      ['dewPoint', 'Dew-point (C)'],
      ['relativeHumidity', 'RHum (%)'],
      ['pressure', 'Pressure (mbar)', 100],
      ['windDirection', 'Wdir (degrees)'],
      ['windSpeed', 'Wspd (m/s)'],
    ];
    for (const [column, name, scale] of fields) {
      const k = header.indexOf(name);
      expect(k, name).toBeGreaterThan(0);
      expect(mismatch(rec, column, data.map((r) => r[k]), scale)).toBeUndefined();
    }
    expect(new Set(presentColumns(rec))).toEqual(new Set(fields.map((f) => f[0])));
    // Not in the record: ETR, ETRN, illuminances, zenith luminance, cloud covers, visibility, ceiling
    // height, precipitable water, AOD, precipitation, present weather; Alb is 0.00 in every row.
    const alb = header.indexOf('Alb (unitless)');
    expect(data.every((r) => Number(r[alb]) === 0)).toBe(true);
  });

  it('EPW Amsterdam: all 10 weather fields with data, every row', () => {
    const text = readWeatherText(FILES.epw);
    const rec = parseEpw(text);
    const data = rows(text, 8, 8760);
    const fields: [WeatherColumn, number][] = [
      ['tempAir', 7],
      ['dewPoint', 8],
      ['relativeHumidity', 9],
      ['pressure', 10],
      ['infraredHorizontal', 13],
      ['ghi', 14],
      ['dni', 15],
      ['dhi', 16],
      ['windDirection', 21],
      ['windSpeed', 22],
    ];
    for (const [column, field] of fields) expect(mismatch(rec, column, data.map((r) => r[field - 1]))).toBeUndefined();
    expect(new Set(presentColumns(rec))).toEqual(new Set(fields.map((f) => f[0])));
    // Field 33 (albedo) is 0.000 in every row: "not given".
    expect(data.every((r) => Number(r[32]) === 0)).toBe(true);
  });

  it('PVGIS CSV: all 9 variables, every row', () => {
    const text = readWeatherText(FILES.pvgisCsv);
    const rec = parsePvgisTmyCsv(text);
    const header = text.split('\n')[17].split(',');
    expect(header[0]).toBe('time(UTC)');
    const data = rows(text, 18, 8760);
    const fields: [WeatherColumn, string][] = [
      ['tempAir', 'T2m'],
      ['relativeHumidity', 'RH'],
      ['ghi', 'G(h)'],
      ['dni', 'Gb(n)'],
      ['dhi', 'Gd(h)'],
      ['infraredHorizontal', 'IR(h)'],
      ['windSpeed', 'WS10m'],
      ['windDirection', 'WD10m'],
      ['pressure', 'SP'],
    ];
    for (const [column, name] of fields) {
      const k = header.indexOf(name);
      expect(mismatch(rec, column, data.map((r) => r[k]))).toBeUndefined();
    }
    expect(new Set(presentColumns(rec))).toEqual(new Set(fields.map((f) => f[0])));
    expect(header.length - 1).toBe(fields.length); // every column of the table but the time
  });

  it('PVGIS JSON: all 9 variables of every tmy_hourly object', () => {
    const text = readWeatherText(FILES.pvgisJson);
    const rec = parsePvgisTmyJson(text);
    const hourly = (JSON.parse(text) as { outputs: { tmy_hourly: Record<string, number | string>[] } }).outputs.tmy_hourly;
    const keys = Object.keys(hourly[0]).filter((k) => k !== 'time(UTC)');
    const map: Record<string, WeatherColumn> = {
      T2m: 'tempAir', RH: 'relativeHumidity', 'G(h)': 'ghi', 'Gb(n)': 'dni', 'Gd(h)': 'dhi',
      'IR(h)': 'infraredHorizontal', WS10m: 'windSpeed', WD10m: 'windDirection', SP: 'pressure',
    };
    expect(keys.sort()).toEqual(Object.keys(map).sort());
    for (const k of keys) expect(mismatch(rec, map[k], hourly.map((h) => String(h[k])))).toBeUndefined();
  });

  it('PVGIS EPW: the 10 weather fields PVGIS fills, every row; the rest are EPW missing codes', () => {
    const text = readWeatherText(FILES.pvgisEpw);
    const rec = parseEpw(text);
    const data = rows(text, 8, 8760);
    const fields: [WeatherColumn, number][] = [
      ['tempAir', 7],
      ['dewPoint', 8],
      ['relativeHumidity', 9],
      ['pressure', 10],
      ['infraredHorizontal', 13],
      ['ghi', 14],
      ['dni', 15],
      ['dhi', 16],
      ['windDirection', 21],
      ['windSpeed', 22],
    ];
    for (const [column, field] of fields) expect(mismatch(rec, column, data.map((r) => r[field - 1]))).toBeUndefined();
    expect(new Set(presentColumns(rec))).toEqual(new Set(fields.map((f) => f[0])));
    // Albedo (field 33) is the missing code 999 throughout.
    expect(data.every((r) => r[32] === '999')).toBe(true);
  });
});
