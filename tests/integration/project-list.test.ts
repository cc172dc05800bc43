// The project list as the database writes it (spec 001 §2 "Home and project list", §3 "Project
// (list-level)"): the answer's data comes as JSON text from PostgreSQL and is sent without a check
// per call (src/server/projects/rows.ts listStatement), so these tests hold it to the response
// schema and to the detail of every project (summaryOf, the reference for the summary fields). And
// the session cache of the signed-in calls (src/server/accounts/sessions.ts): a session ended in
// this process ends at once, however recently it was looked up.
import { expect, it, vi } from 'vitest';
import { envelope } from '../../src/model/api/envelope.ts';
import { projectListSchema, projectSummarySchema } from '../../src/model/api/projects.ts';
import { DAY } from '../../src/server/clock.ts';
import { describeWithDatabases } from './harness.ts';
import { multipartBody, newProject, PNG_1PX } from './project-helpers.ts';

const SUMMARY_KEYS = Object.keys(projectSummarySchema.shape).sort();

describeWithDatabases('project list', (t) => {
  it('every entry is the summary part of its project’s detail, and the answer matches its schema', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const ids: number[] = [];
    // Names with quotes, backslashes, CJK and emoji; every optional field set on one project, none on another.
    ids.push(await newProject(t, token, { name: 'Plain' }));
    t.clock.advance(1234);
    ids.push(
      await newProject(t, token, {
        name: 'Roof "A" \\ 屋顶 ☀️',
        company: 'Co "X"',
        address: 'No. 1 Road',
        province: 'Zhejiang',
        city: 'Hangzhou',
        location: '120.123456789,30.987654321',
        capacity: 12.5,
        maxCapacity: 20.25,
        gridType: '380V',
        powerStationType: 'COMMERCIAL',
        reOrAiom: 'AIOM',
      }),
    );
    t.clock.advance(1);
    const copy = await t.inject({ method: 'POST', url: '/api/web/project/copyProject', headers: h, payload: { projectId: ids[0] } });
    ids.push(copy.json().data.projectId as number);
    // A screenshot makes the thumbnail; a name makes the creator (otherwise the masked phone).
    const m = multipartBody([{ name: 'a.png', bytes: PNG_1PX }]);
    const shot = await t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${ids[1]}`, headers: { ...h, ...m.headers }, payload: m.payload });
    expect(shot.json().code).toBe(200);
    const answer = await t.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=10', headers: h });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = answer.json();
    expect(envelope(projectListSchema).safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ code: 200, msg: 'ok', data: { total: 3, page: 1, size: 10 } });
    expect(body.data.list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[2], ids[1], ids[0]]);
    for (const entry of body.data.list as Array<Record<string, unknown>>) {
      expect(Object.keys(entry).sort()).toEqual(SUMMARY_KEYS);
      const detail = (await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${entry.projectId}`, headers: h })).json().data;
      expect(entry).toEqual(Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])));
    }
    const withShot = body.data.list[1];
    expect(withShot).toMatchObject({ name: 'Roof "A" \\ 屋顶 ☀️', lat: 30.987654321, lng: 120.123456789, capacity: 12.5, maxCapacity: 20.25 });
    expect(withShot.thumbnailUrl).toBe(shot.json().data.list[0].url);
    expect(body.data.list[0]).toMatchObject({ projectType: 'copy', thumbnailUrl: null, creator: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });

    await t.inject({ method: 'POST', url: '/api/user/user-detail/updateUserInfo', headers: h, payload: { name: 'Li Lei' } });
    const named = (await t.inject({ method: 'GET', url: '/api/web/project/list?size=1', headers: h })).json();
    expect(named.data.list[0]).toMatchObject({ creator: 'Li Lei', updater: 'Li Lei' });

    // The entries are stored with the rows (migration 0007): after a project's change, the screenshot's
    // removal (a change of its project too) and a new name, every entry is still its project's detail,
    // in the new order.
    t.clock.advance(1);
    await t.inject({ method: 'POST', url: '/api/web/project/update', headers: h, payload: { projectId: ids[0], name: 'Renamed', capacity: 33 } });
    t.clock.advance(1);
    const gone = await t.inject({ method: 'POST', url: '/api/web/project/screenshots/delete', headers: h, payload: { projectId: ids[1], id: shot.json().data.list[0].id } });
    expect(gone.json().code).toBe(200);
    await t.inject({ method: 'POST', url: '/api/user/user-detail/updateUserInfo', headers: h, payload: { name: 'Han Meimei' } });
    const after = (await t.inject({ method: 'GET', url: '/api/web/project/list', headers: h })).json();
    expect(after.data.list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[1], ids[0], ids[2]]);
    expect(after.data.list[1]).toMatchObject({ name: 'Renamed', capacity: 33, creator: 'Han Meimei', updater: 'Han Meimei' });
    expect(after.data.list[0]).toMatchObject({ thumbnailUrl: null, creator: 'Han Meimei' });
    for (const entry of after.data.list as Array<Record<string, unknown>>) {
      const detail = (await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${entry.projectId}`, headers: h })).json().data;
      expect(entry).toEqual(Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])));
    }
    // A page past the end still has the total.
    const past = (await t.inject({ method: 'GET', url: '/api/web/project/list?page=9&size=2', headers: h })).json();
    expect(past).toEqual({ code: 200, msg: 'ok', data: { total: 3, page: 9, size: 2, list: [] } });
    expect(envelope(projectListSchema).safeParse(past).success).toBe(true);
  });

  it('a session ended in this process answers 401 or 403 on the very next call, cached or not', async () => {
    const list = (token: string) => t.inject({ method: 'GET', url: '/api/web/project/list', headers: t.bearer(token) });
    // Logout.
    const a = await t.signUp();
    expect((await list(a.token)).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/api/auth/exit', headers: t.bearer(a.token) });
    expect((await list(a.token)).statusCode).toBe(401);
    // A disabled account.
    const b = await t.signUp();
    expect((await list(b.token)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', b.userId).execute();
    expect((await list(b.token)).statusCode).toBe(403);
    // Every session of the user revoked (as a password change or reset does).
    const c = await t.signUp();
    expect((await list(c.token)).statusCode).toBe(200);
    await t.app.services.sessions.revokeAll(c.userId, 'test');
    expect((await list(c.token)).statusCode).toBe(401);
    // Expiry after 7 days, checked against the clock on every call.
    const d = await t.signUp();
    expect((await list(d.token)).statusCode).toBe(200);
    t.clock.advance(7 * DAY + 1000);
    expect((await list(d.token)).statusCode).toBe(401);
  });

  it('calls that miss the session cache together share one database read', async () => {
    const { token, userId } = await t.signUp();
    // Any write to users drops the cache: the next calls all miss it at once, as when a busy token's entry ages out.
    await t.db.updateTable('users').set({ nick_name: 'n' }).where('id', '=', userId).execute();
    const selectFrom = vi.spyOn(t.db, 'selectFrom');
    try {
      const found = await Promise.all(Array.from({ length: 20 }, () => t.app.services.sessions.lookup(token)));
      expect(found.every((f) => f?.user.id === userId)).toBe(true);
      expect(selectFrom.mock.calls.filter(([from]) => from === 'sessions as s')).toHaveLength(1);
    } finally {
      selectFrom.mockRestore();
    }
  });
});
