// The PVGIS client's cache in the database (docs/PRODUCT.md "Real components": PVGIS TMY API cached in the
// database): a TMY is fetched once per place (4 decimals of latitude/longitude, the client's cache
// key) and kept in the weather_cache table for every server process sharing the database.
import type { Kysely } from 'kysely';
import type { PvgisCacheEntry, WeatherCache } from '../../weather/pvgis-client.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

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
