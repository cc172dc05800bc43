// The report files through the API (issue 17 §2, §4): each format answered with its MIME type, its
// file signature and a Content-Disposition naming it — the report generated first when there is none
// or it is stale — for the owner (report/file, get-zx-pdf) and for a visitor with a share key (the
// -md5 twins), refused once the share has ended. The files' contents are the writers' tests'.
import { expect, it } from 'vitest';
import { libraryId, placedProject, STP10 } from './electrical-fixture.ts';
import { describeWithDatabases } from './harness.ts';

/** Each format: its MIME type and the first bytes of its files (PDF, ZIP of OOXML, DXF's group code 0, GLB). */
const FORMATS = {
  pdf: { mime: 'application/pdf', magic: '%PDF' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: 'PK' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: 'PK' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: 'PK' },
  dxf: { mime: 'application/dxf', magic: '0' },
  gltf: { mime: 'model/gltf-binary', magic: 'glTF' },
} as const;

describeWithDatabases('report: the files', (t) => {
  it('answers every format with its MIME type, for the owner and a share visitor', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token, { name: 'Files roof', lat: 31.23, lng: 121.47 });
    const stp = await libraryId(t, token, 'inverter', STP10);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().code).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers: h, payload: { projectId: id } })).json().code).toBe(200);

    for (const [format, f] of Object.entries(FORMATS)) {
      const res = await t.inject({ method: 'GET', url: `/api/web/project/report/file?projectId=${id}&format=${format}&kind=design&lang=zh`, headers: h });
      expect(res.statusCode, `${format}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toContain(f.mime);
      expect(res.rawPayload.subarray(0, f.magic.length).toString('latin1').trim()).toBe(f.magic);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="Files roof - design\\.(${format}|glb)"`));
    }
    // Made on the first file, ready since.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report?projectId=${id}`, headers: h })).json().data).toMatchObject({ status: 'ready', stale: false });
    const pdf = await t.inject({ method: 'GET', url: `/api/web/project/get-zx-pdf?projectId=${id}&kind=design&lang=en`, headers: h });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // A bad format names the field; another user's project is not found.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report/file?projectId=${id}&format=svg`, headers: h })).json()).toMatchObject({ code: 400, data: { field: 'format' } });
    const other = await t.signUp();
    expect((await t.inject({ method: 'GET', url: `/api/web/project/report/file?projectId=${id}&format=pdf`, headers: t.bearer(other.token) })).statusCode).toBe(404);

    // A visitor with a report share key.
    const link = (await t.inject({ method: 'POST', url: '/api/web/project/share/report/url', headers: h, payload: { projectId: id, days: 3 } })).json().data;
    const shared = await t.inject({ method: 'GET', url: `/api/web/project/get-zx-pdf-md5?shareKey=${link.shareKey}&kind=design&lang=zh` });
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const xlsx = await t.inject({ method: 'GET', url: `/api/web/project/report/file-md5?shareKey=${link.shareKey}&format=xlsx` });
    expect(xlsx.headers['content-type']).toContain(FORMATS.xlsx.mime);
    t.clock.advance(3 * 86_400_000);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/get-zx-pdf-md5?shareKey=${link.shareKey}` })).statusCode).toBe(410);
  }, 180_000);
});
