// The tilt that maximises the annual plane-of-array irradiation of a site's hourly weather, for a given
// azimuth: a golden-section search (Kiefer 1953) over 0–90° of Σ POA_global, with the sun from NREL
// SPA (solar-position.ts) and the sky diffuse from Perez 1990 (irradiance.ts) by default.
//
// The sun of each interval is taken where the record says its irradiance belongs (PVGIS: start +
// irradianceTimeOffset) and at mid-interval otherwise (docs/ARCHITECTURE.md conventions), with the site
// pressure from its elevation. The annual POA of a fixed plane is smooth and single-peaked in the
// tilt, so the search converges to its maximum. With a horizon profile (far shading, horizon.ts) the
// beam counts only while the sun stands above the horizon line and the sky diffuse is scaled by the
// share of the sky the plane still sees at that tilt (the circumsolar part counted with the sky here).
import { alt2pres, dniExtraArray, relativeAirmass } from './atmosphere.ts';
import { totalIrradiance, type SkyDiffuseModel } from './irradiance.ts';
import { solarPositions } from './solar-position.ts';
import { horizonBeamFactors, horizonTable, visibleSkyShare, type HorizonTable } from './horizon.ts';
import type { HorizonProfile } from '../model/horizon.ts';
import type { WeatherRecord } from '../weather/record.ts';

export interface BestTiltOptions {
  /** Surface azimuth, clockwise from north [°]; default 180 north of the equator, 0 south of it. */
  azimuth?: number;
  /** Ground albedo [−] where the record has none; default 0.2 (simulate's site default). */
  albedo?: number;
  /** Sky diffuse model; default 'perez'. */
  model?: SkyDiffuseModel;
  /** Width of the final bracket [°]; default 0.01. */
  tolerance?: number;
  /** Far horizon: pairs [azimuth [°], elevation [°]]; default none. */
  horizon?: HorizonProfile;
}

export interface BestTilt {
  /** [°] from horizontal. */
  tilt: number;
  /** Surface azimuth used [°]. */
  azimuth: number;
  /** Annual plane-of-array irradiation at that tilt [kWh m⁻²]. */
  poaKwhM2: number;
  /** Annual POA evaluations made. */
  evaluations: number;
}

/** The daylight hours of a record with their sun, ready for repeated transposition. */
export interface DaylightHours {
  zenith: Float64Array;
  azimuth: Float64Array;
  dni: Float64Array;
  ghi: Float64Array;
  dhi: Float64Array;
  dniExtra: Float64Array;
  airmass: Float64Array;
  albedo: Float64Array;
  /** Interval length [h]. */
  hours: number;
  /** With a horizon: its table and the beam factor (0/1) of each hour. */
  horizon?: { table: HorizonTable; beam: Float64Array };
}

/**
 * The record's hours with the sun above the horizon (apparent zenith < 90°), with solar position,
 * extraterrestrial irradiance and relative air mass.
 * @param albedo ground albedo where the record gives none [−]
 */
export function daylightHours(record: WeatherRecord, albedo = 0.2, horizon?: HorizonProfile): DaylightHours {
  const n = record.times.length;
  const offsetMs = record.meta.irradianceTimeOffset !== undefined ? record.meta.irradianceTimeOffset * 3_600_000 : record.intervalMinutes * 30_000;
  const at = new Float64Array(n);
  for (let i = 0; i < n; i++) at[i] = record.times[i] + offsetMs;
  const { latitude, longitude, elevation } = record.site;
  const sun = solarPositions(at, latitude, longitude, { elevation, pressure: alt2pres(elevation) });
  const extra = dniExtraArray(at);
  const keep: number[] = [];
  for (let i = 0; i < n; i++) if (sun.apparentZenith[i] < 90) keep.push(i);
  const pick = (a: Float64Array | ArrayLike<number>) => Float64Array.from(keep, (i) => a[i]);
  const alb = record.albedo;
  const zenith = pick(sun.apparentZenith);
  const solarAzimuth = pick(sun.azimuth);
  const table = horizon ? horizonTable(horizon) : undefined;
  return {
    zenith,
    azimuth: solarAzimuth,
    dni: pick(record.dni),
    ghi: pick(record.ghi),
    dhi: pick(record.dhi),
    dniExtra: pick(extra),
    airmass: Float64Array.from(keep, (i) => relativeAirmass(sun.apparentZenith[i])),
    albedo: Float64Array.from(keep, (i) => (alb !== undefined && alb[i] > 0 ? alb[i] : albedo)),
    hours: record.intervalMinutes / 60,
    ...(table ? { horizon: { table, beam: horizonBeamFactors(table, zenith, solarAzimuth) } } : {}),
  };
}

/** A plane's annual irradiation by component [kWh m⁻²]. */
export interface PoaComponentSums {
  beamKwhM2: number;
  skyDiffuseKwhM2: number;
  groundKwhM2: number;
}

/**
 * Annual plane-of-array irradiation of a fixed plane by component: beam (0 behind a far horizon),
 * sky diffuse (× the plane's visible sky share behind it) and ground-reflected.
 * @param tilt [°]
 * @param azimuth [°] clockwise from north
 */
export function annualPoaComponents(hours: DaylightHours, tilt: number, azimuth: number, model: SkyDiffuseModel = 'perez'): PoaComponentSums {
  let beam = 0;
  let sky = 0;
  let ground = 0;
  const far = hours.horizon;
  const share = far ? visibleSkyShare(far.table, tilt, azimuth) : 1;
  for (let i = 0, n = hours.zenith.length; i < n; i++) {
    const poa = totalIrradiance(
      {
        surfaceTilt: tilt,
        surfaceAzimuth: azimuth,
        solarZenith: hours.zenith[i],
        solarAzimuth: hours.azimuth[i],
        dni: hours.dni[i],
        ghi: hours.ghi[i],
        dhi: hours.dhi[i],
        dniExtra: hours.dniExtra[i],
        airmass: hours.airmass[i],
        albedo: hours.albedo[i],
      },
      model,
    );
    beam += far ? poa.poaDirect * far.beam[i] : poa.poaDirect;
    sky += poa.poaSkyDiffuse * share;
    ground += poa.poaGroundDiffuse;
  }
  const k = hours.hours / 1000;
  return { beamKwhM2: beam * k, skyDiffuseKwhM2: sky * k, groundKwhM2: ground * k };
}

/**
 * Annual plane-of-array irradiation of a fixed plane.
 * @param tilt [°]
 * @param azimuth [°] clockwise from north
 * @returns [kWh m⁻²]
 */
export function annualPoa(hours: DaylightHours, tilt: number, azimuth: number, model: SkyDiffuseModel = 'perez'): number {
  const c = annualPoaComponents(hours, tilt, azimuth, model);
  return c.beamKwhM2 + c.skyDiffuseKwhM2 + c.groundKwhM2;
}

/**
 * The tilt in [0°, 90°] with the largest annual plane-of-array irradiation for the record's weather.
 * @param record hourly (or sub-hourly) weather with its site
 */
export function bestTilt(record: WeatherRecord, options: BestTiltOptions = {}): BestTilt {
  const azimuth = options.azimuth ?? (record.site.latitude >= 0 ? 180 : 0);
  const hours = daylightHours(record, options.albedo ?? 0.2, options.horizon);
  return bestTiltOfHours(hours, azimuth, options.model ?? 'perez', options.tolerance ?? 0.01);
}

/**
 * The tilt in [0°, 90°] with the largest annual plane-of-array irradiation over daylight hours already
 * prepared (daylightHours), for one azimuth.
 * @param azimuth surface azimuth, clockwise from north [°]
 * @param tol width of the final bracket [°]
 */
export function bestTiltOfHours(hours: DaylightHours, azimuth: number, model: SkyDiffuseModel = 'perez', tol = 0.01): BestTilt {
  let evaluations = 0;
  const f = (tilt: number) => {
    evaluations++;
    return annualPoa(hours, tilt, azimuth, model);
  };
  const g = (Math.sqrt(5) - 1) / 2;
  let lo = 0;
  let hi = 90;
  let a = hi - g * (hi - lo);
  let b = lo + g * (hi - lo);
  let fa = f(a);
  let fb = f(b);
  while (hi - lo > tol) {
    if (fa >= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = f(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = f(b);
    }
  }
  // The bracket's ends are candidates too (a maximum at 0° or 90°).
  const candidates: [number, number][] = [
    [a, fa],
    [b, fb],
  ];
  if (lo === 0) candidates.push([0, f(0)]);
  if (hi === 90) candidates.push([90, f(90)]);
  const [tilt, poaKwhM2] = candidates.reduce((best, c) => (c[1] > best[1] ? c : best));
  return { tilt, azimuth, poaKwhM2, evaluations };
}
