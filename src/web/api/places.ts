// Address search of the Information step (spec 000 §7 "Services: poi-location-search"; spec 001 §7
// get/citys): the gazetteer and the online geocoder live on the server (issue 6: the browser no
// longer downloads the ≈ 8 MB gazetteer). Schemas from src/model/catalogue/api.ts.
import { cityListSchema, mapCitiesSchema, poiListSchema } from '../../model/catalogue/api.ts';
import { request } from './http.ts';

const BASE = '/api/web/project';

/** Places by keyword: the online geocoder when the server has one, else its offline gazetteer. */
export function searchPlaces(keyword: string, options: { limit?: number; country?: string; signal?: AbortSignal } = {}) {
  return request(`${BASE}/poi-location-search`, poiListSchema, {
    query: { keyword, limit: options.limit ?? 12, country: options.country },
    signal: options.signal,
    silent: true,
  });
}

/** Gazetteer cities by keyword (optionally in a country or province). */
export function searchCities(keyword: string, filter: { country?: string; province?: string; limit?: number } = {}) {
  return request(`${BASE}/get/citys`, cityListSchema, { query: { keyword, ...filter }, silent: true });
}

/** The gazetteer cities nearest a point, nearest first, with their distance [km]. */
export function nearestCities(lng: number, lat: number, limit = 1) {
  return request(`${BASE}/get/citys`, cityListSchema, { query: { lng, lat, limit }, silent: true });
}


/** The gazetteer cities to label on the map in a box [°], at most one per `cellDeg` cell. */
export function mapCities(box: { west: number; south: number; east: number; north: number }, cellDeg: number, signal?: AbortSignal) {
  return request(`${BASE}/get/map-cities`, mapCitiesSchema, { query: { ...box, cellDeg, limit: 200 }, silent: true, signal });
}
