// GET /api/web/editor/config: the building step's satellite source as the server is configured
// (PVSTUDIO_SATELLITE_* environment variables, read when the app starts), or null and the i18n key
// the editor shows instead. Public, like /api/auth/providers (a shared project's viewer has no session).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, TestApp } from './harness.ts';

const URL = '/api/web/editor/config';

/** A started app whose process saw `env` (restored right after the start). */
function appWithEnv(kind: (typeof DB_KINDS)[number], env: Record<string, string>): TestApp {
  const t = new TestApp(kind);
  beforeAll(async () => {
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
    try {
      await t.start();
    } finally {
      vi.unstubAllEnvs();
    }
  });
  afterAll(() => t.stop());
  return t;
}

const UNSET = { PVSTUDIO_SATELLITE_TILES: '', PVSTUDIO_SATELLITE_ATTRIBUTION: '', PVSTUDIO_SATELLITE_MAXZOOM: '', PVSTUDIO_SATELLITE_TILE_SIZE: '' };

for (const kind of DB_KINDS) {
  describe(`editor config: satellite configured [${kind}]`, () => {
    const t = appWithEnv(kind, {
      ...UNSET,
      PVSTUDIO_SATELLITE_TILES: 'https://imagery.example.com/wmts/{z}/{y}/{x}.jpg?key=k1',
      PVSTUDIO_SATELLITE_ATTRIBUTION: '© Example Imagery 2026',
      PVSTUDIO_SATELLITE_MAXZOOM: '20',
    });

    it('answers the XYZ source for the map, without a session', async () => {
      const res = await t.inject({ method: 'GET', url: URL });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 200,
        msg: 'ok',
        data: {
          satellite: { tiles: 'https://imagery.example.com/wmts/{z}/{y}/{x}.jpg?key=k1', attribution: '© Example Imagery 2026', maxzoom: 20, tileSize: 256 },
          satelliteUnavailable: null,
        },
      });
    });

    it('answers the same to a signed-in user', async () => {
      const { token } = await t.signUp();
      const res = await t.inject({ method: 'GET', url: URL, headers: t.bearer(token) });
      expect(res.json().data.satellite.tiles).toBe('https://imagery.example.com/wmts/{z}/{y}/{x}.jpg?key=k1');
    });
  });

  describe(`editor config: nothing configured [${kind}]`, () => {
    const t = appWithEnv(kind, UNSET);

    it('answers no satellite source and the reason (the offline map is the default)', async () => {
      const res = await t.inject({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { satellite: null, satelliteUnavailable: 'editor.map.satelliteNotConfigured' } });
    });
  });

  describe(`editor config: invalid template [${kind}]`, () => {
    // Leaflet's {s} subdomains are not a maplibre placeholder: every tile request would fail.
    const t = appWithEnv(kind, { ...UNSET, PVSTUDIO_SATELLITE_TILES: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });

    it('answers no satellite source and says the template is invalid, instead of a broken map', async () => {
      const res = await t.inject({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { satellite: null, satelliteUnavailable: 'editor.map.satelliteInvalidTemplate' } });
    });
  });
}
