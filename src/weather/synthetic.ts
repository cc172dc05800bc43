// A synthetic weather year for a site with no weather file: an ESTIMATE, labelled as such
// (`source: 'synthetic'`, `estimate: true`).
//
// Without monthly clearness indices the year is the clear sky itself (an explicit request): Ineichen &
// Perez (2002) with a Linke turbidity (physics/clearsky.ts) at the middle of each hour (NREL SPA,
// physics/solar-position.ts), Erbs et al. (1982) decomposition, pvlib ModelChain's defaults for missing
// weather (20 °C, 0 m/s) unless monthly temperatures or a wind speed are given.
//
// With monthly clearness indices Kt it is the published generator of generator/monthly-year.ts (daily
// kt by the Markov transition matrices of Aguiar, Collares-Pereira & Conde 1988; hours by TAG, Aguiar &
// Collares-Pereira 1992; Erbs decomposition scaled to the monthly diffuse; Erbs, Klein & Beckman 1983
// temperature cycle), fed with
//   monthly GHI = Kt × the month's extraterrestrial horizontal irradiation (Spencer 1971, integrated
//     over each hour: generator/solar-hours.ts), so that ΣGHI / ΣG0h = Kt exactly;
//   monthly DHI by Page's correlation of the monthly diffuse fraction, D̄/H̄ = 1 − 1.13 K̄t
//     (Page, J. K. 1961, The estimation of monthly mean values of daily total short wave radiation on
//     vertical and inclined surfaces from sunshine records for latitudes 40°N–40°S. Proc. UN Conference
//     on New Sources of Energy, 4, 378–390; as in the R package solaR, corrFdKt.R, FdKtPage),
//     limited to 0 … 1;
//   monthly temperatures as given, else 20 °C all year without a daily cycle (pvlib's default).
// The Linke turbidity is then not used (TAG's own bound limits the clear hours).
import { dayOfYear } from '../physics/atmosphere.ts';
import { clearSkyIneichenAt } from '../physics/clearsky.ts';
import { erbs } from '../physics/irradiance.ts';
import { solarPositions } from '../physics/solar-position.ts';
import { monthlyYear } from './generator/monthly-year.ts';
import { solarHours } from './generator/solar-hours.ts';
import type { WeatherRecord } from './record.ts';

const HOUR = 3_600_000;

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

function twelve(name: string, values: ArrayLike<number>, min: number, max: number): void {
  if (values.length !== 12) throw new RangeError(`${name} needs 12 monthly values, got ${values.length}`);
  for (let m = 0; m < 12; m++) {
    if (!(values[m] >= min && values[m] <= max)) throw new RangeError(`${name}[${m}] = ${values[m]} is not within ${min}…${max}`);
  }
}

/**
 * Page (1961): monthly mean diffuse fraction D̄/H̄ = 1 − 1.13 K̄t, limited to 0 … 1.
 * @param monthlyKt monthly mean clearness index K̄t [−]
 * @returns monthly mean daily diffuse over global irradiation [−]
 */
export function pageDiffuseFraction(monthlyKt: number): number {
  return Math.min(1, Math.max(0, 1 - 1.13 * monthlyKt));
}

/** The generator's year for monthly clearness indices (see the file header). */
function fromClearness(options: SyntheticYearOptions, clearnessIndex: ArrayLike<number>, linkeTurbidity: ArrayLike<number>): WeatherRecord {
  const { latitude, longitude } = options;
  const utcOffset = options.utcOffset ?? Math.round(longitude / 15);
  const year = options.year ?? 1990;
  const days = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
  const geo = solarHours(days, latitude, longitude, utcOffset, 1, days);
  const ghi = new Array<number>(12);
  const dhi = new Array<number>(12);
  for (let m = 0; m < 12; m++) {
    const d0 = Math.round((Date.UTC(year, m, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
    const d1 = Math.round((Date.UTC(year, m + 1, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
    let h0 = 0;
    for (let i = d0 * 24; i < d1 * 24; i++) h0 += geo.g0h[i];
    ghi[m] = (clearnessIndex[m] * h0) / (d1 - d0) / 1000;
    dhi[m] = ghi[m] * pageDiffuseFraction(clearnessIndex[m]);
  }
  const tempAir = options.tempAir ? Array.from(options.tempAir) : new Array<number>(12).fill(20);
  const seed = options.seed ?? 1;
  const record = monthlyYear({
    latitude,
    longitude,
    elevation: options.elevation ?? 0,
    utcOffset,
    year,
    seed,
    climate: { ghi, dhi, tempAir },
    windSpeed: options.windSpeed ?? 0,
    name: options.name ?? 'synthetic',
    source: 'synthetic',
    estimate: true,
    dataSource: 'synthetic year from monthly clearness indices',
    notes: [
      'Estimate: synthetic year from monthly clearness indices — the published generator (Aguiar et al. 1988 daily Markov matrices, TAG hours), Page monthly diffuse, Erbs decomposition.',
      `Linke turbidity ${Array.from(linkeTurbidity).join(', ')} not used with clearness indices; seed ${seed}.`,
    ],
  });
  if (!options.tempAir) record.tempAir.fill(20);
  return record;
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

  if (clearnessIndex) return fromClearness(options, clearnessIndex, linkeTurbidity);

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

  const ghi = clear.ghi;

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
    'Estimate: Ineichen–Perez clear sky (no clouds); Erbs decomposition.',
    `Linke turbidity ${Array.from(linkeTurbidity).join(', ')}.`,
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
