// Horizon profiles typed or pasted as text in the Information step's horizon editor. They are read by
// the same reader as an uploaded horizon file (src/weather/horizon-file.ts): `azimuth,elevation` [°]
// a line — compass azimuth clockwise from north (90 east, 180 south) — separated by a comma,
// semicolon, tab or blanks, with an optional header line and '#' comments; a pasted PVGIS
// `printhorizon` output or pvlib CSV works as well. Pure.
import type { HorizonProfile } from '../../../model/horizon.ts';
import { parseHorizonFile } from '../../../weather/horizon-file.ts';
import { WeatherParseError } from '../../../weather/text.ts';

export type HorizonRowsResult = { ok: true; profile: HorizonProfile } | { ok: false; line: number | null; detail: string };

/**
 * The profile in `text`, or why it is not one (the reader's message, naming the line when it can).
 * @param text lines of `azimuth,elevation` [°]
 */
export function parseHorizonRows(text: string): HorizonRowsResult {
  try {
    return { ok: true, profile: parseHorizonFile(text) };
  } catch (e) {
    if (e instanceof WeatherParseError) return { ok: false, line: e.line ?? null, detail: e.message };
    throw e;
  }
}

/** A profile as editable rows ('azimuth,elevation' a line, by azimuth), for the text area. */
export function formatHorizonRows(profile: HorizonProfile): string {
  return [...profile]
    .sort((a, b) => a[0] - b[0])
    .map(([az, el]) => `${round(az)},${round(el)}`)
    .join('\n');
}

/** Two decimals are finer than any horizon survey [°]. */
function round(v: number): number {
  return Math.round(v * 100) / 100;
}
