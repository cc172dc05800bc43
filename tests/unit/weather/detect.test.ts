// Format detection by content, readWeatherFile (Node) on every shared weather file, and the clear
// messages for files that are not weather years.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeWeatherBytes,
  detectWeatherFormat,
  parseWeather,
  readWeatherFile,
  WeatherParseError,
} from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText, weatherPath } from './data.ts';

describe('detectWeatherFormat', () => {
  it.each([
    [FILES.tmy3, 'tmy3'],
    [FILES.epw, 'epw'],
    [FILES.pvgisEpw, 'pvgis-epw'],
    [FILES.pvgisCsv, 'pvgis-csv'],
    [FILES.pvgisTable, 'pvgis-csv'],
    [FILES.pvgisJson, 'pvgis-json'],
  ])('%s is %s', (file, format) => {
    expect(detectWeatherFormat(readWeatherText(file))).toBe(format);
  });

  it('says a PVGIS hourly series is not a weather year (JSON and CSV)', () => {
    expect(() => detectWeatherFormat(readWeatherText(FILES.pvgisHourlyJson))).toThrow(/PVGIS hourly series on a tilted plane/);
    expect(() => detectWeatherFormat(readWeatherText(FILES.pvgisHourlyCsv))).toThrow(/PVGIS hourly series on a tilted plane/);
  });

  it('names what it expected for an unknown file', () => {
    expect(() => detectWeatherFormat('a,b,c\n1,2,3\n')).toThrow(WeatherParseError);
    expect(() => detectWeatherFormat('a,b,c\n1,2,3\n')).toThrow("weather file line 1: format not recognised (first line 'a,b,c'): expected EPW");
    expect(() => detectWeatherFormat('{"foo": 1}')).toThrow('a JSON file that is not a PVGIS TMY');
  });
});

describe('readWeatherFile', () => {
  it.each([
    [FILES.tmy3, 'tmy3', '1990-01-01T05:00:00.000Z'],
    [FILES.epw, 'epw', '1989-12-31T23:00:00.000Z'],
    [FILES.pvgisEpw, 'pvgis-epw', '1990-01-01T00:00:00.000Z'],
    [FILES.pvgisCsv, 'pvgis-csv', '1990-01-01T00:00:00.000Z'],
    [FILES.pvgisJson, 'pvgis-json', '1990-01-01T00:00:00.000Z'],
  ])('reads %s (auto) as %s: 8760 hours from %s', async (file, source, first) => {
    const r = await readWeatherFile(weatherPath(file));
    expect(r.source).toBe(source);
    expect(r.times.length).toBe(8760);
    expect(iso(r.times[0])).toBe(first);
  });

  it('honours an explicit format, and "epw" still reads a PVGIS EPW on UTC', async () => {
    const r = await readWeatherFile(weatherPath(FILES.pvgisEpw), 'epw');
    expect(r.source).toBe('pvgis-epw');
    expect(r.site.utcOffset).toBe(0);
  });

  it('an explicit wrong format fails with that format’s message', async () => {
    await expect(readWeatherFile(weatherPath(FILES.epw), 'tmy3')).rejects.toThrow(/NLD_Amsterdam062400_IWEC\.epw: TMY3 line 1/);
  });

  it('names the path of a file that does not exist', async () => {
    await expect(readWeatherFile('/nonexistent/x.epw')).rejects.toThrow('cannot read weather file /nonexistent/x.epw');
  });

  it('puts the path before the line of a parse error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pvstudio-weather-'));
    const lines = readWeatherText(FILES.epw).split('\n');
    // Line 21 "1995,1,1,13,60,…" with its DHI (field 16) replaced by '?'.
    lines[20] = lines[20].split(',').map((f, i) => (i === 15 ? '?' : f)).join(',');
    const path = join(dir, 'bad.epw');
    writeFileSync(path, lines.join('\n'));
    try {
      await expect(readWeatherFile(path)).rejects.toThrow(`${path}: EPW line 21, field 16 (diffuse horizontal radiation): '?' is not a number`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseWeather and decoding', () => {
  it('reads CRLF text and a byte-order mark the same', () => {
    const text = readWeatherText(FILES.pvgisCsv);
    const crlf = '\uFEFF' + text.replace(/\n/g, '\r\n');
    const a = parseWeather(text);
    const b = parseWeather(crlf);
    expect(b.times.length).toBe(8760);
    expect(b.ghi).toEqual(a.ghi);
  });

  it('falls back to Latin-1 for bytes that are not UTF-8 (older EPW station names)', () => {
    const bytes = Uint8Array.from([0x4c, 0x4f, 0x43, 0x2c, 0x4d, 0xfc, 0x6e]); // "LOC,Mün" in Latin-1
    expect(decodeWeatherBytes(bytes)).toBe('LOC,Mün');
    expect(decodeWeatherBytes(new TextEncoder().encode('Zürich'))).toBe('Zürich');
  });

  it('rejects an unknown explicit format', () => {
    expect(() => parseWeather('x', 'csv' as never)).toThrow("unknown format 'csv'");
  });
});
