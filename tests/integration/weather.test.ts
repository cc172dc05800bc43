// A project's weather on the server: the climate stations (meteor/station: nearest with distance and
// altitude difference, search, unknown ids), the project's default station, another station chosen,
// an uploaded weather file kept with the project (and its copy), 'format not recognised' for anything
// else, the flagged estimate outside coverage, the horizon, and the simulation running on all of it.
// Expected values come from the station table as published (datasets/climate/README.md) and from the
// fixture files read independently here (the EPW's GHI column summed in this file).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { weatherPath } from '../unit/weather/data.ts';
import { describeWithDatabases } from './harness.ts';
import { multipartBody, newProject } from './project-helpers.ts';

const SHANGHAI = { lat: 31.23, lng: 121.47 };
const ARRAY = { name: 'South', surfaceTilt: 25, surfaceAzimuth: 180, modulesPerString: 1, strings: 1, module: { model: 'pvwatts', pdc0: 1000, gammaPdc: -0.0035 } };
const INVERTER = { model: 'pvwatts', pdc0: 1000, etaInvNom: 0.96 };

/** Annual GHI of an EPW file [kWh/m²]: field 14 (1-based) of its 8,760 data rows, summed. */
function epwAnnualGhi(path: string): number {
  const rows = readFileSync(path, 'utf8').trim().split(/\r?\n/).slice(8);
  return rows.reduce((sum, r) => sum + Number(r.split(',')[13]), 0) / 1000;
}

describeWithDatabases('project weather', (t) => {
  const get = async (url: string, token: string) => (await t.inject({ method: 'GET', url, headers: t.bearer(token) })).json();
  const post = async (url: string, token: string, payload: unknown) => (await t.inject({ method: 'POST', url, headers: t.bearer(token), payload: payload as object })).json();

  it('lists the stations nearest a point with distance and altitude difference, and finds them by name', async () => {
    const { token } = await t.signUp();
    const near = await get('/api/web/meteor/station?lat=31.23&lng=121.47&elevation=5&limit=3', token);
    expect(near.code).toBe(200);
    expect(near.data.defaultId).toBe('58367');
    expect(near.data.citation).toBe('Station climate: CDSRD / CBED, XAUAT, from CMA observations');
    const [xujiahui] = near.data.list;
    expect(xujiahui).toMatchObject({ id: '58367', nameZh: '上海（徐家汇）', nameEn: 'Shanghai (Xujiahui)', altitude: 8.6, altitudeDiff: 3.6, withinRule: true, ghiAnnual: 1174.3 });
    expect(xujiahui.distance).toBeGreaterThan(4.7);
    expect(xujiahui.distance).toBeLessThan(4.9);
    expect(near.data.list).toHaveLength(3);

    const lhasa = await get('/api/web/meteor/station?keyword=lhasa', token);
    expect(lhasa.data.list.map((s: { id: string }) => s.id)).toEqual(['55591']);
    expect(lhasa.data.list[0].ghiAnnual).toBeCloseTo(1990.3, 1);
    const byProvince = await get(`/api/web/meteor/station?province=${encodeURIComponent('西藏')}&limit=100`, token);
    expect(byProvince.data.list).toHaveLength(26);
    const unknown = await t.inject({ method: 'GET', url: '/api/web/meteor/station?id=12345', headers: t.bearer(token) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 400, data: { field: 'id' } });
    expect(unknown.json().msg).toContain('unknown station 12345');
    expect((await t.inject({ method: 'GET', url: '/api/web/meteor/station?lat=31' , headers: t.bearer(token) })).json()).toMatchObject({ code: 400, data: { field: 'lat' } });
    expect((await t.inject({ method: 'GET', url: '/api/web/meteor/station?lat=31.23&lng=121.47' })).statusCode).toBe(401);
  });

  it("gives a project its nearest station by default, lets the user pick another, and refuses an unknown one", async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token, SHANGHAI);
    const w = (await get(`/api/web/project/weather?projectId=${id}`, token)).data;
    expect(w).toMatchObject({ choice: 'auto', source: { kind: 'station', id: '58367', estimate: false }, station: { id: '58367', withinRule: true }, notice: null, needsLocation: false });
    expect(w.source.citation).toMatch(/CDSRD/);
    // The year's sums are the station's monthly means × days (README: 1,174 kWh/m² with Feb 28.25 days).
    expect(w.annual.ghiKwhM2).toBeGreaterThan(1170);
    expect(w.annual.ghiKwhM2).toBeLessThan(1175);
    expect(w.monthly[6].ghiKwhM2).toBeCloseTo(31 * 4.669, 1); // July: 4.669 kWh/m²/day in the table
    expect(w.monthly[6].tempAir).toBeCloseTo(28.17, 2);

    const lhasa = (await post('/api/web/project/weather', token, { projectId: id, weatherStation: '55591' })).data;
    expect(lhasa).toMatchObject({ choice: 'station', source: { kind: 'station', id: '55591' } });
    // 2,900 km from Shanghai: flagged, coded for translation and in English.
    expect(lhasa.notices).toEqual([{ code: 'stationFar', params: { km: expect.any(Number) } }]);
    expect(lhasa.notices[0].params.km).toBeGreaterThan(2800);
    expect(lhasa.notice).toMatch(/^The chosen station is \d+ km from the site/);
    expect(lhasa.annual.ghiKwhM2).toBeGreaterThan(1980);

    const bad = await t.inject({ method: 'POST', url: '/api/web/project/weather', headers: t.bearer(token), payload: { projectId: id, weatherStation: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: { field: 'weatherStation' } });
    expect(bad.json().msg).toBe('weatherStation: unknown station 12345');
    const nonsense = await t.inject({ method: 'POST', url: '/api/web/project/update', headers: t.bearer(token), payload: { projectId: id, weatherStation: 'sunny' } });
    expect(nonsense.json()).toMatchObject({ code: 400, data: { field: 'weatherStation' } });
    // Nothing was lost: the project still uses Lhasa.
    expect((await get(`/api/web/project/weather?projectId=${id}`, token)).data.source.id).toBe('55591');
    await post('/api/web/project/weather', token, { projectId: id, weatherStation: 'auto' });

    // PVGIS is not configured here: chosen anyway, the station stays in use and the answer says why.
    const pvgis = (await post('/api/web/project/weather', token, { projectId: id, weatherStation: 'pvgis' })).data;
    expect(pvgis).toMatchObject({ choice: 'pvgis', pvgis: false, source: { kind: 'station', id: '58367' } });
    expect(pvgis.notices).toEqual([{ code: 'pvgisNotConfigured', params: {} }]);
    // 'file' before any upload is refused; nothing changes.
    const noFile = await t.inject({ method: 'POST', url: '/api/web/project/weather', headers: t.bearer(token), payload: { projectId: id, weatherStation: 'file' } });
    expect(noFile.json()).toMatchObject({ code: 400, data: { field: 'weatherStation' } });

    const other = await t.signUp();
    expect((await t.inject({ method: 'GET', url: `/api/web/project/weather?projectId=${id}`, headers: t.bearer(other.token) })).statusCode).toBe(404);
  });

  it('keeps an uploaded weather file with the project (and its copy) and simulates on it; refuses what it cannot read', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token, { lat: 52.3, lng: 4.77 });
    const h = t.bearer(token);
    const file = weatherPath('NLD_Amsterdam062400_IWEC.epw');
    const { payload, headers } = multipartBody([{ name: 'amsterdam.epw', bytes: readFileSync(file) }]);
    const up = await t.inject({ method: 'POST', url: `/api/web/project/weather/upload?projectId=${id}`, headers: { ...h, ...headers }, payload });
    expect(up.json().code).toBe(200);
    const w = up.json().data;
    expect(w).toMatchObject({ choice: 'file', source: { kind: 'file', name: 'amsterdam.epw', estimate: false }, file: { name: 'amsterdam.epw', format: 'epw', siteName: 'AMSTERDAM', latitude: 52.3, longitude: 4.77 } });
    expect(w.annual.ghiKwhM2).toBeCloseTo(epwAnnualGhi(file), 0);
    expect(w.notices).toEqual([]); // the file's station is the project's place

    const sim = await post('/api/web/project/simulation', token, { projectId: id, site: { latitude: 52.3, longitude: 4.77 }, arrays: [ARRAY], inverter: INVERTER });
    expect(sim.data.weather).toMatchObject({ source: 'file', name: 'amsterdam.epw', estimate: false });
    // 1 kWp at 25° south in Amsterdam: POA a little above GHI, energy below it (PR < 1).
    expect(sim.data.annual.poaKwhM2).toBeGreaterThan(epwAnnualGhi(file));
    expect(sim.data.annual.acKwh).toBeLessThan(sim.data.annual.poaKwhM2);

    const copy = (await post('/api/web/project/copyProject', token, { projectId: id })).data.projectId as number;
    expect((await get(`/api/web/project/weather?projectId=${copy}`, token)).data).toMatchObject({ choice: 'file', file: { name: 'amsterdam.epw' } });

    const junk = multipartBody([{ name: 'hello.txt', bytes: Buffer.from('hello\nworld\n') }]);
    const refused = await t.inject({ method: 'POST', url: `/api/web/project/weather/upload?projectId=${id}`, headers: { ...h, ...junk.headers }, payload: junk.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400, data: { field: 'file' } });
    expect(refused.json().msg).toContain("line 1: format not recognised (first line 'hello')");
    // The earlier file is still the project's weather.
    expect((await get(`/api/web/project/weather?projectId=${id}`, token)).data.file.name).toBe('amsterdam.epw');
  });

  it('flags the rough estimate outside the stations\' coverage, never a silent clear sky', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token, { lat: 48.85, lng: 2.35 });
    const w = (await get(`/api/web/project/weather?projectId=${id}`, token)).data;
    expect(w).toMatchObject({ choice: 'auto', source: { kind: 'estimate', estimate: true }, station: null });
    expect(w.notice).toMatch(/^Rough estimate/);
    expect(w.notices).toEqual([{ code: 'estimate', params: {} }]);
    const chosen = (await post('/api/web/project/weather', token, { projectId: id, weatherStation: 'estimate' })).data;
    expect(chosen.notices).toEqual([{ code: 'estimateChosen', params: {} }]);
    // Paris's real GHI is ≈ 1,150–1,250 kWh/m² (PVGIS); the estimate (Kt 0.5) lands in the same
    // range, far below the clear sky's ≈ 1,900.
    expect(w.annual.ghiKwhM2).toBeGreaterThan(900);
    expect(w.annual.ghiKwhM2).toBeLessThan(1500);
    const noLocation = await newProject(t, token);
    expect((await get(`/api/web/project/weather?projectId=${noLocation}`, token)).data).toMatchObject({ needsLocation: true, annual: null });
  });

  it('keeps a horizon typed or uploaded (PVGIS horizon, pvlib fixture) and takes the beam away behind it', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token, SHANGHAI);
    const h = t.bearer(token);
    const file = readFileSync(weatherPath('test_read_pvgis_horizon.csv'));
    const { payload, headers } = multipartBody([{ name: 'horizon.csv', bytes: file }]);
    const up = (await t.inject({ method: 'POST', url: `/api/web/project/horizon/upload?projectId=${id}`, headers: { ...h, ...headers }, payload })).json();
    expect(up.code).toBe(200);
    expect(up.data.horizon).toMatchObject({ source: 'upload', name: 'horizon.csv' });
    expect(up.data.horizon.profile).toHaveLength(48);

    const open = (await post('/api/web/project/simulation', token, { projectId: id, site: { latitude: 31.23, longitude: 121.47 }, arrays: [ARRAY], inverter: INVERTER })).data;
    // A wall of 60° all round: no beam reaches the array in Shanghai in winter, and little in summer.
    const wall = Array.from({ length: 36 }, (_, k) => [k * 10, 60]);
    const set = await post('/api/web/project/horizon', token, { projectId: id, profile: wall });
    expect(set.data.horizon).toMatchObject({ source: 'typed' });
    const walled = (await post('/api/web/project/simulation', token, { projectId: id, site: { latitude: 31.23, longitude: 121.47 }, arrays: [ARRAY], inverter: INVERTER })).data;
    expect(walled.annual.acKwh).toBeLessThan(open.annual.acKwh * 0.6);
    const cleared = await post('/api/web/project/horizon', token, { projectId: id, profile: null });
    expect(cleared.data.horizon).toBeNull();
    const badHorizon = await t.inject({ method: 'POST', url: '/api/web/project/horizon', headers: h, payload: { projectId: id, profile: [[0, 95], [180, 5]] } });
    expect(badHorizon.json()).toMatchObject({ code: 400 });
    expect(badHorizon.json().data.field).toMatch(/^profile/);
  });
});
