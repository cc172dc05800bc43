// Address search over the offline gazetteer (PRODUCT.md "map imagery and address search": offline
// gazetteer of world and Chinese cities): country-state-city's ~150 000 cities with coordinates.
// The data (≈ 8 MB) loads on first use in its own chunk. Search text is trimmed (spec 000 §5).

export interface Place {
  name: string;
  state: string;
  country: string;
  countryCode: string;
  /** [°] north positive */
  lat: number;
  /** [°] east positive */
  lon: number;
  /** name, normalised for matching */
  key: string;
  /** state and country, normalised */
  where: string;
}

/** Lower case, accents and apostrophes removed, spaces squeezed. */
export function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function makePlace(name: string, state: string, country: string, countryCode: string, lat: number, lon: number): Place {
  return { name, state, country, countryCode, lat, lon, key: normalise(name), where: normalise(`${state} ${country} ${countryCode}`) };
}

/**
 * The places matching `query`, best first: 'Shanghai' or 'Springfield, Illinois' (text after a comma
 * narrows by state or country). Exact name, then name prefix, then word prefix, then substring;
 * ties by shorter name.
 */
export function searchPlaces(places: readonly Place[], query: string, limit = 10): Place[] {
  const [head, ...rest] = normalise(query).split(/\s*,\s*/);
  if (!head) return [];
  const qualifier = rest.join(' ').trim();
  const scored: { p: Place; score: number }[] = [];
  for (const p of places) {
    let score: number;
    if (p.key === head) score = 0;
    else if (p.key.startsWith(head)) score = 1;
    else if (p.key.includes(` ${head}`)) score = 2;
    else if (p.key.includes(head)) score = 3;
    else continue;
    if (qualifier && !p.where.includes(qualifier)) continue;
    scored.push({ p, score });
  }
  scored.sort((a, b) => a.score - b.score || a.p.name.length - b.p.name.length || a.p.name.localeCompare(b.p.name));
  return scored.slice(0, limit).map((s) => s.p);
}

/** 'Pudong, Shanghai, China' */
export function placeLabel(p: Pick<Place, 'name' | 'state' | 'country'>): string {
  return [p.name, p.state, p.country].filter((x, i, a) => x && a.indexOf(x) === i).join(', ');
}

let cache: Promise<Place[]> | undefined;

/** Every city of the gazetteer (loaded once). */
export function loadPlaces(): Promise<Place[]> {
  cache ??= import('country-state-city').then(({ City, Country, State }) => {
    const countries = new Map(Country.getAllCountries().map((c) => [c.isoCode, c.name]));
    const states = new Map(State.getAllStates().map((s) => [`${s.countryCode}-${s.isoCode}`, s.name]));
    const out: Place[] = [];
    for (const c of City.getAllCities()) {
      const lat = Number(c.latitude);
      const lon = Number(c.longitude);
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
      out.push(makePlace(c.name, states.get(`${c.countryCode}-${c.stateCode}`) ?? '', countries.get(c.countryCode) ?? c.countryCode, c.countryCode, lat, lon));
    }
    return out;
  });
  return cache;
}
