// Sharing (spec 000 §6 "Users opening a share link see the shared project … without logging in";
// spec 001 §3 Share validity 1/3/7/30 days, §4 "the link for a copyable shared project is valid for 2
// hours", §9): public reads with the key until expiry, the copyable link and the copy into one's own
// account, expiry by the clock, and key tampering (altered keys, a key with another project's id).
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { buildingDoc, layoutDoc, newProject } from './project-helpers.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describeWithDatabases('sharing', (t) => {
  it('a share link opens the project without signing in until it expires (1/3/7/30 days)', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token, { name: 'Shared roof' });
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: id, version: 0, data: buildingDoc(0, { faces: 2 }) } });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 2 } })).json()).toMatchObject({
      code: 400,
      msg: 'days: The validity must be 1, 3, 7 or 30 days',
    });
    const share = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 3 } })).json().data;
    expect(share.shareKey).toMatch(/^[0-9a-f]{32}$/);
    expect(share).toMatchObject({ kind: 'view', url: `${t.app.config.publicUrl}/home/shareProject?shareKey=${share.shareKey}` });
    expect(Date.parse(share.expiresAt) - t.clock.now().getTime()).toBe(3 * DAY);

    const key = share.shareKey as string;
    const who = await t.inject({ method: 'GET', url: `/api/web/project/share/get/user?shareKey=${key}` });
    expect(who.json()).toMatchObject({ code: 200, data: { project: { projectId: id, name: 'Shared roof' }, kind: 'view', copyable: false } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${key}` })).json().data.name).toBe('Shared roof');
    expect((await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data-md5?shareKey=${key}` })).json().data).toMatchObject({ version: 1, data: { faces: 2 } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/overview-md5?shareKey=${key}` })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/array/detail-list-md5?shareKey=${key}` })).json().data.list).toEqual([]);

    t.clock.advance(3 * DAY - 1000);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${key}` })).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${key}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 410, msg: 'The share link has expired', data: { error: 'SHARE_EXPIRED' } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data-md5?shareKey=${key}` })).statusCode).toBe(410);
    // A share link reads only: the owner's writes still need the owner's session.
    expect((await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', payload: { projectId: id, version: 1, data: {} } })).statusCode).toBe(401);
  });

  it('tampered keys: an altered key, a key with another project’s id, a revoked key', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const aProject = await newProject(t, a.token, { name: 'A shares this' });
    const bProject = await newProject(t, b.token, { name: 'B private' });
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: t.bearer(b.token), payload: { projectId: bProject, version: 0, data: buildingDoc(0, { secret: 'B' }) } });
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: t.bearer(a.token), payload: { projectId: aProject, days: 7 } })).json().data.shareKey as string;
    const flipped = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    for (const k of [flipped, key.toUpperCase(), key.slice(1), `${key}0`, '../../etc/passwd']) {
      const r = await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${encodeURIComponent(k)}` });
      expect(r.statusCode, k).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, k).toBeLessThan(500);
      expect(JSON.stringify(r.json()), k).not.toContain('A shares this');
    }
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${flipped}` })).json()).toMatchObject({ code: 404, msg: 'The share link does not exist' });
    // A's key with B's project id never reaches B's data.
    for (const url of [`/api/web/project/LiteRe/get-data-md5?shareKey=${key}&projectId=${bProject}`, `/api/web/project/detail-md5?shareKey=${key}&projectId=${bProject}`]) {
      const r = await t.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).not.toContain('B private');
      expect(r.body).not.toContain('secret');
    }
    // With its own project id the key works.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${key}&projectId=${aProject}` })).statusCode).toBe(200);
    // B cannot revoke A's links; A can.
    expect((await t.inject({ method: 'POST', url: '/api/web/project/share/revoke', headers: t.bearer(b.token), payload: { projectId: aProject } })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/share/revoke', headers: t.bearer(a.token), payload: { projectId: aProject } })).json().data).toEqual({ revoked: 1 });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${key}` })).statusCode).toBe(410);
  });

  it('a copyable link (2 h) lets another signed-in user copy the project into their account, then no more', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = await newProject(t, owner.token, { name: 'Copy me' });
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: t.bearer(owner.token), payload: { projectId: id, version: 0, data: layoutDoc(1, { a: { n: 12 } }) } });
    const link = (await t.inject({ method: 'POST', url: '/api/web/project/share/link/url', headers: t.bearer(owner.token), payload: { projectId: id } })).json().data;
    expect(link.kind).toBe('copy');
    expect(Date.parse(link.expiresAt) - t.clock.now().getTime()).toBe(2 * HOUR);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/share/get/user?shareKey=${link.shareKey}` })).json().data.copyable).toBe(true);

    expect((await t.inject({ method: 'POST', url: '/api/web/project/share/copy', payload: { shareKey: link.shareKey } })).statusCode).toBe(401);
    const copy = await t.inject({ method: 'POST', url: '/api/web/project/share/copy', headers: t.bearer(other.token), payload: { shareKey: link.shareKey } });
    expect(copy.json()).toMatchObject({ code: 200, msg: 'Copied', data: { name: 'Copy me copy', projectType: 'shared-copy', copiedFrom: id } });
    const copyId = copy.json().data.projectId as number;
    expect((await t.inject({ method: 'GET', url: `/api/web/project/component-layout/get?projectId=${copyId}`, headers: t.bearer(other.token) })).json().data.data).toEqual(layoutDoc(1, { a: { n: 12 } }));
    // The copy is the other user's; the owner cannot open it.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${copyId}`, headers: t.bearer(owner.token) })).statusCode).toBe(404);

    t.clock.advance(2 * HOUR);
    const late = await t.inject({ method: 'POST', url: '/api/web/project/share/copy', headers: t.bearer(other.token), payload: { shareKey: link.shareKey } });
    expect(late.json()).toMatchObject({ code: 410, msg: 'This shared project can no longer be copied (the copy link is valid for 2 hours)' });

    // A view link is not a copy link.
    const view = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: t.bearer(owner.token), payload: { projectId: id, days: 30 } })).json().data.shareKey;
    expect((await t.inject({ method: 'POST', url: '/api/web/project/share/copy', headers: t.bearer(other.token), payload: { shareKey: view } })).json().data.error).toBe('SHARE_NOT_COPYABLE');
  });

  it('a report link points at /shareReport and reads the project; deleting the project ends every link', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token);
    const rep = (await t.inject({ method: 'POST', url: '/api/web/project/share/report/url', headers: h, payload: { projectId: id } })).json().data;
    expect(rep.url).toBe(`${t.app.config.publicUrl}/shareReport?shareKey=${rep.shareKey}`);
    expect(Date.parse(rep.expiresAt) - t.clock.now().getTime()).toBe(7 * DAY);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/getShadeAnalysis-md5?shareKey=${rep.shareKey}` })).json().code).toBe(200);
    await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: h, payload: { projectId: id } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail-md5?shareKey=${rep.shareKey}` })).statusCode).toBe(404);
  });
});
