// Clear-sky irradiance.
//   Ineichen, P. & Perez, R. (2002) A new airmass independent formulation for the Linke turbidity
//     coefficient. Solar Energy 73(3), 151–157; with the corrections of Perez et al. (2002), Solar
//     Energy 73(5), 307–317 (p. 311 form of the global irradiance).
//   Haurwitz, B. (1945) Insolation in relation to cloudiness and cloud density. Journal of
//     Meteorology 2, 154–166 (as given by Reno, Hansen & Stein 2012, SAND2012-2389).
// As pvlib.clearsky.ineichen (dni_extra default 1364, perez_enhancement false) and
// pvlib.clearsky.haurwitz; the monthly Linke turbidity interpolation is pvlib's
// lookup_linke_turbidity(interp_turbidity=True) applied to 12 given values.
import { absoluteAirmass, alt2pres, dayOfYear, relativeAirmass } from './atmosphere.ts';
import { solarPositions } from './solar-position.ts';

const D2R = Math.PI / 180;

/** Clear-sky global, direct normal and diffuse horizontal irradiance [W m⁻²]. */
export interface ClearSky {
  ghi: number;
  dni: number;
  dhi: number;
}

/** Clear-sky irradiance for many times [W m⁻²]. */
export interface ClearSkyArrays {
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
}

/**
 * Ineichen–Perez clear-sky model.
 * @param apparentZenith refraction-corrected solar zenith [°]
 * @param airmassAbsolute pressure-corrected air mass [−] (NaN at night gives 0)
 * @param linkeTurbidity Linke turbidity factor TL [−]
 * @param altitude site altitude [m]; default 0
 * @param dniExtra extraterrestrial normal irradiance [W m⁻²]; default 1364 (pvlib's default)
 * @param perezEnhancement apply the exp(0.01·AM^1.8) enhancement of the original paper; default false
 *   (pvlib's default, see pvlib issue 435)
 * @returns ghi, dni, dhi [W m⁻²]; 0 with the Sun below the horizon
 */
export function ineichen(
  apparentZenith: number,
  airmassAbsolute: number,
  linkeTurbidity: number,
  altitude = 0,
  dniExtra = 1364,
  perezEnhancement = false,
): ClearSky {
  const cosZenith = Math.cos(apparentZenith * D2R);
  if (!(cosZenith > 0) || !(airmassAbsolute > 0)) return { ghi: 0, dni: 0, dhi: 0 };
  const tl = linkeTurbidity;
  const am = airmassAbsolute;
  const fh1 = Math.exp(-altitude / 8000);
  const fh2 = Math.exp(-altitude / 1250);
  const cg1 = 5.09e-5 * altitude + 0.868;
  const cg2 = 3.92e-5 * altitude + 0.0387;
  let g = Math.exp(-cg2 * am * (fh1 + fh2 * (tl - 1)));
  if (perezEnhancement) g *= Math.exp(0.01 * am ** 1.8);
  const ghi = cg1 * dniExtra * cosZenith * Math.max(g, 0);
  // Beam normal: b = 0.664 + 0.163/fh1 (pvlib follows [1]; [2] gives 0.16268), capped by the
  // "empirical correction" of Solar Energy 73, pp. 157 and 312.
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * Math.max(b * Math.exp(-0.09 * am * (tl - 1)), 0);
  const ratio = (1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZenith;
  const bnci2 = ghi * Math.min(Math.max(ratio, 0), 1e20);
  const dni = Math.min(bnci, bnci2);
  return { ghi, dni, dhi: ghi - dni * cosZenith };
}

/**
 * Haurwitz clear-sky global horizontal irradiance, GHI = 1098·cos z·exp(−0.059 / cos z).
 * @param apparentZenith refraction-corrected solar zenith [°]
 * @returns ghi [W m⁻²]; 0 with the Sun at or below the horizon
 */
export function haurwitz(apparentZenith: number): number {
  const cosZenith = Math.cos(apparentZenith * D2R);
  return cosZenith > 0 ? 1098 * cosZenith * Math.exp(-0.059 / cosZenith) : 0;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Day of the year at the middle of each month, with December before and January after [d]. */
function monthMiddles(leap: boolean): number[] {
  const days = MONTH_DAYS.slice();
  if (leap) days[1] = 29;
  const middles = [-31 / 2];
  let cumulative = 0;
  for (const d of days) {
    cumulative += d;
    middles.push(cumulative - d / 2);
  }
  middles.push(cumulative + 31 / 2);
  return middles;
}

const MIDDLES = { leap: monthMiddles(true), common: monthMiddles(false) };

/**
 * Daily Linke turbidity from 12 monthly values taken at the middle of each month and interpolated
 * linearly by day of the year, wrapping December → January (pvlib _interpolate_turbidity).
 * @param monthly Linke turbidity of January … December [−]
 * @param dayOfYearValue day of the year (1 … 366) [d]
 * @param leap whether the year is a leap year
 * @returns Linke turbidity [−]
 */
export function linkeTurbidityInterpolated(monthly: ArrayLike<number>, dayOfYearValue: number, leap = false): number {
  if (monthly.length !== 12) throw new RangeError(`linke turbidity needs 12 monthly values, got ${monthly.length}`);
  const x = leap ? MIDDLES.leap : MIDDLES.common;
  const y = (i: number) => monthly[(i + 11) % 12];
  if (dayOfYearValue <= x[0]) return y(0);
  for (let i = 1; i < x.length; i++) {
    if (dayOfYearValue <= x[i]) {
      const f = (dayOfYearValue - x[i - 1]) / (x[i] - x[i - 1]);
      return y(i - 1) + f * (y(i) - y(i - 1));
    }
  }
  return y(x.length - 1);
}

/**
 * Linke turbidity at each time from 12 monthly values (interpolated daily, as pvlib).
 * @param unixMs times [ms since 1970-01-01T00:00Z]
 * @param monthly Linke turbidity of January … December [−]
 * @param utcOffsetHours offset of the local calendar from UTC [h]; default 0
 */
export function linkeTurbidityArray(unixMs: Float64Array | readonly number[], monthly: ArrayLike<number>, utcOffsetHours = 0): Float64Array {
  const out = new Float64Array(unixMs.length);
  for (let i = 0; i < out.length; i++) {
    const local = unixMs[i] + utcOffsetHours * 3_600_000;
    out[i] = linkeTurbidityInterpolated(monthly, dayOfYear(local), isLeapYear(new Date(local).getUTCFullYear()));
  }
  return out;
}

/** Site and options of `clearSkyIneichenAt`. */
export interface ClearSkySite {
  /** Latitude, north positive [°]. */
  latitude: number;
  /** Longitude, east positive [°]. */
  longitude: number;
  /** Altitude above sea level [m]; default 0. */
  elevation?: number;
  /** Linke turbidity of January … December [−]. */
  linkeTurbidity: ArrayLike<number>;
  /** Extraterrestrial normal irradiance [W m⁻²]; default 1364 (pvlib's ineichen default). */
  dniExtra?: number;
  /** See `ineichen`; default false. */
  perezEnhancement?: boolean;
}

/**
 * Ineichen–Perez clear sky at each time: solar position (SPA, pressure from the altitude), absolute
 * Kasten–Young air mass, daily Linke turbidity from the monthly values.
 * @param unixMs times [ms since 1970-01-01T00:00Z]
 * @returns ghi, dni, dhi [W m⁻²]
 */
export function clearSkyIneichenAt(unixMs: Float64Array | readonly number[], site: ClearSkySite): ClearSkyArrays {
  const elevation = site.elevation ?? 0;
  const pressure = alt2pres(elevation);
  const pos = solarPositions(unixMs, site.latitude, site.longitude, { elevation, pressure });
  const tl = linkeTurbidityArray(unixMs, site.linkeTurbidity);
  const n = unixMs.length;
  const out: ClearSkyArrays = { ghi: new Float64Array(n), dni: new Float64Array(n), dhi: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const z = pos.apparentZenith[i];
    const cs = ineichen(z, absoluteAirmass(relativeAirmass(z), pressure), tl[i], elevation, site.dniExtra ?? 1364, site.perezEnhancement ?? false);
    out.ghi[i] = cs.ghi;
    out.dni[i] = cs.dni;
    out.dhi[i] = cs.dhi;
  }
  return out;
}
