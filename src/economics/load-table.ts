// An uploaded load table (the cells of an xlsx sheet, read on the server) → 8760 hourly kWh. Pure: a
// 2D array of cell values in, the profile or the first problem out, named by its sheet row (1-based)
// and column letter, as the user sees them in the spreadsheet.
//
// Accepted layouts (values are mean powers over each interval [kW], i.e. kWh for an hour; with
// unit 'kWh' a quarter-hour value is the energy of its quarter):
//   hourly-year        8760 values in one column or row (8784: a leap year, 29 February left out)
//   quarter-hour-year  35040 (35136) quarter-hour values → hourly
//   month-day          12 rows × 24 columns (or 24 × 12): a typical day for each month, repeated
//   day-rows           365 (366) rows × 24 columns: each day's hours
//   typical-day        24 values: one day repeated all year
//   quarter-hour-day   96 values: one day of quarter hours (the grid meter's 96-point curve), repeated
// Header rows (no number in them) and label columns (no number in the data rows: dates, names) are
// skipped, and so is an index column or row (1, 2, 3 … or 0, 1, 2 …) when dropping it gives a layout.
import type { LoadTableLayout } from '../model/economics.ts';
import { HOURS_PER_YEAR, MONTH_DAYS } from './calendar.ts';

export interface LoadTableOptions {
  /** Unit of quarter-hour values: mean power [kW] (default) or energy per quarter [kWh]. */
  unit?: 'kW' | 'kWh';
}

export type LoadTableResult =
  | { ok: true; layout: LoadTableLayout; hourlyKwh: Float64Array; skippedRows: number; skippedColumns: number }
  | { ok: false; error: LoadTableError };

/** The first problem of a table; row and column as the spreadsheet shows them (absent for the table as a whole). */
export interface LoadTableError {
  row?: number;
  column?: string;
  message: string;
}

/** Column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

type Cell = { kind: 'number'; value: number } | { kind: 'empty' } | { kind: 'text'; text: string };

/** A cell value as exceljs or a CSV reader gives it: number, numeric text, formula result, date, empty. */
function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return { kind: 'empty' };
  if (typeof v === 'number') return Number.isFinite(v) ? { kind: 'number', value: v } : { kind: 'text', text: String(v) };
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return { kind: 'empty' };
    const n = Number(t.replace(/[,\s]/g, ''));
    return /^[-+]?[\d,\s]*\.?\d+([eE][-+]?\d+)?$/.test(t) && Number.isFinite(n) ? { kind: 'number', value: n } : { kind: 'text', text: t };
  }
  if (v instanceof Date) return { kind: 'text', text: v.toISOString() };
  if (typeof v === 'object' && 'result' in v) return cellOf((v as { result: unknown }).result);
  if (typeof v === 'object' && 'richText' in v) return cellOf((v as { richText: { text: string }[] }).richText.map((r) => r.text).join(''));
  return { kind: 'text', text: String(v) };
}

const LAYOUT_HINT = 'expected 8760 hourly values, 12 rows × 24 columns (a day per month), 365 rows × 24 columns, 24 hourly or 96 quarter-hour values of a day, or 35040 quarter-hour values';

/** Parses the cells of a sheet (rows of cell values) into the year's hourly load. */
export function parseLoadTable(rows: readonly (readonly unknown[])[], options: LoadTableOptions = {}): LoadTableResult {
  const grid = rows.map((r) => r.map(cellOf));
  const hasNumber = (r: Cell[]) => r.some((c) => c.kind === 'number');
  const nonEmpty = (r: Cell[]) => r.some((c) => c.kind !== 'empty');
  const first = grid.findIndex(hasNumber);
  if (first < 0) return fail({ message: 'the sheet holds no numbers: ' + LAYOUT_HINT });
  let last = grid.length - 1;
  while (!nonEmpty(grid[last])) last--;
  const dataRows = grid.slice(first, last + 1);
  let width = 0;
  for (const r of dataRows) {
    let w = r.length;
    while (w > 0 && r[w - 1].kind === 'empty') w--;
    width = Math.max(width, w);
  }
  // Label columns: leading columns without a number in any data row.
  let left = 0;
  while (left < width && dataRows.every((r) => (r[left]?.kind ?? 'empty') !== 'number')) left++;
  // Every data cell must be a non-negative number.
  const values: number[][] = [];
  for (let i = 0; i < dataRows.length; i++) {
    const out: number[] = [];
    for (let j = left; j < width; j++) {
      const c = dataRows[i][j] ?? { kind: 'empty' };
      const at = { row: first + i + 1, column: columnName(j) };
      if (c.kind === 'empty') return fail({ ...at, message: 'the cell is empty' });
      if (c.kind === 'text') return fail({ ...at, message: `'${c.text.slice(0, 40)}' is not a number` });
      if (c.value < 0) return fail({ ...at, message: 'must not be negative' });
      out.push(c.value);
    }
    values.push(out);
  }
  const tries: { v: number[][]; rows: number; cols: number }[] = [{ v: values, rows: 0, cols: 0 }];
  if (isIndex(values.map((r) => r[0]))) tries.push({ v: values.map((r) => r.slice(1)), rows: 0, cols: 1 });
  if (values.length > 1 && isIndex(values[0])) {
    tries.push({ v: values.slice(1), rows: 1, cols: 0 });
    if (isIndex(values.slice(1).map((r) => r[0]))) tries.push({ v: values.slice(1).map((r) => r.slice(1)), rows: 1, cols: 1 });
  }
  for (const t of tries) {
    const shaped = shape(t.v, options.unit ?? 'kW');
    if (shaped) return { ok: true, ...shaped, skippedRows: first + t.rows, skippedColumns: left + t.cols };
  }
  const r = values.length;
  const c = values[0]?.length ?? 0;
  return fail({ message: `found ${r} row${r === 1 ? '' : 's'} × ${c} column${c === 1 ? '' : 's'} of numbers (from row ${first + 1}, column ${columnName(left)}): ${LAYOUT_HINT}` });
}

function fail(error: LoadTableError): LoadTableResult {
  return { ok: false, error };
}

/** 0, 1, 2 … or 1, 2, 3 … (at least 3 values). */
function isIndex(a: readonly number[]): boolean {
  if (a.length < 3 || (a[0] !== 0 && a[0] !== 1)) return false;
  for (let i = 1; i < a.length; i++) if (a[i] !== a[0] + i) return false;
  return true;
}

/** Hour index (0 … 8783) of 29 February 00:00 in a leap year's hourly series. */
const FEB29_HOUR = (31 + 28) * 24;

function shape(v: number[][], unit: 'kW' | 'kWh'): { layout: LoadTableLayout; hourlyKwh: Float64Array } | null {
  const rows = v.length;
  const cols = v[0]?.length ?? 0;
  if (rows === 0 || cols === 0) return null;
  const flat = rows === 1 ? v[0] : cols === 1 ? v.map((r) => r[0]) : null;
  const quarter = (a: readonly number[], i: number) => (unit === 'kWh' ? a[i] + a[i + 1] + a[i + 2] + a[i + 3] : (a[i] + a[i + 1] + a[i + 2] + a[i + 3]) / 4);
  if (flat) {
    const n = flat.length;
    if (n === HOURS_PER_YEAR || n === HOURS_PER_YEAR + 24) {
      const skip = n === HOURS_PER_YEAR ? [] : [FEB29_HOUR, FEB29_HOUR + 24];
      return { layout: 'hourly-year', hourlyKwh: dropRange(flat, skip) };
    }
    if (n === HOURS_PER_YEAR * 4 || n === (HOURS_PER_YEAR + 24) * 4) {
      const hourly = new Array<number>(n / 4);
      for (let h = 0; h < hourly.length; h++) hourly[h] = quarter(flat, h * 4);
      const skip = hourly.length === HOURS_PER_YEAR ? [] : [FEB29_HOUR, FEB29_HOUR + 24];
      return { layout: 'quarter-hour-year', hourlyKwh: dropRange(hourly, skip) };
    }
    if (n === 24) return { layout: 'typical-day', hourlyKwh: repeatDay(() => flat) };
    if (n === 96) {
      const day = Array.from({ length: 24 }, (_, h) => quarter(flat, h * 4));
      return { layout: 'quarter-hour-day', hourlyKwh: repeatDay(() => day) };
    }
    return null;
  }
  if (rows === 12 && cols === 24) return { layout: 'month-day', hourlyKwh: repeatDay((m) => v[m]) };
  if (rows === 24 && cols === 12) return { layout: 'month-day', hourlyKwh: repeatDay((m) => v.map((r) => r[m])) };
  if ((rows === 365 || rows === 366) && cols === 24) {
    const days = rows === 365 ? v : [...v.slice(0, 59), ...v.slice(60)];
    return { layout: 'day-rows', hourlyKwh: Float64Array.from(days.flat()) };
  }
  return null;
}

/** The series without a[from, to). */
function dropRange(a: readonly number[], range: number[]): Float64Array {
  if (range.length === 0) return Float64Array.from(a);
  return Float64Array.from([...a.slice(0, range[0]), ...a.slice(range[1])]);
}

/** Each day of the year takes `day(month 0 … 11)`. */
function repeatDay(day: (month: number) => readonly number[]): Float64Array {
  const out = new Float64Array(HOURS_PER_YEAR);
  let h = 0;
  for (let m = 0; m < 12; m++) {
    const d = day(m);
    for (let i = 0; i < MONTH_DAYS[m]; i++) for (let k = 0; k < 24; k++) out[h++] = d[k];
  }
  return out;
}
