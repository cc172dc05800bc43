// The hours of one day from its daily clearness index: the TAG model,
//   Aguiar, R. & Collares-Pereira, M. (1992) TAG: a time-dependent, autoregressive, Gaussian model for
//   generating synthetic hourly radiation. Solar Energy 49(3), 167–174,
// with the distribution of the hourly clearness index from
//   Aguiar, R. & Collares-Pereira, M. (1992) Statistical properties of hourly global radiation.
//   Solar Energy 48(3), 157–167.
//
// For a day of clearness index Kt, the hourly clearness index at solar altitude h is
//   kt(h) = ktm(Kt, h) + σ(Kt, h) · y(h),
//   ktm = λ + ε · exp(−κ / sin h),        λ = −0.19 + 1.12 Kt + 0.24 exp(−8 Kt),
//                                          ε = 0.32 − 1.6 (Kt − 0.5)²,
//                                          κ = 0.19 + 2.27 Kt² − 2.51 Kt³;
//   σ   = A · exp(B (1 − sin h)),          A = 0.14 exp(−20 (Kt − 0.35)²),
//                                          B = 3 (Kt − 0.45)² + 16 Kt⁵;
//   y(h) = φ · y(h − 1) + r,  r ~ N(0, σ′), σ′ = (1 − φ²)^½ (so y has unit variance),
//                                          φ = 0.38 + 0.06 cos(7.4 Kt − 2.5);
// y starts from 0 at the first sunlit hour of the day. A value outside 0 < kt < kt_cs, with the
// model's bound kt_cs = 0.88 cos(π (t − 12) / 30) (t: solar time of the hour's middle [h]), is drawn
// again (up to MAX_DRAWS times, then limited to the interval).
//
// The paper itself was not at hand; the formulas were checked against public implementations
// (J. Susanto's synth_solar.py, repository susantoj/synthetic-solar; B. Pillot's pvlib-based
// generator; a Python "SolarInputs" class; an NSRDB-based TAG script; a Java/C# port; a Ruby
// SketchUp plug-in). All agree on φ, λ, ε, κ and A; the bound 0.88 cos(π(t − 12)/30) is in Susanto's,
// SolarInputs and the Ruby one. For B, four write 3 (Kt − 0.45)² + 16 Kt⁵ (used here), the Ruby one
// 0.16 Kt⁵ and the Java one 3[(Kt − 0.45)² + 16 Kt⁵]. Several scale the innovation by σ as well as
// the output (σ² in kt); here y is the standardised variable (unit variance), so σ is the standard
// deviation of kt, as the name says.
// sin h is the mean over the sunlit part of the hour (solar-hours.ts), so sunrise and sunset hours
// have a defined altitude.
import type { SolarHours } from './solar-hours.ts';

/** Redraws of an hour whose kt falls outside (0, kt_cs) before it is limited to the interval. */
const MAX_DRAWS = 10;

/** The coefficients of TAG for one daily clearness index. */
export interface TagParameters {
  /** [−] lag-1 autocorrelation of y. */
  phi: number;
  /** [−] λ of ktm. */
  lambda: number;
  /** [−] ε of ktm. */
  epsilon: number;
  /** [−] κ of ktm. */
  kappa: number;
  /** [−] A of σ. */
  a: number;
  /** [−] B of σ. */
  b: number;
}

/**
 * TAG's coefficients for a day.
 * @param kt daily clearness index Kt [−]
 */
export function tagParameters(kt: number): TagParameters {
  return {
    phi: 0.38 + 0.06 * Math.cos(7.4 * kt - 2.5),
    lambda: -0.19 + 1.12 * kt + 0.24 * Math.exp(-8 * kt),
    epsilon: 0.32 - 1.6 * (kt - 0.5) ** 2,
    kappa: 0.19 + 2.27 * kt ** 2 - 2.51 * kt ** 3,
    a: 0.14 * Math.exp(-20 * (kt - 0.35) ** 2),
    b: 3 * (kt - 0.45) ** 2 + 16 * kt ** 5,
  };
}

/**
 * Mean hourly clearness index ktm(Kt, h).
 * @param p TAG coefficients of the day
 * @param sinAltitude sine of the solar altitude [−], > 0
 */
export function tagMeanClearness(p: TagParameters, sinAltitude: number): number {
  return p.lambda + p.epsilon * Math.exp(-p.kappa / sinAltitude);
}

/**
 * Standard deviation of the hourly clearness index σ(Kt, h).
 * @param p TAG coefficients of the day
 * @param sinAltitude sine of the solar altitude [−]
 */
export function tagSigma(p: TagParameters, sinAltitude: number): number {
  return p.a * Math.exp(p.b * (1 - sinAltitude));
}

/**
 * TAG's upper bound of the hourly clearness index, kt_cs = 0.88 cos(π (t − 12) / 30).
 * @param hourFromNoon solar time minus 12 [h]
 */
export function tagUpperBound(hourFromNoon: number): number {
  return 0.88 * Math.cos((Math.PI * hourFromNoon) / 30);
}

/**
 * The 24 hourly clearness indices of one day (0 for hours without sun).
 * @param kt daily clearness index Kt [−]
 * @param hours geometry of the year (solar-hours.ts)
 * @param day index of the day in `hours` [d]
 * @param normal source of N(0, 1) deviates
 * @param out where the 24 values go [−]; also returned
 */
export function tagDay(kt: number, hours: SolarHours, day: number, normal: () => number, out = new Float64Array(24)): Float64Array {
  const p = tagParameters(kt);
  const innovation = Math.sqrt(1 - p.phi * p.phi);
  let y = 0;
  for (let j = 0; j < 24; j++) {
    const i = day * 24 + j;
    if (!(hours.g0h[i] > 0)) {
      out[j] = 0;
      y = 0;
      continue;
    }
    const s = hours.sinAltitude[i];
    const mean = tagMeanClearness(p, s);
    const sigma = tagSigma(p, s);
    const bound = tagUpperBound(hours.hourFromNoon[i]);
    let next = 0;
    let k = 0;
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      next = p.phi * y + innovation * normal();
      k = mean + sigma * next;
      if (k > 0 && k < bound) break;
    }
    out[j] = Math.min(Math.max(k, 0), bound);
    y = next;
  }
  return out;
}
