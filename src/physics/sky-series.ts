// What every array of a site shares, per time step: the Sun at mid-interval, extraterrestrial
// irradiance, air mass, the weather, and the plane-independent parts of the transposition. Computed
// once per simulation, so that each array only adds its own angle of incidence, the plane's view
// factors and what follows (IAM, temperature, module model).
//   Solar position: NREL SPA (Reda & Andreas 2004), pressure from the site elevation, refraction
//   scaled to each step's air temperature (SPA eq. 42 is proportional to 283 / (273 + T)).
//   Sky diffuse: isotropic; Hay & Davies (1980); Perez et al. (1990) 'allsitescomposite1990'.
//
// The sky diffuse of every model is written as
//     D_sky = iso·(1 + cos β) + circ·max(cos θ, 0) + horizon·sin β
// with β the tilt, θ the angle of incidence and iso, circ, horizon [W m⁻²] depending on the sky only:
//   isotropic  iso = dhi/2
//   Hay–Davies iso = max(dhi·(1 − AI)/2, 0), circ = max(dhi·AI / max(cos z, 0.01745), 0), AI = dni/dniExtra
//   Perez      iso = dhi·(1 − F1)/2, circ = dhi·F1 / max(cos z, cos 85°), horizon = dhi·F2, and D_sky = 0
//              when the sum is not positive
// — the formulas of irradiance.ts regrouped (equal up to rounding). Ground-reflected diffuse is
// ghi·albedo·(1 − cos β)/2. With the Sun at or below the horizon every plane-of-array term is 0, so
// only the daylight steps are listed.
// A horizon profile (far shading, horizon.ts) adds the beam's cut-off per step, shared by the arrays;
// each array then applies it and its own visible sky share (chain-array.ts).
import type { HorizonProfile } from '../model/horizon.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { alt2pres, dniExtraArray, relativeAirmass } from './atmosphere.ts';
import { farHorizon, type FarHorizon } from './horizon.ts';
import { perezBrightness, PEREZ_MIN_COS_ZENITH, skyDiffuseModels, type SkyDiffuseModel } from './irradiance.ts';
import { solarPositions } from './solar-position.ts';

const D2R = Math.PI / 180;
const MS_PER_HOUR = 3_600_000;

/** A site's shared series, one entry per step (the transposition terms only on daylight steps). */
export interface SkySeries {
  /** Number of steps. */
  n: number;
  /** [h] length of a step. */
  stepHours: number;
  /** Apparent solar zenith [°]. */
  solarZenith: Float64Array;
  /** Solar azimuth, clockwise from north [°]. */
  solarAzimuth: Float64Array;
  /** [W m⁻²] */
  dniExtra: Float64Array;
  /** Relative air mass (Kasten–Young 1989) [−]; NaN at night. */
  airmass: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  tempAir: Float64Array;
  windSpeed: Float64Array;
  /** Ground reflectance per step [−]. */
  albedo: Float64Array;
  /** The sky diffuse model the terms below belong to. */
  transposition: SkyDiffuseModel;
  /** Indices of the steps with the Sun above the horizon (apparent zenith < 90°), ascending. */
  day: Int32Array;
  /** cos and sin of the apparent zenith, cos and sin of the solar azimuth [−] (daylight steps). */
  cosZenith: Float64Array;
  sinZenith: Float64Array;
  cosAzimuth: Float64Array;
  sinAzimuth: Float64Array;
  /** Sky diffuse terms (see the file header) [W m⁻²] (daylight steps). */
  iso: Float64Array;
  circ: Float64Array;
  horizon: Float64Array;
  /** True for Perez: a non-positive sky diffuse sum counts as 0. */
  clampSky: boolean;
  /** ghi·albedo [W m⁻²] (daylight steps). */
  groundReflected: Float64Array;
  /** Far shading from the site's horizon profile, when it has one: its table and the beam's 0/1 per step. */
  farHorizon?: FarHorizon;
}

/**
 * The sky series of a site for a sky diffuse model.
 * @param record hourly (or sub-hourly) weather, interval-start times
 * @param site latitude, longitude [°], elevation [m], albedo [−] used where the weather has none
 * @param transposition sky diffuse model
 * @param horizon optional horizon profile: pairs [azimuth [°] clockwise from north, elevation [°]]
 */
export function skySeries(
  record: WeatherRecord,
  site: { latitude: number; longitude: number; elevation: number; albedo: number },
  transposition: SkyDiffuseModel,
  horizon?: HorizonProfile,
): SkySeries {
  if (!skyDiffuseModels.includes(transposition)) {
    throw new RangeError(`unknown sky diffuse model "${String(transposition)}": expected one of ${skyDiffuseModels.join(', ')}`);
  }
  const n = record.times.length;
  const stepHours = record.intervalMinutes / 60;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = record.times[i] + (stepHours * MS_PER_HOUR) / 2;
  let meanT = 0;
  for (let i = 0; i < n; i++) meanT += record.tempAir[i];
  meanT = n > 0 ? meanT / n : 12;
  const pressure = alt2pres(site.elevation);
  const sp = solarPositions(mid, site.latitude, site.longitude, { elevation: site.elevation, pressure, temperature: meanT });
  const solarZenith = new Float64Array(n);
  const airmass = new Float64Array(n);
  const albedo = new Float64Array(n);
  const dayList = new Int32Array(n);
  let days = 0;
  for (let i = 0; i < n; i++) {
    // Refraction at this hour's temperature: Δe ∝ 283 / (273 + T) (SPA eq. 42).
    const refraction = (sp.zenith[i] - sp.apparentZenith[i]) * ((273 + meanT) / (273 + record.tempAir[i]));
    solarZenith[i] = sp.zenith[i] - refraction;
    airmass[i] = solarZenith[i] < 90 ? relativeAirmass(solarZenith[i]) : Number.NaN;
    const a = record.albedo?.[i];
    albedo[i] = a !== undefined && Number.isFinite(a) && a > 0 ? a : site.albedo;
    if (solarZenith[i] < 90) dayList[days++] = i;
  }
  const s: SkySeries = {
    n,
    stepHours,
    solarZenith,
    solarAzimuth: sp.azimuth,
    dniExtra: dniExtraArray(mid),
    airmass,
    ghi: record.ghi,
    dni: record.dni,
    dhi: record.dhi,
    tempAir: record.tempAir,
    windSpeed: record.windSpeed,
    albedo,
    transposition,
    day: dayList.slice(0, days),
    cosZenith: new Float64Array(n),
    sinZenith: new Float64Array(n),
    cosAzimuth: new Float64Array(n),
    sinAzimuth: new Float64Array(n),
    iso: new Float64Array(n),
    circ: new Float64Array(n),
    horizon: new Float64Array(n),
    clampSky: transposition === 'perez',
    groundReflected: new Float64Array(n),
  };
  fillTerms(s);
  if (horizon) s.farHorizon = farHorizon(horizon, solarZenith, sp.azimuth);
  return s;
}

function fillTerms(s: SkySeries): void {
  const { day, dhi, dni } = s;
  for (let k = 0; k < day.length; k++) {
    const i = day[k];
    const z = s.solarZenith[i] * D2R;
    const az = s.solarAzimuth[i] * D2R;
    const cz = Math.cos(z);
    s.cosZenith[i] = cz;
    s.sinZenith[i] = Math.sin(z);
    s.cosAzimuth[i] = Math.cos(az);
    s.sinAzimuth[i] = Math.sin(az);
    s.groundReflected[i] = s.ghi[i] * s.albedo[i];
    switch (s.transposition) {
      case 'isotropic':
        s.iso[i] = dhi[i] * 0.5;
        break;
      case 'haydavies': {
        const ai = dni[i] / s.dniExtra[i];
        s.iso[i] = Math.max(dhi[i] * (1 - ai) * 0.5, 0);
        s.circ[i] = Math.max((dhi[i] * ai) / Math.max(cz, 0.01745), 0);
        break;
      }
      case 'perez': {
        if (!(dhi[i] > 0) || !(s.airmass[i] >= 0)) break;
        const { f1, f2 } = perezBrightness(dhi[i], dni[i], s.dniExtra[i], s.solarZenith[i], s.airmass[i]);
        s.iso[i] = dhi[i] * 0.5 * (1 - f1);
        s.circ[i] = (dhi[i] * f1) / Math.max(cz, PEREZ_MIN_COS_ZENITH);
        s.horizon[i] = dhi[i] * f2;
        break;
      }
    }
  }
}
