// The atmosphere between the Sun and the array: extraterrestrial irradiance, air mass, pressure.
//   Spencer, J. W. (1971) Fourier series representation of the position of the sun. Search 2(5), 172.
//   Kasten, F. & Young, A. T. (1989) Revised optical air mass tables and approximation formula.
//     Applied Optics 28(22), 4735–4738.
//   Pressure from altitude: the standard-atmosphere fit of pvlib.atmosphere.alt2pres.
// As pvlib: get_extra_radiation(method='spencer', solar_constant=1366.1) with the integer day of the
// year, get_relative_airmass(model='kastenyoung1989'), get_absolute_airmass, alt2pres.
//
// Scalar functions; the `…Array` forms map them over Float64Array.

const D2R = Math.PI / 180;
const MS_PER_DAY = 86_400_000;

/** Mean solar constant of pvlib's Spencer extraterrestrial irradiance [W m⁻²]. */
export const SOLAR_CONSTANT = 1366.1;

/** Standard sea-level pressure [Pa]. */
export const STANDARD_PRESSURE = 101325;

/**
 * Day of the year (1 … 366) of a time, in UTC or at a fixed offset from it.
 * @param unixMs time [ms since 1970-01-01T00:00Z]
 * @param utcOffsetHours offset of the local clock from UTC [h]; default 0
 */
export function dayOfYear(unixMs: number, utcOffsetHours = 0): number {
  const local = unixMs + utcOffsetHours * 3_600_000;
  const year = new Date(local).getUTCFullYear();
  return Math.floor((local - Date.UTC(year, 0, 1)) / MS_PER_DAY) + 1;
}

/**
 * Extraterrestrial normal irradiance, Spencer (1971):
 * E = S·(1.00011 + 0.034221 cos B + 0.00128 sin B + 0.000719 cos 2B + 0.000077 sin 2B), B = 2π(doy − 1)/365.
 * @param dayOfYearValue day of the year (1 … 366) [d]
 * @param solarConstant [W m⁻²]; default 1366.1
 * @returns dniExtra [W m⁻²]
 */
export function dniExtraSpencer(dayOfYearValue: number, solarConstant = SOLAR_CONSTANT): number {
  const b = ((2 * Math.PI) / 365) * (dayOfYearValue - 1);
  return (
    solarConstant *
    (1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b))
  );
}

/**
 * Extraterrestrial normal irradiance at each time (Spencer, UTC day of the year).
 * @param unixMs times [ms since 1970-01-01T00:00Z]
 * @returns dniExtra [W m⁻²]
 */
export function dniExtraArray(unixMs: Float64Array | readonly number[], utcOffsetHours = 0): Float64Array {
  const out = new Float64Array(unixMs.length);
  // One value per day: consecutive times of the same day reuse it (no Date per time).
  let day = Number.NaN;
  let value = Number.NaN;
  for (let i = 0; i < out.length; i++) {
    const d = Math.floor((unixMs[i] + utcOffsetHours * 3_600_000) / MS_PER_DAY);
    if (d !== day) {
      day = d;
      value = dniExtraSpencer(dayOfYear(unixMs[i], utcOffsetHours));
    }
    out[i] = value;
  }
  return out;
}

/**
 * Relative (not pressure-corrected) optical air mass, Kasten & Young (1989):
 * AM = 1 / (cos z + 0.50572·(96.07995 − z)^−1.6364).
 * @param zenith apparent (refraction-corrected) solar zenith [°]
 * @returns air mass [−]; NaN when the Sun is below the horizon (zenith > 90°), as pvlib
 */
export function relativeAirmass(zenith: number): number {
  if (!(zenith <= 90)) return NaN;
  return 1 / (Math.cos(zenith * D2R) + 0.50572 * (6.07995 + (90 - zenith)) ** -1.6364);
}

/** `relativeAirmass` over an array of apparent zeniths [°]. */
export function relativeAirmassArray(zenith: Float64Array): Float64Array {
  return zenith.map(relativeAirmass);
}

/**
 * Absolute (pressure-corrected) air mass, AMa = AM·p/101325.
 * @param airmassRelative relative air mass [−]
 * @param pressure site pressure [Pa]; default 101325
 * @returns absolute air mass [−]
 */
export function absoluteAirmass(airmassRelative: number, pressure = STANDARD_PRESSURE): number {
  return (airmassRelative * pressure) / STANDARD_PRESSURE;
}

/**
 * Average atmospheric pressure at an altitude (pvlib alt2pres):
 * p = 100·((44331.514 − h)/11880.516)^(1/0.1902632).
 * @param altitude height above sea level [m]
 * @returns pressure [Pa]
 */
export function alt2pres(altitude: number): number {
  return 100 * ((44331.514 - altitude) / 11880.516) ** (1 / 0.1902632);
}
