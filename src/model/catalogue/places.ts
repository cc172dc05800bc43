// Place search over a gazetteer of world and Chinese cities (docs/PRODUCT.md "map imagery and address
// search": an offline gazetteer): the place record, text normalisation, ranking, labels and the
// great-circle distance. Pure functions shared by the server (which holds the gazetteer,
// src/server/catalogue/gazetteer.ts) and the web app (labels). Search text is trimmed (spec 000 §5).

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
  /** state and country, normalised (English and Chinese names) */
  where: string;
  /** Chinese name, when the gazetteer's Chinese table has one. */
  nameZh?: string;
  /** Chinese name of the state or province. */
  stateZh?: string;
  /** Chinese name of the country. */
  countryZh?: string;
}

/** Chinese names of a place, its province and country (optional). */
export interface PlaceZh {
  name?: string;
  state?: string;
  country?: string;
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

export function makePlace(name: string, state: string, country: string, countryCode: string, lat: number, lon: number, zh: PlaceZh = {}): Place {
  const p: Place = {
    name,
    state,
    country,
    countryCode,
    lat,
    lon,
    key: normalise(name),
    where: normalise([state, country, countryCode, zh.state ?? '', zh.country ?? ''].join(' ')),
  };
  if (zh.name) p.nameZh = zh.name;
  if (zh.state) p.stateZh = zh.state;
  if (zh.country) p.countryZh = zh.country;
  return p;
}

/** True when the text holds CJK ideographs (a Chinese query). */
export function isChinese(s: string): boolean {
  return /[\u3400-\u9fff]/.test(s);
}

/**
 * Chinese place names without their administrative suffix (上海市 → 上海, 浙江省 → 浙江), so that
 * both forms match.
 */
export function zhStem(s: string): string {
  const t = s.replace(/\s+/g, '');
  const m = /^(.{2,}?)(?:特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|省|市|县|区)$/.exec(t);
  return m ? m[1] : t;
}

/** The name part of a query (before the first comma; normalised, or stemmed when Chinese) and the rest. */
export function queryParts(query: string): { head: string; zh: boolean; rest: string } {
  const [rawHead = '', ...rest] = query.trim().split(/\s*[,，]\s*/);
  const zh = isChinese(rawHead);
  return { head: zh ? zhStem(rawHead) : normalise(rawHead), zh, rest: rest.join(' ') };
}

/** 0 exact, 1 prefix, 2 word prefix, 3 substring, null no match. */
function rank(key: string, head: string, spacedHead: string): number | null {
  const at = key.indexOf(head);
  if (at < 0) return null;
  if (at === 0) return key.length === head.length ? 0 : 1;
  return key.includes(spacedHead) ? 2 : 3;
}

/**
 * The places matching `query`, best first: 'Shanghai', '上海' or 'Springfield, Illinois' (text after
 * a comma narrows by state or country, in English or Chinese). Exact name, then name prefix, then
 * word prefix, then substring; ties by shorter name. `filter` keeps only some places (country,
 * province).
 */
export function searchPlaces(places: readonly Place[], query: string, limit = 10, filter?: (p: Place) => boolean): Place[] {
  const { head, zh, rest } = queryParts(query);
  if (!head) return [];
  const qualifier = normalise(rest);
  const qualifierStem = isChinese(qualifier) ? zhStem(qualifier) : qualifier;
  const spaced = ` ${head}`;
  const scored: { p: Place; score: number }[] = [];
  for (const p of places) {
    let score: number | null;
    if (zh) score = p.nameZh ? rank(zhStem(p.nameZh), head, spaced) : null;
    else score = rank(p.key, head, spaced);
    if (score === null) continue;
    if (qualifierStem && !p.where.includes(qualifierStem)) continue;
    if (filter && !filter(p)) continue;
    scored.push({ p, score });
  }
  scored.sort((a, b) => a.score - b.score || a.p.name.length - b.p.name.length || a.p.name.localeCompare(b.p.name));
  return scored.slice(0, limit).map((s) => s.p);
}

/** 'Pudong, Shanghai, China' (or in Chinese: '杭州市, 浙江省, 中国' where the names are known). */
export function placeLabel(p: Pick<Place, 'name' | 'state' | 'country'> & Partial<Pick<Place, 'nameZh' | 'stateZh' | 'countryZh'>>, lang: 'en' | 'zh' = 'en'): string {
  const parts = lang === 'zh' ? [p.nameZh ?? p.name, p.stateZh ?? p.state, p.countryZh ?? p.country] : [p.name, p.state, p.country];
  return parts.filter((x, i, a) => x && a.indexOf(x) === i).join(', ');
}

/** Mean Earth radius [km] (IUGG, R1 = 6371.0088 km). */
export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance between two points [km] (haversine formula on the mean-radius sphere). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
