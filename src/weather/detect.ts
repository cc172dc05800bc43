// Weather file format detection by content, one parse entry point for every format, and the Node
// file reader. Detection and parsing are pure (a browser worker calls parseWeather on an uploaded
// file's text); only readWeatherFile touches the file system, through a dynamic import of node:fs so
// that bundling this module for the browser pulls in nothing from Node.
import type { TimeOptions } from './calendar.ts';
import { isPvgisEpw, parseEpw } from './epw.ts';
import { parsePvgisTmyCsv, parsePvgisTmyEpw, parsePvgisTmyJson, type PvgisCsvOptions } from './pvgis.ts';
import type { WeatherRecord } from './record.ts';
import { WeatherParseError } from './text.ts';
import { parseTmy3 } from './tmy3.ts';

/** The weather file formats the readers know. */
export const weatherFileFormats = ['epw', 'tmy3', 'pvgis-json', 'pvgis-csv', 'pvgis-epw'] as const;
export type WeatherFileFormat = (typeof weatherFileFormats)[number];
/** A format, or 'auto' to detect it from the content. */
export type WeatherFormatOption = 'auto' | WeatherFileFormat;

export type ParseWeatherOptions = TimeOptions & Pick<PvgisCsvOptions, 'location'>;

const FORMAT = 'weather file';

/** The format of a weather file's text, from its first lines. Throws WeatherParseError if unknown. */
export function detectWeatherFormat(text: string): WeatherFileFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 4000);
  if (head.startsWith('{')) {
    if (/"tmy_hourly"\s*:/.test(text)) return 'pvgis-json';
    if (/"outputs"\s*:\s*\{\s*"hourly"/.test(text)) {
      throw new WeatherParseError(FORMAT, 'this is a PVGIS hourly series on a tilted plane (seriescalc), not a weather year with GHI/DNI/DHI: download the TMY instead');
    }
    throw new WeatherParseError(FORMAT, 'a JSON file that is not a PVGIS TMY (no outputs.tmy_hourly)');
  }
  if (head.startsWith('LOCATION,')) return isPvgisEpw(head) ? 'pvgis-epw' : 'epw';
  if (head.startsWith('Latitude (decimal degrees):') || head.startsWith('time(UTC),')) {
    if (!/^time\(UTC\),/m.test(head) && /^time,/m.test(head)) {
      throw new WeatherParseError(FORMAT, 'this is a PVGIS hourly series on a tilted plane (seriescalc), not a weather year with GHI/DNI/DHI: download the TMY instead');
    }
    return 'pvgis-csv';
  }
  const [first, second] = head.split(/\r?\n/, 2);
  if (second?.startsWith('Date (MM/DD/YYYY),') && /^\d+,/.test(first)) return 'tmy3';
  throw new WeatherParseError(
    FORMAT,
    `format not recognised (first line '${(first ?? '').slice(0, 60)}'): expected EPW (LOCATION,…), TMY3 ` +
      '(station line then Date (MM/DD/YYYY),…) or a PVGIS TMY (JSON, CSV or EPW)',
    { line: 1 },
  );
}

/** Reads a weather file's text in the given format (default: detected). */
export function parseWeather(text: string, format: WeatherFormatOption = 'auto', options: ParseWeatherOptions = {}): WeatherRecord {
  const f = format === 'auto' ? detectWeatherFormat(text) : format;
  switch (f) {
    case 'epw':
      return parseEpw(text, options);
    case 'pvgis-epw':
      return parsePvgisTmyEpw(text, options);
    case 'tmy3':
      return parseTmy3(text, options);
    case 'pvgis-json':
      return parsePvgisTmyJson(text, options);
    case 'pvgis-csv':
      return parsePvgisTmyCsv(text, options);
    default:
      throw new WeatherParseError(FORMAT, `unknown format '${String(f)}' (one of auto, ${weatherFileFormats.join(', ')})`);
  }
}

/** Text of a file's bytes: UTF-8, or Latin-1 when the bytes are not valid UTF-8 (older EPW files). */
export function decodeWeatherBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** Node only: reads and parses a weather file. */
export async function readWeatherFile(path: string, format: WeatherFormatOption = 'auto', options: ParseWeatherOptions = {}): Promise<WeatherRecord> {
  const { readFile } = await import('node:fs/promises');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new Error(`cannot read weather file ${path}: ${(e as Error).message}`, { cause: e });
  }
  try {
    return parseWeather(decodeWeatherBytes(bytes), format, options);
  } catch (e) {
    if (e instanceof WeatherParseError) e.message = `${path}: ${e.message}`;
    throw e;
  }
}
