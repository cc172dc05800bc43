// Horizon profile files a user uploads or types (far shading, src/physics/horizon.ts), read into the
// contract's profile: pairs [azimuth, elevation] [°], azimuth clockwise from north (model/horizon.ts).
// Four forms, told apart by their content:
//   pvlib-csv   pvlib's CSV of a profile, header `horizon_azimuth,horizon_elevation`, azimuth already
//               clockwise from north (pvlib.iotools.get_pvgis_horizon written with to_csv; the test
//               fixture tests/fixtures/weather/test_read_pvgis_horizon.csv).
//   pvgis-json  the PVGIS API's `printhorizon` JSON: `outputs.horizon_profile: [{ "A", "H_hor" }]`.
//   pvgis-text  the PVGIS `printhorizon` CSV/text output: header lines, the tab-separated table
//               `A  H_hor  A_sun(w)  H_sun(w)  A_sun(s)  H_sun(s)`, then a legend and a footer.
//   plain       two columns azimuth, elevation (comma, semicolon, tab or blanks), compass azimuth,
//               an optional header line of words, `#` comments.
// PVGIS gives the azimuth A from south: 0 = south, 90 = west, −90 = east, ±180 = north (JRC, PVGIS
// user manual, "Horizon profile" tool outputs). Compass azimuth = A + 180, and PVGIS' two north
// points (−180 and 180, i.e. 0 and 360) become one: the 360 point is dropped — what pvlib's
// iotools.get_pvgis_horizon does (pvlib-python, pvlib/iotools/pvgis.py).
// Pure: no I/O, so it runs on an uploaded file's text in the browser as well as in Node.
import { z } from 'zod';
import { HORIZON_MAX_ELEVATION, HORIZON_MAX_POINTS, HORIZON_MIN_ELEVATION, HORIZON_MIN_POINTS, type HorizonProfile } from '../model/horizon.ts';
import { parseJsonDocument, parseNumber, splitLines, WeatherParseError } from './text.ts';

/** The horizon file forms the reader knows. */
export const horizonFileFormats = ['pvlib-csv', 'pvgis-json', 'pvgis-text', 'plain'] as const;
export type HorizonFileFormat = (typeof horizonFileFormats)[number];

const NAMES: Record<HorizonFileFormat, string> = {
  'pvlib-csv': 'pvlib horizon CSV',
  'pvgis-json': 'PVGIS horizon JSON',
  'pvgis-text': 'PVGIS horizon text',
  plain: 'horizon text',
};

/** The error of a text in none of the forms: its message starts 'format not recognised' and names the line. */
function notRecognised(line: number, text: string, why: string): WeatherParseError {
  const shown = text.trim().slice(0, 60);
  return new WeatherParseError(
    'format not recognised',
    `'${shown}' ${why}; expected a horizon profile: pvlib CSV (horizon_azimuth,horizon_elevation), PVGIS printhorizon ` +
      '(JSON or its text table A, H_hor, …) or two columns azimuth, elevation [°]',
    { line },
  );
}

/** Compass azimuth [°] (clockwise from north) of a PVGIS azimuth A [°] (0 = south, 90 = west, −90 = east). */
export function pvgisAzimuthToCompass(a: number): number {
  return a + 180;
}

/** Fields of a table line: comma, semicolon, tab or blank separated. */
function fieldsOf(line: string): string[] {
  const t = line.trim();
  return t === '' ? [] : t.split(/\s*[,;\t]\s*|\s+/);
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const isNumber = (s: string | undefined) => s !== undefined && NUMBER.test(s.trim());

/** The line index (0-based) of pvlib's header `horizon_azimuth,horizon_elevation`, or -1. */
function pvlibHeader(lines: readonly string[]): number {
  return lines.findIndex((l) => {
    const f = fieldsOf(l);
    return f.includes('horizon_azimuth') && f.includes('horizon_elevation');
  });
}

/** The line index (0-based) of the PVGIS table header `A  H_hor  …` (or `A_hor  H_hor`), or -1. */
function pvgisHeader(lines: readonly string[]): number {
  return lines.findIndex((l) => {
    const f = fieldsOf(l);
    return f.includes('H_hor') && (f.includes('A') || f.includes('A_hor'));
  });
}

/** A line that is a comment (`#`) or blank. */
const skipped = (line: string) => line.trim() === '' || line.trim().startsWith('#');

/** The form of a horizon file's text. Throws a WeatherParseError 'format not recognised' naming the line. */
export function detectHorizonFormat(text: string): HorizonFileFormat {
  const lines = splitLines(text);
  if (text.replace(/^\uFEFF/, '').trimStart().startsWith('{')) return 'pvgis-json';
  if (pvlibHeader(lines) >= 0) return 'pvlib-csv';
  if (pvgisHeader(lines) >= 0) return 'pvgis-text';
  // plain: the first line with content is a pair of numbers, or a header of two words
  for (let k = 0; k < lines.length; k++) {
    if (skipped(lines[k])) continue;
    const f = fieldsOf(lines[k]);
    if (f.length === 2 && (f.every(isNumber) || !f.some(isNumber))) return 'plain';
    throw notRecognised(k + 1, lines[k], 'is neither a header nor a pair azimuth, elevation');
  }
  throw notRecognised(1, lines[0] ?? '', 'is empty');
}

/** Checks one point's ranges; azimuth already compass. */
function checkPoint(az: number, el: number, format: string, line: number | undefined, field?: string): void {
  if (!(az >= 0 && az <= 360)) {
    throw new WeatherParseError(format, `azimuth ${az} is outside 0…360 [°, clockwise from north]`, { line, field });
  }
  if (!(el >= HORIZON_MIN_ELEVATION && el <= HORIZON_MAX_ELEVATION)) {
    throw new WeatherParseError(format, `elevation ${el} is outside ${HORIZON_MIN_ELEVATION}…${HORIZON_MAX_ELEVATION} [°]`, { line, field });
  }
}

/** The point count of the contract (2 … 3600). */
function checkCount(profile: HorizonProfile, format: string): HorizonProfile {
  if (profile.length < HORIZON_MIN_POINTS) throw new WeatherParseError(format, `has ${profile.length} points, needs at least ${HORIZON_MIN_POINTS}`);
  if (profile.length > HORIZON_MAX_POINTS) throw new WeatherParseError(format, `has ${profile.length} points, at most ${HORIZON_MAX_POINTS} are allowed`);
  return profile;
}

/** PVGIS' points in compass azimuth, without the duplicate north point at 360. */
function fromPvgis(points: { a: number; h: number; line?: number; field?: string }[], format: string): HorizonProfile {
  const out: [number, number][] = [];
  for (const p of points) {
    if (!(p.a >= -180 && p.a <= 180)) {
      throw new WeatherParseError(format, `azimuth A ${p.a} is outside −180…180 [°, PVGIS: 0 = south, 90 = west]`, { line: p.line, field: p.field });
    }
    const az = pvgisAzimuthToCompass(p.a);
    checkPoint(az, p.h, format, p.line, p.field);
    out.push([az, p.h]);
  }
  const hasNorth = out.some((p) => p[0] === 0);
  return checkCount(
    out.filter((p) => !(hasNorth && p[0] === 360)),
    format,
  );
}

/** Reads pvlib's CSV of a profile (`horizon_azimuth,horizon_elevation`, compass azimuth). */
export function parsePvlibHorizonCsv(text: string): HorizonProfile {
  const format = NAMES['pvlib-csv'];
  const lines = splitLines(text);
  const h = pvlibHeader(lines);
  if (h < 0) throw notRecognised(1, lines[0] ?? '', 'has no header horizon_azimuth,horizon_elevation');
  const header = fieldsOf(lines[h]);
  const ia = header.indexOf('horizon_azimuth');
  const ie = header.indexOf('horizon_elevation');
  const out: [number, number][] = [];
  for (let k = h + 1; k < lines.length; k++) {
    const f = fieldsOf(lines[k]);
    if (f.length === 0) continue;
    if (f.length !== header.length) throw new WeatherParseError(format, `has ${f.length} fields, the header ${header.length}`, { line: k + 1 });
    const az = parseNumber(f[ia], format, k + 1, 'horizon_azimuth');
    const el = parseNumber(f[ie], format, k + 1, 'horizon_elevation');
    checkPoint(az, el, format, k + 1);
    out.push([az, el]);
  }
  return checkCount(out, format);
}

const pvgisJsonSchema = z.object({
  outputs: z.object({
    horizon_profile: z.array(z.object({ A: z.number(), H_hor: z.number() }), { error: 'expected an array of { A, H_hor }' }),
  }),
});

/** Reads the PVGIS API's `printhorizon` JSON (text or already-parsed value). */
export function parsePvgisHorizonJson(input: string | unknown): HorizonProfile {
  const format = NAMES['pvgis-json'];
  const value = typeof input === 'string' ? parseJsonDocument(input, z.unknown(), format) : input;
  const outputs = (value as { outputs?: { horizon_profile?: unknown } } | null)?.outputs;
  if (!outputs || !Array.isArray(outputs.horizon_profile)) {
    throw new WeatherParseError('format not recognised', 'a JSON document without outputs.horizon_profile (PVGIS printhorizon)', { line: 1 });
  }
  const doc = parseJsonDocument(value, pvgisJsonSchema, format);
  return fromPvgis(
    doc.outputs.horizon_profile.map((r, i) => ({ a: r.A, h: r.H_hor, field: `outputs.horizon_profile.${i}` })),
    format,
  );
}

/** Reads the PVGIS `printhorizon` CSV/text output: the table under its `A  H_hor  …` header. */
export function parsePvgisHorizonText(text: string): HorizonProfile {
  const format = NAMES['pvgis-text'];
  const lines = splitLines(text);
  const h = pvgisHeader(lines);
  if (h < 0) throw notRecognised(1, lines[0] ?? '', 'has no table header A, H_hor');
  const header = fieldsOf(lines[h]);
  const ia = Math.max(header.indexOf('A'), header.indexOf('A_hor'));
  const ih = header.indexOf('H_hor');
  const points: { a: number; h: number; line: number }[] = [];
  for (let k = h + 1; k < lines.length; k++) {
    const f = fieldsOf(lines[k]);
    if (f.length === 0 || !isNumber(f[ia])) {
      if (points.length > 0) break; // the end of the table: a blank line or the legend
      if (f.length === 0) continue;
      throw new WeatherParseError(format, `'${lines[k].trim().slice(0, 40)}' is not a row of the table`, { line: k + 1 });
    }
    points.push({ a: parseNumber(f[ia], format, k + 1, 'A'), h: parseNumber(f[ih], format, k + 1, 'H_hor'), line: k + 1 });
  }
  return fromPvgis(points, format);
}

/** Reads two columns azimuth, elevation (compass azimuth), with an optional header line and # comments. */
export function parsePlainHorizon(text: string): HorizonProfile {
  const format = NAMES.plain;
  const lines = splitLines(text);
  const out: [number, number][] = [];
  let seen = false;
  for (let k = 0; k < lines.length; k++) {
    if (skipped(lines[k])) continue;
    const f = fieldsOf(lines[k]);
    const first = !seen;
    seen = true;
    if (f.length === 2 && f.every(isNumber)) {
      const az = Number(f[0]) + 0;
      const el = Number(f[1]) + 0;
      checkPoint(az, el, format, k + 1);
      out.push([az, el]);
      continue;
    }
    if (first && f.length === 2 && !f.some(isNumber)) continue; // a header: azimuth,elevation
    throw notRecognised(k + 1, lines[k], 'is not a pair azimuth, elevation');
  }
  return checkCount(out, format);
}

/**
 * A horizon profile from a file's text, its form detected (or given).
 * @param text the file's content
 * @param format the form, or 'auto' (default) to detect it
 * @returns pairs [azimuth [°] clockwise from north, elevation [°]], in the file's order
 */
export function parseHorizonFile(text: string, format: HorizonFileFormat | 'auto' = 'auto'): HorizonProfile {
  const f = format === 'auto' ? detectHorizonFormat(text) : format;
  switch (f) {
    case 'pvlib-csv':
      return parsePvlibHorizonCsv(text);
    case 'pvgis-json':
      return parsePvgisHorizonJson(text);
    case 'pvgis-text':
      return parsePvgisHorizonText(text);
    case 'plain':
      return parsePlainHorizon(text);
  }
}
