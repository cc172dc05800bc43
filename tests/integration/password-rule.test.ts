// The password rule on the server (docs/PRODUCT.md, issue 19): 8–64 characters, at least two of letters,
// digits and symbols, not on the common-password list (@zxcvbn-ts/language-common, any case), on
// every route that sets a password: the reset, the change with an identity code, and the change of
// the initial system password.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';

describeWithDatabases('password rule', (t) => {
  const reset = (username: string, password: string, code = '000000') =>
    t.inject({ method: 'POST', url: '/api/user/reset-password', payload: { username, code, password, confirmPassword: password } });

  it('length: 7 and 65 characters are refused, 8 and 64 are set (and sign in)', async () => {
    const { phone } = await t.createUser('Start-pass-1');
    const seven = 'Abcde1!';
    const sixtyFive = 'Ab1-'.repeat(16) + 'x';
    expect([...seven]).toHaveLength(7);
    expect([...sixtyFive]).toHaveLength(65);
    for (const p of [seven, sixtyFive]) {
      expect((await reset(phone, p)).json(), p).toMatchObject({
        code: 400,
        msg: 'The password must be 8 to 64 characters with at least two of letters, digits and symbols',
        data: { error: 'PASSWORD_RULE', field: 'password' },
      });
    }
    for (const p of ['Abcde1!x', 'Ab1-'.repeat(16)]) {
      const code = await t.smsCode(phone, 'reset');
      expect((await reset(phone, p, code)).json(), p).toEqual({ code: 200, msg: 'Password changed', data: {} });
      expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: p } })).json().code).toBe(200);
    }
    // Longer than any password field takes: the field's own message.
    expect((await reset(phone, 'a1'.repeat(129))).json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'password' } });
  });

  it('composition: one class of characters is refused, any two pass; characters are code points (Chinese letters count)', async () => {
    const { phone } = await t.createUser('Start-pass-2');
    for (const p of ['abcdefghij', 'ABCDEFGHIJ', '1357924680', '!@#$%^&*()', '光伏电站设计软件测试']) {
      expect((await reset(phone, p)).json().data.error, p).toBe('PASSWORD_RULE');
    }
    // Rule passes (the code is wrong on purpose: the rule is checked first, then the code).
    for (const p of ['sunny-meadow', '2468-1357', 'k9v2m7q4', '光伏电站2025', '   sp ace 9']) {
      expect((await reset(phone, p)).json().data.error, p).toBe('CODE_INVALID');
    }
  });

  it('a password on the common-password list is refused, in any case', async () => {
    const { phone } = await t.createUser('Start-pass-3');
    for (const p of ['password1', 'PASSWORD1', 'Qwerty123', 'abc12345', '1qaz2wsx', 'iloveyou1']) {
      expect((await reset(phone, p)).json(), p).toMatchObject({
        code: 400,
        msg: 'This password is too common, please choose another one',
        data: { error: 'PASSWORD_COMMON', field: 'password' },
      });
    }
    const zh = await t.inject({ method: 'POST', url: '/api/user/reset-password', headers: { lang: 'zh-CN' }, payload: { username: phone, code: '000000', password: 'password1', confirmPassword: 'password1' } });
    expect(zh.json().msg).toBe('该密码过于常见，请换一个');
  });

  it('the change with an identity code and the initial-password change apply the same rule', async () => {
    const phone = t.phone();
    const { token, userId } = await t.signUp(phone);
    const change = (password: string) =>
      t.inject({ method: 'PUT', url: '/api/user/user-detail/updateUserPassword', headers: t.bearer(token), payload: { code: '000000', password, confirmPassword: password } });
    expect((await change('Abcde1!')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('Ab1-'.repeat(16) + 'x')).json().data.error).toBe('PASSWORD_RULE');
    expect((await change('password1')).json().data.error).toBe('PASSWORD_COMMON');
    expect((await change('Ab1-'.repeat(16))).json().data.error).toBe('CODE_INVALID');
    expect(userId).toBeGreaterThan(0);

    const initial = t.app.config.initialPassword;
    const { phone: member } = await t.createUser(initial, { initial: true });
    const restricted = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: member, password: initial } })).json().data.token as string;
    const first = (password: string) =>
      t.inject({ method: 'POST', url: '/api/auth/change-initial-password', headers: t.bearer(restricted), payload: { password, confirmPassword: password } });
    expect((await first('Abcde1!')).json().data.error).toBe('PASSWORD_RULE');
    expect((await first('qwerty123')).json().data.error).toBe('PASSWORD_COMMON');
    expect((await first('Ab1-'.repeat(16))).json().code).toBe(200);
  });
});
