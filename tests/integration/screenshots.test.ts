// Project screenshots (spec 000 §5 'Upload a maximum of 6 screenshots!', §9; spec 001 §5): images
// recognised by magic bytes (not by name or declared type), at most 5 MB each, 6 per project, bytes
// in the blob store (DATA_DIR/blobs by default; a temp folder in tests), deleted with the project.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { multipartBody, newProject, PNG_1PX } from './project-helpers.ts';

/** A JPEG header: SOI, then a baseline frame header (SOF0) of 16 × 16 px (ITU T.81 §B.2.2). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03]), Buffer.alloc(100, 7)]);
/** A lossy WebP header: VP8 chunk, frame tag, start code 9D 01 2A, 16 × 16 px (RFC 6386 §9.1). */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.from([20, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 16, 0, 16, 0]), Buffer.alloc(18)]);

describeWithDatabases('screenshots', (t) => {
  it('uploads PNG, JPEG and WebP; lists, serves and deletes them; at most 6', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const upload = (files: Array<{ name: string; bytes: Buffer; type?: string }>) => {
      const m = multipartBody(files);
      return t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: { ...h, ...m.headers }, payload: m.payload });
    };
    const first = await upload([{ name: 'a.png', bytes: PNG_1PX }, { name: 'b.jpg', bytes: JPEG }]);
    expect(first.json()).toMatchObject({ code: 200, msg: 'Upload succeeded', data: { max: 6 } });
    expect(first.json().data.list.map((s: { contentType: string }) => s.contentType)).toEqual(['image/png', 'image/jpeg']);
    const shot = first.json().data.list[0];
    const img = await t.inject({ method: 'GET', url: shot.url, headers: h });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
    // The thumbnail of the list is the first screenshot.
    expect((await t.inject({ method: 'GET', url: '/api/web/project/list', headers: h })).json().data.list[0].thumbnailUrl).toBe(shot.url);

    expect((await upload([{ name: 'c.webp', bytes: WEBP }, { name: 'd.png', bytes: PNG_1PX }, { name: 'e.png', bytes: PNG_1PX }])).json().data.list).toHaveLength(5);
    const tooMany = await upload([{ name: 'f.png', bytes: PNG_1PX }, { name: 'g.png', bytes: PNG_1PX }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 400, msg: 'Upload a maximum of 6 screenshots!' });
    expect((await upload([{ name: 'f.png', bytes: PNG_1PX }])).json().data.list).toHaveLength(6);
    expect((await upload([{ name: 'h.png', bytes: PNG_1PX }])).json().msg).toBe('Upload a maximum of 6 screenshots!');

    const del = await t.inject({ method: 'POST', url: '/api/web/project/screenshots/delete', headers: h, payload: { projectId: id, id: shot.id } });
    expect(del.json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: shot.url, headers: h })).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: `/api/web/project/screenshots?projectId=${id}`, headers: h })).json().data.list;
    expect(list).toHaveLength(5);
  });

  it('refuses files that are not images whatever their name or type, and images over 5 MB', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const upload = (bytes: Buffer, name: string, type: string) => {
      const m = multipartBody([{ name, bytes, type }]);
      return t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: { ...h, ...m.headers }, payload: m.payload });
    };
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png');
    expect(html.json()).toMatchObject({ code: 400, msg: 'Upload failure! only PNG, JPEG or WebP images can be uploaded', data: { field: 'file' } });
    const gif = await upload(Buffer.from('GIF89a....'), 'x.gif', 'image/gif');
    expect(gif.json().data.error).toBe('UPLOAD_FAILED');
    const big = await upload(Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(big.json()).toMatchObject({ code: 400, msg: 'Upload failure! each file must be at most 5 MB' });
    const json = await t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: h, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/screenshots?projectId=${id}`, headers: h })).json().data.list).toEqual([]);
  });

  it('another user cannot list, read, add or delete them; a share key reads them; deleting the project removes the files', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = await newProject(t, a.token);
    const m = multipartBody([{ name: 'a.png', bytes: PNG_1PX }]);
    const shot = (await t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: { ...t.bearer(a.token), ...m.headers }, payload: m.payload })).json().data.list[0];
    const hb = t.bearer(b.token);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/screenshots?projectId=${id}`, headers: hb })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: shot.url, headers: hb })).statusCode).toBe(404);
    const m2 = multipartBody([{ name: 'x.png', bytes: PNG_1PX }]);
    expect((await t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${id}`, headers: { ...hb, ...m2.headers }, payload: m2.payload })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/screenshots/delete', headers: hb, payload: { projectId: id, id: shot.id } })).statusCode).toBe(404);

    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: t.bearer(a.token), payload: { projectId: id, days: 1 } })).json().data.shareKey;
    const shared = (await t.inject({ method: 'GET', url: `/api/web/project/screenshots-md5?shareKey=${key}` })).json().data.list;
    expect(shared).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: shared[0].url })).rawPayload.equals(PNG_1PX)).toBe(true);

    const row = await t.db.selectFrom('project_screenshots').select('blob_key').where('id', '=', shot.id).executeTakeFirstOrThrow();
    const file = join(t.app.config.blobDir, row.blob_key);
    expect(existsSync(file)).toBe(true);
    await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: t.bearer(a.token), payload: { projectId: id } });
    expect(existsSync(file)).toBe(false);
  });
});
