// Node only: the station table of the repository (datasets/climate/china-stations-monthly.csv), read
// and indexed once per process. Kept apart from stations.ts so that bundling the pure module for the
// browser pulls in nothing from Node.
import { readFileSync } from 'node:fs';
import { parseStationTable, StationTable } from './stations.ts';

/** The table's file in the repository. */
export const STATION_TABLE_URL = new URL('../../datasets/climate/china-stations-monthly.csv', import.meta.url);

let table: StationTable | undefined;

/** The 1,042 stations (read on first use). */
export function stationTable(): StationTable {
  table ??= new StationTable(parseStationTable(readFileSync(STATION_TABLE_URL, 'utf8')));
  return table;
}
