// The project file through the API (issue 17 §2): a designed project (electrical-fixture.ts, simulated,
// with a load and its economics) exported as "<name>.pvstudio.json" and imported by another user as a
// new project — multipart and JSON body — whose simulation/run and economics give the same figures
// (1e-9 relative); bad files refused with 400 naming the field, a file over 64 MB with 413.
import { expect, it } from 'vitest';
import { economicDoc, powerLoadDoc } from './economics-fixture.ts';
import { libraryId, placedProject, STP10 } from './electrical-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));

async function designed(t: TestApp) {
  const { token } = await t.signUp();
  const { id, h } = await placedProject(t, token, { name: '厂房 Plant/1', powerStationType: 'COMMERCIAL', lat: 31.23, lng: 121.47, basicInfo: { powerStatOperationMode: 1 } });
  const stp = await libraryId(t, token, 'inverter', STP10);
  expect((await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().code).toBe(200);
  const save = async (url: string, data: unknown) => expect((await t.inject({ method: 'POST', url: `/api/web${url}`, headers: h, payload: { projectId: id, version: 0, data } })).json().code).toBe(200);
  await save('/project/economic-analysis-params/save', economicDoc());
  await save('/project/update-powerLoadConfig-page', powerLoadDoc({ annualKwh: 30_000 }));
  return { token, id, h };
}

const run = async (t: TestApp, h: Record<string, string>, id: number) => {
  const sim = (await t.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers: h, payload: { projectId: id } })).json();
  expect(sim.code, JSON.stringify(sim).slice(0, 300)).toBe(200);
  const eco = (await t.inject({ method: 'POST', url: '/api/web/project/economics/run', headers: h, payload: { projectId: id } })).json();
  expect(eco.code, JSON.stringify(eco).slice(0, 300)).toBe(200);
  return { sim: sim.data, eco: eco.data.data };
};

describeWithDatabases('report: the project file', (t) => {
  it('exports a project and imports it as a new project that simulates and costs the same', async () => {
    const a = await designed(t);
    const before = await run(t, a.h, a.id);
    const res = await t.inject({ method: 'GET', url: `/api/web/project/export?projectId=${a.id}`, headers: a.h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    // The name's slash cannot be in a file name; the Chinese characters travel in filename*.
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('厂房 Plant_1.pvstudio.json')}`);
    const file = res.json();
    expect(file).toMatchObject({ kind: 'pvstudio-project', version: 1, project: { name: '厂房 Plant/1', latitude: 31.23, longitude: 121.47 } });
    expect(Object.keys(file.documents).sort()).toEqual(['component-layout', 'economic', 'economics-result', 'inverter-config', 'lite-re', 'power-load', 'simulation']);
    expect(file.equipment.module.pmax).toBe(550);
    // The kept yield carries the report's hours: Σ DC of the 8760 hours = the annual DC energy, Σ POA
    // (each hour's mean W/m²) / 1000 = the annual plane-of-array irradiation (hours rounded to 1e-4).
    const kept8760 = file.documents.simulation as { dcHourly: number[]; poaHourly: number[]; pvHourly: { kwh: number[] } };
    const total = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(kept8760.dcHourly).toHaveLength(8760);
    expect(rel(total(kept8760.dcHourly), before.sim.annual.dcKwh)).toBeLessThan(1e-3);
    expect(rel(total(kept8760.poaHourly) / 1000, before.sim.annual.poaKwhM2)).toBeLessThan(1e-3);
    expect(rel(total(kept8760.pvHourly.kwh), before.sim.annual.acKwh)).toBeLessThan(1e-3);
    expect(file.equipment.inverters[0].data.ratedAcPower).toBe(10_000);

    // Another user imports it (multipart, as the web sends it).
    const b = await t.signUp();
    const hb = t.bearer(b.token);
    const boundary = '----pvstudio';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.pvstudio.json"\r\nContent-Type: application/json\r\n\r\n${res.body}\r\n--${boundary}--\r\n`;
    const imported = (await t.inject({ method: 'POST', url: '/api/web/project/import', headers: { ...hb, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body })).json();
    expect(imported.code, JSON.stringify(imported)).toBe(200);
    const copy = imported.data.projectId as number;
    expect(copy).not.toBe(a.id);
    const detail = (await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${copy}`, headers: hb })).json().data;
    expect(detail).toMatchObject({ name: '厂房 Plant/1', powerStationType: 'COMMERCIAL', lat: 31.23, lng: 121.47, capacity: 22, basicInfo: { powerStatOperationMode: 1 } });
    // The imported project's kept yield is current as it was (the documents keep their versions) …
    const kept = (await t.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${copy}`, headers: hb })).json().data;
    expect(kept.data.annual.acKwh).toBe(before.sim.annual.acKwh);
    // … and running it again gives the same figures.
    const after = await run(t, hb, copy);
    expect(rel(after.sim.annual.acKwh, before.sim.annual.acKwh)).toBeLessThan(1e-9);
    expect(rel(after.sim.annual.performanceRatio, before.sim.annual.performanceRatio)).toBeLessThan(1e-9);
    expect(rel(after.eco.indicators.npv, before.eco.indicators.npv)).toBeLessThan(1e-9);
    expect(after.eco.indicators.irr).not.toBeNull();
    expect(rel(after.eco.indicators.irr, before.eco.indicators.irr)).toBeLessThan(1e-9);
    expect(rel(after.eco.totals.selfConsumptionRate, before.eco.totals.selfConsumptionRate)).toBeLessThan(1e-9);

    // The JSON body works too; the importer's own project list holds both copies.
    const again = (await t.inject({ method: 'POST', url: '/api/web/project/import', headers: hb, payload: file })).json();
    expect(again.code).toBe(200);
    const list = (await t.inject({ method: 'GET', url: '/api/web/project/list?size=10', headers: hb })).json().data;
    expect(list.total).toBe(2);
  });

  it('refuses a bad file naming the field, and one over 64 MB', async () => {
    const a = await designed(t);
    const file = (await t.inject({ method: 'GET', url: `/api/web/project/export?projectId=${a.id}`, headers: a.h })).json();
    const post = (payload: unknown) => t.inject({ method: 'POST', url: '/api/web/project/import', headers: a.h, payload: payload as object });
    expect((await post({ ...file, kind: 'something' })).json()).toMatchObject({ code: 400, data: { field: 'kind' } });
    expect((await post({ ...file, project: { ...file.project, latitude: 95 } })).json()).toMatchObject({ code: 400, data: { field: 'project.latitude' } });
    const layout = structuredClone(file.documents['component-layout']);
    layout.arrays[0].tilt = 95;
    expect((await post({ ...file, documents: { ...file.documents, 'component-layout': layout } })).json()).toMatchObject({ code: 400, data: { field: 'documents.component-layout.arrays.0.tilt' } });
    expect((await post({ ...file, documents: { ...file.documents, nonsense: {} } })).json()).toMatchObject({ code: 400, data: { field: 'documents.nonsense' } });
    const boundary = 'x';
    const notJson = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.json"\r\n\r\nnot json\r\n--${boundary}--\r\n`;
    expect((await t.inject({ method: 'POST', url: '/api/web/project/import', headers: { ...a.h, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: notJson })).json()).toMatchObject({ code: 400, data: { field: 'file' } });
    // 65 MB of JSON: refused before it is read.
    const big = Buffer.alloc(65 * 1024 * 1024, 0x20);
    const tooLarge = await t.inject({ method: 'POST', url: '/api/web/project/import', headers: { ...a.h, 'content-type': 'application/json' }, payload: big });
    expect(tooLarge.statusCode).toBe(413);
    // Signed out: 401.
    expect((await t.inject({ method: 'POST', url: '/api/web/project/import', payload: file })).statusCode).toBe(401);
  });
});
