// Which implementation of the chain's per-step work `simulateChain` runs (chain.ts):
//   'fast' (default): the sky from the process's cache (sky-cache.ts) and one packed loop per array
//     that adds the array into its group as it goes (chain-array-fast.ts);
//   'reference': the sky computed afresh (sky-series.ts) and the step-by-step array (chain-array.ts)
//     added into its group from its series (chain-group.ts), the path the fast one replaced, kept to
//     check it against (the same answers, to the bit on every test fixture) and to measure it
//     (bench/suites/headless.ts).
import type { HorizonProfile } from '../model/horizon.ts';
import type { SimulateArray } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { arrayWork, simulateArray, type ArrayEnergies, type ArrayWork } from './chain-array.ts';
import { addArrayFast } from './chain-array-fast.ts';
import { addSeries, type GroupSums } from './chain-group.ts';
import { monthIndices } from './chain-months.ts';
import type { SkyDiffuseModel } from './irradiance.ts';
import { cachedMonths, cachedSkySeries } from './sky-cache.ts';
import { skySeries, type SkySeries } from './sky-series.ts';

export const chainPaths = ['fast', 'reference'] as const;
export type ChainPath = (typeof chainPaths)[number];

/** Options of `simulateChain`. */
export interface ChainOptions {
  /** Default 'fast'. */
  path?: ChainPath;
}

/** A site's sky, the step that runs one array on it, and the weather's months. */
export interface ChainSteps {
  sky: SkySeries;
  /**
   * Runs one array and adds it into the group's sums (chain-group.ts).
   * @param weight its share of the group's capacity [−]
   * @returns its energies [Wh]
   */
  addArray(array: SimulateArray, weight: number, group: GroupSums): ArrayEnergies;
  /** The local month (0–11) of every step at the site's UTC offset [h] (chain-months.ts); not to be changed. */
  months(utcOffset: number): Uint8Array;
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
  // Buffers for the arrays' series, made when the first array that needs them comes.
  let work: ArrayWork | undefined;
  const workOf = (n: number) => (work ??= arrayWork(n));
  switch (path) {
    case 'fast': {
      const sky = cachedSkySeries(record, site, transposition, horizon);
      return {
        sky,
        addArray: (array, weight, group) => addArrayFast(sky, array, weight, group, () => workOf(sky.n)),
        months: (utcOffset) => cachedMonths(sky, utcOffset),
      };
    }
    case 'reference': {
      const sky = skySeries(record, site, transposition, horizon);
      return {
        sky,
        addArray: (array, weight, group) => {
          const a = simulateArray(sky, array, workOf(sky.n));
          addSeries(sky.day, a, weight, group);
          return a.energies;
        },
        months: (utcOffset) => monthIndices(record.times, utcOffset),
      };
    }
    default:
      throw new RangeError(`unknown chain path "${String(path)}": expected one of ${chainPaths.join(', ')}`);
  }
}
