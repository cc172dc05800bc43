// Signing in and out (spec 001 §2, §4; spec 000 §3, §4): the first SMS sign-in registers with a
// 15-day trial, password sign-in by phone or e-mail, the wrong-password slow-down and lockout,
// bearer and cookie tokens, 401 after logout or expiry, and the forced change of the initial password.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';

const DAY = 24 * 3600_000;

describeWithDatabases('sign-in', (t) => {
  it('the first SMS sign-in registers the phone with a 15-day LITE trial; the second signs in', async () => {
    const phone = t.phone();
    const first = await t.signUp(phone);
    const b = first.body as Record<string, unknown> & { userInfo: Record<string, unknown>; licenses: Record<string, unknown> };
    expect(b.registered).toBe(true);
    expect(b.tokenType).toBe('Bearer');
    expect(b.accessToken).toBe(first.token);
    expect(b.phone).toBe(phone);
    expect(b.userInfo).toMatchObject({ userId: first.userId, username: phone, isEnableBackend: true, roles: ['user'] });
    expect(b.litePermission).toBe(true);
    expect(b.aiomPermission).toBe(false);
    expect(b.accountStatus).toBe('trial');
    expect(Date.parse(b.trialEndTime as string) - t.clock.now().getTime()).toBe(15 * DAY);
    expect(b.licenses).toMatchObject({ PVSTUDIO_LITE_licensePermanent: false, PVSTUDIO_LITE_licenseExpired: false, PVSTUDIO_AIOM_licenseExpired: true });
    expect(b.membership).toMatchObject({ isExpired: true, edition: 'free' });
    expect(b.quota).toEqual({ allCapacity: 0, surplusCapacity: 0, useCapacity: 0, projectCapacity: 0, projectLimit: 0 });

    const second = await t.signUp(phone);
    expect(second.userId).toBe(first.userId);
    expect(second.body.registered).toBe(false);
    const users = await t.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
  });

  it('the trial ends after 15 days: no lite permission, account expired', async () => {
    const phone = t.phone();
    await t.signUp(phone);
    t.clock.advance(15 * DAY + 1000);
    const again = await t.signUp(phone);
    expect(again.body).toMatchObject({ litePermission: false, accountStatus: 'expired' });
  });

  it('password sign-in by phone or e-mail; the username is trimmed; the hash is Argon2id', async () => {
    const { phone, userId } = await t.createUser('solar2024');
    const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `  ${phone} `, password: 'solar2024', source: 'LITE' } });
    expect(r.json()).toMatchObject({ code: 200, data: { userId, mustChangePassword: false, registered: false } });
    const cred = await t.db.selectFrom('password_credentials').select('password_hash').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(cred.password_hash).toMatch(/^\$argon2id\$/);

    await t.db.updateTable('users').set({ email: `p${phone}@example.com` }).where('id', '=', userId).execute();
    const byMail = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `P${phone}@EXAMPLE.com`, password: 'solar2024' } });
    expect(byMail.json()).toMatchObject({ code: 200, data: { userId } });
  });

  it('a wrong password or unknown account gives the same answer', async () => {
    const { phone } = await t.createUser('solar2024');
    const wrong = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2025' } });
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: t.phone(), password: 'solar2024' } });
    expect(wrong.json()).toEqual({ code: 400, msg: 'Incorrect account or password', data: { error: 'LOGIN_FAILED' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('after 3 wrong passwords the graphic captcha is required; after 5 the password sign-in locks for 15 minutes', async () => {
    const { phone } = await t.createUser('solar2024');
    const attempt = (extra: Record<string, string> = {}) =>
      t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'wrong-one1', ...extra } });
    for (let i = 0; i < 2; i++) expect((await attempt()).json().data).toEqual({ error: 'LOGIN_FAILED' });
    expect((await attempt()).json().data).toEqual({ error: 'LOGIN_FAILED', captchaRequired: true });
    // The right password alone is no longer enough.
    const noCaptcha = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2024' } });
    expect(noCaptcha.json()).toMatchObject({ msg: 'Please enter the graphic verification code', data: { error: 'CAPTCHA_REQUIRED', captchaRequired: true } });

    const captcha = async () => {
      const c = (await t.inject({ method: 'GET', url: '/api/auth/validate-code' })).json().data;
      const row = await t.db.selectFrom('security_challenges').select('answer').where('id', '=', c.uuid).executeTakeFirstOrThrow();
      return { uuid: c.uuid as string, captcha: row.answer };
    };
    expect((await attempt(await captcha())).json().data.error).toBe('LOGIN_FAILED');
    const locked = await attempt(await captcha());
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 423, data: { error: 'ACCOUNT_LOCKED', retryAfter: 900 } });
    expect(locked.json().msg).toContain('15 minutes');
    // Even the right password is refused while locked…
    const during = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2024', ...(await captcha()) } });
    expect(during.json().data.error).toBe('ACCOUNT_LOCKED');
    // …the SMS sign-in still works…
    expect((await t.signUp(phone)).token).toBeTruthy();
    // …and after 15 minutes the right password (with captcha) signs in and clears the counter.
    t.clock.advance(15 * 60_000);
    const after = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2024', ...(await captcha()) } });
    expect(after.json().code).toBe(200);
    const plain = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2024' } });
    expect(plain.json().code).toBe(200);
  });

  it('an SMS-registered account has no password yet: a password sign-in fails as for an unknown name', async () => {
    const phone = t.phone();
    await t.signUp(phone);
    const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'solar2024' } });
    expect(r.json()).toEqual({ code: 400, msg: 'Incorrect account or password', data: { error: 'LOGIN_FAILED' } });
  });

  it('missing fields are named', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '13900000000' } });
    expect(r.json()).toEqual({ code: 400, msg: 'password: This field is required', data: { error: 'VALIDATION', field: 'password' } });
    const s = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { loginType: 'sms', phone: '139' } });
    expect(s.json()).toMatchObject({ code: 400, msg: 'phone: Mobile format is incorrect' });
  });

  it('the token works as Bearer and as the loginToken cookie; logout revokes it (401 both ways)', async () => {
    const phone = t.phone();
    const code = await t.smsCode(phone);
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } });
    const token = login.json().data.token as string;
    const cookie = login.cookies.find((c) => c.name === 'loginToken');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });

    const detail = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers });
    expect((await detail(t.bearer(token))).json()).toMatchObject({ code: 200, data: { phone } });
    expect((await detail({ cookie: `loginToken=${token}` })).json()).toMatchObject({ code: 200, data: { phone } });

    const exit = await t.inject({ method: 'POST', url: '/api/auth/exit', headers: t.bearer(token) });
    expect(exit.json()).toEqual({ code: 200, msg: 'ok', data: { revoked: true } });
    expect(exit.cookies.find((c) => c.name === 'loginToken')?.value).toBe('');

    for (const headers of [t.bearer(token), { cookie: `loginToken=${token}` }]) {
      const r = await detail(headers);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 401, msg: 'You have been logged out. Please log in again', data: { error: 'UNAUTHORIZED' } });
    }
    // Logging out again (or without a session) still succeeds: the client clears its storage anyway.
    expect((await t.inject({ method: 'POST', url: '/api/auth/exit', headers: t.bearer(token) })).json()).toMatchObject({ code: 200, data: { revoked: false } });
    expect((await t.inject({ method: 'POST', url: '/api/auth/exit' })).json().code).toBe(200);
  });

  it('no token, a made-up token and an expired token (after 7 days) answer 401', async () => {
    const { token } = await t.signUp();
    const detail = (headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers });
    expect((await detail()).statusCode).toBe(401);
    expect((await detail(t.bearer('not-a-token'))).statusCode).toBe(401);
    expect((await detail(t.bearer(token))).statusCode).toBe(200);
    t.clock.advance(7 * DAY + 1000);
    expect((await detail(t.bearer(token))).json().code).toBe(401);
  });

  it('a disabled account answers 403', async () => {
    const { token, userId } = await t.signUp();
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', userId).execute();
    const r = await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(token) });
    expect(r.statusCode).toBe(403);
    expect(r.json().data.error).toBe('ACCOUNT_DISABLED');
  });
});

describeWithDatabases('initial system password', (t) => {
  it('signing in with it forces a change: other calls answer 428 until the new password is set', async () => {
    const initial = t.app.config.initialPassword;
    const { phone } = await t.createUser(initial, { initial: true });
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: initial } });
    expect(login.json()).toMatchObject({ code: 200, data: { mustChangePassword: true } });
    const restricted = login.json().data.token as string;

    const blocked = await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(restricted) });
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json()).toMatchObject({ code: 428, msg: 'Please change the initial password first' });

    const change = (password: string, confirmPassword: string) =>
      t.inject({ method: 'POST', url: '/api/auth/change-initial-password', headers: t.bearer(restricted), payload: { password, confirmPassword } });
    expect((await change('abc', 'abc')).json()).toMatchObject({
      code: 400,
      msg: 'The password must be 8 to 64 characters with at least two of letters, digits and symbols',
      data: { error: 'PASSWORD_RULE', field: 'password' },
    });
    expect((await change('abcdefgh', 'abcdefgh')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('12345678', '12345678')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('!@#$%^&*', '!@#$%^&*')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('abc1'.repeat(16) + 'x', 'abc1'.repeat(16) + 'x')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('password1', 'password1')).json()).toMatchObject({ msg: 'This password is too common, please choose another one', data: { error: 'PASSWORD_COMMON', field: 'password' } });
    expect((await change(initial, initial)).json()).toMatchObject({ msg: 'The new password must not be the initial system password', data: { error: 'PASSWORD_INITIAL' } });
    expect((await change('sunny2024', 'sunny2025')).json()).toMatchObject({
      msg: 'The two entered passwords are inconsistent, please re-enter!',
      data: { error: 'PASSWORD_MISMATCH', field: 'confirmPassword' },
    });

    const done = await change('sunny-day', 'sunny-day');
    expect(done.json()).toMatchObject({ code: 200, msg: 'Password changed', data: { mustChangePassword: false } });
    const fresh = done.json().data.token as string;
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(fresh) })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(restricted) })).json().code).toBe(401);
    const relogin = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'sunny-day' } });
    expect(relogin.json()).toMatchObject({ code: 200, data: { mustChangePassword: false } });
  });
});
