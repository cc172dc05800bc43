// Client of the PVGIS TMY web API, with a cache.
//
// API: European Commission JRC, "PVGIS non-interactive service" (PVGIS 5.3 user manual §"API"):
// GET {base}tmy?lat=…&lon=…&outputformat=json[&usehorizon=0|1][&userhorizon=e1,e2,…]
// [&startyear=…&endyear=…]. lat/lon in decimal degrees; usehorizon 1 (default) lets PVGIS shade with
// its terrain horizon, userhorizon gives horizon heights [°] at equal azimuth steps clockwise from
// north; the TMY is chosen from startyear–endyear (at least 10 years; default the whole database).
// A refused request answers HTTP 400 with JSON `{ "message": "…", "status": 400 }`; the message is
// what we show (pvlib get_pvgis_tmy does the same). Rate limit: 30 requests/s (HTTP 429).
//
// The cache stores the raw JSON body by request URL, so a database table (key, url, body, fetched_at)
// can implement it; MemoryWeatherCache is the in-process version. Uses the platform `fetch`, so the
// client runs in Node and in browsers (where PVGIS's missing CORS headers usually force the server
// route instead).
import type { TimeOptions } from './calendar.ts';
import { parsePvgisTmyJson } from './pvgis.ts';
import type { WeatherRecord } from './record.ts';

/** The PVGIS 5.3 API root (the `tmy` tool is appended). */
export const PVGIS_API_BASE = 'https://re.jrc.ec.europa.eu/api/v5_3/';
/** [ms] default time to wait for PVGIS (pvlib's default is 30 s). */
export const PVGIS_DEFAULT_TIMEOUT_MS = 30_000;

/** A key–value store of fetched weather, shared by every caller of the client. */
export interface WeatherCache<V = PvgisCacheEntry> {
  get(key: string): Promise<V | undefined>;
  put(key: string, value: V): Promise<void>;
}

/** What the PVGIS client caches: the response body as PVGIS sent it. */
export interface PvgisCacheEntry {
  /** The request URL. */
  url: string;
  /** The JSON body. */
  body: string;
  /** ISO 8601 time of the download. */
  fetchedAt: string;
}

/** A WeatherCache in a Map, for one process (tests, the CLI, a browser session). */
export class MemoryWeatherCache<V = PvgisCacheEntry> implements WeatherCache<V> {
  private readonly map = new Map<string, V>();
  async get(key: string): Promise<V | undefined> {
    return this.map.get(key);
  }
  async put(key: string, value: V): Promise<void> {
    this.map.set(key, value);
  }
  get size(): number {
    return this.map.size;
  }
}

/** What to ask PVGIS for. */
export interface PvgisTmyRequest {
  /** [°] north positive, −90…90. */
  latitude: number;
  /** [°] east positive, −180…180. */
  longitude: number;
  /** First year of the period the typical months are chosen from. */
  startYear?: number;
  /** Last year of that period (PVGIS wants at least 10 years). */
  endYear?: number;
  /** Let PVGIS shade the sky with its terrain horizon [default true]. */
  useHorizon?: boolean;
  /** [°] horizon heights at equal azimuth steps clockwise from north (needs useHorizon). */
  userHorizon?: readonly number[];
}

export interface PvgisClientOptions {
  /** API root, ending in '/' [default PVGIS_API_BASE]. */
  baseUrl?: string;
  /** [ms] time to wait for an answer [default 30 000]. */
  timeoutMs?: number;
  /** Where answers are kept [default: a new MemoryWeatherCache]. */
  cache?: WeatherCache;
  /** The fetch to use [default globalThis.fetch]. */
  fetch?: typeof fetch;
}

export interface PvgisTmyResult {
  record: WeatherRecord;
  /** True when the answer came from the cache. */
  fromCache: boolean;
  url: string;
}

/** A PVGIS request that failed: refused (status 400 with PVGIS's message), unreachable or timed out. */
export class PvgisError extends Error {
  override readonly name = 'PvgisError';
  /** HTTP status, when PVGIS answered. */
  readonly status: number | undefined;
  readonly url: string;
  constructor(message: string, url: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
    this.status = status;
  }
}

/** Coordinates in the URL and cache key: 4 decimals (≈ 11 m, far below PVGIS's grid). */
const coord = (v: number): string => String(Math.round(v * 1e4) / 1e4);

/** The request URL for a TMY (also its cache key). Throws RangeError for an invalid request. */
export function pvgisTmyUrl(request: PvgisTmyRequest, baseUrl = PVGIS_API_BASE): string {
  const { latitude, longitude, startYear, endYear, useHorizon = true, userHorizon } = request;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) throw new RangeError(`latitude ${latitude} is not within −90…90°`);
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) throw new RangeError(`longitude ${longitude} is not within −180…180°`);
  for (const [name, y] of [['startYear', startYear], ['endYear', endYear]] as const) {
    if (y !== undefined && !Number.isInteger(y)) throw new RangeError(`${name} ${y} is not a whole year`);
  }
  if (startYear !== undefined && endYear !== undefined && endYear < startYear) {
    throw new RangeError(`endYear ${endYear} is before startYear ${startYear}`);
  }
  if (userHorizon && !useHorizon) throw new RangeError('userHorizon needs useHorizon');
  if (userHorizon?.some((h) => !Number.isFinite(h))) throw new RangeError('userHorizon holds a value that is not a finite number');
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const params = new URLSearchParams({ lat: coord(latitude), lon: coord(longitude), outputformat: 'json', usehorizon: useHorizon ? '1' : '0' });
  if (userHorizon) params.set('userhorizon', userHorizon.join(','));
  if (startYear !== undefined) params.set('startyear', String(startYear));
  if (endYear !== undefined) params.set('endyear', String(endYear));
  return `${base}tmy?${params.toString()}`;
}

/** The message of a PVGIS error body (`{"message": …}`), if it is one. */
function pvgisMessage(body: string): string | undefined {
  try {
    const v: unknown = JSON.parse(body);
    if (v && typeof v === 'object' && 'message' in v && typeof v.message === 'string') return v.message;
  } catch {
    // not JSON
  }
  return undefined;
}

export class PvgisClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly cache: WeatherCache;
  private readonly fetchFn: typeof fetch;
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(options: PvgisClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? PVGIS_API_BASE;
    this.timeoutMs = options.timeoutMs ?? PVGIS_DEFAULT_TIMEOUT_MS;
    this.cache = options.cache ?? new MemoryWeatherCache();
    this.fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * The TMY for a place: from the cache if it holds this request, else from PVGIS (then cached).
   * Throws PvgisError if PVGIS refuses, fails, times out or answers something unreadable.
   */
  async tmy(request: PvgisTmyRequest, options: TimeOptions = {}): Promise<PvgisTmyResult> {
    const url = pvgisTmyUrl(request, this.baseUrl);
    const cached = await this.cache.get(url);
    if (cached) {
      try {
        return { record: parsePvgisTmyJson(cached.body, options), fromCache: true, url };
      } catch {
        // An unreadable cache entry is a miss: fetch again and overwrite it.
      }
    }
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.download(url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    const body = await pending;
    let record: WeatherRecord;
    try {
      record = parsePvgisTmyJson(body, options);
    } catch (e) {
      throw new PvgisError(`PVGIS answered with a TMY that cannot be read: ${(e as Error).message}`, url, 200, { cause: e });
    }
    await this.cache.put(url, { url, body, fetchedAt: new Date().toISOString() });
    return { record, fromCache: false, url };
  }

  private async download(url: string): Promise<string> {
    let res: Response;
    try {
      res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') {
        throw new PvgisError(`PVGIS did not answer within ${this.timeoutMs / 1000} s (${url})`, url, undefined, { cause: e });
      }
      throw new PvgisError(`cannot reach PVGIS at ${url}: ${err.message}`, url, undefined, { cause: e });
    }
    let body: string;
    try {
      body = await res.text();
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError';
      throw new PvgisError(
        timedOut ? `PVGIS did not finish its answer within ${this.timeoutMs / 1000} s` : `PVGIS answer broke off: ${(e as Error).message}`,
        url,
        res.status,
        { cause: e },
      );
    }
    if (!res.ok) {
      const message = pvgisMessage(body);
      throw new PvgisError(
        message !== undefined
          ? `PVGIS refused the request (HTTP ${res.status}): ${message}`
          : `PVGIS answered HTTP ${res.status} ${res.statusText}${body ? `: ${body.slice(0, 200)}` : ''}`,
        url,
        res.status,
      );
    }
    return body;
  }
}
