// Annual irradiation of fixed planes from one weather year, by component: beam, sky diffuse and
// ground-reflected [kWh m⁻²], with the sky diffuse from Perez 1990 by default and the site's horizon
// (far shading) as best-tilt.ts applies it (beam counted while the sun stands above the horizon line,
// sky diffuse × the share of the sky the plane still sees, its circumsolar part counted with it).
// Also the optimal plane: the equator-facing tilt with the most annual POA (best-tilt.ts), the
// reference of the tilt-and-orientation factor TOF = H(plane) / H(optimal) of solar access and
// TSRF (Solmetric SunEye / PV Analyzer: TSRF = solar access × TOF).
import { annualPoaComponents, bestTiltOfHours, daylightHours, type DaylightHours } from './best-tilt.ts';
import type { SkyDiffuseModel } from './irradiance.ts';
import type { HorizonProfile } from '../model/horizon.ts';
import type { WeatherRecord } from '../weather/record.ts';

/** A fixed plane's annual irradiation [kWh m⁻²]. */
export interface PlaneIrradiation {
  /** [°] from horizontal. */
  tilt: number;
  /** [°] clockwise from north. */
  azimuth: number;
  /** Plane-of-array total = beam + skyDiffuse + ground. */
  poaKwhM2: number;
  beamKwhM2: number;
  skyDiffuseKwhM2: number;
  groundKwhM2: number;
}

export interface PlaneIrradiationOptions {
  /** Ground albedo [−] where the record has none; default 0.2. */
  albedo?: number;
  /** Sky diffuse model; default 'perez'. */
  model?: SkyDiffuseModel;
  /** Far horizon: pairs [azimuth [°], elevation [°]]; default none. */
  horizon?: HorizonProfile;
}

/**
 * One plane's annual irradiation by component over prepared daylight hours.
 * @param tilt [°]
 * @param azimuth [°] clockwise from north
 */
export function annualPoaParts(hours: DaylightHours, tilt: number, azimuth: number, model: SkyDiffuseModel = 'perez'): PlaneIrradiation {
  const c = annualPoaComponents(hours, tilt, azimuth, model);
  return { tilt, azimuth, poaKwhM2: c.beamKwhM2 + c.skyDiffuseKwhM2 + c.groundKwhM2, ...c };
}

/**
 * The annual irradiation of each plane, and of the optimal plane (equator-facing: azimuth 180° north
 * of the equator, 0° south of it; the tilt with the most annual POA).
 */
export function planeIrradiation(
  record: WeatherRecord,
  planes: readonly { tilt: number; azimuth: number }[],
  options: PlaneIrradiationOptions = {},
): { planes: PlaneIrradiation[]; optimal: PlaneIrradiation } {
  const model = options.model ?? 'perez';
  const hours = daylightHours(record, options.albedo ?? 0.2, options.horizon);
  const best = bestTiltOfHours(hours, record.site.latitude >= 0 ? 180 : 0, model, 0.1);
  return { planes: planes.map((p) => annualPoaParts(hours, p.tilt, p.azimuth, model)), optimal: annualPoaParts(hours, best.tilt, best.azimuth, model) };
}
