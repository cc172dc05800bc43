// Place search for the Information step (spec 001 §7 get/citys; spec 000 §7 "Services:
// poi-location-search"): cities of the offline gazetteer by keyword or nearest a point, the map's
// land cells, and the place search by keyword — through the online geocoder when one is configured
// (providers/geocoder.ts), over the gazetteer otherwise; the answer says which and why.
import { placeLabel, type Place } from '../../model/catalogue/places.ts';
import type { City, PoiList } from '../../model/catalogue/api.ts';
import { GeocoderError, type Geocoder } from '../providers/geocoder.ts';
import { Gazetteer, type PlaceFilter } from './gazetteer.ts';

/** A gazetteer place as the API shows it. */
export function cityOf(p: Place, distance: number | null = null): City {
  return {
    name: p.name,
    nameZh: p.nameZh ?? null,
    province: p.state,
    provinceZh: p.stateZh ?? null,
    country: p.country,
    countryZh: p.countryZh ?? null,
    countryCode: p.countryCode,
    lat: p.lat,
    lng: p.lon,
    label: placeLabel(p),
    labelZh: placeLabel(p, 'zh'),
    distance: distance === null ? null : Math.round(distance * 10) / 10,
  };
}

export interface CitySearch extends PlaceFilter {
  keyword?: string;
  lng?: number;
  lat?: number;
  limit: number;
}

const OFFLINE_NOTICE = 'No online geocoder is configured on this server (GEOCODER_URL): the offline gazetteer of cities answered';

export class PlaceService {
  /** Land cells per cell size (computed once). */
  private readonly cellCache = new Map<number, Promise<number[]>>();

  constructor(
    readonly gazetteer: Gazetteer,
    private readonly geocoder: Geocoder | null,
  ) {}

  /** Cities by keyword (best match first) or, with a point and no keyword, nearest first. */
  async cities(q: CitySearch): Promise<City[]> {
    const filter = { country: q.country, province: q.province };
    if (q.keyword) return (await this.gazetteer.search(q.keyword, filter, q.limit)).map((p) => cityOf(p));
    if (q.lat === undefined || q.lng === undefined) return [];
    return (await this.gazetteer.nearest(q.lat, q.lng, filter, q.limit)).map((n) => cityOf(n.place, n.distanceKm));
  }

  cells(cellDeg: number): Promise<number[]> {
    let c = this.cellCache.get(cellDeg);
    if (!c) {
      c = this.gazetteer.cells(cellDeg);
      this.cellCache.set(cellDeg, c);
    }
    return c;
  }

  /** The cities to label on the Information step's map in a box (one per `cellDeg` cell). */
  async mapCities(q: { west: number; south: number; east: number; north: number; cellDeg: number; limit: number }): Promise<{ name: string; nameZh: string | null; lat: number; lng: number }[]> {
    return (await this.gazetteer.labels(q, q.cellDeg, q.limit)).map((p) => ({ name: p.name, nameZh: p.nameZh ?? null, lat: p.lat, lng: p.lon }));
  }

  /** Places by keyword: the online geocoder when configured (falling back to the gazetteer when it fails). */
  async poi(keyword: string, limit: number, lang: 'en' | 'zh', country?: string): Promise<PoiList> {
    let notice = OFFLINE_NOTICE;
    if (this.geocoder) {
      try {
        const list = await this.geocoder.search({ keyword, limit, lang, countryCodes: country ? [country] : undefined });
        return { provider: this.geocoder.kind, configured: true, notice: null, list };
      } catch (err) {
        if (!(err instanceof GeocoderError)) throw err;
        notice = `The online geocoder failed (${err.message}): the offline gazetteer of cities answered`;
      }
    }
    const places = await this.gazetteer.search(keyword, country ? { country } : {}, limit);
    return {
      provider: 'offline',
      configured: this.geocoder !== null,
      notice,
      list: places.map((p) => ({ name: lang === 'zh' ? (p.nameZh ?? p.name) : p.name, address: placeLabel(p, lang), lng: p.lon, lat: p.lat, kind: 'city' })),
    };
  }
}
