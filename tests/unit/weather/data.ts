// Where the public weather fixtures live: tests/fixtures/weather in this repository (copied from
// pvlib-python v0.15.2's test data; provenance, licence and blob ids in that folder's README.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEATHER_DIR = fileURLToPath(new URL('../../fixtures/weather', import.meta.url));

export const FILES = {
  tmy3: '723170TYA.CSV',
  epw: 'NLD_Amsterdam062400_IWEC.epw',
  pvgisCsv: 'tmy_45.000_8.000_2005_2023.csv',
  pvgisEpw: 'tmy_45.000_8.000_2005_2023.epw',
  pvgisJson: 'tmy_45.000_8.000_2005_2023.json',
  pvgisTable: 'pvgis_tmy_test.csv',
  pvgisHourlyJson: 'pvgis_hourly_Timeseries_45.000_8.000_SA2_10kWp_CIS_5_2a_2013_2014.json',
  pvgisHourlyCsv: 'pvgis_hourly_Timeseries_45.000_8.000_SA_30deg_0deg_2016_2016.csv',
} as const;

export function weatherPath(name: string): string {
  return join(WEATHER_DIR, name);
}

export function readWeatherText(name: string): string {
  return readFileSync(weatherPath(name), 'utf8');
}

/** ISO string of a timestamp [ms]. */
export const iso = (ms: number): string => new Date(ms).toISOString();
