// Hourly air temperature from a daily mean: the daily cycle of
//   Erbs, D. G., Klein, S. A. & Beckman, W. A. (1983) Estimation of degree-days and ambient
//   temperature bin data from monthly-average temperatures. ASHRAE Journal 25(6), 60–65,
// as used for the synthesis of hourly weather by
//   Knight, K. M., Klein, S. A. & Duffie, J. A. (1991) A methodology for the synthesis of hourly
//   weather data. Solar Energy 46(2), 109–120:
//   T(t) = T̄ + A · Σₖ aₖ cos(k τ − bₖ),  τ = 2π (t − 1) / 24,  t the apparent solar time [h],
//   (a, b) = (0.4632, 3.8051), (0.0984, 0.360), (0.0168, 0.822), (0.0138, 3.513),
// A the day's temperature range (maximum − minimum; the profile spans 0.98 A). The profile has its
// minimum at 5.6 h (about sunrise) and its maximum at 15.2 h solar time. Evaluated at the 24
// mid-hours of a day, which are equally spaced, the four harmonics sum to exactly zero, so the
// daily — hence the monthly — mean is T̄ itself.
// The coefficients were checked against a public implementation (an HVAC load library's
// _DesignDayTemperatureProfile, citing Erbs et al. 1983).
//
// The day's range follows its clearness: A = 25.8 kt − 5.21 [K] (not below 0), the correlation of the
// monthly-average range with the monthly clearness index that Knight, Klein & Duffie take from Erbs
// (1984, M.S. thesis, University of Wisconsin–Madison), applied here to each day's kt. CAUTION: these
// two coefficients are quoted from the literature as remembered; they could not be checked against a
// copy of either paper while this was written (the generator's report says so).

const HARMONICS: readonly (readonly [number, number])[] = [
  [0.4632, 3.8051],
  [0.0984, 0.36],
  [0.0168, 0.822],
  [0.0138, 3.513],
];

/**
 * The Erbs et al. (1983) daily temperature profile, per unit of daily range.
 * @param solarTime apparent solar time [h], 0 … 24
 * @returns (T − T̄) / A [−], between about −0.5 and +0.5
 */
export function erbsTemperatureShape(solarTime: number): number {
  const tau = (2 * Math.PI * (solarTime - 1)) / 24;
  let s = 0;
  for (let k = 0; k < HARMONICS.length; k++) s += HARMONICS[k][0] * Math.cos((k + 1) * tau - HARMONICS[k][1]);
  return s;
}

/**
 * The day's temperature range from its clearness index, A = max(0, 25.8 kt − 5.21).
 * @param kt daily clearness index [−]
 * @returns daily temperature range (maximum − minimum) [K]
 */
export function dailyTemperatureRange(kt: number): number {
  return Math.max(0, 25.8 * kt - 5.21);
}

/**
 * Hourly temperature of one hour.
 * @param dailyMean mean air temperature of the day [°C]
 * @param range daily temperature range [K]
 * @param solarTime apparent solar time of the middle of the hour [h]
 * @returns air temperature [°C]
 */
export function hourlyTemperature(dailyMean: number, range: number, solarTime: number): number {
  return dailyMean + range * erbsTemperatureShape(solarTime);
}
