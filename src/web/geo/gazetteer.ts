// Place helpers of the web app. The gazetteer itself lives on the server (issue 6: its ≈ 8 MB no
// longer ship to the browser; src/server/catalogue/gazetteer.ts, searched through src/web/api/
// places.ts); the pure search and label functions are shared from src/model/catalogue/places.ts.
import { makePlace, type Place } from '../../model/catalogue/places.ts';

export { makePlace, normalise, placeLabel, searchPlaces, type Place } from '../../model/catalogue/places.ts';

/**
 * The world map's dots from the server's land cells (flat [column, row] pairs of `cellDeg` cells):
 * one unnamed place at each cell's centre.
 */
export function cellPlaces(cellDeg: number, cells: readonly number[]): Place[] {
  const out: Place[] = [];
  for (let i = 0; i + 1 < cells.length; i += 2) out.push(makePlace('', '', '', '', (cells[i + 1] + 0.5) * cellDeg - 90, (cells[i] + 0.5) * cellDeg - 180));
  return out;
}
