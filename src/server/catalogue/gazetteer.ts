// The offline gazetteer of world and Chinese cities on the server (docs/PRODUCT.md "map imagery and
// address search"; issue 6 moved it out of the browser bundle): country-state-city's ~148 000 cities
// with coordinates, loaded once on first use, with Chinese names for China's provinces and larger
// cities (src/model/catalogue/china-names.ts). Search ranking is src/model/catalogue/places.ts.
//
// Data corrections (country-state-city 3.2.1): the cities of Jiangsu carry the state code of Taiwan
// (TW) inside country CN — all 52 lie between 31° and 35° N, north of Taiwan island (21.9°–25.3° N),
// so CN/TW is read as JS. Countries without cities (Hong Kong, Macau) contribute their districts.
import { CITY_ZH, COUNTRY_ZH, PROVINCE_ZH } from '../../model/catalogue/china-names.ts';
import { distanceKm, isChinese, makePlace, normalise, queryParts, searchPlaces, zhStem, type Place } from '../../model/catalogue/places.ts';

/** Filters of a search: country (ISO code, English or Chinese name) and province (English or Chinese name). */
export interface PlaceFilter {
  country?: string;
  province?: string;
}

/** A place with its distance from a point [km]. */
export interface NearPlace {
  place: Place;
  distanceKm: number;
}

function zhOf(countryCode: string, stateCode: string, name: string) {
  const inChina = countryCode === 'CN';
  return {
    name: inChina ? CITY_ZH.get(`${stateCode}:${normalise(name)}`) : undefined,
    state: inChina ? PROVINCE_ZH[stateCode] : undefined,
    country: COUNTRY_ZH[countryCode],
  };
}

/** Builds the places from country-state-city (read once). */
async function buildPlaces(): Promise<Place[]> {
  const { City, Country, State } = await import('country-state-city');
  const countries = new Map(Country.getAllCountries().map((c) => [c.isoCode, c.name]));
  const states = new Map(State.getAllStates().map((s) => [`${s.countryCode}-${s.isoCode}`, s.name]));
  const out: Place[] = [];
  const withCities = new Set<string>();
  for (const c of City.getAllCities()) {
    const lat = Number(c.latitude);
    const lon = Number(c.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const stateCode = c.countryCode === 'CN' && c.stateCode === 'TW' ? 'JS' : c.stateCode;
    withCities.add(c.countryCode);
    out.push(
      makePlace(c.name, states.get(`${c.countryCode}-${stateCode}`) ?? '', countries.get(c.countryCode) ?? c.countryCode, c.countryCode, lat, lon, zhOf(c.countryCode, stateCode, c.name)),
    );
  }
  for (const s of State.getAllStates()) {
    if (withCities.has(s.countryCode) || s.latitude == null || s.longitude == null) continue;
    const lat = Number(s.latitude);
    const lon = Number(s.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const country = countries.get(s.countryCode) ?? s.countryCode;
    out.push(makePlace(s.name, country, country, s.countryCode, lat, lon, { country: COUNTRY_ZH[s.countryCode] }));
  }
  return out;
}

/** Does a place lie in the country / province of a filter? */
export function matchesFilter(p: Place, f: PlaceFilter): boolean {
  if (f.country) {
    const c = f.country.trim();
    const ok = isChinese(c)
      ? p.countryZh !== undefined && zhStem(p.countryZh) === zhStem(c)
      : p.countryCode.toLowerCase() === c.toLowerCase() || normalise(p.country) === normalise(c);
    if (!ok) return false;
  }
  if (f.province) {
    const s = f.province.trim();
    const ok = isChinese(s) ? p.stateZh !== undefined && zhStem(p.stateZh) === zhStem(s) : normalise(p.state) === normalise(s);
    if (!ok) return false;
  }
  return true;
}

/** The first index of `sorted` (by key) whose key is ≥ `key`. */
function lowerBound(sorted: readonly Place[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Gazetteer {
  private places: Promise<Place[]> | undefined;
  private sorted: Promise<Place[]> | undefined;

  /** Every place (loaded on first use, ≈ 2 s, ≈ 80 MB). */
  all(): Promise<Place[]> {
    this.places ??= buildPlaces();
    return this.places;
  }

  /** The places sorted by normalised name (the prefix index). */
  private byKey(): Promise<Place[]> {
    this.sorted ??= this.all().then((all) => [...all].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
    return this.sorted;
  }

  /**
   * Places matching a keyword, best first (see searchPlaces). The names that start with the keyword
   * (exact and prefix matches, which rank before any other) come from the sorted index; the full scan
   * for word and substring matches runs only when they do not fill the list.
   */
  async search(keyword: string, filter: PlaceFilter = {}, limit = 10): Promise<Place[]> {
    const f = filter.country || filter.province ? (p: Place) => matchesFilter(p, filter) : undefined;
    const { head, zh } = queryParts(keyword);
    if (head && !zh) {
      const sorted = await this.byKey();
      const from = lowerBound(sorted, head);
      let to = from;
      while (to < sorted.length && sorted[to].key.startsWith(head)) to++;
      const found = searchPlaces(sorted.slice(from, to), keyword, limit, f);
      if (found.length >= limit) return found;
    }
    return searchPlaces(await this.all(), keyword, limit, f);
  }

  /** The places nearest a point, nearest first. */
  async nearest(lat: number, lon: number, filter: PlaceFilter = {}, limit = 10): Promise<NearPlace[]> {
    const best: NearPlace[] = [];
    // A cheap box first: a degree of latitude is ≈ 111 km; keep the exact distance for the rest.
    for (const p of await this.all()) {
      if (best.length === limit && Math.abs(p.lat - lat) * 111 > best[best.length - 1].distanceKm) continue;
      if ((filter.country || filter.province) && !matchesFilter(p, filter)) continue;
      const d = distanceKm(lat, lon, p.lat, p.lon);
      if (best.length === limit && d >= best[best.length - 1].distanceKm) continue;
      best.push({ place: p, distanceKm: d });
      best.sort((a, b) => a.distanceKm - b.distanceKm);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  /**
   * The places to label on a map showing the box west…east × south…north [°]: at most one per cell
   * of a `cellDeg` grid (the gazetteer has no population; a place with a Chinese name — one of China's
   * larger cities — wins its cell), at most `limit`.
   */
  async labels(box: { west: number; south: number; east: number; north: number }, cellDeg: number, limit: number): Promise<Place[]> {
    const inside = (p: Place) => p.lat >= box.south && p.lat <= box.north && (box.west <= box.east ? p.lon >= box.west && p.lon <= box.east : p.lon >= box.west || p.lon <= box.east);
    const chosen = new Map<string, Place>();
    for (const p of await this.all()) {
      if (!p.name || !inside(p)) continue;
      const k = `${Math.floor(p.lon / cellDeg)}:${Math.floor(p.lat / cellDeg)}`;
      const held = chosen.get(k);
      if (!held || (!held.nameZh && p.nameZh)) chosen.set(k, p);
    }
    return [...chosen.values()].sort((a, b) => Number(!!b.nameZh) - Number(!!a.nameZh)).slice(0, limit);
  }

  /**
   * The cells of a `cellDeg` grid that hold at least one place, as a flat list of [column, row]
   * integer pairs (column = floor((lon + 180) / cellDeg), row = floor((lat + 90) / cellDeg)): the
   * dots of the Information step's world map, an outline of the inhabited land.
   */
  async cells(cellDeg: number): Promise<number[]> {
    const seen = new Set<number>();
    const cols = Math.ceil(360 / cellDeg);
    const out: number[] = [];
    for (const p of await this.all()) {
      const col = Math.min(cols - 1, Math.floor((p.lon + 180) / cellDeg));
      const row = Math.floor((p.lat + 90) / cellDeg);
      const k = row * cols + col;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(col, row);
    }
    return out;
  }
}
