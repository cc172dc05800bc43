// The project's report through the API (issue 17 §1, §3): none → generate → ready with the model of
// the saved design (40 × 550 W = 22 kWp, electrical-fixture.ts), stale naming the documents changed
// since (a layout change, an economic parameter), ready again once generated anew; the report of a
// report share read without sign-in (getShareReport and the -md5 twin) until the share expires (410).
import { expect, it } from 'vitest';
import { economicDoc } from './economics-fixture.ts';
import { layoutDocument, libraryId, MODULE_550, placedProject, STP10 } from './electrical-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

const DAY = 86_400_000;

async function wired(t: TestApp) {
  const { token } = await t.signUp();
  const { id, h } = await placedProject(t, token, { name: '工厂屋顶 Factory roof', powerStationType: 'COMMERCIAL', lat: 31.23, lng: 121.47 });
  const stp = await libraryId(t, token, 'inverter', STP10);
  const cfg = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } });
  expect(cfg.json().code, cfg.body).toBe(200);
  return { token, id, h };
}

describeWithDatabases('report: state, staleness and the share report', (t) => {
  it('generates the report, and names the documents changed since as stale', async () => {
    const { token, id, h } = await wired(t);
    const get = async () => (await t.inject({ method: 'GET', url: `/api/web/project/report?projectId=${id}`, headers: h })).json();
    expect(await get()).toMatchObject({ code: 200, data: { status: 'none', stale: false, staleSteps: [], generatedAt: null, model: null } });

    const gen = (await t.inject({ method: 'POST', url: '/api/web/project/report/generate', headers: h, payload: { projectId: id } })).json();
    expect(gen.code, JSON.stringify(gen).slice(0, 400)).toBe(200);
    expect(gen.data).toMatchObject({ status: 'ready', stale: false, staleSteps: [] });
    const m = gen.data.model;
    expect(m.project.name).toBe('工厂屋顶 Factory roof');
    // 40 modules × 550 W = 22 kWp; one SMA STP 10.0 per 10 kW at DC/AC ≤ 1.2 → 2 inverters (20 kW AC).
    expect(m.system.modules).toBe(40);
    expect(m.system.capacityKwp).toBeCloseTo(22, 9);
    expect(m.system.module).toMatchObject({ model: MODULE_550, powerW: 550 });
    expect(m.geometry.modules).toHaveLength(40);
    expect(m.system.strings).toBeGreaterThan(0);
    expect(m.energy).toBeNull();
    expect(gen.data.generatedAt).toBe(t.clock.now().toISOString());
    expect((await get()).data).toMatchObject({ status: 'ready', stale: false });

    // A layout change makes it stale (the layout, and the configuration made on it, unchanged itself).
    const layout = layoutDocument(await libraryId(t, token, 'component', MODULE_550)) as { arrays: { tilt: number }[] };
    layout.arrays[0].tilt = 25;
    const saved = (await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 1, data: layout } })).json();
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    expect((await get()).data).toMatchObject({ status: 'ready', stale: true, staleSteps: ['component-layout'] });
    // So does an economic parameter saved for the first time.
    expect((await t.inject({ method: 'POST', url: '/api/web/project/economic-analysis-params/save', headers: h, payload: { projectId: id, version: 0, data: economicDoc() } })).json().code).toBe(200);
    expect((await get()).data.staleSteps).toEqual(['component-layout', 'economic']);

    // Generated again: current.
    t.clock.advance(60_000);
    const again = (await t.inject({ method: 'POST', url: '/api/web/project/report/generate', headers: h, payload: { projectId: id } })).json().data;
    expect(again).toMatchObject({ status: 'ready', stale: false, staleSteps: [] });
    expect(again.model.system.arrays[0].tilt).toBe(25);

    // Another user's project is not found.
    const other = await t.signUp();
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report?projectId=${id}`, headers: t.bearer(other.token) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/report/generate', headers: t.bearer(other.token), payload: { projectId: id } })).statusCode).toBe(404);
  });

  it('shows the report of a report share without sign-in until the share expires', async () => {
    const { id, h } = await wired(t);
    const link = (await t.inject({ method: 'POST', url: '/api/web/project/share/report/url', headers: h, payload: { projectId: id, days: 1 } })).json().data;
    expect(link.url).toContain('/shareReport?shareKey=');
    // Logged out: no headers. The report is made on first sight.
    const shared = (await t.inject({ method: 'GET', url: `/api/web/getShareReport?key=${link.shareKey}` })).json();
    expect(shared.code, JSON.stringify(shared).slice(0, 300)).toBe(200);
    expect(shared.data.status).toBe('ready');
    expect(shared.data.model.system.capacityKwp).toBeCloseTo(22, 9);
    expect((await t.inject({ method: 'GET', url: `/api/web/getShareReport?shareKey=${link.shareKey}` })).json().data.status).toBe('ready');
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report-md5?shareKey=${link.shareKey}&projectId=${id}` })).json().data.model.project.name).toBe('工厂屋顶 Factory roof');
    // A key with another project's id, an unknown key, a missing key.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report-md5?shareKey=${link.shareKey}&projectId=${id + 1}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/web/getShareReport?key=${'0'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/web/getShareReport' })).json()).toMatchObject({ code: 400, data: { field: 'key' } });
    // One day later the share has ended.
    t.clock.advance(DAY);
    const expired = await t.inject({ method: 'GET', url: `/api/web/getShareReport?key=${link.shareKey}` });
    expect(expired.statusCode).toBe(410);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report-md5?shareKey=${link.shareKey}` })).statusCode).toBe(410);
  });
});
