// The online place search (spec 000 §7 "Services: poi-location-search") through a
// Nominatim-compatible API, against a local server speaking that API (fakes/nominatim.ts): the
// request (q, format=jsonv2, limit, accept-language, countrycodes, User-Agent, email), the answer's
// places, caching, and the fall-back to the offline gazetteer — said in the answer — when the
// geocoder fails, answers garbage or does not answer in time. Also the GEOCODER_* configuration.
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { describeWithDatabases } from './harness.ts';
import { PEARL_TOWER, startFakeNominatim } from './fakes/nominatim.ts';

const fake = await startFakeNominatim();
afterAll(() => fake.close());

describe('GEOCODER_* configuration', () => {
  it('is offline without GEOCODER_URL, Nominatim with it; a bad URL stops the start', () => {
    expect(loadConfig({ DEMO_PHONE: 'off' }).geocoder).toEqual({ kind: 'offline' });
    expect(loadConfig({ DEMO_PHONE: 'off', GEOCODER_URL: 'https://nominatim.openstreetmap.org' }).geocoder).toMatchObject({ kind: 'nominatim', minIntervalMs: 1000, timeoutMs: 10_000 });
    expect(loadConfig({ DEMO_PHONE: 'off', GEOCODER_URL: 'http://10.0.0.5:8080', GEOCODER_MIN_INTERVAL_MS: '0', GEOCODER_EMAIL: 'ops@example.com' }).geocoder).toMatchObject({ minIntervalMs: 0, email: 'ops@example.com' });
    expect(() => loadConfig({ DEMO_PHONE: 'off', GEOCODER_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_PHONE: 'off', GEOCODER_URL: 'http://x', GEOCODER_TIMEOUT_MS: 'soon' })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });
});

describeWithDatabases(
  'poi-location-search through a Nominatim server',
  (t) => {
    it('asks the geocoder with the documented parameters and answers its places', async () => {
      const { token } = await t.signUp();
      const before = fake.requests.length;
      const res = await t.inject({ method: 'GET', url: '/api/web/project/poi-location-search?keyword=Oriental%20Pearl%20Tower&limit=5&country=CN', headers: { ...t.bearer(token), lang: 'zh-CN' } });
      expect(res.json()).toMatchObject({ code: 200, data: { provider: 'nominatim', configured: true, notice: null } });
      // The place with unreadable coordinates is left out.
      expect(res.json().data.list).toEqual([{ name: 'Oriental Pearl Tower', address: PEARL_TOWER.display_name, lng: 121.499828, lat: 31.239747, kind: 'attraction' }]);
      const sent = fake.requests[before];
      expect(sent.url.pathname).toBe('/search');
      expect(Object.fromEntries(sent.url.searchParams)).toEqual({ q: 'Oriental Pearl Tower', format: 'jsonv2', limit: '5', 'accept-language': 'zh', countrycodes: 'cn', email: 'ops@example.com' });
      expect(sent.headers['user-agent']).toBe('PV Studio integration test');
      // The same question again is answered from memory (the usage policy asks for caching).
      await t.inject({ method: 'POST', url: '/api/web/project/poi-location-search', headers: { ...t.bearer(token), lang: 'zh-CN' }, payload: { keyword: 'Oriental Pearl Tower', limit: 5, country: 'CN' } });
      expect(fake.requests.length).toBe(before + 1);
    });

    it('falls back to the offline gazetteer when the geocoder fails, answers garbage or is too slow, and says why', async () => {
      const { token } = await t.signUp();
      const ask = async (keyword: string) => (await t.inject({ method: 'GET', url: `/api/web/project/poi-location-search?keyword=${keyword}`, headers: t.bearer(token) })).json().data;
      const failed = await ask('broken');
      expect(failed).toMatchObject({ provider: 'offline', configured: true });
      expect(failed.notice).toContain('HTTP 500: Internal Server Error');
      expect((await ask('garbage')).notice).toContain('not JSON');
      expect((await ask('slow')).notice).toContain('no answer within 2000 ms');
      // An empty answer is an answer: no fall-back.
      expect(await ask('nowhere-at-all')).toMatchObject({ provider: 'nominatim', list: [], notice: null });
    });
  },
  { geocoder: { kind: 'nominatim', baseUrl: fake.origin, timeoutMs: 2000, userAgent: 'PV Studio integration test', email: 'ops@example.com', minIntervalMs: 0 } },
);
