// Online place search (spec 000 §7 "Services: poi-location-search") behind one interface. Default:
// none — the route searches the offline gazetteer and says so. When GEOCODER_URL is set: a
// Nominatim-compatible search API (OpenStreetMap Nominatim, or any server speaking its API).
//
// API: Nominatim "Search queries" (nominatim.org/release-docs/latest/api/Search):
// GET {base}/search?q=…&format=jsonv2&limit=1…40&accept-language=zh|en[&countrycodes=cn,…]
// answers a JSON array of places with `lat` and `lon` as decimal strings, `name`, `display_name`
// (the full address), `category` and `type`. Errors: HTTP 4xx/5xx, sometimes with a JSON
// `{ error: { code, message } }` body. The public server's usage policy asks for an identifying
// User-Agent, at most one request per second and caching of results: the provider sends the
// configured User-Agent, spaces its requests by `minIntervalMs` and keeps the last answers in memory.
import { z } from 'zod';
import type { GeocoderConfig } from '../config.ts';

/** One place found by keyword. */
export interface GeocodedPlace {
  name: string;
  /** The full address as the geocoder writes it. */
  address: string;
  /** [°] east positive */
  lng: number;
  /** [°] north positive */
  lat: number;
  /** What the place is, e.g. 'building', 'city' (the geocoder's words). */
  kind: string | null;
}

export interface GeocodeQuery {
  keyword: string;
  /** 1–40 */
  limit: number;
  lang: 'en' | 'zh';
  /** ISO 3166-1 alpha-2 codes to search in. */
  countryCodes?: string[];
}

export interface Geocoder {
  readonly kind: 'nominatim';
  search(q: GeocodeQuery): Promise<GeocodedPlace[]>;
}

/** A geocoder that answered with an error or not at all; the message is shown to the user. */
export class GeocoderError extends Error {}

const nominatimPlace = z.object({
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
  name: z.string().nullish(),
  display_name: z.string().nullish(),
  category: z.string().nullish(),
  class: z.string().nullish(),
  type: z.string().nullish(),
});
const nominatimAnswer = z.array(nominatimPlace);
const nominatimError = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });

/** Most answers kept in memory. */
const CACHE_SIZE = 500;

export class NominatimGeocoder implements Geocoder {
  readonly kind = 'nominatim';
  private readonly cache = new Map<string, GeocodedPlace[]>();
  /** The end of the last request slot (requests are spaced by minIntervalMs). */
  private nextSlot = 0;

  constructor(
    private readonly config: Pick<Extract<GeocoderConfig, { kind: 'nominatim' }>, 'baseUrl' | 'timeoutMs' | 'userAgent' | 'email' | 'minIntervalMs'>,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {}

  /** The search URL of a query. */
  url(q: GeocodeQuery): string {
    const u = new URL('search', this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`);
    u.searchParams.set('q', q.keyword);
    u.searchParams.set('format', 'jsonv2');
    u.searchParams.set('limit', String(Math.max(1, Math.min(40, q.limit))));
    u.searchParams.set('accept-language', q.lang);
    if (q.countryCodes && q.countryCodes.length > 0) u.searchParams.set('countrycodes', q.countryCodes.map((c) => c.toLowerCase()).join(','));
    if (this.config.email) u.searchParams.set('email', this.config.email);
    return u.toString();
  }

  async search(q: GeocodeQuery): Promise<GeocodedPlace[]> {
    const url = this.url(q);
    const hit = this.cache.get(url);
    if (hit) return hit;
    await this.waitForSlot();
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { 'User-Agent': this.config.userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (err) {
      throw new GeocoderError(err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${this.config.timeoutMs} ms` : `unreachable (${err instanceof Error ? err.message : String(err)})`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GeocoderError(`HTTP ${res.status}: the answer is not JSON`);
    }
    if (!res.ok) {
      const e = nominatimError.safeParse(json);
      const detail = e.success ? (typeof e.data.error === 'string' ? e.data.error : e.data.error.message) : text.slice(0, 200);
      throw new GeocoderError(`HTTP ${res.status}: ${detail}`);
    }
    const parsed = nominatimAnswer.safeParse(json);
    if (!parsed.success) throw new GeocoderError('the answer is not a Nominatim place list');
    const out: GeocodedPlace[] = [];
    for (const p of parsed.data) {
      const lat = Number(p.lat);
      const lng = Number(p.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
      const address = p.display_name ?? '';
      const name = p.name || address.split(',')[0]?.trim() || q.keyword;
      out.push({ name, address: address || name, lng, lat, kind: p.type ?? p.category ?? p.class ?? null });
    }
    this.cache.set(url, out);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return out;
  }

  /** Waits so that requests leave at least minIntervalMs apart. */
  private async waitForSlot(): Promise<void> {
    const gap = this.config.minIntervalMs;
    if (gap <= 0) return;
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** The configured geocoder, or null (offline search only). */
export function createGeocoder(config: GeocoderConfig): Geocoder | null {
  return config.kind === 'nominatim' ? new NominatimGeocoder(config) : null;
}
