// Node only: the BDEW standard load profiles of the repository (datasets/load-profiles/bdew-1999-hourly.csv),
// read and parsed once per process. Kept apart from bdew.ts so that bundling the pure module for the
// browser pulls in nothing from Node (a browser imports the CSV as text and calls parseBdewTable).
import { readFileSync } from 'node:fs';
import { parseBdewTable, type BdewTable } from './bdew.ts';

/** The table's file in the repository. */
export const BDEW_TABLE_URL = new URL('../../datasets/load-profiles/bdew-1999-hourly.csv', import.meta.url);

let table: BdewTable | undefined;

/** The 11 profiles × 3 seasons × 3 day types (read on first use). */
export function bdewTable(): BdewTable {
  table ??= parseBdewTable(readFileSync(BDEW_TABLE_URL, 'utf8'));
  return table;
}
