// The user's messages (personal centre /user/message; spec 001 §2 "Personal centre"): services post
// language-neutral messages (kind + params), the owner lists them page by page with the unread count,
// marks one or all read and deletes them; nobody else can see or touch them. Also the two posters
// of this issue: a shared project copied (to the sharer) and the membership reminders the
// housekeeping posts 7 days and 1 day before the end, once each.
import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.ts';
import { purgeExpired } from '../../src/server/accounts/housekeeping.ts';
import { reminderStage } from '../../src/server/messages/reminders.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

async function messagesOf(t: TestApp, token: string, query = '') {
  const res = await t.inject({ method: 'GET', url: `/api/user/message/list${query}`, headers: t.bearer(token) });
  return res.json();
}

describeWithDatabases('messages', (t) => {
  it('lists the own messages newest first with the unread count, pages and filters them', async () => {
    const a = await t.signUp();
    const posted: number[] = [];
    const m = t.app.services.messages;
    posted.push((await m.post(a.userId, { kind: 'payment.paid', params: { orderSn: 'PV202601010001', amount: 99, item: 'annual' } }))!);
    posted.push((await m.post(a.userId, { kind: 'drone.modelled', params: { projectId: 7, projectName: 'Warehouse' } }))!);
    posted.push((await m.post(a.userId, { kind: 'drone.failed', params: { projectId: 7, projectName: 'Warehouse', refunded: 120, reason: 'too few overlapping photos' } }))!);
    posted.push((await m.post(a.userId, { kind: 'system', params: { title: 'Maintenance', body: 'Sunday 02:00–04:00' } }))!);

    const all = await messagesOf(t, a.token);
    expect(all).toMatchObject({ code: 200, data: { total: 4, unread: 4, page: 1, size: 10 } });
    expect(all.data.list.map((x: { id: number }) => x.id)).toEqual([...posted].reverse());
    expect(all.data.list[1]).toMatchObject({ kind: 'drone.failed', read: false, readTime: null, params: { projectId: 7, projectName: 'Warehouse', refunded: 120 } });
    expect(all.data.list[3]).toMatchObject({ kind: 'payment.paid', params: { orderSn: 'PV202601010001', amount: 99, item: 'annual' } });

    const page2 = await messagesOf(t, a.token, '?page=2&size=3');
    expect(page2.data).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(page2.data.list.map((x: { id: number }) => x.id)).toEqual([posted[0]]);

    const badge = await t.inject({ method: 'GET', url: '/api/user/message/unread-count', headers: t.bearer(a.token) });
    expect(badge.json()).toEqual({ code: 200, msg: 'ok', data: { unread: 4 } });

    const read = await t.inject({ method: 'POST', url: '/api/user/message/read', headers: t.bearer(a.token), payload: { id: posted[1] } });
    expect(read.json()).toMatchObject({ code: 200, data: { changed: 1, unread: 3 } });
    // reading it again changes nothing
    expect((await t.inject({ method: 'POST', url: '/api/user/message/read', headers: t.bearer(a.token), payload: { id: posted[1] } })).json().data).toEqual({ changed: 0, unread: 3 });

    const unread = await messagesOf(t, a.token, '?status=unread');
    expect(unread.data.total).toBe(3);
    expect(unread.data.list.map((x: { id: number }) => x.id)).not.toContain(posted[1]);
    const readOnes = await messagesOf(t, a.token, '?status=read');
    expect(readOnes.data.list).toHaveLength(1);
    expect(readOnes.data.list[0]).toMatchObject({ id: posted[1], read: true });
    expect(readOnes.data.list[0].readTime).toBe(t.clock.now().toISOString());

    const del = await t.inject({ method: 'POST', url: '/api/user/message/delete', headers: t.bearer(a.token), payload: { id: posted[2] } });
    expect(del.json()).toMatchObject({ code: 200, msg: 'Deleted', data: { changed: 1, unread: 2 } });
    expect((await messagesOf(t, a.token)).data.total).toBe(3);

    const all2 = await t.inject({ method: 'POST', url: '/api/user/message/read-all', headers: t.bearer(a.token) });
    expect(all2.json()).toMatchObject({ code: 200, data: { changed: 2, unread: 0 } });
    expect((await messagesOf(t, a.token, '?status=unread')).data).toMatchObject({ total: 0, unread: 0, list: [] });
  });

  it('another user can neither see nor read nor delete them (404 like a missing message)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = (await t.app.services.messages.post(a.userId, { kind: 'drone.modelled', params: { projectId: 1, projectName: 'Mine' } }))!;
    expect((await messagesOf(t, b.token)).data).toMatchObject({ total: 0, unread: 0, list: [] });
    for (const url of ['/api/user/message/read', '/api/user/message/delete']) {
      const res = await t.inject({ method: 'POST', url, headers: t.bearer(b.token), payload: { id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: 'The message does not exist', data: { error: 'MESSAGE_NOT_FOUND', field: 'id' } });
    }
    // B's read-all does not touch A's message
    expect((await t.inject({ method: 'POST', url: '/api/user/message/read-all', headers: t.bearer(b.token) })).json().data).toEqual({ changed: 0, unread: 0 });
    const mine = await messagesOf(t, a.token);
    expect(mine.data).toMatchObject({ total: 1, unread: 1 });
    expect(mine.data.list[0]).toMatchObject({ id, read: false });
  });

  it('answers 401 without a session and 400 with the envelope for bad input', async () => {
    const a = await t.signUp();
    for (const [method, url] of [
      ['GET', '/api/user/message/list'],
      ['GET', '/api/user/message/unread-count'],
      ['POST', '/api/user/message/read-all'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe(401);
    }
    const bad = [
      { method: 'GET' as const, url: '/api/user/message/list?status=archived' },
      { method: 'GET' as const, url: '/api/user/message/list?page=0' },
      { method: 'GET' as const, url: '/api/user/message/list?size=1000' },
      { method: 'POST' as const, url: '/api/user/message/read', payload: { id: 'abc' } },
      { method: 'POST' as const, url: '/api/user/message/read', payload: {} },
      { method: 'POST' as const, url: '/api/user/message/delete', payload: { id: -3 } },
    ];
    for (const b of bad) {
      const res = await t.inject({ ...b, headers: t.bearer(a.token) });
      expect(res.statusCode, b.url).toBe(400);
      expect(res.json(), b.url).toMatchObject({ code: 400, data: { error: 'VALIDATION' } });
      expect(typeof res.json().msg).toBe('string');
    }
  });

  it('refuses parameters that do not fit the kind (a programming error, never stored)', async () => {
    const a = await t.signUp();
    const post = t.app.services.messages.post.bind(t.app.services.messages) as (u: number, m: unknown) => Promise<number | null>;
    await expect(post(a.userId, { kind: 'drone.modelled', params: { projectName: 'no id' } })).rejects.toThrow();
    await expect(post(a.userId, { kind: 'nonsense', params: {} })).rejects.toThrow();
    expect((await messagesOf(t, a.token)).data.total).toBe(0);
  });

  it('tells the sharer when someone copies the shared project, naming the project and the copier', async () => {
    const sharer = await t.signUp();
    const copier = await t.signUp();
    const projectId = await newProject(t, sharer.token, { name: 'Factory roof' });
    const link = await t.inject({ method: 'POST', url: '/api/web/project/share/link/url', headers: t.bearer(sharer.token), payload: { projectId } });
    const { shareKey } = link.json().data;
    const copy = await t.inject({ method: 'POST', url: '/api/web/project/share/copy', headers: t.bearer(copier.token), payload: { shareKey } });
    expect(copy.json().code).toBe(200);
    const list = (await messagesOf(t, sharer.token)).data;
    expect(list.unread).toBe(1);
    const phone = (await t.db.selectFrom('users').select('phone').where('id', '=', copier.userId).executeTakeFirstOrThrow()).phone!;
    expect(list.list[0]).toMatchObject({ kind: 'share.copied', params: { projectId, projectName: 'Factory roof', by: `${phone.slice(0, 3)}****${phone.slice(-4)}` } });
    // the copier is not told anything
    expect((await messagesOf(t, copier.token)).data.total).toBe(0);
  });
});

describe('membership reminder stages', () => {
  it('is due 7 days before the end, then 1 day before, and not after the end', () => {
    expect(reminderStage(10 * DAY)).toBeNull();
    expect(reminderStage(7 * DAY + MINUTE)).toBeNull();
    expect(reminderStage(7 * DAY)).toBe(7);
    expect(reminderStage(2 * DAY)).toBe(7);
    expect(reminderStage(DAY)).toBe(1);
    expect(reminderStage(HOUR)).toBe(1);
    expect(reminderStage(0)).toBeNull();
    expect(reminderStage(-HOUR)).toBeNull();
  });
});

describeWithDatabases('membership reminders (housekeeping)', (t) => {
  async function grantMembership(userId: number, days: number) {
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, userId, { products: [], permanent: false, membershipDays: days, plan: 'monthly', photoCredits: 0, projectCredits: 0, changeType: 'grant', operator: 'test' }),
    );
  }
  async function reminders(userId: number) {
    const rows = await t.db.selectFrom('user_messages').select(['kind', 'params']).where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => ({ kind: r.kind, ...(JSON.parse(r.params) as { expiresAt: string; days: number }) }));
  }

  it('posts the 7-day and the 1-day reminder once each, and again after a renewal', async () => {
    const { userId } = await t.createUser('remind-pass1');
    await grantMembership(userId, 10);
    const end = (await t.db.selectFrom('memberships').select('expires_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).expires_at!;
    await purgeExpired(t.db, t.clock);
    expect(await reminders(userId)).toEqual([]);

    t.clock.advance(3 * DAY - MINUTE); // 7 days and a minute left
    await purgeExpired(t.db, t.clock);
    expect(await reminders(userId)).toEqual([]);
    t.clock.advance(11 * MINUTE); // the next housekeeping run, 10 minutes later: within 7 days
    await purgeExpired(t.db, t.clock);
    await purgeExpired(t.db, t.clock);
    expect(await reminders(userId)).toEqual([{ kind: 'membership.expiring', expiresAt: end.toISOString(), days: 7 }]);

    t.clock.advance(5 * DAY); // 2 days left: nothing new
    await purgeExpired(t.db, t.clock);
    expect(await reminders(userId)).toHaveLength(1);
    t.clock.advance(DAY + HOUR); // 23 hours left
    await purgeExpired(t.db, t.clock);
    t.clock.advance(10 * MINUTE);
    await purgeExpired(t.db, t.clock);
    expect((await reminders(userId)).map((r) => r.days)).toEqual([7, 1]);

    t.clock.advance(DAY); // past the end: no more reminders
    await purgeExpired(t.db, t.clock);
    expect(await reminders(userId)).toHaveLength(2);

    // renewed for 5 days: the new end is within 7 days, so its 7-day reminder is due at once
    await grantMembership(userId, 5);
    await purgeExpired(t.db, t.clock);
    const after = await reminders(userId);
    expect(after).toHaveLength(3);
    expect(after[2].days).toBe(7);
    expect(after[2].expiresAt).not.toBe(end.toISOString());
  });

  it('a membership found with less than a day left gets only the 1-day reminder; permanent ones none', async () => {
    const short = await t.createUser('remind-pass2');
    const permanent = await t.createUser('remind-pass3');
    await t.db.insertInto('memberships').values({ user_id: short.userId, plan: 'monthly', expires_at: new Date(t.clock.now().getTime() + 12 * HOUR), updated_at: t.clock.now() }).execute();
    await t.db.insertInto('memberships').values({ user_id: permanent.userId, plan: 'enterprise', expires_at: null, updated_at: t.clock.now() }).execute();
    await purgeExpired(t.db, t.clock);
    t.clock.advance(10 * MINUTE);
    await purgeExpired(t.db, t.clock);
    expect((await reminders(short.userId)).map((r) => r.days)).toEqual([1]);
    expect(await reminders(permanent.userId)).toEqual([]);
  });

  it('the reminder reaches the user through the message list', async () => {
    const a = await t.signUp();
    await grantMembership(a.userId, 1);
    await purgeExpired(t.db, t.clock);
    const list = (await t.inject({ method: 'GET', url: '/api/user/message/list', headers: t.bearer(a.token) })).json();
    expect(list.data.unread).toBe(1);
    expect(list.data.list[0]).toMatchObject({ kind: 'membership.expiring', params: { days: 1 } });
  });
});
