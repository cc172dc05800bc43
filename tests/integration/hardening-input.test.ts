// Hostile input (issue 19): NUL in a body or a URL, JSON nested past 64 levels, numbers that overflow
// to ±Infinity, 1e308 where a size or a coordinate goes, and answers that would hold NaN answer 400
// with the envelope on every route, never a 500; design documents are checked by their schemas on
// save (the stored one unchanged on a refusal); library modules keep physical sizes and efficiency;
// screenshots are bounded in pixels by their headers before anything decodes them.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorHandler from '../../src/server/plugins/error-handler.ts';
import hostileInput, { JSON_MAX_DEPTH } from '../../src/server/plugins/hostile-input.ts';
import { describeWithDatabases } from './harness.ts';
import { buildingDoc, layoutDoc, multipartBody, newProject } from './project-helpers.ts';

const nest = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);
/** The dotted path `prefix` followed by `zeros` array indices 0. */
const zeros = (prefix: string[], n: number) => [...prefix, ...new Array<string>(n).fill('0')].join('.');

/** JSON routes of every area (the parser runs before any handler: signed in or not, the same 400). */
const JSON_ROUTES = [
  '/api/auth/login',
  '/api/auth/sms',
  '/api/web/project/new',
  '/api/web/project/update',
  '/api/web/project/LiteRe/save-data',
  '/api/web/project/save-3d-data-pro',
  '/api/web/project/array/new',
  '/api/web/project/heatmap',
  '/api/web/project/roof',
  '/api/web/project/componentConfiguration',
  '/api/web/project/calcShadowWinter',
  '/api/web/project/simulation',
  '/api/web/project/calc-best-distance',
  '/api/web/project/calc-best-dip-lite',
  '/api/web/project/weather',
  '/api/web/component/add',
  '/api/web/inverter/add',
];

/** Raw JSON bodies → the field and message of the 400. */
const HOSTILE: { body: string; field: string; msg: RegExp }[] = [
  { body: '{"name":"a\\u0000b"}', field: 'name', msg: /^name: must not contain NUL characters$/ },
  { body: '{"list":[1,{"deep":"\\u0000"}]}', field: 'list.1.deep', msg: /must not contain NUL/ },
  { body: '{"a\\u0000":1}', field: 'a\u0000', msg: /keys must not contain NUL/ },
  // the 65th level: under the body object and x, 63 arrays in
  { body: `{"x":${nest(JSON_MAX_DEPTH)}}`, field: zeros(['x'], JSON_MAX_DEPTH - 1), msg: /JSON nested deeper than 64 levels/ },
  { body: nest(5000), field: zeros([], JSON_MAX_DEPTH), msg: /JSON nested deeper than 64 levels/ },
  { body: '{"latitude":1e400}', field: 'latitude', msg: /^latitude: must be a finite number$/ },
  { body: '{"modules":[{"corners":[[0,-1e999,0]]}]}', field: 'modules.0.corners.0.1', msg: /must be a finite number/ },
];

describeWithDatabases('hostile input', (t) => {
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('NUL, nesting past 64 levels and overflowing numbers answer 400 naming the field on every JSON route', async () => {
    const { token } = await t.signUp();
    for (const url of JSON_ROUTES) {
      for (const [i, h] of HOSTILE.entries()) {
        const res = await post(url, h.body, i % 2 ? t.bearer(token) : {});
        expect(res.statusCode, `${url} ${h.body.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBe(400);
        const json = res.json();
        expect(json, url).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: h.field } });
        expect(json.msg).toMatch(h.msg);
      }
      // NaN is not JSON at all
      expect((await post(url, '{"x":NaN}')).json(), url).toMatchObject({ code: 400, data: { error: 'BAD_REQUEST' } });
    }
  }, 120_000);

  it('NUL in a query string or a path answers 400, signed in or not', async () => {
    const { token } = await t.signUp();
    for (const headers of [{}, t.bearer(token)]) {
      const q = await t.inject({ method: 'GET', url: '/api/web/project/list?name=a%00b', headers });
      expect(q.json()).toMatchObject({ code: 400, msg: 'query: must not contain NUL characters', data: { error: 'VALIDATION', field: 'query' } });
      const p = await t.inject({ method: 'GET', url: '/api/web/project/detail%00?projectId=1', headers });
      expect(p.json()).toMatchObject({ code: 400, data: { field: 'path' } });
      const share = await t.inject({ method: 'GET', url: '/api/web/project/detail-md5?shareKey=%00' });
      expect(share.statusCode).toBe(400);
    }
    // (the same request without NUL is not refused by this rule)
    expect((await t.inject({ method: 'GET', url: '/api/web/project/list?name=ab', headers: t.bearer(token) })).statusCode).toBe(200);
  });

  it('an obstacle 1e308 m high, a coordinate of 1e308 and sizes past the bounds answer 400 naming the field', async () => {
    const { token } = await t.signUp();
    const h = { ...t.bearer(token), 'content-type': 'application/json' };
    const call = (path: string, body: unknown) => t.inject({ method: 'POST', url: `/api/web/project/${path}`, headers: h, payload: JSON.stringify(body) });
    const module = { id: 'm', corners: [[0, 0, 0], [2, 0, 0], [2, 1, 0], [0, 1, 0]] };
    const times = { year: 2025, stepMinutes: 60, timezone: 8 };
    const cases: [string, unknown, string][] = [
      ['heatmap', { site: { latitude: 31, longitude: 121 }, scene: { obstacles: [{ kind: 'box', center: [5, 5], size: [2, 2], height: 1e308 }] }, modules: [module], times }, 'scene.obstacles.0.height'],
      ['heatmap', { site: { latitude: 31, longitude: 121 }, scene: { obstacles: [{ kind: 'cylinder', center: [5, 1e308], radius: 1, height: 3 }] }, modules: [module], times }, 'scene.obstacles.0.center.1'],
      ['heatmap', { site: { latitude: 31, longitude: 121 }, modules: [module], times: { sunVectors: [[1e200, 1e200, 1e200]] } }, 'times.sunVectors.0.0'],
      ['calcShadowWinter', { latitude: 31, obstacles: [{ kind: 'box', center: [0, 0], size: [1, 1], height: 1e308 }] }, 'obstacles.0.height'],
      ['calcShadowWinter', { latitude: 31, modules: [{ corners: [[0, 0, 0], [1, 0, 0], [1, 1, 1e308], [0, 1, 0]] }] }, 'modules.0.corners.2.2'],
      ['roof', { building: { id: 'b', eaveHeight: 3, outerPoints: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 1e308, y: 0 }, { id: 'c', x: 0, y: 5 }] } }, 'building.outerPoints.1.x'],
      ['roof', { building: { id: 'b', eaveHeight: 1e308, outerPoints: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 5, y: 0 }, { id: 'c', x: 0, y: 5 }] } }, 'building.eaveHeight'],
      ['componentConfiguration', { face: { vertices: [[0, 0, 0], [1e308, 0, 0], [0, 10, 0]], tilt: 0, azimuth: 180 }, module: { length: 2, width: 1, powerW: 500 }, orientation: 'portrait', mounting: { type: 'flush' } }, 'face.vertices.1.0'],
      ['componentConfiguration', { face: { vertices: [[0, 0, 0], [10, 0, 0], [0, 10, 0]], tilt: 0, azimuth: 180 }, module: { length: 2, width: 1, powerW: 1e308 }, orientation: 'portrait', mounting: { type: 'flush' } }, 'module.powerW'],
      ['simulation', { site: { latitude: 31, longitude: 121 }, arrays: [{ name: 'A', surfaceTilt: 20, surfaceAzimuth: 180, modulesPerString: 10, strings: 1, module: { model: 'pvwatts', pdc0: 1e308 } }], inverter: { model: 'pvwatts', pdc0: 5000 } }, 'arrays.0.module.pdc0'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call(path, body);
      expect(res.statusCode, `${path} → ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.json(), path).toMatchObject({ code: 400, data: { error: 'VALIDATION', field } });
    }
  });

  it('a design document is checked by its schema on save: refused with the field named, the stored one unchanged', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const save = (path: string, version: number, data: unknown) => t.inject({ method: 'POST', url: `/api/web${path}`, headers: h, payload: { projectId: id, version, data } });
    const read = async (path: string) => (await t.inject({ method: 'GET', url: `/api/web${path}?projectId=${id}`, headers: h })).json().data;

    const good = buildingDoc(1);
    expect((await save('/project/LiteRe/save-data', 0, good)).json()).toMatchObject({ code: 200, data: { version: 1 } });
    const tall = { ...good, obstacles: [{ kind: 'box', id: 'x', center: [0, 0], size: [1, 1], height: 1e308 }] };
    const bad: [unknown, string][] = [
      [tall, 'data.obstacles.0.height'],
      [{ ...good, buildings: 'many' }, 'data.buildings'],
      [{ ...good, kind: 'layout' }, 'data.kind'],
      [{ hacked: true }, 'data.kind'],
      // the 33rd level: extra and 31 arrays in
      [{ ...good, extra: JSON.parse(nest(40)) as unknown }, zeros(['data', 'extra'], 31)],
    ];
    for (const [data, field] of bad) {
      const res = await save('/project/LiteRe/save-data', 1, data);
      expect(res.json(), field).toMatchObject({ code: 400, data: { error: 'VALIDATION', field } });
    }
    expect(await read('/project/LiteRe/get-data')).toMatchObject({ version: 1, data: good });

    // the layout document: a module of 1e308 W is refused
    const layout = layoutDoc(2);
    expect((await save('/project/component-layout/save', 0, layout)).json().code).toBe(200);
    const heavy = { ...layout, module: { ...(layout.module as object), powerW: 1e308 } };
    expect((await save('/project/component-layout/save', 1, heavy)).json()).toMatchObject({ code: 400, data: { field: 'data.module.powerW' } });
    expect(await read('/project/component-layout/get')).toMatchObject({ version: 1, data: layout });

    // a document without a schema of its own: any JSON within bounds (depth 32, 600,000 items, …)
    expect((await save('/project/shadowTime/save', 0, { rate: 0.05, years: [1, 2] })).json().code).toBe(200);
    expect((await save('/project/shadowTime/save', 1, { rows: new Array(600_001).fill(0) })).json()).toMatchObject({ code: 400, data: { field: 'data.rows' } });
    expect((await save('/project/shadowTime/save', 1, { ['k'.repeat(201)]: 1 })).json()).toMatchObject({ code: 400 });
    expect(await read('/project/shadowTime')).toMatchObject({ version: 1, data: { rate: 0.05, years: [1, 2] } });

    // arrays: a placement merged into an array must leave it valid (a name of at most 100 characters)
    const arr = (await t.inject({ method: 'POST', url: '/api/web/project/array/new', headers: h, payload: { projectId: id, array: { name: 'South' } } })).json().data.array;
    const placed = await t.inject({ method: 'POST', url: '/api/web/project/array/update-all-array-placement', headers: h, payload: { projectId: id, placements: [{ id: arr.id, name: 'x'.repeat(101) }] } });
    expect(placed.json()).toMatchObject({ code: 400, data: { field: 'data.0.name' } });
    expect((await read('/project/array/detail-list')).list).toEqual([arr]);
  });

  it('library modules: sides in mm between 100 and 5000, efficiency at most 30 %', async () => {
    const { token } = await t.signUp();
    const add = (module: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/component/add', headers: t.bearer(token), payload: module });
    const module = { manufacturer: 'M', model: 'X', moduleType: 'mono', pmax: 550, vmp: 41.95, imp: 13.12, voc: 49.8, isc: 13.98, length: 2256, width: 1133, cellsInSeries: 72, maxSystemVoltage: 1500, tempCoeffIsc: 0.048, tempCoeffVoc: -0.27, tempCoeffPmax: -0.35 };
    expect((await add(module)).json().code).toBe(200);
    // metres typed where mm are due
    expect((await add({ ...module, model: 'Y', length: 2.256 })).json()).toMatchObject({ code: 400, msg: 'length: Module length and width are in mm, between 100 and 5000', data: { field: 'length' } });
    expect((await add({ ...module, model: 'Y', width: 11330 })).json()).toMatchObject({ code: 400, data: { field: 'width' } });
    // 550 W on 1 m × 1 m: 55 %
    const small = await add({ ...module, model: 'Z', length: 1000, width: 1000 });
    expect(small.json()).toMatchObject({ code: 400, data: { field: 'pmax' } });
    expect(small.json().msg).toContain('must not exceed 30 %');
    expect((await add({ ...module, model: 'W', efficiency: 45 })).json()).toMatchObject({ code: 400, data: { field: 'efficiency' } });
  });

  it('screenshots: the pixel size in the header is bounded before anything decodes the image', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const upload = (name: string, bytes: Buffer) => {
      const m = multipartBody([{ name, bytes }]);
      return t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: { ...t.bearer(token), ...m.headers }, payload: m.payload });
    };
    // 20,000 × 20,000 px in a 57-byte file: 1.6 GB once decoded
    const bomb = await upload('bomb.png', pngHeader(20_000, 20_000));
    expect(bomb.json()).toMatchObject({ code: 400, data: { error: 'UPLOAD_FAILED', field: 'file' } });
    expect(bomb.json().msg).toContain('the image is 20000 × 20000 px; at most 16384 px a side and 40 million pixels');
    expect((await upload('wide.png', pngHeader(10_000, 5_000))).json()).toMatchObject({ code: 400, data: { error: 'UPLOAD_FAILED' } });
    expect((await upload('vp8x.webp', webpVp8x(16_384, 16_384))).json()).toMatchObject({ code: 400, data: { error: 'UPLOAD_FAILED' } });
    // a JPEG without a frame header: its size cannot be read, so it is not taken
    const damaged = await upload('d.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0]), Buffer.alloc(50, 0)]));
    expect(damaged.json().msg).toContain('header is damaged');
    // within the limits: taken
    expect((await upload('ok.png', pngHeader(1200, 1200))).json().code).toBe(200);
    expect((await upload('ok.webp', webpVp8x(6000, 6000))).json().code).toBe(200);
    expect((await upload('ok-lossless.webp', webpVp8l(800, 600))).json().code).toBe(200);
  });
});

/** A PNG signature and IHDR chunk (width, height), then IEND: all a header reader needs. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

/** A WebP with an extended header (VP8X) of the given canvas size (RFC 9649 §2.7). */
function webpVp8x(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

/** A lossless WebP header (VP8L, RFC 9649 §3.2.1). */
function webpVp8l(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8L', 8, 'latin1');
  b.writeUInt32LE(5, 16);
  b[20] = 0x2f;
  b.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return b;
}

describe('answers that would hold NaN or ±Infinity', () => {
  it('answer 400 RESULT_NOT_FINITE naming where, not a 500; a depth of exactly 64 is accepted', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(hostileInput);
    app.get('/nan', async () => ({ code: 200, data: { modules: [{ beamShading: 0.1 }, { beamShading: NaN }] } }));
    app.get('/inf', async () => ({ code: 200, data: { capacityKw: Infinity } }));
    app.get('/fine', async () => ({ code: 200, data: { x: 1e308 } }));
    app.post('/echo', async (req) => ({ ok: true, body: req.body }));
    const nan = await app.inject({ method: 'GET', url: '/nan' });
    expect(nan.statusCode).toBe(400);
    expect(nan.json()).toEqual({
      code: 400,
      msg: 'The input leads to a result that is not a finite number (data.modules.1.beamShading): check its sizes and coordinates',
      data: { error: 'RESULT_NOT_FINITE' },
    });
    expect((await app.inject({ method: 'GET', url: '/inf' })).json()).toMatchObject({ code: 400, data: { error: 'RESULT_NOT_FINITE' } });
    expect((await app.inject({ method: 'GET', url: '/fine' })).json()).toEqual({ code: 200, data: { x: 1e308 } });
    const echo = (body: string) => app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: body });
    expect((await echo(nest(64))).statusCode).toBe(200);
    expect((await echo(nest(65))).statusCode).toBe(400);
    // prototype poisoning is still refused by Fastify's own parser
    expect((await echo('{"__proto__":{"x":1}}')).statusCode).toBe(400);
    await app.close();
  });
});
