// The horizon editor's typed rows (src/web/components/weather/horizon-rows.ts): read by the same reader
// as an uploaded horizon file, so the ranges and the point count are the model's (src/model/horizon.ts);
// the rows shown for editing read back to the same profile.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HORIZON_MAX_ELEVATION, HORIZON_MAX_POINTS } from '../../../src/model/horizon.ts';
import { formatHorizonRows, parseHorizonRows } from '../../../src/web/components/weather/horizon-rows.ts';

const PVLIB_CSV = readFileSync(new URL('../../fixtures/weather/test_read_pvgis_horizon.csv', import.meta.url), 'utf8');

describe('typed horizon rows', () => {
  it('reads azimuth,elevation lines separated by commas, semicolons, tabs or blanks, with a header and comments', () => {
    const r = parseHorizonRows('azimuth,elevation\n# survey of 2025-03\n0,3\n90;8.5\n\n180\t2\n270  12\n');
    expect(r).toEqual({ ok: true, profile: [[0, 3], [90, 8.5], [180, 2], [270, 12]] });
  });

  it('reads a pasted pvlib horizon CSV (48 points, compass azimuth)', () => {
    const r = parseHorizonRows(PVLIB_CSV);
    if (!r.ok) throw new Error(r.detail);
    expect(r.profile).toHaveLength(48);
    // the fixture's first rows: 0,9.9 and 7.5,13
    expect(r.profile.slice(0, 2)).toEqual([[0, 9.9], [7.5, 13]]);
  });

  it('names the line of a row that is not a pair of numbers', () => {
    const r = parseHorizonRows('0,3\n90,8\nsouth,2\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.line).toBe(3);
    expect(r.detail).toMatch(/line 3/);
  });

  it('refuses an azimuth outside 0…360 and an elevation above the model’s maximum, on their line', () => {
    const az = parseHorizonRows('0,3\n\n400,8\n');
    expect(az).toMatchObject({ ok: false, line: 3 });
    const el = parseHorizonRows(`0,3\n90,${HORIZON_MAX_ELEVATION + 1}\n`);
    expect(el).toMatchObject({ ok: false, line: 2 });
    if (!el.ok) expect(el.detail).toMatch(/elevation/);
  });

  it('needs at least two points and at most the model’s maximum, and refuses an empty text', () => {
    expect(parseHorizonRows('180,5')).toMatchObject({ ok: false });
    expect(parseHorizonRows('')).toMatchObject({ ok: false });
    expect(parseHorizonRows('  \n# nothing\n')).toMatchObject({ ok: false });
    const many = Array.from({ length: HORIZON_MAX_POINTS + 1 }, (_, k) => `${((k * 360) / (HORIZON_MAX_POINTS + 1)).toFixed(3)},1`).join('\n');
    expect(parseHorizonRows(many)).toMatchObject({ ok: false });
    const most = Array.from({ length: HORIZON_MAX_POINTS }, (_, k) => `${(k / 10).toFixed(1)},1`).join('\n');
    expect(parseHorizonRows(most).ok).toBe(true);
  });

  it('shows a profile as rows by azimuth, rounded to 0.01°, that read back to the same points', () => {
    const profile = [[270, 12], [0, 3.333333], [90, 8.5], [180, 2]] as const;
    const text = formatHorizonRows(profile);
    expect(text).toBe('0,3.33\n90,8.5\n180,2\n270,12');
    expect(parseHorizonRows(text)).toEqual({ ok: true, profile: [[0, 3.33], [90, 8.5], [180, 2], [270, 12]] });
  });
});
