// The catalogue calls of spec 000 §7 "Catalogues and others" and spec 001 §7 get/citys: city search
// over the offline gazetteer (keyword in English or Chinese, nearest a point, filters), the map's
// land cells, the place search without an online geocoder (offline, and the answer says so), the
// station list's PVGIS flag (tests/integration/weather.test.ts has the stations), configuration values, manufacturers, brackets, load types, activities and the help guides.
// Every signed-in call refuses a missing session (401) and bad input (400 with the envelope).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { expectEnvelope, fuzzedCall, hostileJson } from './fuzz.ts';

// Reference coordinates (city centres, Wikipedia): Shanghai 31.2304 N 121.4737 E, Hangzhou 30.2741 N
// 120.1551 E, Beijing 39.9042 N 116.4074 E, Nanjing 32.0603 N 118.7969 E; tolerance 0.5° (gazetteers
// place a city's point anywhere in its centre).
const NEAR = 0.5;

describeWithDatabases('catalogues', (t) => {
  const get = async (url: string, token?: string, headers: Record<string, string> = {}) => {
    const res = await t.inject({ method: 'GET', url, headers: { ...(token ? t.bearer(token) : {}), ...headers } });
    return { status: res.statusCode, body: res.json() };
  };

  it('finds cities by English or Chinese keyword with province, country and coordinates; filters by country and province', async () => {
    const { token } = await t.signUp();
    const sh = await get('/api/web/project/get/citys?keyword=Shanghai&country=CN', token);
    expect(sh.status).toBe(200);
    const first = sh.body.data.list[0];
    expect(first).toMatchObject({ name: 'Shanghai', nameZh: '上海市', countryCode: 'CN', country: 'China', countryZh: '中国', label: 'Shanghai, China', distance: null });
    expect(Math.abs(first.lat - 31.2304)).toBeLessThan(NEAR);
    expect(Math.abs(first.lng - 121.4737)).toBeLessThan(NEAR);

    const hz = (await get(`/api/web/project/get/citys?keyword=${encodeURIComponent('杭州')}`, token)).body.data.list[0];
    expect(hz).toMatchObject({ name: 'Hangzhou', provinceZh: '浙江省', province: 'Zhejiang', labelZh: '杭州市, 浙江省, 中国' });
    expect(Math.abs(hz.lat - 30.2741)).toBeLessThan(NEAR);

    // The Jiangsu correction: Nanjing lies in Jiangsu, not Taiwan.
    const nj = (await get(`/api/web/project/get/citys?keyword=${encodeURIComponent('南京市')}`, token)).body.data.list[0];
    expect(nj).toMatchObject({ name: 'Nanjing', province: 'Jiangsu', provinceZh: '江苏省' });
    expect(Math.abs(nj.lng - 118.7969)).toBeLessThan(NEAR);

    // A province filter keeps only that province (Chinese or English name).
    const zj = (await get(`/api/web/project/get/citys?keyword=a&province=${encodeURIComponent('浙江')}&limit=20`, token)).body.data.list;
    expect(zj.length).toBeGreaterThan(0);
    expect(zj.every((c: { province: string }) => c.province === 'Zhejiang')).toBe(true);
    const us = (await get('/api/web/project/get/citys?keyword=Springfield&country=US&limit=50', token)).body.data.list;
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((c: { countryCode: string }) => c.countryCode === 'US')).toBe(true);
    // World cities too.
    const paris = (await get('/api/web/project/get/citys?keyword=Paris&country=France', token)).body.data.list[0];
    expect(paris).toMatchObject({ name: 'Paris', countryCode: 'FR' });
    expect((await get('/api/web/project/get/citys?keyword=zzzzqqq', token)).body.data.list).toEqual([]);
  });

  it('answers the cities nearest a point, nearest first with their distance', async () => {
    const { token } = await t.signUp();
    const r = await get('/api/web/project/get/citys?lng=116.4074&lat=39.9042&limit=5', token);
    const list = r.body.data.list as Array<{ name: string; distance: number }>;
    expect(list).toHaveLength(5);
    expect(list.map((c) => c.distance)).toEqual([...list.map((c) => c.distance)].sort((a, b) => a - b));
    // The gazetteer's Beijing point is within 10 km of the centre given.
    expect(list.some((c) => c.name === 'Beijing' && c.distance < 10)).toBe(true);
  });

  it('refuses city searches without a session or with bad input', async () => {
    const { token } = await t.signUp();
    expect((await get('/api/web/project/get/citys?keyword=Shanghai')).status).toBe(401);
    const none = await get('/api/web/project/get/citys', token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 400, data: { error: 'VALIDATION' } });
    expect((await get('/api/web/project/get/citys?lng=200&lat=10', token)).body.code).toBe(400);
    expect((await get('/api/web/project/get/citys?keyword=a&limit=500', token)).status).toBe(400);
  });

  it('answers the land cells of the world map', async () => {
    const { token } = await t.signUp();
    const r = await get('/api/web/project/get/city-cells', token);
    expect(r.status).toBe(200);
    const { cellDeg, cells } = r.body.data as { cellDeg: number; cells: number[] };
    expect(cellDeg).toBe(0.5);
    expect(cells.length % 2).toBe(0);
    // Shanghai's cell (121.47 E, 31.23 N) holds a city; the South Pacific at 140 W, 40 S holds none.
    const has = (lon: number, lat: number) => {
      const col = Math.floor((lon + 180) / cellDeg);
      const row = Math.floor((lat + 90) / cellDeg);
      for (let i = 0; i < cells.length; i += 2) if (cells[i] === col && cells[i + 1] === row) return true;
      return false;
    };
    expect(has(121.4737, 31.2304)).toBe(true);
    expect(has(-140, -40)).toBe(false);
    expect((await get('/api/web/project/get/city-cells?cellDeg=0.01', token)).status).toBe(400);
  });

  it('answers the cities to label on the location map: in the box, one per cell, larger Chinese cities first', async () => {
    const { token } = await t.signUp();
    // Around Shanghai, cells of 0.5°.
    const r = await get('/api/web/project/get/map-cities?west=120&south=30&east=123&north=32.5&cellDeg=0.5', token);
    expect(r.status).toBe(200);
    const list = r.body.data.list as { name: string; nameZh: string | null; lat: number; lng: number }[];
    expect(list.length).toBeGreaterThan(3);
    for (const c of list) {
      expect(c.lng).toBeGreaterThanOrEqual(120);
      expect(c.lng).toBeLessThanOrEqual(123);
      expect(c.lat).toBeGreaterThanOrEqual(30);
      expect(c.lat).toBeLessThanOrEqual(32.5);
    }
    const cells = new Set(list.map((c) => `${Math.floor(c.lng / 0.5)}:${Math.floor(c.lat / 0.5)}`));
    expect(cells.size).toBe(list.length);
    expect(list.find((c) => c.nameZh === '上海市')).toBeDefined();
    expect(list[0].nameZh).not.toBeNull();
    expect((await get('/api/web/project/get/map-cities?west=120&south=30&east=123&north=32.5&cellDeg=0.001', token)).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/web/project/get/map-cities?west=120&south=30&east=123&north=32.5&cellDeg=0.5' })).statusCode).toBe(401);
  });

  it('searches places offline when no geocoder is configured, and says so; GET and POST', async () => {
    const { token } = await t.signUp();
    const r = await get('/api/web/project/poi-location-search?keyword=Shanghai&limit=3', token);
    expect(r.body.data).toMatchObject({ provider: 'offline', configured: false });
    expect(r.body.data.notice).toContain('GEOCODER_URL');
    expect(r.body.data.list[0]).toMatchObject({ name: 'Shanghai', address: 'Shanghai, China', kind: 'city' });
    const zh = await t.inject({ method: 'POST', url: '/api/web/project/poi-location-search', headers: { ...t.bearer(token), lang: 'zh-CN' }, payload: { keyword: '上海' } });
    expect(zh.json().data.list[0]).toMatchObject({ name: '上海市', address: '上海市, 中国' });
    const empty = await t.inject({ method: 'POST', url: '/api/web/project/poi-location-search', headers: t.bearer(token), payload: { keyword: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'keyword' } });
    expect((await get('/api/web/project/poi-location-search?keyword=x&country=China', token)).status).toBe(400);
    expect((await get('/api/web/project/poi-location-search?keyword=x')).status).toBe(401);
  });

  it('says on the station list whether PVGIS is configured (not here)', async () => {
    const { token } = await t.signUp();
    const r = await get('/api/web/meteor/station?lng=121.47&lat=31.23', token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ pvgis: false, defaultId: '58367' });
    expect((await get('/api/web/meteor/station?lng=121.47&lat=95', token)).body).toMatchObject({ code: 400, data: { field: 'lat' } });
  });

  it('answers public configuration values by key or all; an unknown key is 404', async () => {
    const { token } = await t.signUp();
    const one = async (key: string) => (await get(`/api/web/config/value?key=${key}`, token)).body.data.list[0].value;
    // spec 000 §9 / 001 §9
    expect(await one('gridTypes')).toEqual(['220V', '380V']);
    expect(await one('shareValidityDays')).toEqual([1, 3, 7, 30]);
    expect(await one('screenshotMax')).toBe(6);
    expect(await one('compareMin')).toBe(2);
    expect(await one('compareMax')).toBe(3);
    expect(await one('droneMinPhotos')).toBe(20);
    expect(await one('copyLinkHours')).toBe(2);
    expect(await one('codeCountdownSeconds')).toBe(60);
    const all = (await get('/api/web/config/value', token)).body.data.list as Array<{ key: string; source: string }>;
    expect(new Set(all.map((v) => v.key)).size).toBe(all.length);
    expect(all.every((v) => v.source.length > 0)).toBe(true);
    const unknown = await get('/api/web/config/value?key=nothingHere', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, msg: 'No relevant data was retrieved' });
    expect((await get('/api/web/config/value?key=a%20b', token)).status).toBe(400);
    expect((await get('/api/web/config/value?key=gridTypes')).status).toBe(401);
  });

  it('lists manufacturers by type and enabled state, system and own', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const all = (await get('/api/web/company/list', token)).body.data.list as Array<{ id: number; type: string; source: string; enabled: boolean; nameEn: string | null }>;
    expect(all.some((c) => c.type === 'module')).toBe(true);
    expect(all.some((c) => c.type === 'inverter')).toBe(true);
    const modules = (await get('/api/web/company/list?type=module', token)).body.data.list as typeof all;
    expect(modules.every((c) => c.type === 'module')).toBe(true);
    // Disable one: the enabled filter follows.
    const target = modules[0];
    expect((await t.inject({ method: 'POST', url: '/api/web/manufacturer/status', headers: h, payload: { id: target.id, enabled: false } })).json().code).toBe(200);
    const disabled = (await get('/api/web/company/list?type=module&enabled=false', token)).body.data.list as typeof all;
    expect(disabled.map((c) => c.id)).toEqual([target.id]);
    const enabled = (await get('/api/web/company/list?type=module&enabled=true', token)).body.data.list as typeof all;
    expect(enabled.some((c) => c.id === target.id)).toBe(false);
    // An own manufacturer shows as custom, to its owner only.
    await t.inject({ method: 'POST', url: '/api/web/manufacturer/add', headers: h, payload: { kind: 'inverter', nameEn: 'Workshop Inverters Ltd' } });
    const own = (await get('/api/web/company/list?type=inverter&source=custom', token)).body.data.list as typeof all;
    expect(own).toMatchObject([{ nameEn: 'Workshop Inverters Ltd', source: 'custom', type: 'inverter', enabled: true }]);
    const other = await t.signUp();
    expect((await get('/api/web/company/list?source=custom', other.token)).body.data.list).toEqual([]);
    expect((await get('/api/web/company/list?keyword=workshop', token)).body.data.list).toHaveLength(1);
    expect((await get('/api/web/company/list?type=battery', token)).status).toBe(400);
    expect((await get('/api/web/company/list?enabled=maybe', token)).status).toBe(400);
    expect((await get('/api/web/company/list')).status).toBe(401);
  });

  it('lists mounting structures with their layout parameters and the GB 50797 row-spacing rule', async () => {
    const { token } = await t.signUp();
    const list = (await get('/api/web/bracket/list', token)).body.data.list as Array<{ id: string; layoutMounting: string | null; rowSpacing: { kind: string; standard?: string }; supported: boolean }>;
    expect(list.map((b) => b.id)).toEqual(['roof-flush-pitched', 'roof-flush-metal', 'flat-roof-ballast', 'flat-roof-fixed', 'ground-fixed', 'single-axis-tracker']);
    expect(list.filter((b) => b.layoutMounting === 'tilted').every((b) => b.rowSpacing.kind === 'winter-solstice' && b.rowSpacing.standard === 'GB 50797-2012 §6.8.3')).toBe(true);
    expect(list.find((b) => b.id === 'single-axis-tracker')).toMatchObject({ supported: false, layoutMounting: null });
    const flat = (await get('/api/web/bracket/list?surface=flat-roof', token)).body.data.list as typeof list;
    expect(flat.map((b) => b.id)).toEqual(['flat-roof-ballast', 'flat-roof-fixed']);
    expect((await get('/api/web/bracket/list?surface=water', token)).status).toBe(400);
    expect((await get('/api/web/bracket/list')).status).toBe(401);
  });

  it('lists the consumption models with their inputs: the product types, then the BDEW profiles', async () => {
    const { token } = await t.signUp();
    const list = (await get('/api/web/power-load/type-list', token)).body.data.list as Array<{ id: string; nameZh: string; nameEn: string; family: string; weekday: number[] | null; inputs: Array<{ key: string; required: boolean }> }>;
    const bdew = ['h0', 'g0', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'l0', 'l1', 'l2'].map((p) => `bdew-${p}`);
    expect(list.map((l) => l.id)).toEqual(['constant', 'night', 'weekday', 'mall', 'household-commuter', 'household-home', 'custom', ...bdew]);
    expect(list.find((l) => l.id === 'bdew-h0')).toMatchObject({ family: 'bdew', nameEn: 'BDEW H0: Household', nameZh: 'BDEW H0：居民家庭' });
    expect(list.find((l) => l.id === 'bdew-g1')!.inputs.filter((i) => i.required).map((i) => i.key)).toEqual(['annualKwh']);
    // The G1 profile (offices, workdays 8–18 h): its workday peaks in working hours, above its Sunday.
    const g1 = list.find((l) => l.id === 'bdew-g1') as unknown as { weekday: number[]; weekend: number[] };
    expect(Math.max(...g1.weekday)).toBe(1);
    expect(g1.weekday.indexOf(1)).toBeGreaterThanOrEqual(8);
    expect(g1.weekday.indexOf(1)).toBeLessThan(18);
    expect(Math.max(...g1.weekend)).toBeLessThan(0.5);
    expect(list.find((l) => l.id === 'custom')!.inputs.filter((i) => i.required).map((i) => i.key)).toEqual(['hourlyKw']);
    expect(list.find((l) => l.id === 'mall')!.inputs.filter((i) => i.required).map((i) => i.key)).toEqual(['annualKwh']);
    expect((await get('/api/web/power-load/type-list')).status).toBe(401);
  });

  it('lists no activity until one is configured, then the running ones in the reader’s language', async () => {
    const { token } = await t.signUp();
    expect((await get('/api/web/getActivity', token)).body.data.list).toEqual([]);
    const now = t.clock.now();
    const day = 86_400_000;
    await t.db
      .insertInto('activities')
      .values([
        { title_en: 'Summer offer', title_zh: '夏季优惠', url: null, starts_at: new Date(now.getTime() - day), ends_at: new Date(now.getTime() + day), created_at: now },
        { title_en: 'Ended', title_zh: '已结束', url: null, starts_at: new Date(now.getTime() - 3 * day), ends_at: new Date(now.getTime() - day), created_at: now },
        { title_en: 'Disabled', title_zh: '停用', url: null, starts_at: new Date(now.getTime() - day), ends_at: null, enabled: false, created_at: now },
      ])
      .execute();
    expect((await get('/api/web/getActivity', token)).body.data.list.map((a: { title: string }) => a.title)).toEqual(['Summer offer']);
    expect((await get('/api/web/getActivity', token, { lang: 'zh' })).body.data.list[0].title).toBe('夏季优惠');
    t.clock.advance(2 * day);
    expect((await get('/api/web/getActivity', token)).body.data.list).toEqual([]);
    expect((await get('/api/web/getActivity')).status).toBe(401);
  });

  it('serves the help guides in English and Chinese without sign-in; an unknown guide is 404', async () => {
    const en = await get('/api/basic/guide/drawing-a-roof');
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ id: 'drawing-a-roof', lang: 'en', title: 'Drawing a roof' });
    expect(en.body.data.markdown).toContain('# Drawing a roof');
    expect((await get('/api/basic/guide/sharing', undefined, { lang: 'zh-CN' })).body.data.title).toBe('分享项目');
    expect((await get('/api/basic/guide/shading?lang=zh')).body.data.title).toBe('阴影分析');
    const list = (await get('/api/basic/guide/list?lang=en')).body.data.list as Array<{ id: string; title: string }>;
    expect(list.map((g) => g.id)).toEqual(['drawing-a-roof', 'pv-layout', 'shading', 'sharing']);
    expect(list.every((g) => g.title.length > 0)).toBe(true);
    const missing = await get('/api/basic/guide/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
    expect((await get('/api/basic/guide/sharing?lang=fr')).status).toBe(400);
  });
});

describeWithDatabases(
  'station list with PVGIS enabled',
  (t) => {
    it('says PVGIS is configured', async () => {
      const { token } = await t.signUp();
      const list = (await t.inject({ method: 'GET', url: '/api/web/meteor/station?lng=8&lat=45', headers: t.bearer(token) })).json().data;
      // Piedmont is far outside the Chinese stations' coverage: no default station, PVGIS offered.
      expect(list).toMatchObject({ pvgis: true, defaultId: null });
    });
  },
  { weather: { kind: 'pvgis', baseUrl: 'http://127.0.0.1:9/api/v5_3/', timeoutMs: 1000 } },
);

/** Every JSON route of the catalogue area. */
const CATALOGUE_ROUTES: Array<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'GET', url: '/api/web/project/get/citys' },
  { method: 'GET', url: '/api/web/project/get/city-cells' },
  { method: 'GET', url: '/api/web/project/get/map-cities' },
  { method: 'GET', url: '/api/web/project/poi-location-search' },
  { method: 'POST', url: '/api/web/project/poi-location-search' },
  { method: 'GET', url: '/api/web/meteor/station' },
  { method: 'GET', url: '/api/web/config/value' },
  { method: 'GET', url: '/api/web/company/list' },
  { method: 'GET', url: '/api/web/bracket/list' },
  { method: 'GET', url: '/api/web/power-load/type-list' },
  { method: 'GET', url: '/api/web/getActivity' },
  { method: 'GET', url: '/api/web/electricity-price/list' },
  { method: 'POST', url: '/api/web/electricity-price/add' },
  { method: 'POST', url: '/api/web/electricity-price/update' },
  { method: 'POST', url: '/api/web/electricity-price/delete' },
  { method: 'POST', url: '/api/web/project/powerComparison' },
  { method: 'POST', url: '/api/web/project/update-showInverterLine' },
  { method: 'GET', url: '/api/basic/guide/list' },
  { method: 'GET', url: '/api/basic/guide/{id}' },
];
const FIELDS = ['keyword', 'country', 'province', 'lng', 'lat', 'limit', 'cellDeg', 'key', 'type', 'enabled', 'source', 'surface', 'city', 'name', 'kind', 'price', 'periods', 'months', 'id', 'tariff', 'projectIds', 'shareKeys', 'projectId', 'show', 'lang', 'west', 'south', 'east', 'north'];
const valueArb = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 30 }), fc.stringMatching(/^-?\d{1,4}(\.\d{1,3})?$/), fc.constantFrom('上海', 'Shanghai', 'CN', 'uniform', 'peak-valley', 'module', 'true'));
const bodyArb = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(valueArb, hostileJson)), hostileJson);
const queryArb = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^-?\d{1,3}(\.\d{1,2})?$/)));

describeWithDatabases('catalogue plumbing', (t) => {
  it('fuzzed bodies and queries never give a 500, always the envelope', async () => {
    const { token } = await t.signUp();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CATALOGUE_ROUTES), bodyArb, queryArb, fc.boolean(), fc.string({ maxLength: 12 }), async (route, body, query, signedIn, id) => {
        const url = route.url.replace('{id}', encodeURIComponent(id) || 'x');
        expectEnvelope(await fuzzedCall(t, { method: route.method, url }, query, body, signedIn ? t.bearer(token) : {}));
      }),
      { numRuns: 120 },
    );
  });

  it('documents every catalogue route in OpenAPI', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const r of CATALOGUE_ROUTES) expect(doc.paths[r.url]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeTruthy();
  });
});
