// A synthetic weather year for a site with no weather file: an ESTIMATE, labelled as such
// (`source: 'synthetic'`, `estimate: true`).
//
// GHI = clear sky × a daily factor. Clear sky: Ineichen & Perez (2002) with a Linke turbidity
// (physics/clearsky.ts), at the middle of each hour (physics/solar-position.ts, NREL SPA). Without
// monthly clearness indices the year is the clear sky itself. With them, each month's daily factors
// are drawn from a seeded generator (log-normal, lag-1 autocorrelated from day to day) and rescaled so
// that the month's clearness index Kt = ΣGHI / ΣG0h (G0h: Spencer extraterrestrial irradiance on the
// horizontal, at mid-hour) equals the given value; no day is brighter than the clear sky (unless the
// given Kt itself asks for more than the clear sky offers). The day-to-day model is deliberately
// simple — a stand-in for the published generators it imitates (Aguiar & Collares-Pereira 1988,
// "Simple procedure for generating sequences of daily radiation values using a library of Markov
// transition matrices", Solar Energy 40(3); Graham & Hollands 1990, TAG), not an implementation of them.
// DNI and DHI: Erbs et al. (1982) decomposition (physics/irradiance.ts). Temperature and wind: the
// monthly means given, else pvlib ModelChain's defaults for missing weather (20 °C, 0 m/s).
import { dayOfYear, dniExtraSpencer } from '../physics/atmosphere.ts';
import { clearSkyIneichenAt } from '../physics/clearsky.ts';
import { erbs } from '../physics/irradiance.ts';
import { solarPositions } from '../physics/solar-position.ts';
import type { WeatherRecord } from './record.ts';

const HOUR = 3_600_000;
const D2R = Math.PI / 180;

export interface SyntheticYearOptions {
  /** [°] north positive. */
  latitude: number;
  /** [°] east positive. */
  longitude: number;
  /** [m] above sea level [default 0]. */
  elevation?: number;
  /** [h] offset of the local standard time the year is laid out in [default round(longitude / 15)]. */
  utcOffset?: number;
  /** Monthly clearness index Kt [−], January first (12 values). Absent: the clear sky itself. */
  clearnessIndex?: ArrayLike<number>;
  /** Linke turbidity [−], one value or 12 monthly values [default 3, a rural mid-latitude sky]. */
  linkeTurbidity?: number | ArrayLike<number>;
  /** Seed of the day-to-day variability [default 1]: the same seed gives the same year. */
  seed?: number;
  /** Monthly mean air temperature [°C], 12 values [default 20 °C all year, pvlib's default]. */
  tempAir?: ArrayLike<number>;
  /** Wind speed [m s⁻¹] [default 0, pvlib's default]. */
  windSpeed?: number;
  /** Calendar year the record is laid on [default 1990, as the typical-year readers]. */
  year?: number;
  /** Site name [default 'synthetic']. */
  name?: string;
}

/** Day-to-day persistence of the daily factor (lag-1 autocorrelation of its logarithm) [−]. */
const PERSISTENCE = 0.3;
/** Lowest daily factor (an overcast day still lets some light through) [−]. */
const MIN_DAILY_FACTOR = 0.05;

/** mulberry32: a small, fast, seedable 32-bit generator; uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal deviates from a uniform generator (Box–Muller). */
function normals(uniform: () => number): () => number {
  return () => {
    const u = 1 - uniform();
    const v = uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

function twelve(name: string, values: ArrayLike<number>, min: number, max: number): void {
  if (values.length !== 12) throw new RangeError(`${name} needs 12 monthly values, got ${values.length}`);
  for (let m = 0; m < 12; m++) {
    if (!(values[m] >= min && values[m] <= max)) throw new RangeError(`${name}[${m}] = ${values[m]} is not within ${min}…${max}`);
  }
}

/**
 * Daily factors of one month: `target` is the clear-sky-energy-weighted mean they must have. Draws
 * log-normal factors (σ growing as the month gets cloudier), then rescales and clips them to
 * [MIN_DAILY_FACTOR, max(1, target)] until the weighted mean is met.
 */
function monthFactors(energy: Float64Array, target: number, gauss: () => number, state: { z: number }): Float64Array {
  const days = energy.length;
  const k = new Float64Array(days);
  const sigma = 0.8 * (1 - Math.min(target, 1)) + 0.02;
  for (let d = 0; d < days; d++) {
    state.z = PERSISTENCE * state.z + Math.sqrt(1 - PERSISTENCE ** 2) * gauss();
    k[d] = target * Math.exp(sigma * state.z - (sigma * sigma) / 2);
  }
  const hi = Math.max(1, target);
  let want = 0;
  for (let d = 0; d < days; d++) want += target * energy[d];
  for (let iter = 0; iter < 200; iter++) {
    let have = 0;
    for (let d = 0; d < days; d++) have += k[d] * energy[d];
    if (have <= 0) break;
    const s = want / have;
    if (Math.abs(s - 1) < 1e-12) break;
    for (let d = 0; d < days; d++) k[d] = Math.min(Math.max(k[d] * s, MIN_DAILY_FACTOR), hi);
  }
  return k;
}

/** A synthetic hourly year for a site (see the file header). Labelled `estimate: true`. */
export function syntheticYear(options: SyntheticYearOptions): WeatherRecord {
  const { latitude, longitude, clearnessIndex, tempAir } = options;
  if (!(Math.abs(latitude) <= 90)) throw new RangeError(`latitude ${latitude} is not within −90…90°`);
  if (!(Math.abs(longitude) <= 180)) throw new RangeError(`longitude ${longitude} is not within −180…180°`);
  if (clearnessIndex) twelve('clearnessIndex', clearnessIndex, 0, 1);
  if (tempAir) twelve('tempAir', tempAir, -90, 60);
  const elevation = options.elevation ?? 0;
  const utcOffset = options.utcOffset ?? Math.round(longitude / 15);
  const year = options.year ?? 1990;
  const tl = options.linkeTurbidity ?? 3;
  const linkeTurbidity = typeof tl === 'number' ? new Array<number>(12).fill(tl) : tl;
  twelve('linkeTurbidity', linkeTurbidity, 1, 10);

  // Hours of the local standard year, as UTC interval starts; sun and sky at mid-interval.
  const start = Date.UTC(year, 0, 1) - utcOffset * HOUR;
  const n = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / HOUR);
  const times = new Float64Array(n);
  const middle = new Float64Array(n);
  const month = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = start + i * HOUR;
    middle[i] = times[i] + HOUR / 2;
    month[i] = new Date(times[i] + utcOffset * HOUR).getUTCMonth();
  }
  const pos = solarPositions(middle, latitude, longitude, { elevation });
  const clear = clearSkyIneichenAt(middle, { latitude, longitude, elevation, linkeTurbidity });

  const ghi = new Float64Array(n);
  if (!clearnessIndex) ghi.set(clear.ghi);
  else {
    // Per month: clear-sky energy of each day and the extraterrestrial energy on the horizontal.
    const gauss = normals(mulberry32(options.seed ?? 1));
    const state = { z: 0 };
    const days = n / 24;
    const dayEnergy = new Float64Array(days);
    const monthClear = new Float64Array(12);
    const monthExtra = new Float64Array(12);
    for (let i = 0; i < n; i++) {
      dayEnergy[Math.floor(i / 24)] += clear.ghi[i];
      monthClear[month[i]] += clear.ghi[i];
      const cosZ = Math.cos(pos.zenith[i] * D2R);
      if (cosZ > 0) monthExtra[month[i]] += dniExtraSpencer(dayOfYear(middle[i])) * cosZ;
    }
    const factor = new Float64Array(days);
    for (let m = 0, d0 = 0; m < 12; m++) {
      let d1 = d0;
      while (d1 < days && month[d1 * 24] === m) d1++;
      // Kt·ΣG0h is the month's GHI; over its clear-sky GHI it is the mean daily factor.
      const target = monthClear[m] > 0 ? (clearnessIndex[m] * monthExtra[m]) / monthClear[m] : 0;
      factor.set(monthFactors(dayEnergy.subarray(d0, d1), target, gauss, state), d0);
      d0 = d1;
    }
    for (let i = 0; i < n; i++) ghi[i] = clear.ghi[i] * factor[Math.floor(i / 24)];
  }

  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (ghi[i] <= 0) continue;
    const parts = erbs(ghi[i], pos.zenith[i], dayOfYear(middle[i]));
    dni[i] = parts.dni + 0;
    dhi[i] = Math.min(parts.dhi, ghi[i]) + 0;
  }
  const temperature = new Float64Array(n);
  for (let i = 0; i < n; i++) temperature[i] = tempAir ? tempAir[month[i]] : 20;

  const notes = [
    clearnessIndex
      ? 'Estimate: Ineichen–Perez clear sky scaled to the given monthly clearness index, with seeded day-to-day variability; Erbs decomposition.'
      : 'Estimate: Ineichen–Perez clear sky (no clouds); Erbs decomposition.',
    `Linke turbidity ${Array.from(linkeTurbidity).join(', ')}; seed ${options.seed ?? 1}.`,
  ];
  return {
    site: { name: options.name ?? 'synthetic', latitude, longitude, elevation, utcOffset },
    source: 'synthetic',
    estimate: true,
    times,
    intervalMinutes: 60,
    ghi,
    dni,
    dhi,
    tempAir: temperature,
    windSpeed: new Float64Array(n).fill(options.windSpeed ?? 0),
    meta: { dataSource: 'synthetic clear-sky year', notes },
  };
}
