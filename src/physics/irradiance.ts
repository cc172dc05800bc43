// Irradiance on the plane of array: decomposition of GHI, angle of incidence, transposition of the
// sky diffuse, ground-reflected diffuse, and the sum of the components.
//   Erbs, D. G., Klein, S. A. & Duffie, J. A. (1982) Estimation of the diffuse radiation fraction for
//     hourly, daily and monthly-average global radiation. Solar Energy 28(4), 293–302.
//   Hay, J. E. & Davies, J. A. (1980) Calculation of the solar radiation incident on an inclined
//     surface. Proc. First Canadian Solar Radiation Data Workshop, 59–72.
//   Perez, R., Ineichen, P., Seals, R., Michalsky, J. & Stewart, R. (1990) Modeling daylight
//     availability and irradiance components from direct and global irradiance. Solar Energy 44(5),
//     271–289 (coefficients: 'allsitescomposite1990').
// As pvlib.irradiance: aoi_projection, aoi, beam_component, isotropic, haydavies, perez, get_ground_diffuse,
// clearness_index, erbs, poa_components, get_total_irradiance. Azimuths clockwise from north.
//
// One deliberate difference: with the Sun at or below the horizon (solar zenith ≥ 90°) every plane-
// of-array component is 0 for every model (pvlib does this for Perez through its NaN air mass, but
// still transposes DHI for the isotropic and Hay–Davies models). Outputs are never NaN for finite
// inputs.
import { skyDiffuseModels, type SkyDiffuseModel } from '../model/solar.ts';
import { SOLAR_CONSTANT, dayOfYear, dniExtraSpencer, relativeAirmass } from './atmosphere.ts';

export { skyDiffuseModels, type SkyDiffuseModel };

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/**
 * Cosine of the angle of incidence of the beam on a surface, clipped to [−1, 1].
 * @param surfaceTilt from horizontal [°]
 * @param surfaceAzimuth clockwise from north [°]
 * @param solarZenith [°]
 * @param solarAzimuth clockwise from north [°]
 * @returns cos(aoi) [−]
 */
export function aoiProjection(surfaceTilt: number, surfaceAzimuth: number, solarZenith: number, solarAzimuth: number): number {
  const t = surfaceTilt * D2R;
  const z = solarZenith * D2R;
  const p = Math.cos(t) * Math.cos(z) + Math.sin(t) * Math.sin(z) * Math.cos((solarAzimuth - surfaceAzimuth) * D2R);
  return p > 1 ? 1 : p < -1 ? -1 : p;
}

/**
 * Angle of incidence of the beam on a surface (arguments as `aoiProjection`).
 * @returns aoi [°] in [0, 180]
 */
export function aoi(surfaceTilt: number, surfaceAzimuth: number, solarZenith: number, solarAzimuth: number): number {
  return Math.acos(aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth)) * R2D;
}

/**
 * Beam irradiance on the surface, max(dni·cos aoi, 0).
 * @param dni direct normal irradiance [W m⁻²]
 * @returns [W m⁻²]
 */
export function beamComponent(surfaceTilt: number, surfaceAzimuth: number, solarZenith: number, solarAzimuth: number, dni: number): number {
  const b = dni * aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth);
  return b > 0 ? b : 0;
}

/**
 * Isotropic sky diffuse on a tilted surface, dhi·(1 + cos β)/2.
 * @param surfaceTilt [°]
 * @param dhi diffuse horizontal irradiance [W m⁻²]
 * @returns [W m⁻²]
 */
export function isotropic(surfaceTilt: number, dhi: number): number {
  return (dhi * (1 + Math.cos(surfaceTilt * D2R))) / 2;
}

/**
 * Hay–Davies sky diffuse: isotropic part weighted by 1 − AI plus circumsolar part AI·Rb, with the
 * anisotropy index AI = dni/dniExtra and Rb = max(cos aoi, 0)/max(cos z, 0.01745).
 * @param surfaceTilt [°]
 * @param surfaceAzimuth [°]
 * @param dhi [W m⁻²]
 * @param dni [W m⁻²]
 * @param dniExtra extraterrestrial normal irradiance [W m⁻²]
 * @param solarZenith apparent solar zenith [°]
 * @param solarAzimuth [°]
 * @returns sky diffuse on the plane [W m⁻²]
 */
export function haydavies(
  surfaceTilt: number,
  surfaceAzimuth: number,
  dhi: number,
  dni: number,
  dniExtra: number,
  solarZenith: number,
  solarAzimuth: number,
): number {
  const cosTt = Math.max(aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth), 0);
  const rb = cosTt / Math.max(Math.cos(solarZenith * D2R), 0.01745);
  const ai = dni / dniExtra;
  const isotropicPart = Math.max(dhi * (1 - ai) * 0.5 * (1 + Math.cos(surfaceTilt * D2R)), 0);
  const circumsolar = Math.max(dhi * ai * rb, 0);
  return isotropicPart + circumsolar;
}

/**
 * Perez et al. (1990) 'allsitescomposite1990' coefficients: one row per sky-clearness bin
 * (ε 1–1.065, …, ≥ 6.2), columns F11, F12, F13, F21, F22, F23.
 */
export const PEREZ_1990 = new Float64Array([
  -0.008, 0.588, -0.062, -0.06, 0.072, -0.022,
  0.13, 0.683, -0.151, -0.019, 0.066, -0.029,
  0.33, 0.487, -0.221, 0.055, -0.064, -0.026,
  0.568, 0.187, -0.295, 0.109, -0.152, -0.014,
  0.873, -0.392, -0.362, 0.226, -0.462, 0.001,
  1.132, -1.237, -0.412, 0.288, -0.823, 0.056,
  1.06, -1.6, -0.359, 0.264, -1.127, 0.131,
  0.678, -0.327, -0.25, 0.156, -1.377, 0.251,
]);

/** Upper edges of the sky-clearness bins ε (the last bin is open). */
const PEREZ_EPS_EDGES = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2];

/** Lower limit of cos(zenith) in the Perez circumsolar term, cos 85° [−]. */
export const PEREZ_MIN_COS_ZENITH = Math.cos(85 * D2R);

/** The components of the Perez sky diffuse [W m⁻²]. */
export interface PerezComponents {
  skyDiffuse: number;
  isotropic: number;
  circumsolar: number;
  horizon: number;
}

/**
 * Perez (1990) sky diffuse with its isotropic, circumsolar and horizon-brightening parts.
 * @param surfaceTilt [°]
 * @param surfaceAzimuth [°]
 * @param dhi [W m⁻²]
 * @param dni [W m⁻²]
 * @param dniExtra extraterrestrial normal irradiance [W m⁻²]
 * @param solarZenith apparent solar zenith [°]
 * @param solarAzimuth [°]
 * @param airmass relative (not pressure-corrected) air mass [−]; NaN gives 0, as pvlib
 * @returns the components [W m⁻²]; all 0 when the sum would be ≤ 0 or dhi ≤ 0
 */
export function perezComponents(
  surfaceTilt: number,
  surfaceAzimuth: number,
  dhi: number,
  dni: number,
  dniExtra: number,
  solarZenith: number,
  solarAzimuth: number,
  airmass: number,
): PerezComponents {
  const zero = { skyDiffuse: 0, isotropic: 0, circumsolar: 0, horizon: 0 };
  if (!(dhi > 0) || !(airmass >= 0)) return zero;
  const { f1, f2 } = perezBrightness(dhi, dni, dniExtra, solarZenith, airmass);
  const a = Math.max(aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth), 0);
  const b = Math.max(Math.cos(solarZenith * D2R), PEREZ_MIN_COS_ZENITH);
  const iso = dhi * 0.5 * (1 - f1) * (1 + Math.cos(surfaceTilt * D2R));
  const circ = (dhi * f1 * a) / b;
  const hor = dhi * f2 * Math.sin(surfaceTilt * D2R);
  const sky = iso + circ + hor;
  if (!(sky > 0)) return zero;
  return { skyDiffuse: sky, isotropic: iso, circumsolar: circ, horizon: hor };
}

/**
 * The Perez (1990) brightness coefficients of one sky — they depend on the sky alone, not on the
 * plane: F1 (circumsolar, ≥ 0) and F2 (horizon brightening) from the sky-clearness bin of ε and the
 * brightness Δ = dhi·AM/dniExtra.
 * @param dhi [W m⁻²], > 0
 * @param dni [W m⁻²]
 * @param dniExtra extraterrestrial normal irradiance [W m⁻²]
 * @param solarZenith apparent solar zenith [°]
 * @param airmass relative air mass [−], ≥ 0
 * @returns F1, F2 [−]
 */
export function perezBrightness(dhi: number, dni: number, dniExtra: number, solarZenith: number, airmass: number): { f1: number; f2: number } {
  const kappa = 1.041;
  const z = solarZenith * D2R;
  const kz3 = kappa * z * z * z;
  const delta = (dhi * airmass) / dniExtra;
  const eps = ((dhi + dni) / dhi + kz3) / (1 + kz3);
  let bin = 0;
  while (bin < PEREZ_EPS_EDGES.length && eps >= PEREZ_EPS_EDGES[bin]) bin++;
  const c = bin * 6;
  return {
    f1: Math.max(PEREZ_1990[c] + PEREZ_1990[c + 1] * delta + PEREZ_1990[c + 2] * z, 0),
    f2: PEREZ_1990[c + 3] + PEREZ_1990[c + 4] * delta + PEREZ_1990[c + 5] * z,
  };
}

/**
 * Perez (1990) sky diffuse on a tilted surface (arguments as `perezComponents`).
 * @returns [W m⁻²]
 */
export function perez(
  surfaceTilt: number,
  surfaceAzimuth: number,
  dhi: number,
  dni: number,
  dniExtra: number,
  solarZenith: number,
  solarAzimuth: number,
  airmass: number,
): number {
  return perezComponents(surfaceTilt, surfaceAzimuth, dhi, dni, dniExtra, solarZenith, solarAzimuth, airmass).skyDiffuse;
}

/**
 * Ground-reflected diffuse on a tilted surface, ghi·albedo·(1 − cos β)/2.
 * @param surfaceTilt [°]
 * @param ghi global horizontal irradiance [W m⁻²]
 * @param albedo ground reflectance [−]; default 0.25
 * @returns [W m⁻²]
 */
export function groundDiffuse(surfaceTilt: number, ghi: number, albedo = 0.25): number {
  return (ghi * albedo * (1 - Math.cos(surfaceTilt * D2R))) / 2;
}

/**
 * Clearness index kt = ghi / (dniExtra·max(cos z, minCosZenith)), limited to [0, maxClearnessIndex].
 * @param ghi [W m⁻²]
 * @param solarZenith true (not refraction-corrected) zenith [°]
 * @param dniExtra [W m⁻²]
 * @param minCosZenith [−]; default 0.065 (≈ 86.3°)
 * @param maxClearnessIndex [−]; default 2
 */
export function clearnessIndex(ghi: number, solarZenith: number, dniExtra: number, minCosZenith = 0.065, maxClearnessIndex = 2): number {
  const kt = ghi / (dniExtra * Math.max(Math.cos(solarZenith * D2R), minCosZenith));
  return Math.min(Math.max(kt, 0), maxClearnessIndex);
}

/** Result of a decomposition: direct normal and diffuse horizontal [W m⁻²], clearness index [−]. */
export interface Decomposition {
  dni: number;
  dhi: number;
  kt: number;
}

/**
 * Erbs decomposition of GHI into DNI and DHI (diffuse fraction as a piecewise polynomial of kt, with
 * pvlib's limits: kt capped at 1, and DNI 0 / DHI = GHI when zenith > maxZenith, ghi < 0 or dni < 0).
 * @param ghi [W m⁻²]
 * @param solarZenith true zenith [°]
 * @param dayOfYearValue day of the year for dniExtra (Spencer) [d]
 * @param minCosZenith [−]; default 0.065
 * @param maxZenith [°]; default 87
 */
export function erbs(ghi: number, solarZenith: number, dayOfYearValue: number, minCosZenith = 0.065, maxZenith = 87): Decomposition {
  const kt = clearnessIndex(ghi, solarZenith, dniExtraSpencer(dayOfYearValue), minCosZenith, 1);
  let df: number;
  if (kt <= 0.22) df = 1 - 0.09 * kt;
  else if (kt <= 0.8) df = 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  else df = 0.165;
  let dhi = df * ghi;
  let dni = (ghi - dhi) / Math.cos(solarZenith * D2R);
  if (solarZenith > maxZenith || ghi < 0 || !(dni >= 0)) {
    dni = 0;
    dhi = ghi;
  }
  return { dni, dhi, kt };
}

/**
 * Erbs decomposition at each time (day of the year from the time, UTC unless an offset is given).
 * @param ghi [W m⁻²]
 * @param solarZenith true zenith [°]
 * @param unixMs times [ms since 1970-01-01T00:00Z]
 */
export function erbsArray(
  ghi: Float64Array,
  solarZenith: Float64Array,
  unixMs: Float64Array | readonly number[],
  utcOffsetHours = 0,
): { dni: Float64Array; dhi: Float64Array; kt: Float64Array } {
  const n = ghi.length;
  const out = { dni: new Float64Array(n), dhi: new Float64Array(n), kt: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const d = erbs(ghi[i], solarZenith[i], dayOfYear(unixMs[i], utcOffsetHours));
    out.dni[i] = d.dni;
    out.dhi[i] = d.dhi;
    out.kt[i] = d.kt;
  }
  return out;
}

/** Inputs of a plane-of-array computation at one time. */
export interface PoaInput {
  /** [°] from horizontal. */
  surfaceTilt: number;
  /** [°] clockwise from north. */
  surfaceAzimuth: number;
  /** Apparent solar zenith [°]. */
  solarZenith: number;
  /** [°] clockwise from north. */
  solarAzimuth: number;
  /** Direct normal irradiance [W m⁻²]. */
  dni: number;
  /** Global horizontal irradiance [W m⁻²]. */
  ghi: number;
  /** Diffuse horizontal irradiance [W m⁻²]. */
  dhi: number;
  /** Extraterrestrial normal irradiance [W m⁻²]; default the solar constant 1366.1. */
  dniExtra?: number;
  /** Relative air mass [−]; default Kasten–Young 1989 from solarZenith. */
  airmass?: number;
  /** Ground reflectance [−]; default 0.25. */
  albedo?: number;
}

/**
 * Sky diffuse on the plane by the named model; rejects an unknown name (pvlib get_sky_diffuse).
 * @returns [W m⁻²]; 0 with the Sun at or below the horizon
 */
export function poaSkyDiffuse(input: PoaInput, model: SkyDiffuseModel): number {
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, dhi } = input;
  if (!skyDiffuseModels.includes(model)) {
    throw new RangeError(`unknown sky diffuse model "${String(model)}": expected one of ${skyDiffuseModels.join(', ')}`);
  }
  if (!(solarZenith < 90)) return 0;
  const dniExtra = input.dniExtra ?? SOLAR_CONSTANT;
  switch (model) {
    case 'isotropic':
      return isotropic(surfaceTilt, dhi);
    case 'haydavies':
      return haydavies(surfaceTilt, surfaceAzimuth, dhi, dni, dniExtra, solarZenith, solarAzimuth);
    case 'perez':
      return perez(surfaceTilt, surfaceAzimuth, dhi, dni, dniExtra, solarZenith, solarAzimuth, input.airmass ?? relativeAirmass(solarZenith));
  }
}

/** The plane-of-array irradiance and its parts [W m⁻²]. */
export interface PoaComponents {
  poaGlobal: number;
  poaDirect: number;
  poaDiffuse: number;
  poaSkyDiffuse: number;
  poaGroundDiffuse: number;
}

/**
 * Sums the plane-of-array parts (pvlib poa_components).
 * @param aoiValue angle of incidence [°]
 * @param dni [W m⁻²]
 * @param skyDiffuse sky diffuse on the plane [W m⁻²]
 * @param ground ground-reflected diffuse on the plane [W m⁻²]
 */
export function poaComponents(aoiValue: number, dni: number, skyDiffuse: number, ground: number): PoaComponents {
  const direct = Math.max(dni * Math.cos(aoiValue * D2R), 0);
  const diffuse = skyDiffuse + ground;
  return { poaGlobal: direct + diffuse, poaDirect: direct, poaDiffuse: diffuse, poaSkyDiffuse: skyDiffuse, poaGroundDiffuse: ground };
}

const NIGHT: PoaComponents = { poaGlobal: 0, poaDirect: 0, poaDiffuse: 0, poaSkyDiffuse: 0, poaGroundDiffuse: 0 };

/**
 * Plane-of-array irradiance at one time with the named sky diffuse model (pvlib get_total_irradiance).
 * @returns the components [W m⁻²]; all 0 with the Sun at or below the horizon
 */
export function totalIrradiance(input: PoaInput, model: SkyDiffuseModel): PoaComponents {
  const sky = poaSkyDiffuse(input, model);
  if (!(input.solarZenith < 90)) return { ...NIGHT };
  const angle = aoi(input.surfaceTilt, input.surfaceAzimuth, input.solarZenith, input.solarAzimuth);
  return poaComponents(angle, input.dni, sky, groundDiffuse(input.surfaceTilt, input.ghi, input.albedo ?? 0.25));
}

/** A value per time, or one value for all times. */
export type Series = Float64Array | number;

/** Inputs of `totalIrradianceArrays`, as `PoaInput`: each a Float64Array (per time) or a number (constant). */
export interface PoaSeriesInput {
  surfaceTilt: Series;
  surfaceAzimuth: Series;
  solarZenith: Series;
  solarAzimuth: Series;
  dni: Series;
  ghi: Series;
  dhi: Series;
  dniExtra?: Series;
  airmass?: Series;
  albedo?: Series;
}

/** Plane-of-array components per time [W m⁻²]. */
export interface PoaComponentArrays {
  poaGlobal: Float64Array;
  poaDirect: Float64Array;
  poaDiffuse: Float64Array;
  poaSkyDiffuse: Float64Array;
  poaGroundDiffuse: Float64Array;
}

/**
 * `totalIrradiance` at many times. Array inputs must share one length; numbers apply to every time.
 * @returns the components per time [W m⁻²]
 */
export function totalIrradianceArrays(input: PoaSeriesInput, model: SkyDiffuseModel): PoaComponentArrays {
  let n = -1;
  for (const v of Object.values(input) as (Series | undefined)[]) {
    if (v instanceof Float64Array) {
      if (n >= 0 && v.length !== n) throw new RangeError(`input arrays differ in length (${n} and ${v.length})`);
      n = v.length;
    }
  }
  if (n < 0) n = 1;
  const out: PoaComponentArrays = {
    poaGlobal: new Float64Array(n),
    poaDirect: new Float64Array(n),
    poaDiffuse: new Float64Array(n),
    poaSkyDiffuse: new Float64Array(n),
    poaGroundDiffuse: new Float64Array(n),
  };
  const at = (v: Series, i: number) => (typeof v === 'number' ? v : v[i]);
  const opt = (v: Series | undefined, i: number) => (v === undefined ? undefined : at(v, i));
  for (let i = 0; i < n; i++) {
    const c = totalIrradiance(
      {
        surfaceTilt: at(input.surfaceTilt, i),
        surfaceAzimuth: at(input.surfaceAzimuth, i),
        solarZenith: at(input.solarZenith, i),
        solarAzimuth: at(input.solarAzimuth, i),
        dni: at(input.dni, i),
        ghi: at(input.ghi, i),
        dhi: at(input.dhi, i),
        dniExtra: opt(input.dniExtra, i),
        airmass: opt(input.airmass, i),
        albedo: opt(input.albedo, i),
      },
      model,
    );
    out.poaGlobal[i] = c.poaGlobal;
    out.poaDirect[i] = c.poaDirect;
    out.poaDiffuse[i] = c.poaDiffuse;
    out.poaSkyDiffuse[i] = c.poaSkyDiffuse;
    out.poaGroundDiffuse[i] = c.poaGroundDiffuse;
  }
  return out;
}
