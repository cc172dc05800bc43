// The weather data sources for a site (spec 000 §3 "weather station", §7 meteor/station), nearest
// first: the synthetic clear-sky year (always; an estimate), and PVGIS's typical meteorological year
// at the point when the server's PVGIS client is enabled (compute/weather.ts) — whether it is already
// in the weather cache, and then the years its typical months were chosen from (PVGIS TMY JSON
// `outputs.months_selected`). The server keeps no uploaded weather files, so none are listed.
// The ids are the project's weatherStation values the compute calls understand.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { stationSchema } from '../../model/catalogue/api.ts';
import { pvgisTmyUrl } from '../../weather/pvgis-client.ts';
import type { Clock } from '../clock.ts';
import { DbWeatherCache } from '../compute/weather.ts';
import type { WeatherConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';

type Station = z.infer<typeof stationSchema>;

/** The first and last year of a PVGIS TMY's selected months, from its JSON body; null when unreadable. */
export function tmyPeriod(body: string): string | null {
  try {
    const json = JSON.parse(body) as { outputs?: { months_selected?: Array<{ year?: unknown }> } };
    const years = (json.outputs?.months_selected ?? []).map((m) => m.year).filter((y): y is number => typeof y === 'number' && Number.isInteger(y));
    if (years.length === 0) return null;
    return `${Math.min(...years)}–${Math.max(...years)}`;
  } catch {
    return null;
  }
}

export class WeatherSources {
  private readonly cache: DbWeatherCache;

  constructor(
    private readonly config: WeatherConfig,
    db: Kysely<Database>,
    clock: Clock,
  ) {
    this.cache = new DbWeatherCache(db, clock);
  }

  async forSite(lat: number, lng: number): Promise<Station[]> {
    const synthetic: Station = {
      id: 'synthetic',
      name: 'Synthetic clear-sky year (estimate)',
      nameZh: '合成晴空年（估算）',
      kind: 'synthetic',
      distance: 0,
      period: 'no measured years: a clear-sky model year',
      source: 'Ineichen–Perez clear sky (2002) at the site, NREL SPA sun positions, Erbs decomposition',
      available: true,
      cached: false,
      notice: 'an estimate: real weather gives less energy than a clear sky',
    };
    const list: Station[] = [];
    const pvgis = { id: 'pvgis', name: 'PVGIS typical meteorological year', nameZh: 'PVGIS典型气象年', kind: 'pvgis-tmy', distance: 0 } as const;
    if (this.config.kind === 'pvgis') {
      const hit = await this.cache.get(pvgisTmyUrl({ latitude: lat, longitude: lng }, this.config.baseUrl));
      list.push({
        ...pvgis,
        period: (hit && tmyPeriod(hit.body)) ?? 'the PVGIS database years (known once downloaded)',
        source: 'European Commission JRC, PVGIS 5 TMY (satellite irradiance and reanalysis) at the site',
        available: true,
        cached: hit !== undefined,
        notice: null,
      });
    } else {
      list.push({
        ...pvgis,
        period: 'the PVGIS database years',
        source: 'European Commission JRC, PVGIS 5 TMY',
        available: false,
        cached: false,
        notice: 'PVGIS is not configured on this server (WEATHER_PROVIDER=pvgis or PVGIS_URL): the synthetic year is used',
      });
    }
    list.push(synthetic);
    // Nearest first; at equal distance, measured data before the estimate, unavailable sources last.
    return list.sort((a, b) => Number(b.available) - Number(a.available) || a.distance - b.distance);
  }
}
