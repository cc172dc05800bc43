// The weather of the compute calls (PRODUCT.md "Real components": PVGIS TMY API cached in the
// database in production; the synthetic clear-sky year by default). With PVGIS configured, a TMY is
// fetched once per place (4 decimals of latitude/longitude, the client's cache key) and kept in the
// weather_cache table for every server process sharing the database; when PVGIS is not configured
// or fails, the synthetic year is used and the answer says so (`estimate: true`, `notice`).
import type { Kysely } from 'kysely';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { PvgisClient, pvgisTmyUrl, type PvgisCacheEntry, type WeatherCache } from '../../weather/pvgis-client.ts';
import type { Clock } from '../clock.ts';
import type { WeatherConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { WeatherSpec } from './worker-api.ts';

/** The PVGIS client's cache in the weather_cache table. */
export class DbWeatherCache implements WeatherCache {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<PvgisCacheEntry | undefined> {
    const row = await this.db.selectFrom('weather_cache').selectAll().where('key', '=', key).executeTakeFirst();
    return row ? { url: row.url, body: row.body, fetchedAt: row.fetched_at.toISOString() } : undefined;
  }

  async put(key: string, value: PvgisCacheEntry): Promise<void> {
    const fetched = new Date(value.fetchedAt);
    const at = Number.isNaN(fetched.getTime()) ? this.clock.now() : fetched;
    await this.db
      .insertInto('weather_cache')
      .values({ key, url: value.url, body: value.body, fetched_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ url: value.url, body: value.body, fetched_at: at }))
      .execute();
  }
}

export interface Site {
  latitude: number;
  longitude: number;
  elevation?: number;
}

const SYNTHETIC_NOTE = 'the synthetic clear-sky year (an estimate) was used';

export class WeatherService {
  private readonly client: PvgisClient | null;
  private readonly cache: DbWeatherCache;
  private readonly baseUrl: string | null;

  constructor(config: WeatherConfig, db: Kysely<Database>, clock: Clock) {
    this.cache = new DbWeatherCache(db, clock);
    this.baseUrl = config.kind === 'pvgis' ? config.baseUrl : null;
    this.client = config.kind === 'pvgis' ? new PvgisClient({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, cache: this.cache }) : null;
  }

  /** The weather for a site and what it is. */
  async forSite(site: Site): Promise<{ spec: WeatherSpec; used: WeatherUsed }> {
    const synthetic = (notice: string): { spec: WeatherSpec; used: WeatherUsed } => ({
      spec: { synthetic: { latitude: site.latitude, longitude: site.longitude, elevation: site.elevation ?? 0 } },
      used: { source: 'synthetic', estimate: true, fromCache: false, notice },
    });
    if (!this.client || !this.baseUrl) return synthetic(`PVGIS is not configured on this server: ${SYNTHETIC_NOTE}`);
    const request = { latitude: site.latitude, longitude: site.longitude };
    try {
      const url = pvgisTmyUrl(request, this.baseUrl);
      const hit = await this.cache.get(url);
      if (hit) return { spec: { pvgisJson: hit.body }, used: { source: 'pvgis', estimate: false, fromCache: true, notice: null } };
      await this.client.tmy(request);
      const fetched = await this.cache.get(url);
      if (!fetched) throw new Error('the PVGIS answer was not kept');
      return { spec: { pvgisJson: fetched.body }, used: { source: 'pvgis', estimate: false, fromCache: false, notice: null } };
    } catch (err) {
      return synthetic(`PVGIS could not be used (${err instanceof Error ? err.message : String(err)}): ${SYNTHETIC_NOTE}`);
    }
  }
}
