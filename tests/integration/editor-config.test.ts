// GET /api/web/editor/config: the building step's satellite source — the signed-in user's imagery
// setting (GET / PUT /api/web/editor/base-map, kept on the server), else the server's default
// (PVSTUDIO_SATELLITE_* environment variables, read when the app starts) — or null and the i18n key
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

const UNSET = { PVSTUDIO_SATELLITE_PRESET: '', PVSTUDIO_SATELLITE_KEY: '', PVSTUDIO_SATELLITE_TILES: '', PVSTUDIO_SATELLITE_ATTRIBUTION: '', PVSTUDIO_SATELLITE_MAXZOOM: '', PVSTUDIO_SATELLITE_TILE_SIZE: '' };
const BASE_MAP = '/api/web/editor/base-map';

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
          satellite: { preset: 'xyz', tiles: ['https://imagery.example.com/wmts/{z}/{y}/{x}.jpg?key=k1'], labels: [], attribution: '© Example Imagery 2026', maxzoom: 20, tileSize: 256 },
          satelliteUnavailable: null,
          serverDefault: 'xyz',
          choice: null,
        },
      });
    });

    it("answers the server's default to a signed-in user who chose nothing", async () => {
      const { token } = await t.signUp();
      const res = await t.inject({ method: 'GET', url: URL, headers: t.bearer(token) });
      expect(res.json().data).toMatchObject({ choice: 'server', satellite: { tiles: ['https://imagery.example.com/wmts/{z}/{y}/{x}.jpg?key=k1'] } });
    });

    it("keeps each user's own imagery setting on the server and answers it as the editor's source", async () => {
      const a = await t.signUp();
      const b = await t.signUp();
      const first = await t.inject({ method: 'GET', url: BASE_MAP, headers: t.bearer(a.token) });
      expect(first.json().data).toEqual({
        setting: { choice: 'server', tiandituKey: '', mapboxToken: '', xyz: { tiles: '', attribution: '', maxzoom: 19, tileSize: 256 } },
        serverDefault: 'xyz',
        serverDefaultAvailable: true,
      });
      const setting = { choice: 'tianditu', tiandituKey: ' 0123456789abcdef0123456789abcdef ', mapboxToken: '', xyz: { tiles: '', attribution: '', maxzoom: 19, tileSize: 256 } };
      const put = await t.inject({ method: 'PUT', url: BASE_MAP, headers: t.bearer(a.token), payload: setting });
      expect(put.statusCode).toBe(200);
      expect(put.json().data.setting.tiandituKey).toBe('0123456789abcdef0123456789abcdef');
      const mine = (await t.inject({ method: 'GET', url: URL, headers: t.bearer(a.token) })).json().data;
      expect(mine).toMatchObject({ choice: 'tianditu', satelliteUnavailable: null, satellite: { preset: 'tianditu', maxzoom: 18 } });
      expect(mine.satellite.tiles[0]).toMatch(/^https:\/\/t0\.tianditu\.gov\.cn\/img_w\/wmts\?.*&tk=0123456789abcdef0123456789abcdef$/);
      expect(mine.satellite.labels[0]).toMatch(/\/cia_w\/wmts\?.*&tk=0123456789abcdef0123456789abcdef$/);
      // Another user and a visitor still see the server's default.
      expect((await t.inject({ method: 'GET', url: URL, headers: t.bearer(b.token) })).json().data.satellite.preset).toBe('xyz');
      expect((await t.inject({ method: 'GET', url: URL })).json().data.satellite.preset).toBe('xyz');
      expect((await t.inject({ method: 'GET', url: BASE_MAP, headers: t.bearer(a.token) })).json().data.setting.choice).toBe('tianditu');
    });

    it('refuses a preset without its key, a malformed key and a template maplibre cannot fill, naming the field', async () => {
      const { token } = await t.signUp();
      const base = { tiandituKey: '', mapboxToken: '', xyz: { tiles: '', attribution: '', maxzoom: 19, tileSize: 256 } };
      for (const [payload, field] of [
        [{ ...base, choice: 'tianditu' }, 'tiandituKey'],
        [{ ...base, choice: 'mapbox' }, 'mapboxToken'],
        [{ ...base, choice: 'tianditu', tiandituKey: 'a&b' }, 'tiandituKey'],
        [{ ...base, choice: 'xyz', xyz: { ...base.xyz, tiles: 'https://{s}.example.com/{z}/{x}/{y}' } }, 'xyz.tiles'],
      ] as const) {
        const res = await t.inject({ method: 'PUT', url: BASE_MAP, headers: t.bearer(token), payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(JSON.stringify(res.json())).toContain(field);
      }
      expect((await t.inject({ method: 'GET', url: BASE_MAP, headers: t.bearer(token) })).json().data.setting.choice).toBe('server');
      expect((await t.inject({ method: 'PUT', url: BASE_MAP, payload: { ...base, choice: 'esri' } })).statusCode).toBe(401);
    });
  });

  describe(`editor config: nothing configured [${kind}]`, () => {
    const t = appWithEnv(kind, UNSET);

    it('answers no satellite source and the reason (the offline map is the default)', async () => {
      const res = await t.inject({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { satellite: null, satelliteUnavailable: 'editor.map.satelliteNotConfigured', serverDefault: null, choice: null } });
    });
  });

  describe(`editor config: invalid template [${kind}]`, () => {
    // Leaflet's {s} subdomains are not a maplibre placeholder: every tile request would fail.
    const t = appWithEnv(kind, { ...UNSET, PVSTUDIO_SATELLITE_TILES: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });

    it('answers no satellite source and says the template is invalid, instead of a broken map', async () => {
      const res = await t.inject({ method: 'GET', url: URL });
      expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { satellite: null, satelliteUnavailable: 'editor.map.satelliteInvalidTemplate', serverDefault: 'xyz', choice: null } });
    });
  });
}
