// The best tilt of the settings form: the server's calc-best-dip-lite (spec 000 §7 "Services"; the
// route in src/server/routes/project/compute.ts, schemas in src/model/api/compute.ts): the tilt with
// the most annual plane-of-array irradiation on the project's weather (its station, file, PVGIS or the
// flagged estimate) and horizon, for the rack azimuth the user sees south-based.
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
  /** The weather was the rough estimate (no station, file or PVGIS for the site). */
  estimate: boolean;
  /** What the weather was: the station's or file's name, 'PVGIS TMY', or null for the estimate. */
  source: string | null;
}

/** Asks the server for the best tilt at a site; azimuthSouth absent: the server's default (the equator's side). */
export async function fetchBestTilt(site: { projectId?: number; latitude: number; longitude: number; azimuthSouth?: number }, signal?: AbortSignal): Promise<BestTilt> {
  const body = {
    ...(site.projectId === undefined ? {} : { projectId: site.projectId }),
    latitude: site.latitude,
    longitude: site.longitude,
    ...(site.azimuthSouth === undefined ? {} : { azimuth: azimuthFromSouth(site.azimuthSouth) }),
  };
  const r = await request(BEST_TILT_PATH, bestTiltSchema, { method: 'POST', body, signal });
  return { tilt: r.tilt, azimuthSouth: azimuthToSouth(r.azimuth), poaKwhM2: r.poaKwhM2, estimate: r.weather.estimate, source: r.weather.name };
}
