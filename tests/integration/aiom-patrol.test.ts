// O&M patrol (issue 21 §6): inspection tasks — create with a checklist and an assignee, list by
// status, tick items and move the status, add a photo (blob store) and read it back, delete; an
// assignee outside the plant and another user's calls are refused; bad input names its field.
import { expect, it } from 'vitest';
import { aiomPlant, grantAiom } from './aiom-fixture.ts';
import { joinedMember, makeOrg } from './enterprise-helpers.ts';
import { describeWithDatabases, type SignedIn, type TestApp } from './harness.ts';
import { multipartBody, PNG_1PX } from './project-helpers.ts';

const plantOf = (t: TestApp, signedIn?: SignedIn) => aiomPlant(t, { name: 'Patrol roof' }, signedIn);

describeWithDatabases('O&M patrol', (t) => {
  it('creates, lists, updates, photographs and deletes an inspection task', async () => {
    const p = await plantOf(t);
    const h = t.bearer(p.token);
    const created = await t.inject({
      method: 'POST',
      url: '/api/web/aiom/patrol/create',
      headers: h,
      payload: { projectId: p.plantId, title: 'Quarterly inspection', checklist: [{ text: 'Clean the sensor' }, { text: 'Check string fuses' }], assigneeUserId: p.userId, dueDate: '2026-08-01', notes: 'Bring the IR camera' },
    });
    expect(created.json()).toMatchObject({
      code: 200,
      data: { projectId: p.plantId, title: 'Quarterly inspection', status: 'open', assigneeUserId: p.userId, dueDate: '2026-08-01', checklist: [{ text: 'Clean the sensor', done: false }, { text: 'Check string fuses', done: false }], photos: [] },
    });
    const id = created.json().data.id as number;
    await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/create', headers: h, payload: { projectId: p.plantId, title: 'Done already', status: 'done' } });

    const open = (await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/list?projectId=${p.plantId}&status=open`, headers: h })).json().data;
    expect(open).toMatchObject({ total: 1, list: [{ id }] });
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/list?projectId=${p.plantId}`, headers: h })).json().data.total).toBe(2);

    const upd = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/update', headers: h, payload: { id, status: 'inProgress', checklist: [{ text: 'Clean the sensor', done: true }, { text: 'Check string fuses', done: false }] } });
    expect(upd.json().data).toMatchObject({ status: 'inProgress', title: 'Quarterly inspection', checklist: [{ done: true }, { done: false }] });

    const mp = multipartBody([{ name: 'roof.png', bytes: PNG_1PX, type: 'image/png' }]);
    const photo = await t.inject({ method: 'POST', url: `/api/web/aiom/patrol/photo?id=${id}`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(photo.json()).toMatchObject({ code: 200, data: { photos: [{ name: 'roof.png', contentType: 'image/png', size: PNG_1PX.length }] } });
    const photoId = photo.json().data.photos[0].id as string;
    const img = await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/photo?id=${id}&photoId=${photoId}`, headers: h });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG_1PX)).toBe(0);
    const notImage = multipartBody([{ name: 'x.txt', bytes: Buffer.from('hello') }]);
    const refused = await t.inject({ method: 'POST', url: `/api/web/aiom/patrol/photo?id=${id}`, headers: { ...h, ...notImage.headers }, payload: notImage.payload });
    expect(refused.statusCode).toBe(400);

    // Another user (with the licence) sees nothing of it.
    const other = await plantOf(t);
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/get?id=${id}`, headers: t.bearer(other.token) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/delete', headers: t.bearer(other.token), payload: { id } })).statusCode).toBe(404);
    // An assignee who is neither the owner nor a member of the plant's enterprise.
    const stranger = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/update', headers: h, payload: { id, assigneeUserId: other.userId } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().data.field).toBe('assigneeUserId');
    const badStatus = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/create', headers: h, payload: { projectId: p.plantId, title: 'x', status: 'closed' } });
    expect(badStatus.json().data.field).toBe('status');
    const noTitle = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/create', headers: h, payload: { projectId: p.plantId, title: '  ' } });
    expect(noTitle.json().data.field).toBe('title');

    const del = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/delete', headers: h, payload: { id } });
    expect(del.json()).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/get?id=${id}`, headers: h })).statusCode).toBe(404);
    expect(await t.app.services.blobs.list(`aiom-patrol/${p.plantId}/${id}`)).toEqual([]);
  });

  it('lets an enterprise member be the assignee, and open the plant once granted', async () => {
    const org = await makeOrg(t, 'O&M crew');
    const p = await plantOf(t, org.owner);
    await t.db.insertInto('enterprise_projects').values({ project_id: p.plantId, enterprise_id: org.enterpriseId, created_by: p.userId, created_at: t.clock.now() }).execute();
    const member = await joinedMember(t, org);
    await grantAiom(t, member.userId);
    const task = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/create', headers: t.bearer(p.token), payload: { projectId: p.plantId, title: 'Inverter room', assigneeUserId: member.userId } });
    expect(task.json()).toMatchObject({ code: 200, data: { assigneeUserId: member.userId } });
    expect(task.json().data.assigneeName).toBeTruthy();
    // Not granted: the member cannot open the plant.
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/list?projectId=${p.plantId}`, headers: t.bearer(member.token) })).statusCode).toBe(404);
    await t.db.insertInto('enterprise_project_grants').values({ project_id: p.plantId, user_id: member.userId, enterprise_id: org.enterpriseId, granted_by: p.userId, created_at: t.clock.now() }).execute();
    const seen = await t.inject({ method: 'GET', url: `/api/web/aiom/patrol/list?projectId=${p.plantId}`, headers: t.bearer(member.token) });
    expect(seen.json()).toMatchObject({ code: 200, data: { total: 1, list: [{ title: 'Inverter room' }] } });
    const done = await t.inject({ method: 'POST', url: '/api/web/aiom/patrol/update', headers: t.bearer(member.token), payload: { id: task.json().data.id, status: 'done' } });
    expect(done.json().data.status).toBe('done');
  });
});
