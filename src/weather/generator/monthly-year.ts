// An hourly typical year from monthly means (12 values of daily GHI, daily DHI and air temperature),
// generated offline as PVsyst and Meteonorm do, from published models; seeded and deterministic.
//
//  1. Geometry (solar-hours.ts): Spencer (1971) declination and equation of time per day; the
//     extraterrestrial irradiance on the horizontal G0h integrated exactly over each hour.
//  2. Days (daily-clearness.ts): the month's Kt = ΣGHI / ΣG0h picks a Markov transition matrix of the
//     library of Aguiar, Collares-Pereira & Conde (1988, Solar Energy 40(3) 269–279); a chain of daily
//     kt, carried over from month to month (January starts from December's Kt), scaled to the month's Kt.
//  3. Hours (tag-hourly.ts): TAG, Aguiar & Collares-Pereira (1992, Solar Energy 49(3) 167–174): hourly
//     kt = ktm(Kt, h) + σ(Kt, h)·y, y an AR(1) Gaussian with φ(Kt), bounded by the model's kt_cs; each
//     day is then scaled to its own kt (TAG reproduces it only on average), no hour above kt_cs.
//  4. Month sums (bounded-sum.ts): GHI is scaled so the month holds exactly its mean × days, no hour
//     above kt_cs·G0h (a day too bright for the bound gives its excess to the others). A month asking
//     more than the bound can give at all is scaled again with the extraterrestrial irradiance as the
//     only limit (kt ≤ 1, input Kt > 1 is refused), and a note says so; none of the 1042 stations of
//     the product file needs it.
//     DHI: Erbs et al. (1982) hourly decomposition (physics/irradiance.ts), then scaled to the month's
//     DHI with every hour held within [GHI − G0n·cos z, GHI] (a beam no stronger than outside the
//     atmosphere, a diffuse no larger than the global); when the month's DHI ≥ its GHI, DHI = GHI.
//     Both sums are met to 1e-12 unless the bounds make it impossible (a note then gives the month's
//     sums; it happens in polar twilight months, where most sunlit hours have cos z < 0.065).
//  5. Closure: DNI = (GHI − DHI) / cos z at mid-hour; where cos z < 0.065 (pvlib's min_cos_zenith,
//     z > 86.3°, or the sun below the horizon at mid-hour) the hour's beam is counted as diffuse
//     (DNI = 0, DHI = GHI), before the DHI scaling, so GHI is preserved and DNI·cos z + DHI = GHI.
//  6. Temperature (temperature-cycle.ts): every day of a month has the monthly mean, with the daily
//     cycle of Erbs, Klein & Beckman (1983) and a range from the day's kt; monthly means exact.
//  7. Wind: a constant, by default 1 m s⁻¹ — the wind of the IEC 61215 NOCT standard reference
//     environment (800 W m⁻², 20 °C, 1 m s⁻¹), a neutral value for the thermal models; the station
//     data have no wind.
import { erbs } from '../../physics/irradiance.ts';
import type { WeatherRecord } from '../record.ts';
import { fitBoundedSum } from './bounded-sum.ts';
import { aguiarDailyClearness } from './daily-clearness.ts';
import { mulberry32, normalDeviates } from './random.ts';
import { solarHours } from './solar-hours.ts';
import { tagDay, tagUpperBound } from './tag-hourly.ts';
import { dailyTemperatureRange, hourlyTemperature } from './temperature-cycle.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const R2D = 180 / Math.PI;

/** [−] below this cos(zenith) at mid-hour the beam is counted as diffuse (pvlib's min_cos_zenith). */
export const MIN_COS_ZENITH = 0.065;

/** [m s⁻¹] default wind: the IEC 61215 NOCT reference environment's 1 m s⁻¹. */
export const DEFAULT_WIND_SPEED = 1;

export interface MonthlyClimate {
  /** [kWh m⁻² day⁻¹] monthly mean daily global horizontal irradiation, January first (12). */
  ghi: ArrayLike<number>;
  /** [kWh m⁻² day⁻¹] monthly mean daily diffuse horizontal irradiation (12). */
  dhi: ArrayLike<number>;
  /** [°C] monthly mean air temperature (12). */
  tempAir: ArrayLike<number>;
}

export interface MonthlyYearOptions {
  /** [°] north positive. */
  latitude: number;
  /** [°] east positive. */
  longitude: number;
  /** [m] above sea level [default 0]. */
  elevation?: number;
  /** [h] offset of the local standard time the year is laid out in [default round(longitude / 15)]. */
  utcOffset?: number;
  /** Calendar year the record is laid on [default 1990, non-leap, as the typical-year readers]. */
  year?: number;
  /** Seed of the random sequence [default 1]: the same seed gives the same year. */
  seed?: number;
  climate: MonthlyClimate;
  /** [m s⁻¹] constant wind speed [default 1, see the file header]. */
  windSpeed?: number;
  /** Site name [default '']. */
  name?: string;
  /** [default 'station'] */
  source?: 'station' | 'synthetic';
  /** [default true: a generated year is an estimate even from measured monthly means] */
  estimate?: boolean;
  /** Where the monthly values came from (meta.dataSource). */
  dataSource?: string;
  /** Notes kept in meta.notes, before the generator's own. */
  notes?: string[];
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function finite(name: string, value: number, min: number, max: number): void {
  if (!(Number.isFinite(value) && value >= min && value <= max)) throw new RangeError(`${name} = ${value} is not within ${min}…${max}`);
}

function twelve(name: string, values: ArrayLike<number> | undefined, min: number, max: number): void {
  if (!values || values.length !== 12) throw new RangeError(`${name} needs 12 monthly values, got ${values?.length ?? 'none'}`);
  for (let m = 0; m < 12; m++) finite(`${name}[${m}]`, values[m], min, max);
}

/** 8760 (8784 in a leap year) hourly interval starts (UTC ms) from local midnight of Jan 1, GHI/DNI/DHI [W m⁻²] as hour means, temperature, wind. */
export function monthlyYear(options: MonthlyYearOptions): WeatherRecord {
  const { latitude, longitude, climate } = options;
  finite('latitude', latitude, -90, 90);
  finite('longitude', longitude, -180, 180);
  const elevation = options.elevation ?? 0;
  finite('elevation', elevation, -500, 9000);
  const utcOffset = options.utcOffset ?? Math.round(longitude / 15);
  finite('utcOffset', utcOffset, -12, 14);
  const year = options.year ?? 1990;
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year = ${year} is not an integer within 1…9999`);
  const seed = options.seed ?? 1;
  finite('seed', seed, -(2 ** 53), 2 ** 53);
  const windSpeed = options.windSpeed ?? DEFAULT_WIND_SPEED;
  finite('windSpeed', windSpeed, 0, 100);
  if (!climate) throw new RangeError('climate is required');
  twelve('climate.ghi', climate.ghi, 0, 15);
  twelve('climate.dhi', climate.dhi, 0, 15);
  twelve('climate.tempAir', climate.tempAir, -90, 60);

  const yearStart = Date.UTC(year, 0, 1);
  const days = Math.round((Date.UTC(year + 1, 0, 1) - yearStart) / DAY);
  const n = days * 24;
  const geo = solarHours(days, latitude, longitude, utcOffset, 1, days);
  const monthStart = new Int32Array(13);
  for (let m = 0; m <= 12; m++) monthStart[m] = Math.round((Date.UTC(year, m, 1) - yearStart) / DAY);

  // Extraterrestrial irradiation of each day and month [Wh m⁻²], the months' targets and Kt.
  const dayH0 = new Float64Array(days);
  for (let i = 0; i < n; i++) dayH0[(i / 24) | 0] += geo.g0h[i];
  const ghiTarget = new Float64Array(12);
  const dhiTarget = new Float64Array(12);
  const monthKt = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    let h0 = 0;
    for (let d = monthStart[m]; d < monthStart[m + 1]; d++) h0 += dayH0[d];
    const count = monthStart[m + 1] - monthStart[m];
    ghiTarget[m] = climate.ghi[m] * 1000 * count;
    dhiTarget[m] = Math.min(climate.dhi[m], climate.ghi[m]) * 1000 * count;
    if (ghiTarget[m] > 0 && !(h0 > 0)) throw new RangeError(`climate.ghi[${m}] = ${climate.ghi[m]} kWh m⁻² day⁻¹ but the sun does not rise in ${MONTH_NAMES[m]} at latitude ${latitude}°`);
    monthKt[m] = h0 > 0 ? ghiTarget[m] / h0 : 0;
    if (monthKt[m] > 1) {
      const most = (h0 / count / 1000).toFixed(3);
      throw new RangeError(`climate.ghi[${m}] = ${climate.ghi[m]} kWh m⁻² day⁻¹ exceeds the extraterrestrial irradiation (${most}) at latitude ${latitude}°`);
    }
  }

  // Daily clearness indices, month after month.
  const uniform = mulberry32(seed);
  const normal = normalDeviates(uniform);
  const ktDay = new Float64Array(days);
  let previous = monthKt[11];
  for (let m = 0; m < 12; m++) {
    const d0 = monthStart[m];
    const d1 = monthStart[m + 1];
    ktDay.set(aguiarDailyClearness(monthKt[m], dayH0.subarray(d0, d1), previous, uniform), d0);
    if (d1 > d0) previous = ktDay[d1 - 1] > 0 ? ktDay[d1 - 1] : monthKt[m];
  }

  // Hours of each day (TAG), each day scaled to its own kt within TAG's bound; the shape the month
  // fit scales. cap: TAG's bound kt_cs·G0h of each hour [W m⁻²].
  const cap = new Float64Array(n);
  for (let i = 0; i < n; i++) cap[i] = geo.g0h[i] > 0 ? tagUpperBound(geo.hourFromNoon[i]) * geo.g0h[i] : 0;
  const shape = new Float64Array(n);
  const zeros = new Float64Array(n);
  const hourKt = new Float64Array(24);
  const dayWeights = new Float64Array(24);
  for (let d = 0; d < days; d++) {
    if (!(ktDay[d] > 0 && dayH0[d] > 0)) continue;
    tagDay(ktDay[d], geo, d, normal, hourKt);
    const i0 = d * 24;
    for (let j = 0; j < 24; j++) {
      const i = i0 + j;
      // Every sunlit hour can take a share (a day TAG left dark gets a uniform kt).
      dayWeights[j] = hourKt[j] > 0 ? hourKt[j] * geo.g0h[i] : 1e-6 * geo.g0h[i];
    }
    fitBoundedSum(dayWeights, zeros.subarray(i0, i0 + 24), cap.subarray(i0, i0 + 24), ktDay[d] * dayH0[d], shape.subarray(i0, i0 + 24));
    for (let j = 0; j < 24; j++) if (!(shape[i0 + j] > 0) && geo.g0h[i0 + j] > 0) shape[i0 + j] = 1e-6 * geo.g0h[i0 + j];
  }

  const ghi = new Float64Array(n);
  const dhi = new Float64Array(n);
  const dni = new Float64Array(n);
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  const weights = new Float64Array(n);
  const notes: string[] = [];
  for (let m = 0; m < 12; m++) {
    const i0 = monthStart[m] * 24;
    const i1 = monthStart[m + 1] * 24;
    if (!(ghiTarget[m] > 0)) continue;
    // Within TAG's bound if the month allows, else up to the extraterrestrial irradiance (kt ≤ 1).
    let fit = fitBoundedSum(shape.subarray(i0, i1), zeros.subarray(i0, i1), cap.subarray(i0, i1), ghiTarget[m], ghi.subarray(i0, i1));
    if (fit.sum < ghiTarget[m] * (1 - 1e-9)) {
      fit = fitBoundedSum(shape.subarray(i0, i1), zeros.subarray(i0, i1), geo.g0h.subarray(i0, i1), ghiTarget[m], ghi.subarray(i0, i1));
      notes.push(`${MONTH_NAMES[m]}: brighter than TAG's bound kt_cs allows; hours scaled up to the extraterrestrial irradiance.`);
    }
    if (Math.abs(fit.sum - ghiTarget[m]) > 1e-6 * ghiTarget[m] + 1) notes.push(`${MONTH_NAMES[m]}: GHI ${(fit.sum / 1000).toFixed(1)} kWh m⁻², the input asks ${(ghiTarget[m] / 1000).toFixed(1)}.`);
    // Erbs decomposition; the bounds of each hour's diffuse.
    for (let i = i0; i < i1; i++) {
      const g = ghi[i];
      if (!(g > 0)) continue;
      const d = (i / 24) | 0;
      const cosZ = geo.cosZenith[i];
      hi[i] = g;
      if (cosZ < MIN_COS_ZENITH) {
        lo[i] = g;
        weights[i] = g;
      } else {
        lo[i] = Math.max(0, g - geo.dniExtra[d] * cosZ);
        weights[i] = erbs(g, Math.acos(cosZ) * R2D, d + 1, MIN_COS_ZENITH).dhi;
      }
    }
    const dfit = fitBoundedSum(weights.subarray(i0, i1), lo.subarray(i0, i1), hi.subarray(i0, i1), dhiTarget[m], dhi.subarray(i0, i1));
    if (Math.abs(dfit.sum - dhiTarget[m]) > 1e-3 * dhiTarget[m] + 1) notes.push(`${MONTH_NAMES[m]}: DHI ${(dfit.sum / 1000).toFixed(1)} kWh m⁻², the input asks ${(dhiTarget[m] / 1000).toFixed(1)} (bounded by GHI and the beam's extraterrestrial limit).`);
    for (let i = i0; i < i1; i++) {
      const cosZ = geo.cosZenith[i];
      dni[i] = ghi[i] > 0 && cosZ >= MIN_COS_ZENITH ? (ghi[i] - dhi[i]) / cosZ : 0;
    }
  }

  const times = new Float64Array(n);
  const tempAir = new Float64Array(n);
  const start = yearStart - utcOffset * HOUR;
  for (let m = 0; m < 12; m++) {
    for (let d = monthStart[m]; d < monthStart[m + 1]; d++) {
      const range = dailyTemperatureRange(ktDay[d]);
      for (let j = 0; j < 24; j++) {
        const i = d * 24 + j;
        times[i] = start + i * HOUR;
        tempAir[i] = hourlyTemperature(climate.tempAir[m], range, geo.solarTime[i]);
      }
    }
  }

  const kts = Array.from(monthKt, (k) => k.toFixed(3)).join(', ');
  return {
    site: { name: options.name ?? '', latitude, longitude, elevation, utcOffset },
    source: options.source ?? 'station',
    estimate: options.estimate ?? true,
    times,
    intervalMinutes: 60,
    ghi,
    dni,
    dhi,
    tempAir,
    windSpeed: new Float64Array(n).fill(windSpeed),
    meta: {
      dataSource: options.dataSource ?? 'monthly means',
      notes: [
        ...(options.notes ?? []),
        'Estimate: hourly year generated from monthly means — daily kt by the Markov transition matrices of Aguiar, Collares-Pereira & Conde (1988), hours by TAG (Aguiar & Collares-Pereira 1992), Erbs decomposition scaled to the monthly diffuse, temperature cycle of Erbs, Klein & Beckman (1983).',
        `Seed ${seed}; monthly clearness index ${kts}; wind ${windSpeed} m/s constant.`,
        ...notes,
      ],
    },
  };
}
