// No account enumeration (issue 19): a phone or e-mail with an account and one without get the same
// answers — status, message, data and the order of magnitude of the time — on code requests for a
// password reset, on the reset itself, on failed password sign-ins (through the captcha and the
// lockout), and on binding codes; only the owner of an address, holding its code, learns more.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { startFake } from './fakes/http.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

/** How long the slow SMS provider takes [ms]. */
const SLOW_SMS_MS = 150;

/** What an answer says, without what differs between any two requests (ticket, timing). */
function said(res: LightMyRequestResponse): { status: number; body: unknown; retryAfter: string | undefined } {
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] as string | undefined };
}

/** The median duration of `n` calls of `f` [ms]. */
async function medianMs(n: number, f: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await f(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)];
}

async function resetSms(t: TestApp, phone: string): Promise<LightMyRequestResponse> {
  const { randstr, ticket } = await t.ticket();
  return t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${encodeURIComponent(ticket)}`, payload: { phone, scene: 'reset' } });
}

async function resetMail(t: TestApp, email: string): Promise<LightMyRequestResponse> {
  const { randstr, ticket } = await t.ticket();
  return t.inject({ method: 'GET', url: `/api/mail/sendMailCode?email=${encodeURIComponent(email)}&scene=reset&randstr=${randstr}&ticket=${encodeURIComponent(ticket)}` });
}

describeWithDatabases('no account enumeration', (t) => {
  it('reset codes by SMS: a known and an unknown phone get the same answer, and the same limit; only the known one gets a code', async () => {
    const { phone: known } = await t.createUser('Known-pass-1');
    const unknown = t.phone();
    t.clock.advance(61_000);
    const a = await resetSms(t, known);
    const b = await resetSms(t, unknown);
    expect(said(a)).toEqual(said(b));
    expect(a.json()).toMatchObject({ code: 200, msg: 'Code sent successfully', data: { channel: 'sms', provider: 'dev' } });
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', known).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', unknown).execute()).toHaveLength(0);
    // The per-target limit answers alike too.
    t.clock.advance(10_000);
    const a2 = await resetSms(t, known);
    const b2 = await resetSms(t, unknown);
    expect(a2.statusCode).toBe(429);
    expect(said(a2)).toEqual(said(b2));
  });

  it('reset codes by e-mail: a bound and an unbound address get the same answer', async () => {
    const { userId } = await t.createUser('Known-pass-2');
    const bound = `known-${userId}@example.com`;
    await t.db.updateTable('users').set({ email: bound }).where('id', '=', userId).execute();
    const a = await resetMail(t, bound);
    const b = await resetMail(t, `nobody-${userId}@example.com`);
    expect(a.json()).toMatchObject({ code: 200, data: { channel: 'email' } });
    expect(said(a)).toEqual(said(b));
  });

  it('the reset itself: a code for a phone without an account answers like a wrong code', async () => {
    const { phone: known } = await t.createUser('Known-pass-3');
    const unknown = t.phone();
    t.clock.advance(61_000);
    await resetSms(t, known);
    await resetSms(t, unknown);
    const body = (username: string, code: string) => ({ username, code, password: 'Fresh-start-7', confirmPassword: 'Fresh-start-7' });
    const wrongKnown = await t.inject({ method: 'POST', url: '/api/user/reset-password', payload: body(known, '000000') });
    const guessUnknown = await t.inject({ method: 'POST', url: '/api/user/reset-password', payload: body(unknown, '000000') });
    expect(wrongKnown.json()).toMatchObject({ code: 400, data: { error: 'CODE_INVALID', field: 'code' } });
    expect(said(guessUnknown)).toEqual(said(wrongKnown));
    // Even the stored (undelivered) code of the unknown phone only says CODE_INVALID: no account is made or named.
    const forged = '123456';
    await t.db.updateTable('verification_codes').set({ code_hash: (await import('../../src/server/accounts/tokens.ts')).sha256(forged) }).where('target', '=', unknown).execute();
    const right = await t.inject({ method: 'POST', url: '/api/user/reset-password', payload: body(unknown, forged) });
    expect(right.json()).toMatchObject({ code: 400, msg: 'The verification code is incorrect', data: { error: 'CODE_INVALID' } });
    expect(await t.db.selectFrom('users').select('id').where('phone', '=', unknown).execute()).toHaveLength(0);
  });

  it('failed password sign-ins: an account, a name without an account, and an account without a password answer alike through the captcha and the lockout', async () => {
    const withPassword = (await t.createUser('Known-pass-4')).phone;
    const noAccount = t.phone();
    const noPassword = t.phone();
    await t.signUp(noPassword);
    const captcha = async () => {
      const c = (await t.inject({ method: 'GET', url: '/api/auth/validate-code' })).json().data;
      const row = await t.db.selectFrom('security_challenges').select('answer').where('id', '=', c.uuid).executeTakeFirstOrThrow();
      return { uuid: c.uuid as string, captcha: row.answer };
    };
    const sequence = async (username: string) => {
      const out: ReturnType<typeof said>[] = [];
      const attempt = async (extra: Record<string, string> = {}) =>
        out.push(said(await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Not-it-123', ...extra } })));
      for (let i = 0; i < 3; i++) await attempt(); // LOGIN_FAILED ×2, then with captchaRequired
      await attempt(); // CAPTCHA_REQUIRED
      await attempt({ uuid: 'no-such-captcha', captcha: 'abcd' }); // CAPTCHA_INVALID
      await attempt(await captcha()); // LOGIN_FAILED (4th wrong)
      await attempt(await captcha()); // ACCOUNT_LOCKED (5th wrong)
      await attempt(await captcha()); // still locked
      return out;
    };
    const a = await sequence(withPassword);
    const b = await sequence(noAccount);
    const c = await sequence(noPassword);
    expect(a.map((x) => (x.body as { data: { error: string } }).data.error)).toEqual([
      'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'CAPTCHA_REQUIRED', 'CAPTCHA_INVALID', 'LOGIN_FAILED', 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED',
    ]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    // After the lockout both kinds answer alike again (the captcha is still asked for).
    t.clock.advance(15 * 60_000);
    for (const name of [noAccount, noPassword]) {
      const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: name, password: 'Not-it-123', ...(await captcha()) } });
      const k = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: withPassword, password: 'Not-it-123', ...(await captcha()) } });
      expect(said(r)).toEqual(said(k));
      t.clock.advance(15 * 60_000);
    }
  });

  it('a wrong password takes as long as an unknown name (both verify one Argon2 hash): same order of magnitude', async () => {
    t.clock.advance(15 * 60_000);
    const known: string[] = [];
    for (let i = 0; i < 5; i++) known.push((await t.createUser(`Known-pass-t${i}`)).phone);
    const unknown = Array.from({ length: 5 }, () => t.phone());
    const login = (username: string) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Not-it-123' } });
    const k = await medianMs(5, (i) => login(known[i]));
    const u = await medianMs(5, (i) => login(unknown[i]));
    expect(u / k).toBeGreaterThan(0.2);
    expect(u / k).toBeLessThan(5);
  });

  it('binding codes: an address another account holds is not revealed before its code; the binding then says so', async () => {
    const holder = await t.createUser('Known-pass-5');
    const { token } = await t.signUp();
    const send = async (phone: string) => {
      const tk = await t.ticket();
      return t.inject({ method: 'GET', url: `/api/user/user-detail/sendPhoneAndEmailCode?phoneOrEmail=${phone}&authType=phone&randstr=${tk.randstr}&ticket=${encodeURIComponent(tk.ticket)}`, headers: t.bearer(token) });
    };
    const taken = await send(holder.phone);
    const free = await send(t.phone());
    expect(said(taken)).toEqual(said(free));
    expect(taken.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    const code = await t.lastCode(holder.phone);
    const bind = await t.inject({ method: 'POST', url: '/api/user/user-detail/bindUserPhoneAndEmail', headers: t.bearer(token), payload: { phoneOrEmail: holder.phone, code, authType: 'phone' } });
    expect(bind.json()).toMatchObject({ code: 409, data: { error: 'PHONE_TAKEN' } });
  });
});

// An SMS provider that takes its time, as real ones do: a reset code for an unknown phone, which is
// not delivered, must not answer faster by that time.
const slowSms = await startFake((req, res) => {
  const phones = (JSON.parse(req.body) as { PhoneNumberSet: string[] }).PhoneNumberSet;
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: { SendStatusSet: phones.map((p) => ({ SerialNo: 's1', PhoneNumber: p, Code: 'Ok', Message: 'send success' })), RequestId: 'r1' } }));
  }, SLOW_SMS_MS);
});
afterAll(() => slowSms.close());

describeWithDatabases(
  'no account enumeration: timing of reset codes with a slow SMS provider',
  (t) => {
    it('a reset code request takes about as long for a phone without an account as for one with', async () => {
      const known: string[] = [];
      for (let i = 0; i < 5; i++) known.push((await t.createUser(`Known-pass-r${i}`)).phone);
      const unknown = Array.from({ length: 5 }, () => t.phone());
      const send = async (phone: string, ticket: { randstr: string; ticket: string }) =>
        t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${ticket.randstr}&ticket=${encodeURIComponent(ticket.ticket)}`, payload: { phone, scene: 'reset' } });
      const tickets: Array<{ randstr: string; ticket: string }> = [];
      for (let i = 0; i < 10; i++) tickets.push(await t.ticket());
      const answers: LightMyRequestResponse[] = [];
      const delivered = slowSms.requests.length;
      const k = await medianMs(5, async (i) => answers.push(await send(known[i], tickets[i])));
      const u = await medianMs(5, async (i) => answers.push(await send(unknown[i], tickets[5 + i])));
      expect(answers.map(said)).toEqual(Array(10).fill(said(answers[0])));
      expect(answers[0].json()).toMatchObject({ code: 200, data: { provider: 'tencent', delivered: true, notice: null } });
      expect(slowSms.requests.length - delivered).toBe(5);
      expect(k).toBeGreaterThan(SLOW_SMS_MS);
      expect(u / k).toBeGreaterThan(0.5);
      expect(u / k).toBeLessThan(2);
    });
  },
  { sms: { kind: 'tencent', secretId: 'AKIDtest', secretKey: 'key', sdkAppId: '1400000001', signName: 'PVStudio', templateId: '100001', region: 'ap-guangzhou', endpoint: slowSms.origin } },
);
