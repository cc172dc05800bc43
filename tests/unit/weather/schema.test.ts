// The zod schema of simulate's `weather` input (docs/ENGINE-API.md): a file, hourly arrays, or a synthetic
// year — exactly one — with errors that name the offending path.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { weatherSchema } from '../../../src/model/weather.ts';

function issues(value: unknown): { path: string; message: string }[] {
  const r = weatherSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('weather input schema', () => {
  it('accepts a file with format auto by default', () => {
    expect(weatherSchema.parse({ file: 'site.epw' })).toEqual({ file: 'site.epw', format: 'auto' });
    expect(weatherSchema.parse({ file: 'tmy.json', format: 'pvgis-json' })).toEqual({ file: 'tmy.json', format: 'pvgis-json' });
  });

  it('names a wrong format', () => {
    expect(issues({ file: 'a.csv', format: 'csv' })[0].message).toMatch(/^format: Invalid option: expected one of "auto"\|"epw"\|"tmy3"\|"pvgis-json"\|"pvgis-csv"/);
  });

  it('accepts hourly arrays and names a column of the wrong length', () => {
    const hourly = { times: ['2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z'], ghi: [0, 0], dni: [0, 0], dhi: [0, 0], tempAir: [3, 2], windSpeed: [1, 1] };
    expect(weatherSchema.safeParse({ hourly }).success).toBe(true);
    expect(issues({ hourly: { ...hourly, ghi: [0] } })).toEqual([{ path: 'hourly.ghi', message: 'has 1 values, times has 2' }]);
    expect(issues({ hourly: { ...hourly, dni: [0, -5] } })).toEqual([{ path: 'hourly.dni.1', message: 'irradiance must not be negative' }]);
    expect(issues({ hourly: { ...hourly, times: ['2025-01-01T01:00:00Z', '2025-01-01T00:00:00Z'] } })).toEqual([
      { path: 'hourly.times.1', message: 'times must increase' },
    ]);
  });

  it('accepts a synthetic year with or without 12 monthly clearness indices', () => {
    expect(weatherSchema.safeParse({ synthetic: {} }).success).toBe(true);
    expect(weatherSchema.safeParse({ synthetic: { clearnessIndex: Array(12).fill(0.5), seed: 7 } }).success).toBe(true);
    expect(issues({ synthetic: { clearnessIndex: [0.5] } })).toEqual([{ path: 'synthetic.clearnessIndex', message: 'needs 12 monthly values' }]);
  });

  it("accepts a climate station: 'auto' or a 5-digit number, with an optional seed", () => {
    expect(weatherSchema.safeParse({ station: 'auto' }).success).toBe(true);
    expect(weatherSchema.safeParse({ station: '58367', seed: 3 }).success).toBe(true);
    expect(issues({ station: 'Shanghai' })[0].path).toBe('station');
    expect(weatherSchema.safeParse({ station: '58367', synthetic: {} }).success).toBe(false);
  });

  it('wants exactly one of file, hourly, synthetic, station', () => {
    expect(issues({})[0].message).toBe('weather needs exactly one of file, hourly, synthetic, station');
    expect(weatherSchema.safeParse({ file: 'a.epw', synthetic: {} }).success).toBe(false);
  });

  it('exports as JSON Schema (pvstudio schema simulate)', () => {
    const schema = z.toJSONSchema(weatherSchema, { io: 'input' }) as { anyOf: unknown[] };
    expect(schema.anyOf).toHaveLength(4);
  });
});
