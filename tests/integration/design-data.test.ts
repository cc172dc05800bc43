// The design data of spec 000 §7 as versioned documents per project and step: every save carries the
// version it was based on; a stale save answers 409 with the envelope and the current version and
// loses nothing; concurrent saves on the same version → exactly one wins. Arrays and the component
// layout have item calls (new/update/delete/delete-all/detail-list/update-all-array-placement,
// clear-array). The editor's documents must be in their schema's shape (src/model/design.ts), the
// Electrical step's in theirs (src/model/electrical-design.ts; tests/integration/electrical*.test.ts),
// the Load, storage and Economy steps' in theirs (src/model/economics.ts; economics*.test.ts);
// the others are any JSON object or array within bounds (hardening-input.test.ts tries the refusals).
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { advancedEconomicDoc, economicDoc, energyStorageDoc, powerLoadDoc } from './economics-fixture.ts';
import { buildingDoc, cableDoc, inverterConfigDoc, layoutDoc, newProject } from './project-helpers.ts';

const SHADE_DOC = { kind: 'shade', version: 1, layoutVersion: 1, buildingVersion: 1, year: 2025, stepMinutes: 60, samples: { x: 2, y: 2 }, arrays: [], finishedAt: '2025-01-01T00:00:00Z' };

/** Each step's read and save calls; `doc` the document shape its schema wants (absent: any JSON). */
const DOCS: Array<{ get: string; save: string; doc?: Record<string, unknown> }> = [
  { get: '/api/web/project/LiteRe/get-data', save: '/api/web/project/LiteRe/save-data', doc: buildingDoc(1) },
  { get: '/api/web/project/3d-data', save: '/api/web/project/save-3d-data-pro' },
  { get: '/api/web/project/3d-bg', save: '/api/web/project/save-3d-bg' },
  { get: '/api/web/project/component-layout/get', save: '/api/web/project/component-layout/save', doc: layoutDoc(2) },
  { get: '/api/web/project/shadowTime', save: '/api/web/project/shadowTime/save' },
  { get: '/api/web/project/getShadeAnalysis', save: '/api/web/project/saveShadeAnalysis', doc: SHADE_DOC },
  { get: '/api/web/project/cable/list', save: '/api/web/project/updateCable', doc: cableDoc() },
  { get: '/api/web/project/economic-analysis-params/get', save: '/api/web/project/economic-analysis-params/save', doc: economicDoc() },
  { get: '/api/web/advanced-ecnomic/original-value', save: '/api/web/advanced-ecnomic/insert', doc: advancedEconomicDoc() },
  // (the load before the storage: changing the load with a storage stored asks first, economics.test.ts)
  { get: '/api/web/project/get-powerLoadConfig-page', save: '/api/web/project/update-powerLoadConfig-page', doc: powerLoadDoc() },
  { get: '/api/web/energyStorage/get', save: '/api/web/energyStorage/save', doc: energyStorageDoc() },
  { get: '/api/web/project/get-inverter-config', save: '/api/web/project/inverter-config/save', doc: inverterConfigDoc() },
];

describeWithDatabases('design data', (t) => {
  it('every step saves and reads back its own document, versions counting from 1', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    for (const [i, d] of DOCS.entries()) {
      const empty = await t.inject({ method: 'GET', url: `${d.get}?projectId=${id}`, headers: h });
      expect(empty.json(), d.get).toMatchObject({ code: 200, data: { projectId: id, version: 0, updatedAt: null, data: null } });
      const data = { ...d.doc, step: i, nested: { list: [1, 'two', null, true], text: '中文 ✓' } };
      const saved = await t.inject({ method: 'POST', url: d.save, headers: h, payload: { projectId: id, version: 0, data } });
      expect(saved.json(), d.save).toMatchObject({ code: 200, msg: 'Saved', data: { projectId: id, version: 1 } });
      // (the editor's documents are objects; the others may be arrays too)
      const next = d.doc ? { ...data, step: i + 100 } : [data];
      const second = await t.inject({ method: 'POST', url: d.save, headers: h, payload: { projectId: id, version: 1, data: next } });
      expect(second.json().data.version).toBe(2);
      expect((await t.inject({ method: 'GET', url: `${d.get}?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 2, data: next });
    }
  });

  it('a stale save answers 409 with the current version and changes nothing; a missing version is 400', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const save = (version: unknown, data: unknown) => t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: id, version, data } });
    const v = (text: string) => buildingDoc(0, { v: text });
    expect((await save(0, v('first'))).json().data.version).toBe(1);
    expect((await save(1, v('second'))).json().data.version).toBe(2);
    const stale = await save(1, v('from an old tab'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 409,
      msg: 'This data was changed elsewhere (now version 2, your changes are based on version 1): reload and apply your changes again',
      data: { error: 'STALE_VERSION', currentVersion: 2 },
    });
    // A first save racing an existing document is stale too.
    expect((await save(0, v('fresh'))).json()).toMatchObject({ code: 409, data: { currentVersion: 2 } });
    // A version ahead of the stored one is just as stale.
    expect((await save(7, v('future'))).json()).toMatchObject({ code: 409, data: { currentVersion: 2 } });
    expect((await save(undefined, v('x'))).json()).toMatchObject({ code: 400, data: { field: 'version' } });
    expect((await save(1, 'a string')).json()).toMatchObject({ code: 400, data: { field: 'data' } });
    const zh = await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: { ...h, lang: 'zh-CN' }, payload: { projectId: id, version: 1, data: v('zh') } });
    expect(zh.json().msg).toBe('数据已在别处修改（当前版本 2，您的修改基于版本 1），请刷新后重新修改');
    expect((await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 2, data: { v: 'second' } });
  });

  it('concurrent saves on the same version: exactly one wins, the others get 409, the winner’s data is stored', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    await t.inject({ method: 'POST', url: '/api/web/project/save-3d-data-pro', headers: h, payload: { projectId: id, version: 0, data: { base: true } } });
    for (let round = 0; round < 3; round++) {
      const base = round + 1;
      const writers = Array.from({ length: 6 }, (_, w) => ({ writer: w, round }));
      const answers = await Promise.all(
        writers.map((data) => t.inject({ method: 'POST', url: '/api/web/project/save-3d-data-pro', headers: h, payload: { projectId: id, version: base, data } })),
      );
      const codes = answers.map((a) => a.json().code as number);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(5);
      const winner = writers[codes.indexOf(200)];
      for (const a of answers) if (a.json().code === 409) expect(a.json().data.currentVersion).toBe(base + 1);
      const stored = (await t.inject({ method: 'GET', url: `/api/web/project/3d-data?projectId=${id}`, headers: h })).json().data;
      expect(stored).toMatchObject({ version: base + 1, data: winner });
    }
  });

  it('concurrent array additions without a version all land (row-locked read-modify-write)', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const adds = await Promise.all(Array.from({ length: 8 }, (_, i) => t.inject({ method: 'POST', url: '/api/web/project/array/new', headers: h, payload: { projectId: id, array: { name: `A${i}`, tilt: 10 + i } } })));
    expect(adds.every((a) => a.json().code === 200)).toBe(true);
    const list = (await t.inject({ method: 'GET', url: `/api/web/project/array/detail-list?projectId=${id}`, headers: h })).json().data;
    expect(list.version).toBe(8);
    expect(list.list.map((a: { name: string }) => a.name).sort()).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
    expect(new Set(list.list.map((a: { id: string }) => a.id)).size).toBe(8);
  });

  it('arrays: new gives an id; update, placement, delete and delete-all; a stale version is refused', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const post = (url: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: `/api/web/project/array/${url}`, headers: h, payload: { projectId: id, ...payload } });
    const a = (await post('new', { version: 0, array: { name: 'South', tilt: 20, faceId: 'f1' } })).json();
    expect(a).toMatchObject({ code: 200, msg: 'Added successfully', data: { version: 1, array: { name: 'South', tilt: 20 } } });
    expect(a.data.array.id).toMatch(/^[A-Za-z]{16}\d+$/);
    const b = (await post('new', { array: { name: 'East' } })).json().data.array;
    expect((await post('new', { version: 1, array: { name: 'late' } })).json()).toMatchObject({ code: 409, data: { currentVersion: 2 } });
    const upd = (await post('update', { array: { id: a.data.array.id, name: 'South 2', tilt: 25 } })).json();
    expect(upd.data.list.map((x: { name: string }) => x.name)).toEqual(['South 2', 'East']);
    expect((await post('update', { array: { id: 'nope', name: 'x' } })).json()).toMatchObject({ code: 404, data: { field: 'array.id' } });
    const placed = (await post('update-all-array-placement', { placements: [{ id: b.id, azimuth: 90 }, { id: a.data.array.id, azimuth: 180 }] })).json();
    expect(placed.data.list).toEqual([
      { id: a.data.array.id, name: 'South 2', tilt: 25, azimuth: 180 },
      { id: b.id, name: 'East', azimuth: 90 },
    ]);
    expect((await post('delete', { id: b.id })).json().data.list.map((x: { id: string }) => x.id)).toEqual([a.data.array.id]);
    expect((await post('delete', { id: b.id })).statusCode).toBe(404);
    expect((await post('delete-all', {})).json().data).toMatchObject({ list: [], version: 6 });
  });

  it('component-layout clear-array removes one array’s layout or all of them', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const one = layoutDoc(3);
    const [a1] = one.arrays as Record<string, unknown>[];
    const doc = { ...one, arrays: [a1, { ...a1, id: 'a2', faceId: 'f2' }] };
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 0, data: doc } });
    const clear = (arrayId?: string) => t.inject({ method: 'POST', url: '/api/web/project/component-layout/clear-array', headers: h, payload: { projectId: id, arrayId } });
    expect((await clear('a1')).json()).toMatchObject({ code: 200, data: { version: 2 } });
    const get = async () => (await t.inject({ method: 'GET', url: `/api/web/project/component-layout/get?projectId=${id}`, headers: h })).json().data;
    expect((await get()).data).toEqual({ ...doc, arrays: [doc.arrays[1]] });
    // by its face's id too
    expect((await clear('f2')).json()).toMatchObject({ code: 200, data: { version: 3 } });
    expect((await get()).data).toEqual({ ...doc, arrays: [] });
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 3, data: doc } });
    await clear();
    expect(await get()).toMatchObject({ version: 5, data: { ...doc, arrays: [] } });
    // A document stored before the schema was enforced (a map of layouts by array id) is still cleared.
    await t.db.transaction().execute((tx) => t.app.services.documents.put(tx, id, 'component-layout', { a1: { count: 10 }, a2: { count: 4 } }, null));
    expect((await clear('a1')).json().code).toBe(200);
    expect((await get()).data).toEqual({ a2: { count: 4 } });
    await clear();
    expect((await get()).data).toEqual(layoutDoc(0, { module: null, settings: expect.anything() }));
  });

  it('deleting a project deletes its documents', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: id, version: 0, data: buildingDoc(0, { x: 1 }) } });
    await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: h, payload: { projectId: id } });
    const rows = await t.db.selectFrom('project_documents').select('step').where('project_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
