// The sky of a site kept between simulations of one process (the fast chain, chain-array-fast.ts).
// Solar position, air mass and the transposition terms (sky-series.ts) are most of the cost of one
// array over a year, and a harness, a server worker or `pvstudio serve` runs the same weather again
// and again with other arrays: the series are kept for the last few weathers and reused when the same
// site, model and weather come back — the same series, the weather compared value by value, so a
// changed hour is a new sky. Alongside, the daylight steps are packed, interleaved (the per-array loop
// reads one run of memory in order, without the indirection through the day index), the night steps
// listed, each temperature model's per-step wind term computed once per sky instead of once per array,
// and the steps' local months (for the monthly totals) once per sky and UTC offset.
import type { HorizonProfile } from '../model/horizon.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { monthIndices } from './chain-months.ts';
import type { SkyDiffuseModel } from './irradiance.ts';
import { skySeries, type SkySeries } from './sky-series.ts';

/**
 * Where each quantity of a daylight step sits in `SkyDays.values`: step k's values are
 * `values[k * DAY.stride + DAY.<name>]` (one run of memory per step, read in order by the array loop).
 */
export const DAY = {
  /** cos and sin of the apparent zenith, cos and sin of the solar azimuth [−] */
  cosZenith: 0,
  sinZenith: 1,
  cosAzimuth: 2,
  sinAzimuth: 3,
  /** sky diffuse terms [W m⁻²] (sky-series.ts) */
  iso: 4,
  circ: 5,
  horizon: 6,
  /** ghi·albedo [W m⁻²] */
  groundReflected: 7,
  /** [W m⁻²] */
  dni: 8,
  /** [°C] */
  tempAir: 9,
  /** far-shading beam factor [−] (1 without a horizon profile) */
  farBeam: 10,
  stride: 11,
} as const;

/** The daylight steps of a sky, packed: entry k is step `index[k]` of the full series. */
export interface SkyDays {
  /** Steps with the Sun up (the SkySeries' `day`), ascending. */
  index: Int32Array;
  /** The other steps, ascending. */
  night: Int32Array;
  /** The step's quantities, interleaved (see DAY). */
  values: Float64Array;
  /** Wind speed of each daylight step [m s⁻¹]. */
  windSpeed: Float64Array;
  /** Whether the site has a horizon profile (far shading). */
  farShading: boolean;
}

/** A temperature model's share of the work that does not depend on the array (chain-array-fast.ts). */
export interface TemperatureTable {
  /** Cell temperature with no light on the plane, every step [°C]. */
  dark: Float64Array;
  /** The model's wind term on each daylight step (SAPM exp(a + b·WS), PVsyst and Faiman U(WS)). */
  wind: Float64Array;
  /** Every wind term is finite: a plane without light then needs no case of its own. */
  finite: boolean;
}

/** A SkySeries from the cache: the series (owned, never changed), its packed days, its temperature tables. */
export interface CachedSky extends SkySeries {
  days: SkyDays;
  /** Temperature tables by model (key: the model's JSON), filled on demand. */
  temperatureTables: Map<string, TemperatureTable>;
  /** The weather's step times [ms since 1970, UTC] (owned). */
  times: Float64Array;
  /** The local month (0–11) of each step by UTC offset [h] (chain-months.ts), filled on demand. */
  months: Map<number, Uint8Array>;
}

/** Month tables kept per sky (one UTC offset per weather in practice; a bound all the same). */
const MAX_OFFSETS = 8;

/** Weathers kept (each ≈ 2 MB for a year of hours). */
export const SKY_CACHE_ENTRIES = 4;

interface Entry {
  key: string;
  /** Copies of the record's columns the sky depends on (times, ghi, dni, dhi, tempAir, windSpeed, albedo). */
  columns: (Float64Array | undefined)[];
  sky: CachedSky;
}

const entries: Entry[] = [];

function columnsOf(record: WeatherRecord): (Float64Array | undefined)[] {
  return [record.times, record.ghi, record.dni, record.dhi, record.tempAir, record.windSpeed, record.albedo];
}

/** Equality of two series value by value (NaN equals NaN): four at a time while all are equal (the usual case). */
function sameValues(a: Float64Array | undefined, b: Float64Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const n = a.length;
  if (b.length !== n) return false;
  let i = 0;
  for (; i + 4 <= n; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) break;
  for (; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x === x || y === y)) return false;
  }
  return true;
}

function sameColumns(a: (Float64Array | undefined)[], b: (Float64Array | undefined)[]): boolean {
  for (let k = 0; k < a.length; k++) if (!sameValues(a[k], b[k])) return false;
  return true;
}

function daysOf(sky: SkySeries): SkyDays {
  const index = sky.day;
  const beam = sky.farHorizon?.beam;
  const values = new Float64Array(index.length * DAY.stride);
  const windSpeed = new Float64Array(index.length);
  for (let k = 0; k < index.length; k++) {
    const i = index[k];
    const o = k * DAY.stride;
    values[o + DAY.cosZenith] = sky.cosZenith[i];
    values[o + DAY.sinZenith] = sky.sinZenith[i];
    values[o + DAY.cosAzimuth] = sky.cosAzimuth[i];
    values[o + DAY.sinAzimuth] = sky.sinAzimuth[i];
    values[o + DAY.iso] = sky.iso[i];
    values[o + DAY.circ] = sky.circ[i];
    values[o + DAY.horizon] = sky.horizon[i];
    values[o + DAY.groundReflected] = sky.groundReflected[i];
    values[o + DAY.dni] = sky.dni[i];
    values[o + DAY.tempAir] = sky.tempAir[i];
    values[o + DAY.farBeam] = beam ? beam[i] : 1;
    windSpeed[k] = sky.windSpeed[i];
  }
  const night = new Int32Array(sky.n - index.length);
  for (let i = 0, k = 0, m = 0; i < sky.n; i++) {
    if (k < index.length && index[k] === i) k++;
    else night[m++] = i;
  }
  return { index, night, values, windSpeed, farShading: beam !== undefined };
}

/**
 * The sky series of `skySeries(record, site, transposition, horizon)`, from the cache when the same
 * site, model, horizon and weather were seen before in this process (equal values in every column the
 * sky depends on: the same series as computed afresh), else computed and kept. The returned series must not be changed.
 * @param record hourly (or sub-hourly) weather, interval-start times
 * @param site latitude, longitude [°], elevation [m], albedo [−] used where the weather has none
 * @param transposition sky diffuse model
 * @param horizon optional horizon profile: pairs [azimuth [°] clockwise from north, elevation [°]]
 */
export function cachedSkySeries(
  record: WeatherRecord,
  site: { latitude: number; longitude: number; elevation: number; albedo: number },
  transposition: SkyDiffuseModel,
  horizon?: HorizonProfile,
): CachedSky {
  const key = JSON.stringify([site.latitude, site.longitude, site.elevation, site.albedo, transposition, horizon ?? null, record.intervalMinutes]);
  const columns = columnsOf(record);
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e];
    if (entry.key !== key || !sameColumns(entry.columns, columns)) continue;
    if (e > 0) entries.unshift(...entries.splice(e, 1));
    return entry.sky;
  }
  // Copies, so that the kept sky depends on nothing the caller may change afterwards.
  const own = columns.map((c) => (c ? Float64Array.from(c) : undefined));
  const [times, ghi, dni, dhi, tempAir, windSpeed, albedo] = own as Float64Array[];
  const series = skySeries({ ...record, times, ghi, dni, dhi, tempAir, windSpeed, albedo: own[6] ? albedo : undefined }, site, transposition, horizon);
  const sky: CachedSky = { ...series, days: daysOf(series), temperatureTables: new Map(), times, months: new Map() };
  entries.unshift({ key, columns: own, sky });
  entries.length = Math.min(entries.length, SKY_CACHE_ENTRIES);
  return sky;
}

/**
 * The local month (0–11) of every step of a cached sky at a fixed UTC offset (chain-months.ts
 * `monthIndices` of its times), computed once per sky and offset. The returned array must not be changed.
 * @param utcOffset the site's offset from UTC [h]
 */
export function cachedMonths(sky: CachedSky, utcOffset: number): Uint8Array {
  let months = sky.months.get(utcOffset);
  if (!months) {
    if (sky.months.size >= MAX_OFFSETS) sky.months.clear();
    months = monthIndices(sky.times, utcOffset);
    sky.months.set(utcOffset, months);
  }
  return months;
}

/** Empties the cache (tests, or to give the memory back). */
export function clearSkyCache(): void {
  entries.length = 0;
}
