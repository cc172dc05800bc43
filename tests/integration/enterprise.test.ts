// The enterprise edition on both databases (issue 20 items 1–4, 6, 8): the spec's message for a
// personal user, the administrator check, the organisation chooser and switch, the dashboard and its
// inner code −2 for members, personnel (add, invite, search, status, update, roles, remove), seats,
// the credit pool and its log, and the companies with the logo and template image rules.
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_MESSAGES } from '../../src/model/api/enterprise.ts';
import { addMember, joinedMember, jpegHeader, makeOrg, multipartFile, orgHeaders, png } from './enterprise-helpers.ts';
import { describeWithDatabases } from './harness.ts';

describeWithDatabases('enterprise: organisations and people', (t) => {
  describe('a personal user', () => {
    it('gets the spec’s message, with the envelope, from every enterprise call; the administrator check answers false', async () => {
      const me = await t.signUp();
      for (const url of ['/api/user/enterprise/dashboard', '/api/user/enterprise/get-enterprise-user-list', '/api/web/enterprise/project/list', '/api/web/enterprise/device/component/list']) {
        const r = await t.inject({ method: 'GET', url, headers: t.bearer(me.token) });
        expect(r.statusCode, url).toBe(402);
        expect(r.json(), url).toEqual({ code: 402, msg: ENTERPRISE_MESSAGES.notEnterprise, data: { error: 'NOT_ENTERPRISE_USER' } });
      }
      const zh = await t.inject({ method: 'GET', url: '/api/user/enterprise/dashboard', headers: { ...t.bearer(me.token), lang: 'zh' } });
      expect(zh.json().msg).toBe('当前用户没有企业版权限，请联系客服！');
      const check = await t.inject({ method: 'GET', url: '/api/user/enterprise/check-enterprise-admin', headers: t.bearer(me.token) });
      expect(check.json().data).toEqual({ isAdministrator: false, isEnterprise: false });
      const list = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(me.token) });
      expect(list.json().data).toEqual({ isEnterprise: false, list: [] });
    });

    it('signed out: 401 like every signed-in call', async () => {
      const r = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list' });
      expect(r.json().code).toBe(401);
    });
  });

  describe('organisations', () => {
    it('the super administrator: the check answers true, the chooser lists the organisation, the switch answers what the client keeps', async () => {
      const org = await makeOrg(t, 'Acme Solar');
      const check = await t.inject({ method: 'GET', url: '/api/user/enterprise/check-enterprise-admin', headers: t.bearer(org.owner.token) });
      expect(check.json().data).toEqual({ isAdministrator: true, isEnterprise: true });
      const list = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(org.owner.token) })).json().data;
      expect(list.isEnterprise).toBe(true);
      expect(list.list).toHaveLength(1);
      expect(list.list[0]).toMatchObject({ enterpriseId: org.enterpriseId, name: 'Acme Solar', role: 'super_admin', isAdministrator: true, isSuperAdmin: true, current: true });
      expect(list.list[0].code).toMatch(/^E\d{8}$/);
      const sw = await t.inject({ method: 'POST', url: '/api/user/enterprise/switch-enterprise', headers: t.bearer(org.owner.token), payload: { enterpriseId: org.enterpriseId } });
      expect(sw.json()).toMatchObject({
        code: 200,
        data: { enterpriseId: org.enterpriseId, isEnterprise: true, isAdministrator: true, isSuperAdmin: true, role: 'super_admin', enterpriseUrl: '/enterprise/home', canCreateProject: true },
      });
    });

    it('a user in two organisations: the switch makes the chosen one the default of calls without an enterpriseId', async () => {
      const a = await makeOrg(t, 'Org A');
      const b = await makeOrg(t, 'Org B');
      const both = await joinedMember(t, a);
      await addMember(t, b, { name: 'Both', phone: both.body.phone });
      const bare = t.bearer(both.token);
      await t.inject({ method: 'POST', url: '/api/user/enterprise/switch-enterprise', headers: bare, payload: { enterpriseId: b.enterpriseId } });
      const detail = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: bare })).json().data;
      expect(detail).toMatchObject({ enterpriseId: b.enterpriseId, name: 'Org B', role: 'member', isAdministrator: false });
      const list = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: bare })).json().data.list;
      expect(list.map((e: { name: string; current: boolean }) => [e.name, e.current])).toEqual([
        ['Org B', true],
        ['Org A', false],
      ]);
      // The header names the organisation of a call.
      const viaHeader = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: orgHeaders(t, both.token, a.enterpriseId) })).json().data;
      expect(viaHeader.name).toBe('Org A');
      // An organisation the user is not in: the spec's message.
      const other = await makeOrg(t, 'Org C');
      const r = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: orgHeaders(t, both.token, other.enterpriseId) });
      expect(r.json()).toMatchObject({ code: 402, msg: ENTERPRISE_MESSAGES.notEnterprise });
      const bad = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: { ...bare, enterpriseid: 'abc' } });
      expect(bad.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'enterpriseId' } });
    });

    it('the dashboard: administrators get the figures; a member gets inner data code −2 (to the enterprise project list)', async () => {
      const org = await makeOrg(t, 'Dash');
      const res = (await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: org.h, payload: { name: 'Villa', powerStationType: 'RESIDENTIAL', capacity: 12.5, location: '121.47,31.23' } })).json();
      expect(res.code).toBe(200);
      const ci = (await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: org.h, payload: { name: 'Factory', powerStationType: 'COMMERCIAL', capacity: 400 } })).json();
      expect(ci.code).toBe(200);
      const d = (await t.inject({ method: 'GET', url: '/api/user/enterprise/dashboard', headers: org.h })).json();
      expect(d.code).toBe(200);
      expect(d.data).toMatchObject({
        role: 'super_admin',
        totalProjects: 2,
        installedCapacity: 412.5,
        residential: { projects: 1, capacity: 12.5 },
        commercial: { projects: 1, capacity: 400 },
      });
      expect(d.data.people).toEqual([{ userId: org.owner.userId, name: expect.any(String), projects: 2, capacity: 412.5 }]);
      expect(d.data.recent.map((p: { name: string }) => p.name)).toEqual(['Factory', 'Villa']);
      expect(d.data.provinces.reduce((s: number, p: { projects: number }) => s + p.projects, 0)).toBe(2);
      const member = await joinedMember(t, org);
      const m = (await t.inject({ method: 'GET', url: '/api/user/enterprise/dashboard', headers: member.h })).json();
      expect(m).toEqual({ code: 200, msg: 'ok', data: { code: -2, msg: ENTERPRISE_MESSAGES.administratorsOnly } });
    });
  });

  describe('personnel', () => {
    it('adds an existing account as a normal member and an unknown mobile as unregistered, invited by SMS; the first sign-in links it', async () => {
      const org = await makeOrg(t, 'People');
      const known = await t.signUp();
      const a = await addMember(t, org, { name: 'Known', phone: known.body.phone });
      expect(a.member).toMatchObject({ userId: known.userId, status: 'normal' });
      const phone = t.phone();
      t.clock.advance(61_000);
      const b = await addMember(t, org, { name: 'Newcomer', phone, invite: true });
      expect(b.member).toMatchObject({ userId: null, status: 'unregistered' });
      expect(b.invitations).toEqual([{ channel: 'sms', provider: 'dev', delivered: false, notice: expect.stringContaining('dev outbox') }]);
      // The SMS is a sign-in code: the invited person signs in with it (registering) and joins.
      const code = await t.lastCode(phone);
      const login = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code, source: 'LITE' } })).json();
      expect(login.code).toBe(200);
      const chooser = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(login.data.token) })).json().data;
      expect(chooser.list.map((e: { enterpriseId: number }) => e.enterpriseId)).toEqual([org.enterpriseId]);
      const detail = (await t.inject({ method: 'GET', url: `/api/user/enterprise/get-enterprise-user-detail?id=${b.member.id}`, headers: org.h })).json().data;
      expect(detail).toMatchObject({ status: 'normal', userId: login.data.userId, name: 'Newcomer' });
    });

    it('an unregistered member by e-mail gets the invitation e-mail (dev outbox)', async () => {
      const org = await makeOrg(t, 'Mail Co');
      const b = await addMember(t, org, { name: 'Li Lei', email: 'Li.Lei@Example.com', invite: true });
      expect(b.member).toMatchObject({ status: 'unregistered', email: 'li.lei@example.com' });
      expect(b.invitations).toEqual([{ channel: 'email', provider: 'dev', delivered: false, notice: expect.any(String) }]);
      const row = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', 'li.lei@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channel: 'email', purpose: 'enterprise-invite', status: 'logged' });
      expect(row.body).toContain('Mail Co');
    });

    it('rules of the form: a name and a mobile or e-mail; the same person twice is refused', async () => {
      const org = await makeOrg(t, 'Rules');
      const post = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers: org.h, payload });
      expect((await post({ phone: t.phone() })).json()).toMatchObject({ code: 400, data: { field: 'name' }, msg: expect.stringContaining(ENTERPRISE_MESSAGES.memberNameRequired) });
      expect((await post({ name: 'X' })).json()).toMatchObject({ code: 400, data: { field: 'phone' }, msg: expect.stringContaining(ENTERPRISE_MESSAGES.memberReachRequired) });
      expect((await post({ name: 'X', phone: '12345' })).json()).toMatchObject({ code: 400, data: { field: 'phone' }, msg: expect.stringContaining('Mobile format is incorrect') });
      expect((await post({ name: 'X', email: 'not-mail' })).json()).toMatchObject({ code: 400, data: { field: 'email' }, msg: expect.stringContaining('The mailbox format is incorrect') });
      expect((await post({ name: 'X', phone: t.phone(), photoQuota: 1_000_000 })).json()).toMatchObject({ code: 400, data: { field: 'photoQuota' }, msg: expect.stringContaining('between 0 and 999999') });
      const phone = t.phone();
      await addMember(t, org, { name: 'Once', phone });
      expect((await post({ name: 'Twice', phone, invite: false })).json()).toMatchObject({ code: 409, data: { error: 'ENTERPRISE_MEMBER_EXISTS', field: 'phone' } });
      // The super administrator's own phone is a member already.
      expect((await post({ name: 'Me', phone: org.owner.body.phone, invite: false })).json()).toMatchObject({ code: 409, data: { error: 'ENTERPRISE_MEMBER_EXISTS' } });
    });

    it('search by name, mobile or e-mail; filter by status; the super administrator first', async () => {
      const org = await makeOrg(t, 'Search');
      const p1 = t.phone();
      await addMember(t, org, { name: 'Wang Fang', phone: p1 });
      await addMember(t, org, { name: 'Zhao Min', email: 'zhao@corp.cn' });
      const list = async (q: string) => (await t.inject({ method: 'GET', url: `/api/user/enterprise/get-enterprise-user-list?${q}`, headers: org.h })).json().data;
      const all = await list('');
      expect(all.total).toBe(3);
      expect(all.list[0].role).toBe('super_admin');
      expect((await list('keyword=fang')).list.map((m: { name: string }) => m.name)).toEqual(['Wang Fang']);
      expect((await list(`keyword=${p1.slice(2)}`)).list.map((m: { name: string }) => m.name)).toEqual(['Wang Fang']);
      expect((await list('keyword=CORP.CN')).list.map((m: { name: string }) => m.name)).toEqual(['Zhao Min']);
      expect((await list('status=unregistered')).total).toBe(2);
      expect((await list('status=normal')).list.map((m: { role: string }) => m.role)).toEqual(['super_admin']);
      // A search word is a literal, not a pattern.
      expect((await list('keyword=%25')).total).toBe(0);
    });

    it('permissions: members read but cannot change; only the super administrator names administrators; the super administrator stays', async () => {
      const org = await makeOrg(t, 'Roles');
      const member = await joinedMember(t, org);
      const list = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list', headers: member.h });
      expect(list.json().code).toBe(200);
      const denied = await t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers: member.h, payload: { name: 'X', phone: t.phone() } });
      expect(denied.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
      const admin = await joinedMember(t, org, { role: 'admin' });
      const check = (await t.inject({ method: 'GET', url: '/api/user/enterprise/check-enterprise-admin', headers: admin.h })).json().data;
      expect(check).toEqual({ isAdministrator: true, isEnterprise: true });
      // An administrator adds members but cannot make administrators, nor remove the super administrator.
      expect((await t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers: admin.h, payload: { name: 'Y', phone: t.phone(), invite: false } })).json().code).toBe(200);
      const promote = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: admin.h, payload: { id: member.memberId, role: 'admin' } });
      expect(promote.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_SUPER_ADMIN_REQUIRED', field: 'role' } });
      const owner = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list?role=super_admin', headers: org.h })).json().data.list[0];
      const removeOwner = await t.inject({ method: 'POST', url: '/api/user/enterprise/delete-enterprise-user', headers: admin.h, payload: { id: owner.id } });
      expect(removeOwner.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_SUPER_ADMIN_FIXED' } });
      const demoteOwner = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: owner.id, role: 'member' } });
      expect(demoteOwner.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_SUPER_ADMIN_FIXED' } });
      // The super administrator promotes; the member becomes an administrator.
      const ok = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: member.memberId, role: 'admin', canCreateProject: false } });
      expect(ok.json().data).toMatchObject({ role: 'admin', isAdministrator: true, canCreateProject: true });
      // Removing: gone from the list, and the removed person's calls get the spec's message.
      const del = await t.inject({ method: 'POST', url: '/api/user/enterprise/delete-enterprise-user', headers: org.h, payload: { id: member.memberId } });
      expect(del.json()).toEqual({ code: 200, msg: 'Deleted', data: {} });
      const after = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list', headers: member.h });
      expect(after.json()).toMatchObject({ code: 402, msg: ENTERPRISE_MESSAGES.notEnterprise });
      expect((await t.inject({ method: 'GET', url: `/api/user/enterprise/get-enterprise-user-detail?id=${member.memberId}`, headers: org.h })).json().code).toBe(404);
    });

    it('seats: no more members with a seat than the organisation holds (the super administrator holds one)', async () => {
      const org = await makeOrg(t, 'Seats', { seats: 2 });
      const m = await addMember(t, org, { name: 'First', phone: t.phone(), seat: true });
      expect(m.member).toMatchObject({ seat: true });
      const r = await t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers: org.h, payload: { name: 'Second', phone: t.phone(), seat: true, invite: false } });
      expect(r.json()).toMatchObject({ code: 409, data: { error: 'ENTERPRISE_SEATS_FULL', field: 'seat' } });
      await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: m.member.id, seat: false } });
      const again = await t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers: org.h, payload: { name: 'Second', phone: t.phone(), seat: true, invite: false } });
      expect(again.json().code).toBe(200);
      const detail = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: org.h })).json().data;
      expect(detail).toMatchObject({ seats: 2, seatsUsed: 2, members: 3 });
    });
  });

  describe('credits', () => {
    it("a member's drone photo quota comes from the pool into their own quota, goes back when lowered or removed, and is logged", async () => {
      const org = await makeOrg(t, 'Credits', { photoCredits: 100 });
      const member = await joinedMember(t, org, { photoQuota: 30 });
      const quota = async () => (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: t.bearer(member.token) })).json().data;
      const pool = async () => (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: org.h })).json().data;
      expect((await quota()).allCapacity).toBe(30);
      expect(await pool()).toMatchObject({ photoCredits: 70, photoCreditsAllocated: 30 });
      const over = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: member.memberId, photoQuota: 101 } });
      expect(over.json()).toMatchObject({ code: 402, data: { error: 'ENTERPRISE_CREDITS_EXCEEDED', field: 'photoQuota' } });
      // The member used 25 of the 30: the quota can be lowered by 5 at most.
      await t.db.updateTable('quotas').set({ photo_used: 25 }).where('user_id', '=', member.userId).execute();
      const tooLow = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: member.memberId, photoQuota: 20 } });
      expect(tooLow.json()).toMatchObject({ code: 409, data: { error: 'ENTERPRISE_QUOTA_IN_USE' }, msg: expect.stringContaining('at most 5') });
      const lower = await t.inject({ method: 'POST', url: '/api/user/enterprise/update-enterprise-user', headers: org.h, payload: { id: member.memberId, photoQuota: 25 } });
      expect(lower.json().data).toMatchObject({ photoQuota: 25, photoUsed: 25 });
      expect(await quota()).toMatchObject({ allCapacity: 25, surplusCapacity: 0 });
      expect((await pool()).photoCredits).toBe(75);
      const log = (await t.inject({ method: 'GET', url: '/api/user/enterprise/credit-log', headers: org.h })).json().data;
      expect(log.list.map((r: { changeType: string; photoCredits: number }) => [r.changeType, r.photoCredits])).toEqual([
        ['reclaim', 5],
        ['allocate', -30],
        ['grant', 100],
      ]);
      const memberLog = await t.inject({ method: 'GET', url: '/api/user/enterprise/credit-log', headers: member.h });
      expect(memberLog.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
    });

    it('credit reserved for an unregistered member reaches their account when they sign up', async () => {
      const org = await makeOrg(t, 'Pending', { photoCredits: 50 });
      const phone = t.phone();
      await addMember(t, org, { name: 'Later', phone, photoQuota: 20 });
      const later = await t.signUp(phone);
      await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(later.token) });
      const q = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: t.bearer(later.token) })).json().data;
      expect(q.allCapacity).toBe(20);
      const personal = (await t.inject({ method: 'GET', url: '/api/user/credit-log', headers: t.bearer(later.token) })).json().data.list;
      expect(personal[0]).toMatchObject({ changeType: 'enterprise_allocate', photoCredits: 20, note: 'Pending' });
    });
  });

  describe('companies', () => {
    it('add, update, list, delete; logo JPG/PNG exactly 170 × 40 and ≤ 1 MB, PPT images ≤ 2 MB, checked on the server', async () => {
      const org = await makeOrg(t, 'Company Co');
      const add = await t.inject({ method: 'POST', url: '/api/user/enterprise/business/add', headers: org.h, payload: { name: 'Sun Power Ltd', address: 'Hangzhou', contact: 'Li', phone: '0571-1234567', email: 'INFO@sun.cn' } });
      expect(add.json()).toMatchObject({ code: 200, msg: 'Added successfully', data: { name: 'Sun Power Ltd', email: 'info@sun.cn', logoUrl: null } });
      const id = add.json().data.id as number;
      expect((await t.inject({ method: 'POST', url: '/api/user/enterprise/business/add', headers: org.h, payload: { name: ' ' } })).json()).toMatchObject({ code: 400, data: { field: 'name' } });
      const upload = (bytes: Buffer, kind: string, type = 'image/png') => {
        const mp = multipartFile(bytes, 'x.png', type);
        return t.inject({ method: 'POST', url: `/api/user/enterprise/business/image/upload?id=${id}&kind=${kind}`, headers: { ...org.h, ...mp.headers }, payload: mp.payload });
      };
      const good = await upload(png(170, 40), 'logo');
      expect(good.json()).toMatchObject({ code: 200, data: { logoUrl: expect.stringContaining(`id=${id}&kind=logo`) } });
      const jpg = await upload(jpegHeader(170, 40), 'logo', 'image/jpeg');
      expect(jpg.json().code).toBe(200);
      const wrongSize = await upload(png(171, 40), 'logo');
      expect(wrongSize.json()).toMatchObject({ code: 400, data: { error: 'UPLOAD_FAILED', field: 'file' }, msg: expect.stringContaining('170 × 40') });
      const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00'), 'logo', 'image/gif');
      expect(gif.json()).toMatchObject({ code: 400, msg: expect.stringContaining('JPG or PNG') });
      // A 170 × 40 PNG padded past 1 MB (bytes after IEND).
      const big = Buffer.concat([png(170, 40), Buffer.alloc(1024 * 1024)]);
      expect((await upload(big, 'logo')).json()).toMatchObject({ code: 400, msg: expect.stringContaining('at most 1 MB') });
      // The same 1 MB image is a valid PPT cover (≤ 2 MB, any size).
      expect((await upload(big, 'cover')).json()).toMatchObject({ code: 200, data: { coverUrl: expect.any(String) } });
      expect((await upload(Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024)]), 'profile')).json()).toMatchObject({ code: 400 });
      const img = await t.inject({ method: 'GET', url: `/api/user/enterprise/business/image?id=${id}&kind=logo`, headers: org.h });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      const member = await joinedMember(t, org);
      expect((await t.inject({ method: 'GET', url: '/api/user/enterprise/business/list', headers: member.h })).json().data.total).toBe(1);
      expect((await t.inject({ method: 'POST', url: '/api/user/enterprise/business/update', headers: member.h, payload: { id, name: 'Z' } })).json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
      const upd = await t.inject({ method: 'POST', url: '/api/user/enterprise/business/update', headers: org.h, payload: { id, name: 'Sun Power Group' } });
      expect(upd.json().data).toMatchObject({ name: 'Sun Power Group', address: null });
      // Another organisation cannot see it.
      const other = await makeOrg(t, 'Other');
      expect((await t.inject({ method: 'GET', url: `/api/user/enterprise/business/detail?id=${id}`, headers: other.h })).json().code).toBe(404);
      expect((await t.inject({ method: 'POST', url: '/api/user/enterprise/business/delete', headers: org.h, payload: { id } })).json().code).toBe(200);
      expect((await t.inject({ method: 'GET', url: `/api/user/enterprise/business/image?id=${id}&kind=logo`, headers: org.h })).json().code).toBe(404);
    });
  });
});
