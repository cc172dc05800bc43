// Tariff schemes (spec 001 §7 electricity-price/list; migration 0005), the energy comparison of 2–3
// projects from their saved simulation results (spec 000 §7 powerComparison, §9 "Comparison: 2 to
// 3 projects") and the plan's inverter-wiring flag (update-showInverterLine): happy paths, bad input
// (400 with the envelope) and authorisation (another user's project or scheme answers 404).
import { expect, it } from 'vitest';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

const PEAK_VALLEY = {
  name: 'My factory TOU',
  province: 'Zhejiang',
  kind: 'peak-valley',
  periods: [
    { name: 'peak', price: 1.2, hours: [[8, 11], [13, 22]] },
    { name: 'flat', price: 0.8, hours: [[11, 13]] },
    { name: 'valley', price: 0.3, hours: [[0, 8], [22, 24]] },
  ],
  source: 'our electricity bill, May',
};

/** A stored simulation result as POST /project/simulation keeps it (hourly series left out). */
function simulationDocument(acKwh: number, capacityKwp: number, poaKwhM2: number) {
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, acKwh: acKwh / 12, dcKwh: acKwh / 12 / 0.97, poaKwhM2: poaKwhM2 / 12 }));
  return {
    annual: { acKwh, dcKwh: acKwh / 0.97, poaKwhM2, specificYield: acKwh / capacityKwp, performanceRatio: acKwh / capacityKwp / poaKwhM2, capacityKwp, nominalKwh: capacityKwp * poaKwhM2 },
    monthly,
    losses: [],
    weather: { source: 'synthetic', estimate: true, fromCache: false, notice: 'PVGIS is not configured' },
  };
}

async function saveSimulation(t: TestApp, projectId: number, userId: number, data: unknown): Promise<void> {
  await t.db.transaction().execute((tx) => t.app.services.documents.put(tx, projectId, 'simulation', data, userId));
}

describeWithDatabases('catalogue: tariffs, comparison, inverter lines', (t) => {
  it('lists no system tariff and says so; adds, lists, updates and deletes own schemes', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const empty = (await t.inject({ method: 'GET', url: '/api/web/electricity-price/list?province=Zhejiang', headers: h })).json();
    expect(empty.data).toMatchObject({ list: [], systemCount: 0 });
    expect(empty.data.notice).toContain('No published tariff');

    const added = (await t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: h, payload: PEAK_VALLEY })).json();
    expect(added).toMatchObject({ code: 200, msg: 'Added successfully', data: { owner: 'user', kind: 'peak-valley', currency: 'CNY', source: 'our electricity bill, May' } });
    // Time-weighted mean: (12 h × 1.2 + 2 h × 0.8 + 10 h × 0.3) / 24 = 19.0 / 24 = 0.79167 CNY/kWh
    // (worked by hand), rounded to 0.0001.
    expect(added.data.averagePrice).toBe(0.7917);
    const uniform = (await t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: h, payload: { name: 'Flat rate', kind: 'uniform', price: 0.65 } })).json();
    expect(uniform.data).toMatchObject({ kind: 'uniform', price: 0.65, averagePrice: 0.65, periods: [], province: null });

    const list = (await t.inject({ method: 'GET', url: '/api/web/electricity-price/list?province=Zhejiang&city=Hangzhou', headers: h })).json().data.list;
    expect(list.map((x: { name: string }) => x.name).sort()).toEqual(['Flat rate', 'My factory TOU']);
    // Another province lists only the province-wide own scheme.
    const other = (await t.inject({ method: 'GET', url: '/api/web/electricity-price/list?province=Jiangsu', headers: h })).json().data.list;
    expect(other.map((x: { name: string }) => x.name)).toEqual(['Flat rate']);

    const upd = await t.inject({ method: 'POST', url: '/api/web/electricity-price/update', headers: h, payload: { id: uniform.data.id, tariff: { name: 'Flat rate 2025', kind: 'uniform', price: 0.7 } } });
    expect(upd.json().data).toMatchObject({ name: 'Flat rate 2025', price: 0.7 });
    expect((await t.inject({ method: 'POST', url: '/api/web/electricity-price/delete', headers: h, payload: { id: uniform.data.id } })).json().msg).toBe('Deleted');
    expect((await t.inject({ method: 'GET', url: '/api/web/electricity-price/list', headers: h })).json().data.list).toHaveLength(1);
  });

  it('lists system schemes of the place; users cannot change them or each other’s', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const now = t.clock.now();
    const sys = await t.db
      .insertInto('tariffs')
      .values({ user_id: null, name: 'System test scheme', province: 'Guangdong', city: null, kind: 'uniform', data: JSON.stringify({ price: 0.6, periods: [], months: null }), source: 'test row', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gd = (await t.inject({ method: 'GET', url: '/api/web/electricity-price/list?province=Guangdong&city=Shenzhen', headers: t.bearer(a.token) })).json().data;
    expect(gd).toMatchObject({ systemCount: 1, notice: null });
    expect(gd.list[0]).toMatchObject({ owner: 'system', name: 'System test scheme' });
    const change = await t.inject({ method: 'POST', url: '/api/web/electricity-price/update', headers: t.bearer(a.token), payload: { id: sys.id, tariff: { name: 'x', kind: 'uniform', price: 0.1 } } });
    expect(change.statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/electricity-price/delete', headers: t.bearer(a.token), payload: { id: sys.id } })).statusCode).toBe(404);
    const mine = (await t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: t.bearer(a.token), payload: PEAK_VALLEY })).json().data;
    expect((await t.inject({ method: 'POST', url: '/api/web/electricity-price/delete', headers: t.bearer(b.token), payload: { id: mine.id } })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/web/electricity-price/list', headers: t.bearer(b.token) })).json().data.list.some((x: { id: number }) => x.id === mine.id)).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/api/web/electricity-price/list' })).statusCode).toBe(401);
  });

  it('refuses tariffs whose periods do not cover the day exactly once, with the envelope', async () => {
    const { token } = await t.signUp();
    const add = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: t.bearer(token), payload });
    const gap = await add({ ...PEAK_VALLEY, periods: [PEAK_VALLEY.periods[0], PEAK_VALLEY.periods[2]] });
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'periods' } });
    expect(gap.json().msg).toContain('no period covers 11:00');
    const overlap = await add({ ...PEAK_VALLEY, periods: [...PEAK_VALLEY.periods.slice(0, 2), { name: 'valley', price: 0.3, hours: [[0, 9], [22, 24]] }] });
    expect(overlap.json().msg).toContain('overlap at 08:00');
    expect((await add({ name: 'x', kind: 'uniform' })).json()).toMatchObject({ code: 400, data: { field: 'price' } });
    expect((await add({ name: 'x', kind: 'uniform', price: -1 })).statusCode).toBe(400);
    expect((await add({ name: 'x', kind: 'tiered', price: 1 })).statusCode).toBe(400);
    expect((await add({ ...PEAK_VALLEY, periods: [{ name: 'peak', price: 1, hours: [[0, 12.25]] }, { name: 'valley', price: 0.3, hours: [[12.25, 24]] }] })).statusCode).toBe(400);
  });

  it('compares 2–3 projects from their saved results; a project without a result is reported, not zero', async () => {
    const a = await t.signUp();
    const h = t.bearer(a.token);
    const p1 = await newProject(t, a.token, { name: 'Roof A', capacity: 100 });
    const p2 = await newProject(t, a.token, { name: 'Roof B' });
    const p3 = await newProject(t, a.token, { name: 'Roof C' });
    await saveSimulation(t, p1, a.userId, simulationDocument(120_000, 100, 1500));
    await saveSimulation(t, p2, a.userId, simulationDocument(60_000, 50, 1400));
    const res = await t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers: h, payload: { projectIds: [p1, p2, p3] } });
    expect(res.statusCode).toBe(200);
    const [r1, r2, r3] = res.json().data.list;
    expect(r1).toMatchObject({ projectId: p1, name: 'Roof A', access: 'own', capacity: 100, hasResult: true, notice: null });
    expect(r1.result).toMatchObject({ capacityKwp: 100, annualKwh: 120_000, specificYield: 1200, estimate: true, weatherSource: 'synthetic' });
    // PR = (120 000 kWh / 100 kWp) / (1500 kWh/m² / 1 kW/m²) = 0.8 (IEC 61724, worked by hand).
    expect(r1.result.performanceRatio).toBeCloseTo(0.8, 9);
    expect(r1.result.monthlyKwh).toHaveLength(12);
    expect(r1.result.monthlyKwh.reduce((s: number, x: number) => s + x, 0)).toBeCloseTo(120_000, 6);
    expect(r2.result.specificYield).toBe(1200);
    expect(r3).toMatchObject({ projectId: p3, hasResult: false, result: null });
    expect(r3.notice).toContain('no simulation result');
  });

  it('compares a project shared with the caller through its share key; refuses another user’s project without one', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const mine = await newProject(t, b.token, { name: 'B own' });
    const theirs = await newProject(t, a.token, { name: 'A shared' });
    await saveSimulation(t, theirs, a.userId, simulationDocument(50_000, 40, 1450));
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: t.bearer(a.token), payload: { projectId: theirs, days: 1 } })).json().data.shareKey as string;
    const hb = t.bearer(b.token);
    const refused = await t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers: hb, payload: { projectIds: [mine, theirs] } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 404, msg: 'No relevant data was retrieved' });
    const shared = await t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers: hb, payload: { projectIds: [mine, theirs], shareKeys: [key] } });
    expect(shared.json().data.list.map((x: { access: string; hasResult: boolean }) => [x.access, x.hasResult])).toEqual([
      ['own', false],
      ['shared', true],
    ]);
    // A key opens only its own project.
    const third = await newProject(t, a.token, { name: 'A private' });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers: hb, payload: { projectIds: [mine, third], shareKeys: [key] } })).statusCode).toBe(404);
    // An expired key is refused.
    t.clock.advance(2 * 86_400_000);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers: hb, payload: { projectIds: [mine, theirs], shareKeys: [key] } })).statusCode).toBe(410);
  });

  it('refuses one project, more than three, bad ids and no session', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const ids = [await newProject(t, token), await newProject(t, token), await newProject(t, token), await newProject(t, token)];
    const post = (payload: Record<string, unknown>, headers = h) => t.inject({ method: 'POST', url: '/api/web/project/powerComparison', headers, payload });
    expect((await post({ projectIds: [ids[0]] })).json()).toMatchObject({ code: 400, msg: 'Please select at least 2 projects for comparison!' });
    expect((await post({ projectIds: [ids[0], ids[0]] })).json().msg).toBe('Please select at least 2 projects for comparison!');
    expect((await post({ projectIds: ids })).json()).toMatchObject({ code: 400, msg: 'Choose up to 3 items!' });
    expect((await post({ projectIds: ['x', ids[1]] })).json()).toMatchObject({ code: 400, data: { error: 'VALIDATION' } });
    expect((await post({ projectIds: [ids[0], ids[1]], shareKeys: ['nothex'] })).statusCode).toBe(400);
    expect((await post({ projectIds: [ids[0], ids[1]] }, {})).statusCode).toBe(401);
  });

  it('stores the inverter-line flag with the project and returns it in detail; another user is refused', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = await newProject(t, a.token, { basicInfo: { powerStatOperationMode: 1 } });
    const h = t.bearer(a.token);
    const on = await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', headers: h, payload: { projectId: id, show: true } });
    expect(on.json()).toMatchObject({ code: 200, data: { projectId: id, basicInfo: { showInverterLine: true, powerStatOperationMode: 1 } } });
    const detail = (await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h })).json().data;
    expect(detail.basicInfo).toMatchObject({ showInverterLine: true, powerStatOperationMode: 1 });
    await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', headers: h, payload: { projectId: id, show: false } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h })).json().data.basicInfo.showInverterLine).toBe(false);
    const other = await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', headers: t.bearer(b.token), payload: { projectId: id, show: true } });
    expect(other.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h })).json().data.basicInfo.showInverterLine).toBe(false);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', headers: h, payload: { projectId: id, show: 'yes' } })).json()).toMatchObject({ code: 400, data: { field: 'show' } });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', headers: h, payload: { show: true } })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/update-showInverterLine', payload: { projectId: id, show: true } })).statusCode).toBe(401);
  });
});
