// Abuse limits (issue 19, RATE_LIMITS in src/server/accounts/policy.ts): per-address limits on code
// sends, sign-in attempts, captchas and slider puzzles; per-account limits on sign-in attempts (and
// the per-target code limits) that hold across addresses; counters in the database, so two server
// processes on one database share them. Each block has its own app; requests come from documentation
// addresses (RFC 5737) so that the harness's own calls (127.0.0.1) do not count against them.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS } from '../../src/server/accounts/policy.ts';
import { testConfig } from '../../src/server/config.ts';
import { databaseConfig, describeWithDatabases, type TestApp } from './harness.ts';

const WINDOW = RATE_LIMITS.codeSend.window;

/** A slider ticket earned from `ip` (reading the gap from the database, as a person reads the picture). */
async function ticketFrom(t: TestApp, ip: string): Promise<{ randstr: string; ticket: string }> {
  const s = (await t.inject({ method: 'GET', url: '/api/auth/slider', remoteAddress: ip })).json().data as { id: string };
  const row = await t.db.selectFrom('security_challenges').select('answer').where('id', '=', s.id).executeTakeFirstOrThrow();
  const res = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s.id, x: Number(row.answer) }, remoteAddress: ip });
  if (res.json().code !== 200) throw new Error(`slider: ${res.body}`);
  return res.json().data;
}

/** A graphic-captcha ticket earned from `ip` (cheaper than the slider when only the ticket matters). */
async function captchaTicketFrom(t: TestApp, ip: string): Promise<{ randstr: string; ticket: string }> {
  const c = (await t.inject({ method: 'GET', url: '/api/auth/validate-code', remoteAddress: ip })).json().data as { uuid: string };
  const row = await t.db.selectFrom('security_challenges').select('answer').where('id', '=', c.uuid).executeTakeFirstOrThrow();
  const res = await t.inject({ method: 'POST', url: '/api/auth/validate-code/verify', payload: { uuid: c.uuid, code: row.answer }, remoteAddress: ip });
  if (res.json().code !== 200) throw new Error(`captcha: ${res.body}`);
  return res.json().data;
}

function sendSms(t: TestApp, phone: string, ip: string, tk: { randstr: string; ticket: string }): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${tk.randstr}&ticket=${encodeURIComponent(tk.ticket)}`, payload: { phone }, remoteAddress: ip });
}

function wrongPassword(t: { inject: TestApp['inject'] }, username: string, ip: string): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Wrong-guess-1' }, remoteAddress: ip });
}

describeWithDatabases('abuse limits: code sends per address', (t) => {
  it('the 21st code request from one address in a window answers 429 "Please do not request codes frequently"; another address is not held back; the next window is open', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < RATE_LIMITS.codeSend.perAddress; i++) {
      const r = await sendSms(t, t.phone(), ip, await ticketFrom(t, '198.51.100.1'));
      expect(r.json(), `request ${i + 1}`).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    }
    const phone21 = t.phone();
    const over = await sendSms(t, phone21, ip, await ticketFrom(t, '198.51.100.1'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 429, msg: 'Please do not request codes frequently', data: { error: 'CODE_TOO_FREQUENT' } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(WINDOW / 1000);
    // Chinese clients get the spec's Chinese message.
    const zh = await t.inject({ method: 'POST', url: '/api/auth/sms', payload: { phone: phone21 }, headers: { lang: 'zh-CN' }, remoteAddress: ip });
    expect(zh.json()).toMatchObject({ code: 429, msg: '请勿频繁获取验证码' });
    // Refused before anything was made or sent.
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', phone21).execute()).toHaveLength(0);
    // Another address is not held back.
    expect((await sendSms(t, t.phone(), '203.0.113.11', await ticketFrom(t, '198.51.100.2'))).json().code).toBe(200);
    // The next window opens.
    t.clock.advance(WINDOW);
    expect((await sendSms(t, phone21, ip, await ticketFrom(t, '198.51.100.3'))).json().code).toBe(200);
  });

  it('an IPv6 client is counted by its /64: other addresses of the same network share the counter', async () => {
    t.clock.advance(WINDOW);
    for (let i = 0; i < RATE_LIMITS.codeSend.perAddress; i++) {
      const r = await sendSms(t, t.phone(), `2001:db8:1:2::${(i + 1).toString(16)}`, await captchaTicketFrom(t, '198.51.100.4'));
      expect(r.json().code, `request ${i + 1}`).toBe(200);
    }
    const over = await sendSms(t, t.phone(), '2001:db8:1:2:ffff::1', await captchaTicketFrom(t, '198.51.100.4'));
    expect(over.json()).toMatchObject({ code: 429, data: { error: 'CODE_TOO_FREQUENT' } });
  });
});

describeWithDatabases('abuse limits: per account, across addresses', (t) => {
  it('sign-in attempts on one account from two addresses: the 11th in a window answers 429; other accounts are not held back', async () => {
    const { phone } = await t.createUser('Solar-2024x');
    const answers: number[] = [];
    // Wrong SMS codes (the password lockout would answer 423 before the limit).
    for (let i = 0; i < RATE_LIMITS.signIn.perAccount; i++) {
      const ip = i % 2 === 0 ? '203.0.113.20' : '203.0.113.21';
      const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code: '000000' }, remoteAddress: ip });
      answers.push(r.statusCode);
    }
    expect(answers.every((s) => s === 400)).toBe(true);
    const third = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code: '000000' }, remoteAddress: '203.0.113.22' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 429, msg: 'Too many attempts, please try again later', data: { error: 'SIGN_IN_TOO_FREQUENT' } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is held back for this account (the limit counts attempts, not failures)…
    const right = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'Solar-2024x' }, remoteAddress: '203.0.113.23' });
    expect(right.json().data.error).toBe('SIGN_IN_TOO_FREQUENT');
    // …and the reset and the code check of the same account too (one bucket for proving an account).
    const reset = await t.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { username: phone, code: '000000', password: 'Brand-new-9', confirmPassword: 'Brand-new-9' },
      remoteAddress: '203.0.113.24',
    });
    expect(reset.json().data.error).toBe('SIGN_IN_TOO_FREQUENT');
    // Another account from the same addresses is not held back.
    const other = await t.createUser('Solar-2024y');
    const ok = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: other.phone, password: 'Solar-2024y' }, remoteAddress: '203.0.113.20' });
    expect(ok.json().code).toBe(200);
    // After the window the account signs in again.
    t.clock.advance(RATE_LIMITS.signIn.window);
    const later = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ` ${phone} `, password: 'Solar-2024x' }, remoteAddress: '203.0.113.23' });
    expect(later.json().code).toBe(200);
  });

  it('the account key is the name as typed, trimmed and in any case: an e-mail in capitals counts for the same account', async () => {
    t.clock.advance(RATE_LIMITS.signIn.window);
    const email = `limit-${t.phone()}@example.com`;
    for (let i = 0; i < RATE_LIMITS.signIn.perAccount; i++) {
      const name = i % 2 === 0 ? email : `  ${email.toUpperCase()}`;
      expect((await wrongPassword(t, name, `198.51.100.${30 + i}`)).statusCode).not.toBe(429);
    }
    expect((await wrongPassword(t, email, '198.51.100.99')).json().data.error).toBe('SIGN_IN_TOO_FREQUENT');
  });

  it('codes to one phone from two addresses: the second within a minute answers 429 (the per-target limit)', async () => {
    const phone = t.phone();
    expect((await sendSms(t, phone, '203.0.113.30', await captchaTicketFrom(t, '203.0.113.30'))).json().code).toBe(200);
    const second = await sendSms(t, phone, '203.0.113.31', await captchaTicketFrom(t, '203.0.113.31'));
    expect(second.json()).toMatchObject({ code: 429, msg: 'Please do not request codes frequently', data: { error: 'CODE_TOO_FREQUENT' } });
  });
});

describeWithDatabases('abuse limits: sign-in, captcha and slider per address', (t) => {
  it('sign-in attempts from one address: the 61st in a window answers 429, whatever the account', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i < RATE_LIMITS.signIn.perAddress; i++) {
      // A new name each time: no account limit is reached.
      expect((await wrongPassword(t, t.phone(), ip)).statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    const over = await wrongPassword(t, t.phone(), ip);
    expect(over.json()).toMatchObject({ code: 429, data: { error: 'SIGN_IN_TOO_FREQUENT' } });
    expect((await wrongPassword(t, t.phone(), '203.0.113.41')).json().data.error).toBe('LOGIN_FAILED');
  });

  it('new captchas and puzzles from one address: the 61st answers 429; answers: the 31st answers 429', async () => {
    const ip = '203.0.113.50';
    const ids: string[] = [];
    for (let i = 0; i < RATE_LIMITS.challenge.perAddress; i++) {
      const url = i % 10 === 0 ? '/api/auth/slider' : '/api/auth/validate-code';
      const r = await t.inject({ method: 'GET', url, remoteAddress: ip });
      expect(r.statusCode, `challenge ${i + 1}`).toBe(200);
      if (url.endsWith('validate-code')) ids.push(r.json().data.uuid as string);
    }
    for (const url of ['/api/auth/slider', '/api/auth/validate-code']) {
      const over = await t.inject({ method: 'GET', url, remoteAddress: ip });
      expect(over.json()).toMatchObject({ code: 429, msg: 'Too many security checks, please try again later', data: { error: 'SECURITY_CHECK_TOO_FREQUENT' } });
    }
    for (let i = 0; i < RATE_LIMITS.challengeAnswer.perAddress; i++) {
      const r = await t.inject({ method: 'POST', url: '/api/auth/validate-code/verify', payload: { uuid: ids[i], code: 'zzzz' }, remoteAddress: ip });
      expect(r.json().data.error, `answer ${i + 1}`).toBe('CAPTCHA_INVALID');
    }
    const over = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: ids[40], x: 100 }, remoteAddress: ip });
    expect(over.json()).toMatchObject({ code: 429, data: { error: 'SECURITY_CHECK_TOO_FREQUENT' } });
    // Other addresses still get puzzles.
    expect((await t.inject({ method: 'GET', url: '/api/auth/slider', remoteAddress: '203.0.113.51' })).statusCode).toBe(200);
  });
});

// Two server processes on one database: PostgreSQL (an embedded PGlite belongs to one process).
describe('abuse limits: shared by two app instances on one PostgreSQL database', () => {
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const { database } = await databaseConfig('postgres');
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: testConfig({ database }) });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('sign-in attempts on one account, alternating between the instances: the 11th answers 429 on either', async () => {
    const [a, b] = apps;
    const username = `shared-${Date.now()}@example.com`;
    for (let i = 0; i < RATE_LIMITS.signIn.perAccount; i++) {
      const r = await wrongPassword(i % 2 === 0 ? a : b, username, `198.51.100.${60 + i}`);
      expect(r.statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    for (const app of apps) expect((await wrongPassword(app, username, '198.51.100.90')).json().data.error).toBe('SIGN_IN_TOO_FREQUENT');
  });

  it('captchas from one address, half on each instance: the 61st answers 429 on either', async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < RATE_LIMITS.challenge.perAddress; i++) {
      const r = await apps[i % 2].inject({ method: 'GET', url: '/api/auth/validate-code', remoteAddress: ip });
      expect(r.statusCode, `challenge ${i + 1}`).toBe(200);
    }
    for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/auth/validate-code', remoteAddress: ip })).json().data.error).toBe('SECURITY_CHECK_TOO_FREQUENT');
  });
});
