// The weather the compute calls run on (docs/PRODUCT.md "weather"): a project's choice — its climate
// station (by default the nearest within 150 km and 500 m of altitude; stations/site-weather in
// src/weather), an uploaded file kept with the project, PVGIS's TMY when the server is configured for
// it (fetched once per place, cached in the database), or the flagged rough estimate — and its horizon.
// A source that cannot be used is replaced by the site's default and the answer says why (coded
// `notices` the web app translates, and their English `notice`); nothing falls back silently to a clear sky. The hourly years themselves are built in the compute
// workers from the WeatherSpec handed to them.
import type { Kysely } from 'kysely';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { noticeText, STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM, type WeatherNotice } from '../../model/weather-notices.ts';
import { weatherChoiceOf, weatherDocumentSchema, type ProjectWeather, type WeatherDocument } from '../../model/api/weather.ts';
import type { HorizonProfile } from '../../model/horizon.ts';
import { PvgisClient, pvgisTmyUrl } from '../../weather/pvgis-client.ts';
import { stationTable } from '../../weather/station-table.ts';
import { greatCircleKm, STATION_CITATION, type ClimateStation } from '../../weather/stations.ts';
import type { Clock } from '../clock.ts';
import type { WeatherConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { ProjectRow } from '../projects/rows.ts';
import { DbWeatherCache } from './weather-cache.ts';
import { stationInfo } from './station-info.ts';

/** The weather a worker builds a year from. */
export type WeatherSpec =
  | { station: { id: string; seed: number } }
  | { pvgisJson: string }
  | { file: { text: string } }
  | { estimate: { latitude: number; longitude: number; elevation: number | null; seed: number } };

export interface WeatherSite {
  latitude: number;
  longitude: number;
  /** [m] when known. */
  elevation?: number | null;
}

export interface ResolvedWeather {
  spec: WeatherSpec;
  used: WeatherUsed;
  /** The project's horizon (far shading), if it has one. */
  horizon: HorizonProfile | null;
  /** The station of a station year. */
  station: ClimateStation | null;
}

/** Seed of every generated year: the same project gives the same year on every call. */
const SEED = 1;

const note = (code: WeatherNotice['code'], params: WeatherNotice['params'] = {}): WeatherNotice => ({ code, params });

/** The `notice` and `notices` of a WeatherUsed. */
const noticed = (notices: WeatherNotice[]) => ({ notice: noticeText(notices), notices });

export class WeatherService {
  readonly pvgisConfigured: boolean;
  private readonly client: PvgisClient | null;
  private readonly cache: DbWeatherCache;
  private readonly baseUrl: string | null;

  constructor(
    config: WeatherConfig,
    db: Kysely<Database>,
    clock: Clock,
    private readonly documents: DesignDocuments,
  ) {
    this.cache = new DbWeatherCache(db, clock);
    this.baseUrl = config.kind === 'pvgis' ? config.baseUrl : null;
    this.client = config.kind === 'pvgis' ? new PvgisClient({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, cache: this.cache }) : null;
    this.pvgisConfigured = this.client !== null;
  }

  /** The project's 'weather' document (defaults when never saved or unreadable). */
  async document(projectId: number): Promise<WeatherDocument> {
    const doc = await this.documents.read(projectId, 'weather');
    const parsed = weatherDocumentSchema.safeParse(doc.data ?? {});
    return parsed.success ? parsed.data : weatherDocumentSchema.parse({});
  }

  /** A bare site's weather: its default station, else PVGIS when configured, else the estimate. */
  async forSite(site: WeatherSite, notices: WeatherNotice[] = []): Promise<ResolvedWeather> {
    const near = stationTable().defaultFor(site.latitude, site.longitude, site.elevation);
    if (near) return this.station(near.station, site, notices);
    if (this.client) {
      const pvgis = await this.pvgis(site);
      if ('spec' in pvgis) return { ...pvgis, used: { ...pvgis.used, ...noticed(notices) } };
      notices = [...notices, pvgis.error];
    }
    return this.estimate(site, [...notices, note('estimate')]);
  }

  /** A project's weather (its choice, or the default with the reason) and horizon. */
  async forProject(row: ProjectRow): Promise<ResolvedWeather> {
    const doc = await this.document(row.id);
    const resolved = await this.resolve(row, doc);
    return { ...resolved, horizon: doc.horizon?.profile ?? null };
  }

  /** The project's weather as the Information step shows it (the year's sums come from `summary`). */
  async describe(row: ProjectRow, summary: (spec: WeatherSpec) => Promise<Pick<ProjectWeather, 'annual' | 'monthly'>>): Promise<ProjectWeather> {
    const doc = await this.document(row.id);
    const { choice } = weatherChoiceOf(row.weather_station);
    const base = { projectId: row.id, choice, file: doc.file, elevation: doc.elevation, horizon: doc.horizon, pvgis: this.pvgisConfigured };
    if (row.lat === null || row.lng === null) {
      return { ...base, source: { kind: 'estimate', id: null, name: null, estimate: true, citation: null }, station: null, annual: null, monthly: [], notice: 'The project has no location yet', notices: [], needsLocation: true };
    }
    const r = await this.resolve(row, doc);
    const at = { lat: row.lat, lng: row.lng, elevation: doc.elevation };
    const sums = r.station ? stationSums(r.station) : await summary(r.spec);
    return {
      ...base,
      source: { kind: r.used.source, id: r.used.id, name: r.used.name, estimate: r.used.estimate, citation: r.used.citation },
      station: r.station ? stationInfo(r.station, at) : null,
      ...sums,
      notice: r.used.notice,
      notices: r.used.notices,
      needsLocation: false,
    };
  }

  private async resolve(row: ProjectRow, doc: WeatherDocument): Promise<ResolvedWeather> {
    if (row.lat === null || row.lng === null) throw new Error('the project has no location');
    const site = { latitude: row.lat, longitude: row.lng, elevation: doc.elevation };
    const { choice, stationId } = weatherChoiceOf(row.weather_station);
    switch (choice) {
      case 'station': {
        const s = stationId ? stationTable().byStationId(stationId) : undefined;
        if (s) return this.station(s, site, []);
        return this.forSite(site, [note('stationUnknown', { id: stationId ?? '' })]);
      }
      case 'file': {
        const file = await this.documents.read(row.id, 'weather-file');
        const text = (file.data as { text?: unknown } | null)?.text;
        if (doc.file && typeof text === 'string') {
          const distanceKm = Math.round(greatCircleKm(site.latitude, site.longitude, doc.file.latitude, doc.file.longitude) * 100) / 100;
          const notices = distanceKm > STATION_MAX_DISTANCE_KM ? [note('fileFar', { km: Math.round(distanceKm) })] : [];
          return {
            spec: { file: { text } },
            used: { source: 'file', id: null, name: doc.file.name, distanceKm, citation: null, estimate: false, fromCache: false, ...noticed(notices) },
            horizon: null,
            station: null,
          };
        }
        return this.forSite(site, [note('noFile')]);
      }
      case 'pvgis': {
        if (!this.client) return this.forSite(site, [note('pvgisNotConfigured')]);
        const pvgis = await this.pvgis(site);
        if ('spec' in pvgis) return pvgis;
        return this.forSite(site, [pvgis.error]);
      }
      case 'estimate':
        return this.estimate(site, [note('estimateChosen')]);
      default:
        return this.forSite(site);
    }
  }

  private station(s: ClimateStation, site: WeatherSite, before: WeatherNotice[]): ResolvedWeather {
    const distanceKm = Math.round(greatCircleKm(site.latitude, site.longitude, s.latitude, s.longitude) * 100) / 100;
    const notices = [...before];
    if (distanceKm > STATION_MAX_DISTANCE_KM) notices.push(note('stationFar', { km: Math.round(distanceKm) }));
    const diff = site.elevation === null || site.elevation === undefined ? 0 : Math.abs(s.altitude - site.elevation);
    if (diff > STATION_MAX_ALTITUDE_DIFF_M) notices.push(note('stationAltitude', { m: Math.round(diff) }));
    return {
      spec: { station: { id: s.id, seed: SEED } },
      used: { source: 'station', id: s.id, name: `${s.nameZh} ${s.nameEn}`, distanceKm, citation: STATION_CITATION, estimate: false, fromCache: false, ...noticed(notices) },
      horizon: null,
      station: s,
    };
  }

  private estimate(site: WeatherSite, notices: WeatherNotice[]): ResolvedWeather {
    return {
      spec: { estimate: { latitude: site.latitude, longitude: site.longitude, elevation: site.elevation ?? null, seed: SEED } },
      used: { source: 'estimate', id: null, name: null, distanceKm: null, citation: null, estimate: true, fromCache: false, ...noticed(notices) },
      horizon: null,
      station: null,
    };
  }

  /** PVGIS's TMY at the site (cache first), or why it could not be had. */
  private async pvgis(site: WeatherSite): Promise<ResolvedWeather | { error: WeatherNotice }> {
    if (!this.client || !this.baseUrl) return { error: note('pvgisNotConfigured') };
    const request = { latitude: site.latitude, longitude: site.longitude };
    const used = (fromCache: boolean): WeatherUsed => ({
      source: 'pvgis', id: null, name: 'PVGIS TMY', distanceKm: 0, citation: 'PVGIS © European Union, 2001–2025', estimate: false, fromCache, notice: null, notices: [],
    });
    try {
      const url = pvgisTmyUrl(request, this.baseUrl);
      const hit = await this.cache.get(url);
      if (hit) return { spec: { pvgisJson: hit.body }, used: used(true), horizon: null, station: null };
      await this.client.tmy(request);
      const fetched = await this.cache.get(url);
      if (!fetched) throw new Error('the PVGIS answer was not kept');
      return { spec: { pvgisJson: fetched.body }, used: used(false), horizon: null, station: null };
    } catch (err) {
      return { error: note('pvgisFailed', { reason: err instanceof Error ? err.message : String(err) }) };
    }
  }
}

/** A station's monthly sums straight from its monthly means (what its generated year sums to). */
function stationSums(s: ClimateStation): Pick<ProjectWeather, 'annual' | 'monthly'> {
  const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const r = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
  const monthly = DAYS.map((days, m) => ({ month: m + 1, ghiKwhM2: r(s.ghi[m] * days), dhiKwhM2: r(Math.min(s.dhi[m], s.ghi[m]) * days), tempAir: s.tempAir[m] }));
  return {
    annual: {
      ghiKwhM2: r(monthly.reduce((a, m) => a + m.ghiKwhM2, 0), 1),
      dhiKwhM2: r(monthly.reduce((a, m) => a + m.dhiKwhM2, 0), 1),
      tempAir: r(s.tempAir.reduce((a, b) => a + b, 0) / 12),
    },
    monthly,
  };
}
