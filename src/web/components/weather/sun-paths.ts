// Sun paths for the horizon chart: the Sun's apparent elevation by compass azimuth over one day, for
// the 21st of each month (the solstices and, near enough, the equinoxes among them), from the
// engine's solar position (NREL SPA, src/physics/solar-position.ts). Pure: the chart only draws.
import { horizonElevationAt, horizonTable } from '../../../physics/horizon.ts';
import { solarPositions } from '../../../physics/solar-position.ts';
import type { HorizonProfile } from '../../../model/horizon.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** A point of a sun path: compass azimuth [°] (clockwise from north) and apparent elevation [°]. */
export interface SunPathPoint {
  azimuth: number;
  elevation: number;
  /** The time [ms since 1970-01-01T00:00Z]. */
  time: number;
}

/** One day's path: the Sun above the astronomical horizon, in time order. */
export interface SunPath {
  /** Month, 1–12 (the path of its 21st day). */
  month: number;
  /** Calendar day of the month. */
  day: number;
  points: SunPathPoint[];
}

/**
 * The Sun's path over one day at a site: from local mean solar midnight to the next, every
 * `stepMinutes`, only while the apparent elevation is above 0.
 * @param latitude [°], north positive
 * @param longitude [°], east positive
 * @param year calendar year
 * @param month 1–12
 * @param day day of the month
 * @param stepMinutes time step [min]; default 10
 */
export function sunPath(latitude: number, longitude: number, year: number, month: number, day: number, stepMinutes = 10): SunPath {
  // local mean solar midnight ≈ UTC midnight − longitude / 15 h
  const start = Date.UTC(year, month - 1, day) - (longitude / 360) * MS_PER_DAY;
  const n = Math.floor((24 * 60) / stepMinutes) + 1;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = start + i * stepMinutes * MS_PER_MINUTE;
  const sp = solarPositions(times, latitude, longitude);
  const points: SunPathPoint[] = [];
  for (let i = 0; i < n; i++) {
    if (sp.apparentElevation[i] > 0) points.push({ azimuth: sp.azimuth[i], elevation: sp.apparentElevation[i], time: times[i] });
  }
  return { month, day, points };
}

/**
 * The paths of the 21st of every month of a year (December and June are the solstices' paths, March
 * and September the equinoxes' within a day or two).
 * @param latitude [°]
 * @param longitude [°]
 * @param year calendar year; default 2025
 * @param stepMinutes time step [min]; default 10
 */
export function monthlySunPaths(latitude: number, longitude: number, year = 2025, stepMinutes = 10): SunPath[] {
  return Array.from({ length: 12 }, (_, k) => sunPath(latitude, longitude, year, k + 1, 21, stepMinutes));
}

/**
 * A path cut into runs that do not jump across the chart's edge: the azimuth axis runs from
 * `left` to `left + 360`, and a path crossing that edge (north for a northern site at midsummer
 * midnight sun, or the centre of a southern site's chart) is split there.
 * @param points a path's points
 * @param left the azimuth at the chart's left edge [°]
 * @returns runs of [x azimuth in left … left + 360 [°], elevation [°]]
 */
export function pathRuns(points: readonly SunPathPoint[], left: number): [number, number][][] {
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  let prev = Number.NaN;
  for (const p of points) {
    const x = ((((p.azimuth - left) % 360) + 360) % 360) + left;
    if (run.length > 0 && Math.abs(x - prev) > 180) {
      runs.push(run);
      run = [];
    }
    run.push([x, p.elevation]);
    prev = x;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The horizon line for drawing, from `left` to `left + 360`: every `step` degrees and at each of the
 * profile's points (both sides of a step, so a wall's edge stays vertical).
 * @param profile pairs [azimuth [°], elevation [°]]
 * @param left the azimuth at the chart's left edge [°]
 * @param step sampling step [°]; default 1
 * @returns [x azimuth [°], horizon elevation [°]] pairs, x ascending
 */
export function horizonLine(profile: HorizonProfile, left: number, step = 1): [number, number][] {
  const table = horizonTable(profile);
  const xs: number[] = [];
  const n = Math.round(360 / step);
  for (let k = 0; k <= n; k++) xs.push(left + k * step);
  const EDGE = 1e-6;
  for (const [az] of profile) {
    const x = ((((az - left) % 360) + 360) % 360) + left;
    for (const v of [x - EDGE, x, x + EDGE]) if (v > left && v < left + 360) xs.push(v);
  }
  xs.sort((a, b) => a - b);
  return xs.map((x) => [x, horizonElevationAt(table, x)]);
}
