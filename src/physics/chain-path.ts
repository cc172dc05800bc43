// Which implementation of the chain's per-step work `simulateChain` runs (chain.ts):
//   'fast' (default): the sky from the process's cache (sky-cache.ts) and one packed loop per array
//     (chain-array-fast.ts);
//   'reference': the sky computed afresh (sky-series.ts) and the step-by-step array (chain-array.ts),
//     the path the fast one replaced, kept to check it against (the same answers, to the bit on every
//     test fixture) and to measure it (bench/suites/headless.ts).
import type { HorizonProfile } from '../model/horizon.ts';
import type { SimulateArray } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { simulateArray, type ArraySeries, type ArrayWork } from './chain-array.ts';
import { simulateArrayFast } from './chain-array-fast.ts';
import type { SkyDiffuseModel } from './irradiance.ts';
import { cachedSkySeries } from './sky-cache.ts';
import { skySeries, type SkySeries } from './sky-series.ts';

export const chainPaths = ['fast', 'reference'] as const;
export type ChainPath = (typeof chainPaths)[number];

/** Options of `simulateChain`. */
export interface ChainOptions {
  /** Default 'fast'. */
  path?: ChainPath;
}

/** A site's sky and the step that runs one array on it. */
export interface ChainSteps {
  sky: SkySeries;
  array(array: SimulateArray, work: ArrayWork): ArraySeries;
}

/**
 * The sky of a site and its per-array step, by path; rejects an unknown path.
 * @param record hourly (or sub-hourly) weather, interval-start times
 * @param site latitude, longitude [°], elevation [m], albedo [−] used where the weather has none
 * @param transposition sky diffuse model
 * @param horizon optional horizon profile: pairs [azimuth [°] clockwise from north, elevation [°]]
 */
export function chainSteps(
  record: WeatherRecord,
  site: { latitude: number; longitude: number; elevation: number; albedo: number },
  transposition: SkyDiffuseModel,
  horizon: HorizonProfile | undefined,
  path: ChainPath = 'fast',
): ChainSteps {
  switch (path) {
    case 'fast': {
      const sky = cachedSkySeries(record, site, transposition, horizon);
      return { sky, array: (array, work) => simulateArrayFast(sky, array, work) };
    }
    case 'reference': {
      const sky = skySeries(record, site, transposition, horizon);
      return { sky, array: (array, work) => simulateArray(sky, array, work) };
    }
    default:
      throw new RangeError(`unknown chain path "${String(path)}": expected one of ${chainPaths.join(', ')}`);
  }
}
