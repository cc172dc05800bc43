// Cheap solar geometry for the hours of a generated year: what the generator needs, exactly enough,
// at a fraction of the cost of the NREL SPA (physics/solar-position.ts) over 8760 hours.
//   Spencer, J. W. (1971) Fourier series representation of the position of the sun. Search 2(5), 172
//     — declination and equation of time once per day (as pvlib declination_spencer71 and
//     equation_of_time_spencer71, with the 0.0000075 / 0.040849 coefficients pvlib documents);
//     extraterrestrial normal irradiance from physics/atmosphere.ts (dniExtraSpencer, 1366.1 W m⁻²).
//   The extraterrestrial irradiance on the horizontal is integrated exactly over each hour between
//   sunrise and sunset (Duffie & Beckman, Solar Engineering of Thermal Processes, eq. 1.10.4 for an
//   hour), so the hours that contain sunrise or sunset carry exactly their share — no mid-hour artefact.
// Declination and equation of time are taken once per local day, at the UT instant of its middle
// (day angle of n − ½ − utcOffset/24 days elapsed since Jan 1 0h UT). Against the NREL SPA the
// declination is within 0.14° in 1990 and 0.25° over a leap cycle (Spencer's series is one fit for
// all years), the equation of time within 0.8 min — far below what a synthetic year resolves.
import { dniExtraSpencer } from '../../physics/atmosphere.ts';

const HALF_HOUR_ANGLE = Math.PI / 24;
const HOUR_ANGLE = Math.PI / 12;

/**
 * Solar declination, Spencer (1971), day angle B = 2π (n − 1) / 365.
 * @param dayOfYear day of the year n, 1 … 366 (fractional for a time: n + x is x days of UT after the start of day n) [d]
 * @returns declination [rad]
 */
export function spencerDeclination(dayOfYear: number): number {
  const b = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  return (
    0.006918 -
    0.399912 * Math.cos(b) +
    0.070257 * Math.sin(b) -
    0.006758 * Math.cos(2 * b) +
    0.000907 * Math.sin(2 * b) -
    0.002697 * Math.cos(3 * b) +
    0.00148 * Math.sin(3 * b)
  );
}

/**
 * Equation of time (apparent minus mean solar time), Spencer (1971), day angle B = 2π (n − 1) / 365.
 * @param dayOfYear day of the year n, 1 … 366 (fractional for a time: n + x is x days of UT after the start of day n) [d]
 * @returns equation of time [min]
 */
export function spencerEquationOfTime(dayOfYear: number): number {
  const b = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  return (
    (1440 / (2 * Math.PI)) *
    (0.0000075 + 0.001868 * Math.cos(b) - 0.032077 * Math.sin(b) - 0.014615 * Math.cos(2 * b) - 0.040849 * Math.sin(2 * b))
  );
}

/** Per-hour geometry of consecutive local days (24 values a day, hour j of day d at index 24d + j). */
export interface SolarHours {
  /** [W m⁻²] extraterrestrial irradiance on the horizontal, mean over the hour (0 when the sun is down all hour). */
  g0h: Float64Array;
  /** [−] cosine of the solar zenith at mid-hour (negative when the sun is below the horizon there). */
  cosZenith: Float64Array;
  /** [−] mean sine of the solar altitude over the sunlit part of the hour (0 when none). */
  sinAltitude: Float64Array;
  /** [h] solar time of the middle of the sunlit part of the hour minus 12 (solar noon = 0). */
  hourFromNoon: Float64Array;
  /** [h] apparent solar time at mid-hour, 0 … 24. */
  solarTime: Float64Array;
  /** [W m⁻²] extraterrestrial normal irradiance of each day (one value a day). */
  dniExtra: Float64Array;
}

/**
 * The geometry of every hour of `days` consecutive local days starting on day of the year `firstDay`.
 * @param days number of days [d]
 * @param latitude [°] north positive
 * @param longitude [°] east positive
 * @param utcOffset [h] offset of the local standard time the hours are counted in
 * @param firstDay day of the year of the first day [d], default 1
 * @param daysInYear days of the year the days belong to (365 or 366) [d], default 365
 */
export function solarHours(days: number, latitude: number, longitude: number, utcOffset: number, firstDay = 1, daysInYear = 365): SolarHours {
  const n = days * 24;
  const out: SolarHours = {
    g0h: new Float64Array(n),
    cosZenith: new Float64Array(n),
    sinAltitude: new Float64Array(n),
    hourFromNoon: new Float64Array(n),
    solarTime: new Float64Array(n),
    dniExtra: new Float64Array(days),
  };
  const phi = (latitude * Math.PI) / 180;
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  // Solar time = clock time + (4 min/° × (longitude − zone meridian) + equation of time).
  const zoneShift = (4 * (longitude - 15 * utcOffset)) / 60;
  for (let d = 0; d < days; d++) {
    const doy = ((firstDay - 1 + d) % daysInYear) + 1;
    // Day angle argument: n + (elapsed UT days at local mid-day) − (n − 1).
    const instant = doy + 0.5 - utcOffset / 24;
    const delta = spencerDeclination(instant);
    const gon = dniExtraSpencer(doy);
    out.dniExtra[d] = gon;
    const a = sinPhi * Math.sin(delta);
    const b = cosPhi * Math.cos(delta);
    // Sunset hour angle: cos ωs = −tan φ tan δ, limited to polar night (0) and polar day (π).
    const ws = Math.acos(Math.min(1, Math.max(-1, b !== 0 ? -a / b : a > 0 ? -1 : 1)));
    const shift = zoneShift + spencerEquationOfTime(instant) / 60;
    for (let j = 0; j < 24; j++) {
      const i = d * 24 + j;
      const solarMid = j + 0.5 + shift;
      out.solarTime[i] = solarMid - 24 * Math.floor(solarMid / 24);
      // Hour angle of the hour's start, brought into [−π, π).
      let w1 = (solarMid - 12) * HOUR_ANGLE - HALF_HOUR_ANGLE;
      w1 -= 2 * Math.PI * Math.floor((w1 + Math.PI) / (2 * Math.PI));
      const wMid = w1 + HALF_HOUR_ANGLE;
      out.cosZenith[i] = a + b * Math.cos(wMid);
      // The hour may run past midnight (ω = π): then it is two pieces, [w1, π] and [−π, w2 − 2π].
      const w2 = w1 + HOUR_ANGLE;
      let width = 0;
      let integral = 0;
      let middle = wMid;
      let pieces = 0;
      for (let piece = 0; piece < (w2 > Math.PI ? 2 : 1); piece++) {
        const lo = Math.max(piece === 0 ? w1 : -Math.PI, -ws);
        const hi = Math.min(piece === 0 ? Math.min(w2, Math.PI) : w2 - 2 * Math.PI, ws);
        if (hi > lo) {
          integral += a * (hi - lo) + b * (Math.sin(hi) - Math.sin(lo));
          width += hi - lo;
          middle = (hi + lo) / 2;
          pieces++;
        }
      }
      if (width > 0 && integral > 0) {
        out.g0h[i] = gon * (integral / HOUR_ANGLE);
        out.sinAltitude[i] = integral / width;
        // Sunlit across midnight (polar day): the hour's own middle.
        out.hourFromNoon[i] = (pieces === 2 ? wMid : middle) / HOUR_ANGLE;
      }
    }
  }
  return out;
}
