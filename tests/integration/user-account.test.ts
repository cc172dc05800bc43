// The personal centre's account calls (spec 001 §2, §3, §7): forgot password, the user detail,
// name and complete information (+15 trial days once, docs/PRODUCT.md), binding phone and e-mail, the
// password change with an identity code, membership, quota, credit log; and the demo account.
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { databaseConfig, describeWithDatabases } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';
import { createReferenceEngine } from '../../src/engine/api.ts';
import { buildingDocumentSchema, layoutDocumentSchema, layoutTotals } from '../../src/model/design.ts';

const DAY = 24 * 3600_000;

describeWithDatabases('account', (t) => {
  it('forgot password: reset code, password rule, new password works, old sessions end', async () => {
    const { phone } = await t.createUser('first-pass1');
    const old = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'first-pass1' } });
    const oldToken = old.json().data.token as string;
    const code = await t.smsCode(phone, 'reset');
    expect((await t.inject({ method: 'POST', url: '/api/auth/sms-check', payload: { phone, code, scene: 'reset' } })).json().data).toEqual({ valid: true });
    const reset = (password: string, confirmPassword: string) =>
      t.inject({ method: 'POST', url: '/api/user/reset-password', payload: { username: phone, code, password, confirmPassword } });
    expect((await reset('short', 'short')).json().data.error).toBe('PASSWORD_RULE');
    expect((await reset('second-pass2', 'second-pass3')).json().data.error).toBe('PASSWORD_MISMATCH');
    expect((await reset(t.app.config.initialPassword, t.app.config.initialPassword)).json().data.error).toBe('PASSWORD_INITIAL');
    expect((await reset('second-pass2', 'second-pass2')).json()).toEqual({ code: 200, msg: 'Password changed', data: {} });
    // The code is spent.
    expect((await reset('third-pass3', 'third-pass3')).json().data.error).toBe('CODE_INVALID');
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(oldToken) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'first-pass1' } })).json().data.error).toBe('LOGIN_FAILED');
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'second-pass2' } })).json().code).toBe(200);
  });

  it('user detail, name, bind state; complete information adds 15 trial days only once', async () => {
    const phone = t.phone();
    const { token, userId, body } = await t.signUp(phone);
    const h = t.bearer(token);
    const trialEnd = Date.parse(body.trialEndTime as string);

    const detail = (await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: h })).json().data;
    expect(detail).toMatchObject({ userId, phone, infoCompleted: false, bind: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, email: null, wechat: false, hasPassword: false } });
    expect(detail.entitlements.litePermission).toBe(true);

    expect((await t.inject({ method: 'PUT', url: '/api/user/user-detail/updateUserName?name=%20Li%20Lei%20', headers: h })).json().code).toBe(200);
    expect((await t.inject({ method: 'PUT', url: '/api/user/user-detail/updateUserName?name=', headers: h })).json()).toMatchObject({ code: 400, msg: 'name: This item is required' });

    const info = await t.inject({ method: 'POST', url: '/api/user/user-detail/updateUserInfo', headers: h, payload: { name: 'Li Lei', company: 'Sunny PV', email: 'li@example.com' } });
    expect(info.json()).toMatchObject({ code: 200, data: { trialExtended: true } });
    expect(Date.parse(info.json().data.trialEndTime) - trialEnd).toBe(15 * DAY);
    const twice = await t.inject({ method: 'POST', url: '/api/user/user-detail/updateUserInfo', headers: h, payload: { company: 'Sunny PV 2' } });
    expect(twice.json().data.trialExtended).toBe(false);

    const after = (await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: h })).json().data;
    expect(after).toMatchObject({ name: 'Li Lei', company: 'Sunny PV 2', contactEmail: 'li@example.com', infoCompleted: true });
    expect(Date.parse(after.entitlements.trialEndTime) - trialEnd).toBe(15 * DAY);

    const log = (await t.inject({ method: 'GET', url: '/api/user/credit-log', headers: h })).json().data;
    expect(log.total).toBe(2);
    expect(log.list.map((e: { changeType: string; trialDays: number }) => [e.changeType, e.trialDays])).toEqual([
      ['complete_info', 15],
      ['register', 15],
    ]);
    const stat = (await t.inject({ method: 'GET', url: '/api/user/get-user-bind-stat', headers: h })).json().data;
    expect(stat).toMatchObject({ phone: true, email: false, wechat: false, hasPassword: false });
  });

  it('binds a new phone and an e-mail with codes sent to them; refuses ones bound elsewhere (after their code)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const send = async (token: string, phoneOrEmail: string, authType: 'phone' | 'email') => {
      t.clock.advance(61_000);
      const tk = await t.ticket();
      return t.inject({
        method: 'GET',
        url: `/api/user/user-detail/sendPhoneAndEmailCode?phoneOrEmail=${encodeURIComponent(phoneOrEmail)}&authType=${authType}&randstr=${tk.randstr}&ticket=${tk.ticket}`,
        headers: t.bearer(token),
      });
    };
    const bind = (token: string, phoneOrEmail: string, code: string, authType: 'phone' | 'email') =>
      t.inject({ method: 'POST', url: '/api/user/user-detail/bindUserPhoneAndEmail', headers: t.bearer(token), payload: { phoneOrEmail, code, authType } });

    // Whether another account holds a phone is said only to whoever has its code (account-enumeration.test.ts).
    const taken = await send(a.token, b.body.phone as string, 'phone');
    expect(taken.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    const takenBind = await bind(a.token, b.body.phone as string, await t.lastCode(b.body.phone as string), 'phone');
    expect(takenBind.json()).toMatchObject({ code: 409, msg: 'This mobile number is already bound to another account' });

    const newPhone = t.phone();
    expect((await send(a.token, newPhone, 'phone')).json().code).toBe(200);
    expect((await bind(a.token, newPhone, await t.lastCode(newPhone), 'phone')).json().code).toBe(200);
    const me = (await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(a.token) })).json().data;
    expect(me.phone).toBe(newPhone);

    const email = `a${newPhone}@example.com`;
    expect((await send(a.token, email, 'email')).json().code).toBe(200);
    expect((await bind(a.token, email, await t.lastCode(email), 'email')).json().code).toBe(200);
    expect((await send(b.token, email, 'email')).json().code).toBe(200);
    expect((await bind(b.token, email, await t.lastCode(email), 'email')).json()).toMatchObject({ code: 409, msg: 'This e-mail address is already bound to another account' });
    expect((await send(b.token, 'not-mail', 'email')).json()).toMatchObject({ code: 400, msg: 'phoneOrEmail: The mailbox format is incorrect' });
  });

  it('changes the password with an identity code to the own phone; other sessions end, this one stays', async () => {
    const phone = t.phone();
    const a = await t.signUp(phone);
    const other = await t.signUp(phone);
    t.clock.advance(61_000);
    const tk = await t.ticket();
    const send = await t.inject({ method: 'GET', url: `/api/auth/sms/userPhoneAuth?userId=${a.userId}&authType=phone&randstr=${tk.randstr}&ticket=${tk.ticket}`, headers: t.bearer(a.token) });
    expect(send.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    const code = await t.lastCode(phone);
    expect((await t.inject({ method: 'GET', url: `/api/auth/sms/checkUserPhoneAuth?userId=${a.userId}&code=${code}&authType=phone`, headers: t.bearer(a.token) })).json().data).toEqual({ valid: true });
    expect((await t.inject({ method: 'GET', url: `/api/auth/sms/checkUserPhoneAuth?userId=${a.userId + 999}&code=${code}`, headers: t.bearer(a.token) })).json().data.error).toBe('USER_MISMATCH');

    const change = await t.inject({ method: 'PUT', url: `/api/user/user-detail/updateUserPassword?code=${code}&password=new-pass-1&authType=phone`, headers: t.bearer(a.token) });
    expect(change.json()).toEqual({ code: 200, msg: 'Password changed', data: {} });
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(a.token) })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(other.token) })).json().code).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'new-pass-1' } })).json().code).toBe(200);
    // Identity code to an unbound e-mail is refused.
    const tk2 = await t.ticket();
    const noMail = await t.inject({ method: 'GET', url: `/api/auth/sms/userPhoneAuth?authType=email&randstr=${tk2.randstr}&ticket=${tk2.ticket}`, headers: t.bearer(a.token) });
    expect(noMail.json()).toMatchObject({ code: 400, msg: 'No e-mail is bound to this account' });
  });

  it('membership, quota and credit log of a granted account; drone service and member edition', async () => {
    const phone = t.phone();
    const { token, userId } = await t.signUp(phone);
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, userId, {
        products: ['AIOM'],
        permanent: false,
        membershipDays: 30,
        plan: 'monthly',
        photoCredits: 200,
        projectCredits: 3,
        changeType: 'purchase',
        operator: 'system',
      }),
    );
    await t.db.updateTable('quotas').set({ photo_used: 50, project_used: 1 }).where('user_id', '=', userId).execute();
    const h = t.bearer(token);
    const quota = (await t.inject({ method: 'GET', url: `/api/user/enterprise/get-quota?userId=${userId}`, headers: h })).json().data;
    expect(quota).toEqual({ allCapacity: 200, surplusCapacity: 150, useCapacity: 50, projectCapacity: 3, projectLimit: 2 });
    const m = (await t.inject({ method: 'GET', url: '/api/user/membership', headers: h })).json().data;
    expect(m).toMatchObject({ isExpired: false, plan: 'monthly', edition: 'member' });
    expect(Date.parse(m.expiredDate) - t.clock.now().getTime()).toBe(30 * DAY);
    const detail = (await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: h })).json().data;
    expect(detail.entitlements).toMatchObject({ aiomPermission: true, droneServiceActive: true, accountStatus: 'trial' });

    t.clock.advance(31 * DAY);
    const h2 = t.bearer((await t.signUp(phone)).token);
    const later = (await t.inject({ method: 'GET', url: '/api/user/membership', headers: h2 })).json().data;
    // Membership expired but project quota remains: still the member edition (spec 001 §4).
    expect(later).toMatchObject({ isExpired: true, edition: 'member' });
    const log = (await t.inject({ method: 'GET', url: '/api/user/credit-log?page=1&size=1', headers: h2 })).json().data;
    expect(log.total).toBe(2);
    expect(log.list[0]).toMatchObject({ changeType: 'purchase', photoCredits: 200, projectCredits: 3, membershipDays: 30 });
    expect((await t.inject({ method: 'GET', url: `/api/user/enterprise/get-quota?userId=${userId + 1}`, headers: h2 })).json().data.error).toBe('USER_MISMATCH');
    expect((await t.inject({ method: 'GET', url: '/api/user/enterprise/check-enterprise-admin', headers: h2 })).json().data).toEqual({ isAdministrator: false, isEnterprise: false });
  });
});

it('the first start seeds the demo account (permanent LITE + AIOM) and its demo project (a roof with faces, a layout); a second start does not', async () => {
  const config = testConfig({ ...(await databaseConfig('pglite')), demo: { phone: '13800000000', password: 'demo-2024' } });
  const app = await buildApp({ config, database: { pgliteSnapshot: await pgliteSnapshot() } });
  try {
    await app.ready();
    expect(app.demoAccount).toMatchObject({ phone: '13800000000', password: 'demo-2024', created: true, project: { name: 'Demo: gable roof house, Shanghai' } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '13800000000', password: 'demo-2024' } });
    expect(login.json().data).toMatchObject({ litePermission: true, aiomPermission: true, accountStatus: 'active', droneServiceActive: true, mustChangePassword: false });
    expect(login.json().data.licenses).toMatchObject({ PVSTUDIO_LITE_licensePermanent: true, PVSTUDIO_AIOM_licensePermanent: true });
    // The demo project: a 12 m × 8 m gable roof, ridge 2.5 m above the 6 m eaves → two faces of
    // atan(2.5 / 4) = 32.0°, and modules laid on the south face.
    const h = { authorization: `Bearer ${login.json().data.token}` };
    const list = (await app.inject({ method: 'GET', url: '/api/web/project/list?reOrAiom=LITE', headers: h })).json().data;
    expect(list.list.map((p: { name: string }) => p.name)).toEqual(['Demo: gable roof house, Shanghai']);
    // …and the O&M plant built from it, in the operation list.
    const plants = (await app.inject({ method: 'GET', url: '/api/web/project/list?reOrAiom=AIOM', headers: h })).json().data;
    expect(plants.list).toHaveLength(1);
    const id = list.list[0].projectId;
    const design = (await app.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${id}`, headers: h })).json().data.data;
    const building = buildingDocumentSchema.parse(design);
    const roof = createReferenceEngine().roof({ building: { ...building.buildings[0], outerPoints: building.buildings[0].outline } });
    expect(roof.faces).toHaveLength(2);
    for (const f of roof.faces) expect(f.tilt).toBeCloseTo((Math.atan(2.5 / 4) * 180) / Math.PI, 6);
    const layout = layoutDocumentSchema.parse((await app.inject({ method: 'GET', url: `/api/web/project/component-layout/get?projectId=${id}`, headers: h })).json().data.data);
    expect(layoutTotals(layout).count).toBe(app.demoAccount?.project?.modules);
    expect(layoutTotals(layout).count).toBeGreaterThan(0);
    const overview = (await app.inject({ method: 'GET', url: `/api/web/project/overview?projectId=${id}`, headers: h })).json().data;
    expect(overview.capabilities).toMatchObject({ canSetComponent: true, canElectrical: true });
    // Its year was simulated on its climate station (Shanghai Xujiahui, 4.8 km away), not a clear sky:
    // a 32° south roof in Shanghai (GHI 1,174 kWh/m², the station table) yields 900–1,200 kWh/kWp.
    expect(overview.simulation).toMatchObject({ estimate: false });
    const sim = (await app.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${id}`, headers: h })).json().data.data;
    expect(sim.weather).toMatchObject({ source: 'station', id: '58367', estimate: false });
    expect(sim.annual.specificYield).toBeGreaterThan(900);
    expect(sim.annual.specificYield).toBeLessThan(1200);
    const { seedDemo } = await import('../../src/server/accounts/demo.ts');
    const again = await seedDemo(app.db, app.services.accounts, app.services.entitlements, { phone: '13800000000', password: 'other-2024' });
    expect(again).toEqual({ phone: '13800000000', password: null, created: false, project: null });
  } finally {
    await app.close();
  }
});
