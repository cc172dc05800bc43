// Fuzzed bodies and query strings on every JSON route of the project, design-data, sharing, compute
// and library areas never give a 500: always the envelope with a 4xx (or 200 when the fuzz happens
// to be valid). The arbitrary values include NUL characters and lone surrogates (which PostgreSQL
// text cannot hold), huge and negative edgeNumbers, deep nesting, the user's real project id and ids out
// of the integer range.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DOCUMENT_ROUTES } from '../../src/server/routes/project/design.ts';
import { describeWithDatabases } from './harness.ts';
import { edgeNumbers, expectEnvelope, fuzzedCall, fuzzJson, hostileJson, nastyStrings, type FuzzRoute } from './fuzz.ts';
import { buildingDoc, newProject } from './project-helpers.ts';

const JSON_ROUTES: FuzzRoute[] = [
  { method: 'GET', url: '/api/web/project/list' },
  { method: 'POST', url: '/api/web/project/new' },
  { method: 'GET', url: '/api/web/project/detail' },
  { method: 'POST', url: '/api/web/project/update' },
  { method: 'POST', url: '/api/web/project/delete' },
  { method: 'POST', url: '/api/web/project/copyProject' },
  { method: 'GET', url: '/api/web/project/overview' },
  { method: 'GET', url: '/api/web/project/performCompare' },
  { method: 'GET', url: '/api/web/project/getPowerPlantCapacity' },
  { method: 'POST', url: '/api/web/project/share' },
  { method: 'POST', url: '/api/web/project/share/link/url' },
  { method: 'POST', url: '/api/web/project/share/report/url' },
  { method: 'POST', url: '/api/web/project/share/revoke' },
  { method: 'POST', url: '/api/web/project/share/copy' },
  { method: 'GET', url: '/api/web/project/share/get/user' },
  { method: 'GET', url: '/api/web/project/detail-md5' },
  { method: 'GET', url: '/api/web/project/screenshots' },
  { method: 'GET', url: '/api/web/project/screenshots/file' },
  { method: 'POST', url: '/api/web/project/screenshots/delete' },
  { method: 'GET', url: '/api/web/project/array/detail-list' },
  { method: 'POST', url: '/api/web/project/array/new' },
  { method: 'POST', url: '/api/web/project/array/update' },
  { method: 'POST', url: '/api/web/project/array/delete' },
  { method: 'POST', url: '/api/web/project/array/delete-all' },
  { method: 'POST', url: '/api/web/project/array/update-all-array-placement' },
  { method: 'POST', url: '/api/web/project/component-layout/clear-array' },
  { method: 'POST', url: '/api/web/project/calc-best-distance' },
  { method: 'POST', url: '/api/web/project/calcShadowWinter' },
  { method: 'POST', url: '/api/web/project/roof' },
  { method: 'POST', url: '/api/web/project/componentConfiguration' },
  ...DOCUMENT_ROUTES.flatMap((r) => [
    { method: 'GET' as const, url: `/api/web${r.get}` },
    { method: 'GET' as const, url: `/api/web${r.get}-md5` },
    ...(r.save ? [{ method: 'POST' as const, url: `/api/web${r.save}` }] : []),
  ]),
  { method: 'GET', url: '/api/web/component/list' },
  { method: 'GET', url: '/api/web/component/detail' },
  { method: 'POST', url: '/api/web/component/add' },
  { method: 'POST', url: '/api/web/component/update' },
  { method: 'POST', url: '/api/web/component/delete' },
  { method: 'POST', url: '/api/web/component/status' },
  { method: 'GET', url: '/api/web/inverter/list' },
  { method: 'GET', url: '/api/web/inverter/detail' },
  { method: 'POST', url: '/api/web/inverter/add' },
  { method: 'POST', url: '/api/web/inverter/update' },
  { method: 'POST', url: '/api/web/inverter/delete' },
  { method: 'POST', url: '/api/web/inverter/status' },
  { method: 'GET', url: '/api/web/manufacturer/list' },
  { method: 'POST', url: '/api/web/manufacturer/add' },
  { method: 'POST', url: '/api/web/manufacturer/status' },
];

const FIELDS = [
  'projectId', 'projectIds', 'id', 'version', 'data', 'name', 'powerStationType', 'surveyType', 'gridType', 'reOrAiom', 'capacity',
  'maxCapacity', 'location', 'lat', 'lng', 'address', 'basicInfo', 'days', 'shareKey', 'array', 'arrayId', 'placements', 'page',
  'size', 'keyword', 'manufacturer', 'model', 'enabled', 'kind', 'nameEn', 'nameZh', 'latitude', 'height', 'tilt', 'length',
  'building', 'obstacles', 'face', 'module', 'inverter', 'pmax', 'source',
];

const nasty = nastyStrings(30);

describeWithDatabases('fuzzed project and library calls', (t) => {
  it('never answer a 500, always the envelope', async () => {
    const { token } = await t.signUp();
    const projectId = await newProject(t, token);
    const ids = fc.oneof(fc.constant(projectId), edgeNumbers, nasty);
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, edgeNumbers, ids, hostileJson);
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }), hostileJson);
    const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.stringMatching(/^\d{1,12}$/), fc.constant(String(projectId))), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), body, query, fc.boolean(), async (route, b, q, signedIn) => {
        const res = await fuzzedCall(t, route, q, b, signedIn ? t.bearer(token) : {});
        // (file answers of GET routes are not JSON)
        if (res.headers['content-type']?.toString().startsWith('application/json')) expectEnvelope(res, `${route.method} ${route.url} ${JSON.stringify(q)} ${JSON.stringify(b)}`);
        else expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  }, 240_000);

  it('valid-shaped bodies with nasty strings and edgeNumbers are stored or refused, never a 500', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const projectId = await newProject(t, token);
    const module = { manufacturer: 'M', model: 'X', moduleType: 'mono', pmax: 550, vmp: 41.95, imp: 13.12, voc: 49.8, isc: 13.98, length: 2256, width: 1133, cellsInSeries: 72, maxSystemVoltage: 1500, tempCoeffIsc: 0.048, tempCoeffVoc: -0.27, tempCoeffPmax: -0.35 };
    const cases = fc.oneof(
      fc.record({ s: nasty, n: edgeNumbers }).map((v) => ({ url: '/api/web/project/new', payload: { name: v.s, powerStationType: 'RESIDENTIAL', capacity: v.n, address: v.s } })),
      fc.record({ s: nasty }).map((v) => ({ url: '/api/web/project/update', payload: { projectId, company: v.s, basicInfo: { schemeForm: v.s } } })),
      fc.record({ s: nasty, n: edgeNumbers }).map((v) => ({ url: '/api/web/project/LiteRe/save-data', payload: { projectId, version: 0, data: { [v.s]: v.s, n: v.n, list: [v.s] } } })),
      fc.record({ s: nasty }).map((v) => ({ url: '/api/web/project/array/new', payload: { projectId, array: { name: v.s, [v.s]: v.s } } })),
      fc.record({ s: nasty }).map((v) => ({ url: '/api/web/project/component-layout/clear-array', payload: { projectId, arrayId: v.s } })),
      fc.record({ s: nasty, n: edgeNumbers }).map((v) => ({ url: '/api/web/component/add', payload: { ...module, manufacturer: v.s, model: v.s, noct: v.n } })),
      fc.record({ s: nasty }).map((v) => ({ url: '/api/web/manufacturer/add', payload: { kind: 'inverter', nameEn: v.s, nameZh: v.s } })),
      fc.record({ n: edgeNumbers }).map((v) => ({ url: '/api/web/project/calc-best-distance', payload: { latitude: 30, height: v.n } })),
      fc.record({ n: edgeNumbers }).map((v) => ({ url: '/api/web/project/componentConfiguration', payload: { face: { vertices: [[0, 0, 0], [v.n, 0, 0], [v.n, v.n, 0]], tilt: 0, azimuth: 180 }, module: { length: 2, width: 1, powerW: 500 }, orientation: 'portrait', mounting: { type: 'flush' } } })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const res = await t.inject({ method: 'POST', url: c.url, headers: { ...h, 'content-type': 'application/json' }, payload: fuzzJson(c.payload) });
        expect(res.statusCode, `${c.url} ${fuzzJson(c.payload).slice(0, 200)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 250 },
    );
    // A document with such characters reads back exactly as it was sent; NUL is refused (issue 19).
    const data = buildingDoc(0, { lone: 'x\ud800y', astral: '𝔘', quote: "'; drop table projects; --", deep: [[[{ k: -1e308 }]]] });
    const read = async () => (await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${projectId}`, headers: h })).json().data;
    const current = (await read()).version;
    expect((await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId, version: current, data } })).json().code).toBe(200);
    expect((await read()).data).toEqual(data);
    const nul = await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId, version: current + 1, data: { ...data, nul: 'a\u0000b' } } });
    expect(nul.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'data.nul' } });
    expect(await read()).toMatchObject({ version: current + 1, data });
    const list = await t.inject({ method: 'GET', url: `/api/web/project/list?name=${encodeURIComponent('\u0000')}`, headers: h });
    expect(list.json()).toMatchObject({ code: 400, data: { field: 'query' } });
  }, 240_000);
});
