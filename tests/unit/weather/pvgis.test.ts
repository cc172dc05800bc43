// PVGIS readers on the PVGIS 5.3 TMY for 45° N 8° E (SARAH3/ERA5 2005–2023) in its three outputs
// (JSON, CSV, EPW) and the bare data table pvlib uses as the expected values of all three
// (pvgis_tmy_test.csv); plus the two PVGIS hourly-series files. Expected values are read straight from
// the files (raw lines quoted). PVGIS TMY rows are UTC interval starts (time(UTC) 00:00 is written as
// hour 1 = 00:00–01:00 in PVGIS's own EPW); pvlib get_pvgis_tmy maps them onto 1990 (coerce_year).
import { describe, expect, it } from 'vitest';
import {
  parsePvgisHourlyCsv,
  parsePvgisHourlyJson,
  parsePvgisTmyCsv,
  parsePvgisTmyEpw,
  parsePvgisTmyJson,
  presentColumns,
  requiredColumns,
  type WeatherColumn,
  type WeatherRecord,
} from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText } from './data.ts';

const json = parsePvgisTmyJson(readWeatherText(FILES.pvgisJson));
const csv = parsePvgisTmyCsv(readWeatherText(FILES.pvgisCsv));
const epw = parsePvgisTmyEpw(readWeatherText(FILES.pvgisEpw));
const table = parsePvgisTmyCsv(readWeatherText(FILES.pvgisTable), { location: { latitude: 45, longitude: 8, elevation: 250 } });

const MONTH_YEARS = [2018, 2007, 2009, 2013, 2008, 2006, 2011, 2010, 2020, 2006, 2007, 2016];
/** Row of 2006-06-20 11:00 UTC: 170 days × 24 + 11. */
const NOON = 4091;

describe('PVGIS TMY JSON', () => {
  it('reads inputs.location and inputs.meteo_data', () => {
    // {"inputs": {"location": {"latitude": 45.0, "longitude": 8.0, "elevation": 250.0,
    //  "irradiance_time_offset": 0.1761}, "meteo_data": {"radiation_db": "PVGIS-SARAH3", "meteo_db": "ERA5",
    //  "year_min": 2005, "year_max": 2023, "use_horizon": true, "horizon_db": "DEM-calculated"}}, …
    expect(json.site).toEqual({ name: 'PVGIS 45.000, 8.000', latitude: 45, longitude: 8, elevation: 250, utcOffset: 0 });
    expect(json.source).toBe('pvgis-json');
    expect(json.meta).toMatchObject({
      irradianceTimeOffset: 0.1761,
      radiationDatabase: 'PVGIS-SARAH3',
      meteoDatabase: 'ERA5',
      yearMin: 2005,
      yearMax: 2023,
      useHorizon: true,
      horizonDatabase: 'DEM-calculated',
      coercedYear: 1990,
    });
    expect(json.meta.monthsSelected?.map((m) => m.year)).toEqual(MONTH_YEARS);
  });

  it('has 8760 rows from 00:00 UTC on 1 January to 23:00 UTC on 31 December', () => {
    // First "20180101:0000", last "20161231:2300" (months from different years).
    expect(json.times.length).toBe(8760);
    expect(iso(json.times[0])).toBe('1990-01-01T00:00:00.000Z');
    expect(iso(json.times[8759])).toBe('1990-12-31T23:00:00.000Z');
  });

  it('reads every variable of an hour', () => {
    // {"time(UTC)": "20060620:1100", "T2m": 30.09, "RH": 41.0, "G(h)": 787.0, "Gb(n)": 450.51, "Gd(h)": 369.0,
    //  "IR(h)": 391.3, "WS10m": 0.48, "WD10m": 162.0, "SP": 100050.0}
    expect(iso(json.times[NOON])).toBe('1990-06-20T11:00:00.000Z');
    expect(rowOf(json, NOON)).toEqual({
      ghi: 787, dni: 450.51, dhi: 369, tempAir: 30.09, windSpeed: 0.48,
      relativeHumidity: 41, pressure: 100050, windDirection: 162, infraredHorizontal: 391.3,
    });
  });
});

describe('PVGIS TMY CSV', () => {
  it('reads the header lines and the month table', () => {
    // Latitude (decimal degrees): 45.000 / Longitude (decimal degrees): 8.000 / Elevation (m): 250.0 /
    // Irradiance Time Offset (h): 0.1761 / month,year / 1,2018 / 2,2007 / …
    expect(csv.site).toEqual(json.site);
    expect(csv.source).toBe('pvgis-csv');
    expect(csv.meta.irradianceTimeOffset).toBe(0.1761);
    expect(csv.meta.monthsSelected?.map((m) => m.year)).toEqual(MONTH_YEARS);
    expect(csv.meta.notes).toContain('PVGIS (c) European Union, 2001-2025');
    expect(csv.meta.notes).toContain('SP: Surface (air) pressure (Pa)');
  });

  it('reads 8760 rows between the data header and the legend', () => {
    expect(csv.times.length).toBe(8760);
    expect(iso(csv.times[0])).toBe('1990-01-01T00:00:00.000Z');
    expect(iso(csv.times[8759])).toBe('1990-12-31T23:00:00.000Z');
    // Line 4110: 20060620:1100,30.09,41.0,787.0,450.51,369.0,391.3,0.48,162.0,100050.0
    expect(rowOf(csv, NOON)).toEqual(rowOf(json, NOON));
    // Line 19: 20180101:0000,2.04,94.38,0.0,-0.0,0.0,283.58,0.75,257.0,99870.0 ("-0.0" reads as 0)
    expect(Object.is(csv.dni[0], 0)).toBe(true);
    expect([csv.tempAir[0], csv.relativeHumidity?.[0], csv.pressure?.[0]]).toEqual([2.04, 94.38, 99870]);
  });
});

describe('PVGIS TMY EPW', () => {
  it('reads the rows on UTC although LOCATION gives time zone 1', () => {
    // LOCATION,unknown,-,unknown,ECMWF/ERA,unknown,45.000000,8.000000,1,250
    // Line 9 "2018,1,1,1,0,…,2.04,1.21,94.38,99870.00,…" is the JSON's "20180101:0000" hour.
    expect(epw.source).toBe('pvgis-epw');
    expect(epw.site).toEqual(json.site);
    expect(iso(epw.times[0])).toBe('1990-01-01T00:00:00.000Z');
    expect(iso(epw.times[8759])).toBe('1990-12-31T23:00:00.000Z');
    expect(epw.meta.dataSource).toBe('ECMWF/ERA');
  });

  it('turns the EPW time offset (from the hour end) into the JSON one (from the start)', () => {
    // COMMENTS 2,Irradiance Time Offset (h):-0.8239   vs   "irradiance_time_offset": 0.1761
    expect(epw.meta.irradianceTimeOffset).toBeCloseTo(0.1761, 10);
  });

  it('reads an hour', () => {
    // Line 4100: 2006,6,20,12,0,B8B8…,30.09,15.40,41.00,100050.00,9999,9999,391.30,787.00,450.51,369.00,
    //            999999,999999,999999,9999,162,0.5,99,99,…  (wind rounded to 0.1 m/s in the EPW)
    expect(rowOf(epw, NOON)).toEqual({ ...rowOf(json, NOON), windSpeed: 0.5, dewPoint: 15.4 });
  });
});

describe('the same PVGIS TMY in JSON, CSV, EPW and the bare table gives the same records', () => {
  const columns: WeatherColumn[] = presentColumns(json);

  it('JSON and CSV: same times, same columns, every value equal', () => {
    expect(presentColumns(csv)).toEqual(columns);
    expect(firstDifference(csv.times, json.times)).toBe(-1);
    for (const c of columns) expect(firstDifference(csv[c], json[c]), c).toBe(-1);
  });

  it('the bare data table (pvlib pvgis_tmy_test.csv) equals the JSON', () => {
    expect(firstDifference(table.times, json.times)).toBe(-1);
    for (const c of columns) expect(firstDifference(table[c], json[c]), c).toBe(-1);
  });

  it('EPW: same times and values; wind within the EPW rounding of 0.05 m/s', () => {
    expect(firstDifference(epw.times, json.times)).toBe(-1);
    for (const c of columns) {
      if (c === 'windSpeed') continue;
      expect(firstDifference(epw[c], json[c]), c).toBe(-1);
    }
    let worst = 0;
    for (let i = 0; i < 8760; i++) worst = Math.max(worst, Math.abs(epw.windSpeed[i] - json.windSpeed[i]));
    expect(worst).toBeLessThanOrEqual(0.05 + 1e-9);
  });
});

describe('PVGIS hourly series (seriescalc)', () => {
  it('reads the JSON with PV output (2-axis tracking, 10 kWp CIS)', () => {
    const s = parsePvgisHourlyJson(readWeatherText(FILES.pvgisHourlyJson));
    expect(s.times.length).toBe(10);
    // {"time": "20130101:0010", …}: the hour 00:00–01:00 UTC, irradiance at 00:10.
    expect(iso(s.times[0])).toBe('2013-01-01T00:00:00.000Z');
    expect(s.meta.irradianceTimeOffset).toBeCloseTo(10 / 60, 12);
    // {"time": "20130101:0910", "P": 3950.1, "G(i)": 423.28, "H_sun": 14.8, "T2m": 1.89, "WS10m": 0.69, "Int": 0.0}
    const c = s.columns;
    expect([c.power?.[9], c.poaGlobal?.[9], c.solarElevation?.[9], c.tempAir?.[9], c.windSpeed?.[9], c.reconstructed?.[9]]).toEqual([
      3950.1, 423.28, 14.8, 1.89, 0.69, 0,
    ]);
    expect(s.meta).toMatchObject({ radiationDatabase: 'PVGIS-SARAH2', technology: 'CIS', peakPower: 10, systemLoss: 5, mounting: 'two_axis' });
  });

  it('reads the CSV and turns the PVGIS azimuth (0 = south) into the compass one', () => {
    const s = parsePvgisHourlyCsv(readWeatherText(FILES.pvgisHourlyCsv));
    // "Slope: 30 deg. " / "Azimuth: 0 deg. " → tilt 30°, azimuth 180° (south).
    expect(s.meta.surfaceTilt).toBe(30);
    expect(s.meta.surfaceAzimuth).toBe(180);
    expect(s.site).toMatchObject({ latitude: 45, longitude: 8, elevation: 250 });
    expect(s.times.length).toBe(14);
    // 20160101:0810,26.71,8.28,0.21,8.06,3.87,1.22,1.0
    const c = s.columns;
    expect(iso(s.times[8])).toBe('2016-01-01T08:00:00.000Z');
    expect([c.poaDirect?.[8], c.poaSkyDiffuse?.[8], c.poaGroundDiffuse?.[8], c.solarElevation?.[8], c.tempAir?.[8], c.windSpeed?.[8], c.reconstructed?.[8]]).toEqual([
      26.71, 8.28, 0.21, 8.06, 3.87, 1.22, 1,
    ]);
  });
});

describe('PVGIS reader errors', () => {
  const csvText = readWeatherText(FILES.pvgisCsv);
  const jsonText = readWeatherText(FILES.pvgisJson);

  it('CSV: names the line and column of a value that is not a number', () => {
    const lines = csvText.split('\n');
    lines[19] = '20180101:0100,1.98,95.45,zero,-0.0,0.0,291.44,0.78,258.0,99800.0';
    expect(() => parsePvgisTmyCsv(lines.join('\n'))).toThrow("PVGIS CSV line 20, field G(h): 'zero' is not a number");
  });

  it('CSV: the bare table needs a location', () => {
    expect(() => parsePvgisTmyCsv(readWeatherText(FILES.pvgisTable))).toThrow('PVGIS CSV: the file gives no latitude/longitude');
  });

  it('JSON: names the path of a wrong value', () => {
    const v = JSON.parse(jsonText) as { outputs: { tmy_hourly: Record<string, unknown>[] } };
    v.outputs.tmy_hourly[3]['G(h)'] = 'n/a';
    expect(() => parsePvgisTmyJson(JSON.stringify(v))).toThrow(/^PVGIS JSON field outputs\.tmy_hourly\.3\.G\(h\): .*expected number/);
  });

  it('JSON: a truncated download is not valid JSON', () => {
    expect(() => parsePvgisTmyJson(jsonText.slice(0, 5000))).toThrow(/^PVGIS JSON: not valid JSON/);
  });

  it('JSON: a bad timestamp is named', () => {
    expect(() => parsePvgisTmyJson(jsonText.replace('"20180101:0200"', '"2018-01-01 02:00"'))).toThrow(
      "PVGIS JSON field outputs.tmy_hourly.2.time(UTC): '2018-01-01 02:00' is not a time YYYYMMDD:HHMM",
    );
  });
});

function rowOf(r: WeatherRecord, i: number): Partial<Record<WeatherColumn, number>> {
  const out: Partial<Record<WeatherColumn, number>> = {};
  for (const c of presentColumns(r)) out[c] = (r[c] as Float64Array)[i];
  for (const c of requiredColumns) out[c] = r[c][i];
  return out;
}

/** Index of the first element where two columns differ (or their lengths do), −1 if none. */
function firstDifference(a: Float64Array | undefined, b: Float64Array | undefined): number {
  if (!a || !b) return a === b ? -1 : 0;
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}
