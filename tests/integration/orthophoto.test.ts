// A project's drone orthophoto (issue 7): one PNG or JPEG per upload, recognised by its bytes (not its
// name or declared type), its pixel size read from the header (PNG IHDR, ISO/IEC 15948 §11.2.2; JPEG
// frame header, ITU-T T.81 §B.2.2) and answered with a new id; the image served back byte for byte to
// the owner and to a share-key holder, to nobody else; refusals in the envelope.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { png as solidPng } from '../fixtures/png.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { multipartBody, newProject } from './project-helpers.ts';

/** A complete truecolour PNG of width × height grey pixels (tests/fixtures/png.ts). */
const png = (width: number, height: number): Buffer => solidPng(width, height, [0x80, 0x80, 0x80]);

/**
 * A baseline JPEG's markers up to its frame header: SOI, an APP0 JFIF segment (skipped by its
 * length), fill bytes, SOF0 for `width` × `height` with 3 components, then EOI (T.81 §B.2.2 layout:
 * FF C0, Lf = 17, P = 8, Y, X, Nf = 3, 3 × (C, H·V, Tq)). The server reads headers only.
 */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff]), sof0, Buffer.from([0xff, 0xd9])]);
}

function upload(t: TestApp, token: string | null, projectId: number, files: Array<{ name: string; bytes: Buffer; type?: string }>, path = 'orthophoto') {
  const m = multipartBody(files);
  const headers = token ? { ...t.bearer(token), ...m.headers } : m.headers;
  return t.inject({ method: 'POST', url: `/api/web/project/${path}?projectId=${projectId}`, headers, payload: m.payload });
}

describeWithDatabases('orthophoto', (t) => {
  it('uploads a PNG, answers its id and pixel size, and serves the same bytes back as image/png', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const image = png(3, 2);
    const res = await upload(t, token, id, [{ name: 'site.png', bytes: image, type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'Upload succeeded', data: { widthPx: 3, heightPx: 2 } });
    expect(body.data.id).toMatch(/^[0-9a-f]{32}$/);

    const file = await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${id}&id=${body.data.id}`, headers: t.bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(image)).toBe(true);

    // A second upload is a new image; the first one stays (undo may bring its placement back).
    const second = (await upload(t, token, id, [{ name: 'site.png', bytes: png(5, 7) }])).json();
    expect(second.data).toMatchObject({ widthPx: 5, heightPx: 7 });
    expect(second.data.id).not.toBe(body.data.id);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${id}&id=${body.data.id}`, headers: t.bearer(token) })).statusCode).toBe(200);
  });

  it('a copied project has its own orthophotos (same ids); deleting a project removes its images', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const image = png(4, 4);
    const photo = (await upload(t, token, id, [{ name: 'site.png', bytes: image }])).json().data.id as string;
    const fileOf = (projectId: number) => t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${projectId}&id=${photo}`, headers: h });

    const copy = (await t.inject({ method: 'POST', url: '/api/web/project/copyProject', headers: h, payload: { projectId: id } })).json().data.projectId as number;
    expect(copy).not.toBe(id);
    const copied = await fileOf(copy);
    expect(copied.statusCode).toBe(200);
    expect(copied.rawPayload.equals(image)).toBe(true);

    expect((await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: h, payload: { projectId: id } })).json().code).toBe(200);
    const blobDir = t.app.config.blobDir;
    expect(existsSync(join(blobDir, 'orthophotos', String(id), photo))).toBe(false);
    // The copy keeps its own image.
    expect((await fileOf(copy)).statusCode).toBe(200);
    expect(existsSync(join(blobDir, 'orthophotos', String(copy), photo))).toBe(true);
  });

  it('reads a JPEG’s size from its frame header whatever the file is called', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const image = jpegHeader(640, 480);
    const res = (await upload(t, token, id, [{ name: 'photo.bin', bytes: image, type: 'application/octet-stream' }])).json();
    expect(res).toMatchObject({ code: 200, data: { widthPx: 640, heightPx: 480 } });
    const file = await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${id}&id=${res.data.id}`, headers: t.bearer(token) });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(image)).toBe(true);
  });

  it('refuses what is not a readable PNG or JPEG, in the envelope with a reason', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const html = await upload(t, token, id, [{ name: 'x.png', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png' }]);
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ code: 400, msg: 'Upload failure! only PNG or JPEG images can be used as an orthophoto', data: { field: 'file', error: 'UPLOAD_FAILED' } });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(28)]);
    expect((await upload(t, token, id, [{ name: 'x.webp', bytes: webp }])).json().msg).toBe('Upload failure! only PNG or JPEG images can be used as an orthophoto');
    // A PNG signature with no IHDR after it has no size to read.
    const headless = await upload(t, token, id, [{ name: 'x.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) }]);
    expect(headless.json()).toMatchObject({ code: 400, msg: 'Upload failure! the PNG header is damaged (no image size in it)' });
    // A JPEG whose scan starts before any frame header.
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
    expect((await upload(t, token, id, [{ name: 'x.jpg', bytes: noFrame }])).json().msg).toBe('Upload failure! the JPEG header is damaged (no image size in it)');
    // Longer than a WebGL texture can be on common GPUs (ORTHOPHOTO_LIMITS.maxSidePx = 8192).
    const wide = await upload(t, token, id, [{ name: 'wide.jpg', bytes: jpegHeader(9000, 100) }]);
    expect(wide.json()).toMatchObject({ code: 400, msg: 'Upload failure! the image is 9000 × 100 px; its longer side may be at most 8192 px' });
    const two = await upload(t, token, id, [{ name: 'a.png', bytes: png(1, 1) }, { name: 'b.png', bytes: png(1, 1) }]);
    expect(two.json()).toMatchObject({ code: 400, msg: 'Upload failure! send one image at a time' });
    expect((await upload(t, token, id, [])).json()).toMatchObject({ code: 400, msg: 'Upload failure! no file was sent' });
    const json = await t.inject({ method: 'POST', url: `/api/web/project/orthophoto?projectId=${id}`, headers: t.bearer(token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses an image over 50 MB', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const big = Buffer.concat([png(1, 1), Buffer.alloc(50 * 1024 * 1024)]);
    const res = await upload(t, token, id, [{ name: 'big.png', bytes: big }]);
    expect(res.json()).toMatchObject({ code: 400, msg: 'Upload failure! each file must be at most 50 MB' });
  });

  it('without a session answers 401; another user gets 404; a share key of the project reads it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = await newProject(t, a.token);
    const image = png(2, 2);
    const photo = (await upload(t, a.token, id, [{ name: 'a.png', bytes: image }])).json().data;
    const url = `/api/web/project/orthophoto/file?projectId=${id}&id=${photo.id}`;

    const anonymous = await upload(t, null, id, [{ name: 'a.png', bytes: image }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(401);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);

    expect((await t.inject({ method: 'GET', url, headers: t.bearer(b.token) })).statusCode).toBe(404);
    expect((await upload(t, b.token, id, [{ name: 'a.png', bytes: image }])).statusCode).toBe(404);
    // b's own project does not open a's image either.
    const other = await newProject(t, b.token);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${other}&id=${photo.id}`, headers: t.bearer(b.token) })).statusCode).toBe(404);
    // An id that is not one the server makes is refused before any file is looked for.
    const bad = await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${id}&id=..%2F..%2Fetc`, headers: t.bearer(a.token) });
    expect(bad.statusCode).toBe(400);

    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: t.bearer(a.token), payload: { projectId: id, days: 1 } })).json().data.shareKey;
    const shared = await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file-md5?shareKey=${key}&id=${photo.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload.equals(image)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file-md5?shareKey=${'0'.repeat(32)}&id=${photo.id}` })).statusCode).toBe(404);
  });

  it('answers the spec’s names: upload-orthograph, getOrthograph, orthographData (the placement), deleteOrthograph', async () => {
    const { token } = await t.signUp();
    const id = await newProject(t, token);
    const h = t.bearer(token);
    const image = png(4, 4);
    const up = (await upload(t, token, id, [{ name: 'o.png', bytes: image }], 'upload-orthograph')).json();
    expect(up).toMatchObject({ code: 200, data: { widthPx: 4, heightPx: 4 } });
    const got = await t.inject({ method: 'GET', url: `/api/web/project/getOrthograph?projectId=${id}&id=${up.data.id}`, headers: h });
    expect(got.rawPayload.equals(image)).toBe(true);

    const data = async () => (await t.inject({ method: 'GET', url: `/api/web/project/orthographData?projectId=${id}`, headers: h })).json().data;
    expect(await data()).toBeNull();
    const placement = { id: up.data.id, widthPx: 4, heightPx: 4, centerX: 1.5, centerY: -2, metresPerPixel: 0.05, rotation: 15 };
    const doc = { kind: 'building', version: 1, origin: { lat: 31.2, lng: 121.5 }, map: { base: 'orthophoto', orthophoto: placement }, buildings: [], obstacles: [] };
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: id, version: 0, data: doc } });
    expect(await data()).toEqual(placement);

    const del = (body: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/project/deleteOrthograph', headers: h, payload: body });
    expect((await del({ projectId: id, id: up.data.id })).json()).toMatchObject({ code: 200 });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/getOrthograph?projectId=${id}&id=${up.data.id}`, headers: h })).statusCode).toBe(404);
    expect((await del({ projectId: id, id: up.data.id })).statusCode).toBe(404);
    expect((await del({ projectId: id, id: 'not-hex' })).json()).toMatchObject({ code: 400, data: { field: 'id' } });
    // Another user cannot delete it (their own session, this project id: 404 like a missing project).
    const other = await t.signUp();
    const up2 = (await upload(t, token, id, [{ name: 'o.png', bytes: image }])).json();
    expect((await t.inject({ method: 'POST', url: '/api/web/project/deleteOrthograph', headers: t.bearer(other.token), payload: { projectId: id, id: up2.data.id } })).statusCode).toBe(404);
  });
});
