// The best tilt of the settings form: the server's calc-best-dip-lite (spec 000 §7 "Services"; the
// route in src/server/routes/project/compute.ts, schemas in src/model/api/compute.ts): the tilt with
// the most annual plane-of-array irradiation on the site's weather, for the rack azimuth the user
// sees south-based.
import { bestTiltSchema } from '../../../model/api/compute.ts';
import { azimuthFromSouth, azimuthToSouth } from '../../../model/design.ts';
import { request } from '../../api/http.ts';

export const BEST_TILT_PATH = '/api/web/project/calc-best-dip-lite';

export interface BestTilt {
  /** [°] */
  tilt: number;
  /** South-based azimuth the answer is for [°]. */
  azimuthSouth: number;
  /** Annual plane-of-array irradiation at that tilt [kWh/m²]. */
  poaKwhM2: number;
  /** The weather was the synthetic clear-sky year (an estimate). */
  estimate: boolean;
}

/** Asks the server for the best tilt at a site; azimuthSouth absent: the server's default (the equator's side). */
export async function fetchBestTilt(site: { latitude: number; longitude: number; azimuthSouth?: number }, signal?: AbortSignal): Promise<BestTilt> {
  const body = {
    latitude: site.latitude,
    longitude: site.longitude,
    ...(site.azimuthSouth === undefined ? {} : { azimuth: azimuthFromSouth(site.azimuthSouth) }),
  };
  const r = await request(BEST_TILT_PATH, bestTiltSchema, { method: 'POST', body, signal });
  return { tilt: r.tilt, azimuthSouth: azimuthToSouth(r.azimuth), poaKwhM2: r.poaKwhM2, estimate: r.weather.estimate };
}
