// Uploaded load tables (src/economics/load-table.ts): the cells of a sheet → 8760 hourly kWh, each
// layout built in the test, and the errors naming the spreadsheet row and column.
import { describe, expect, it } from 'vitest';
import { columnName, parseLoadTable, type LoadTableResult } from '../../../src/economics/load-table.ts';

const ok = (r: LoadTableResult) => {
  if (!r.ok) throw new Error(`${r.error.row},${r.error.column}: ${r.error.message}`);
  return r;
};
const sum = (a: ArrayLike<number>) => Array.from(a).reduce((s, x) => s + x, 0);

describe('layouts', () => {
  it('8760 hourly values in a column, under a header row and beside a time column', () => {
    const rows: unknown[][] = [['time', 'load (kWh)']];
    for (let h = 0; h < 8760; h++) rows.push([`2025-01-01 ${h % 24}:00`, (h % 24) + 1]);
    const r = ok(parseLoadTable(rows));
    expect(r.layout).toBe('hourly-year');
    expect(r.skippedRows).toBe(1);
    expect(r.skippedColumns).toBe(1);
    expect(r.hourlyKwh[0]).toBe(1);
    expect(r.hourlyKwh[8759]).toBe(24);
    // Σ (1 + … + 24) · 365 = 300 · 365
    expect(sum(r.hourlyKwh)).toBe(300 * 365);
  });

  it('an index column 1 … 8760 is dropped; a leap year’s 8784 hours lose 29 February', () => {
    const rows = Array.from({ length: 8784 }, (_, h) => [h + 1, h >= 1416 && h < 1440 ? 99 : 1]);
    const r = ok(parseLoadTable(rows));
    expect(r.layout).toBe('hourly-year');
    expect(r.skippedColumns).toBe(1);
    expect(r.hourlyKwh).toHaveLength(8760);
    expect(Math.max(...r.hourlyKwh)).toBe(1);
  });

  it('12 rows × 24 columns with hour and month labels: each month’s day repeated', () => {
    const rows: unknown[][] = [['month', ...Array.from({ length: 24 }, (_, h) => h)]];
    for (let m = 1; m <= 12; m++) rows.push([`${m}月`, ...new Array(24).fill(m)]);
    const r = ok(parseLoadTable(rows));
    expect(r.layout).toBe('month-day');
    expect(r.skippedRows).toBe(1);
    // January: 31 days × 24 h × 1; December: 31 × 24 × 12
    expect(r.hourlyKwh[0]).toBe(1);
    expect(r.hourlyKwh[8759]).toBe(12);
    expect(sum(r.hourlyKwh)).toBe(24 * [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].reduce((s, d, m) => s + d * (m + 1), 0));
  });

  it('96 quarter-hour powers [kW] of a day → hourly means; as energies [kWh] → hourly sums', () => {
    // quarters of hour h: h, h, h + 1, h + 1 → mean h + 0.5 kW; sum 4h + 2 kWh
    const rows = Array.from({ length: 96 }, (_, q) => [Math.floor(q / 4) + (q % 4 >= 2 ? 1 : 0)]);
    const kw = ok(parseLoadTable(rows));
    expect(kw.layout).toBe('quarter-hour-day');
    expect(kw.hourlyKwh[5]).toBe(5.5);
    expect(kw.hourlyKwh[24 + 5]).toBe(5.5);
    const kwh = ok(parseLoadTable(rows, { unit: 'kWh' }));
    expect(kwh.hourlyKwh[5]).toBe(22);
  });

  it('one row of 24 values is a typical day; 365 rows × 24 columns are the days', () => {
    expect(ok(parseLoadTable([Array.from({ length: 24 }, (_, h) => h)])).layout).toBe('typical-day');
    const days = Array.from({ length: 365 }, (_, d) => new Array(24).fill(d));
    const r = ok(parseLoadTable(days));
    expect(r.layout).toBe('day-rows');
    expect(r.hourlyKwh[24 * 364]).toBe(364);
  });

  it('numbers as text, with thousands separators, and formula results are read', () => {
    const rows: unknown[][] = Array.from({ length: 24 }, () => ['1,200.5']);
    rows[3] = [{ formula: 'A1*2', result: 7 }];
    const r = ok(parseLoadTable(rows));
    expect(r.hourlyKwh[0]).toBe(1200.5);
    expect(r.hourlyKwh[3]).toBe(7);
  });
});

describe('errors name the row and column', () => {
  it('a word among the numbers', () => {
    const rows: unknown[][] = [['hour', 'kWh'], ...Array.from({ length: 8760 }, (_, h) => [h + 1, 2])];
    rows[15][1] = 'n/a';
    expect(parseLoadTable(rows)).toEqual({ ok: false, error: { row: 16, column: 'B', message: "'n/a' is not a number" } });
  });

  it('an empty cell and a negative value', () => {
    const rows: unknown[][] = Array.from({ length: 12 }, () => new Array(24).fill(1));
    rows[4][4] = null;
    expect(parseLoadTable(rows)).toEqual({ ok: false, error: { row: 5, column: 'E', message: 'the cell is empty' } });
    rows[4][4] = 1;
    rows[11][23] = -3;
    expect(parseLoadTable(rows)).toEqual({ ok: false, error: { row: 12, column: 'X', message: 'must not be negative' } });
  });

  it('a layout it does not know, and a sheet without numbers', () => {
    const r = parseLoadTable(Array.from({ length: 100 }, () => [1, 2, 3]));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/^found 100 rows × 3 columns of numbers \(from row 1, column A\): expected 8760 hourly values/);
    expect(parseLoadTable([['a', 'b'], []])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^the sheet holds no numbers/) } });
  });

  it('column names: A, Z, AA, AZ, BA', () => {
    expect([0, 25, 26, 51, 52].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA']);
  });
});
