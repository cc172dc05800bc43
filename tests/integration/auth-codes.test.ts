// Verification codes (spec 001 §5): 'Please do not request codes frequently', expiry, wrong codes,
// only the latest code counts, the reset scene delivers only to accounts, e-mail codes, and a server without
// an SMS provider says so instead of pretending.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';

describeWithDatabases('verification codes', (t) => {
  it('a second code within 60 s is refused with Retry-After; after 60 s it is sent', async () => {
    const phone = t.phone();
    expect((await t.requestSms(phone)).json().code).toBe(200);
    t.clock.advance(20_000);
    const again = await t.requestSms(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 429, msg: 'Please do not request codes frequently', data: { error: 'CODE_TOO_FREQUENT', retryAfter: 40 } });
    expect(again.headers['retry-after']).toBe('40');
    t.clock.advance(40_000);
    expect((await t.requestSms(phone)).json().code).toBe(200);
  });

  it('at most 10 codes per phone and day', async () => {
    const phone = t.phone();
    for (let i = 0; i < 10; i++) await t.smsCode(phone);
    t.clock.advance(61_000);
    expect((await t.requestSms(phone)).json()).toMatchObject({ code: 429, data: { error: 'CODE_DAILY_LIMIT' } });
    t.clock.advance(24 * 3600_000);
    expect((await t.requestSms(phone)).json().code).toBe(200);
  });

  it('a wrong code is refused; after 5 wrong entries even the right one is void', async () => {
    const phone = t.phone();
    const code = await t.smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await t.inject({ method: 'POST', url: '/api/auth/sms-check', payload: { phone, code: wrong } });
    expect(r.json()).toMatchObject({ code: 400, msg: 'The verification code is incorrect', data: { error: 'CODE_INVALID', field: 'code' } });
    for (let i = 0; i < 4; i++) await t.inject({ method: 'POST', url: '/api/auth/sms-check', payload: { phone, code: wrong } });
    const late = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } });
    expect(late.json().data.error).toBe('CODE_EXPIRED');
  });

  it('a code expires after 5 minutes', async () => {
    const phone = t.phone();
    const code = await t.smsCode(phone);
    t.clock.advance(5 * 60_000 + 1000);
    const r = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } });
    expect(r.json()).toMatchObject({ code: 400, msg: 'The verification code has expired, please get a new one', data: { error: 'CODE_EXPIRED' } });
  });

  it('sms-check does not spend the code; sign-in does; a newer code replaces the older one', async () => {
    const phone = t.phone();
    const first = await t.smsCode(phone);
    expect((await t.inject({ method: 'POST', url: '/api/auth/sms-check', payload: { phone, code: first } })).json()).toMatchObject({ code: 200, data: { valid: true } });
    const second = await t.smsCode(phone);
    if (first !== second) {
      expect((await t.inject({ method: 'POST', url: '/api/auth/sms-check', payload: { phone, code: first } })).json().data.error).toBe('CODE_INVALID');
    }
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code: second } })).json().code).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code: second } })).json().data.error).toBe('CODE_INVALID');
  });

  it('a code of one purpose does not work for another', async () => {
    const { phone } = await t.createUser('abc123');
    const reset = await t.smsCode(phone, 'reset');
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code: reset } })).json().data.error).toBe('CODE_INVALID');
  });

  it('reset codes only go to registered phones, and the answer does not say which are (account-enumeration.test.ts)', async () => {
    const phone = t.phone();
    const r = await t.requestSms(phone, 'reset');
    expect(r.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', phone).execute()).toHaveLength(0);
  });

  it('phone format is checked and named', async () => {
    const { randstr, ticket } = await t.ticket();
    const r = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${ticket}`, payload: { phone: '11012345678' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 400, msg: 'phone: Mobile format is incorrect', data: { error: 'VALIDATION', field: 'phone' } });
  });

  it('e-mail codes: sent after the security check, checked, case-insensitive address', async () => {
    const { token } = await t.signUp();
    // Bind an e-mail first (reset codes only go to bound addresses).
    const email = `User${t.phone()}@Example.com`;
    const tk = await t.ticket();
    const send = await t.inject({
      method: 'GET',
      url: `/api/user/user-detail/sendPhoneAndEmailCode?phoneOrEmail=${encodeURIComponent(email)}&authType=email&randstr=${tk.randstr}&ticket=${tk.ticket}`,
      headers: t.bearer(token),
    });
    expect(send.json()).toMatchObject({ code: 200, data: { channel: 'email', provider: 'dev', delivered: false } });
    const code = await t.lastCode(email.toLowerCase());
    const bind = await t.inject({ method: 'POST', url: '/api/user/user-detail/bindUserPhoneAndEmail', headers: t.bearer(token), payload: { phoneOrEmail: email, code, authType: 'email' } });
    expect(bind.json().code).toBe(200);

    t.clock.advance(61_000);
    const noTicket = await t.inject({ method: 'GET', url: `/api/mail/sendMailCode?email=${encodeURIComponent(email)}` });
    expect(noTicket.json().data.error).toBe('SECURITY_CHECK_REQUIRED');
    const tk2 = await t.ticket();
    const mail = await t.inject({ method: 'GET', url: `/api/mail/sendMailCode?email=${encodeURIComponent(email)}&randstr=${tk2.randstr}&ticket=${tk2.ticket}` });
    expect(mail.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    const resetCode = await t.lastCode(email.toLowerCase());
    const check = await t.inject({ method: 'GET', url: `/api/mail/checkMailCode?email=${encodeURIComponent(email.toUpperCase())}&code=${resetCode}` });
    expect(check.json()).toMatchObject({ code: 200, data: { valid: true } });
    const badMail = await t.inject({ method: 'GET', url: `/api/mail/checkMailCode?email=not-an-email&code=${resetCode}` });
    expect(badMail.json()).toMatchObject({ code: 400, msg: 'email: The mailbox format is incorrect' });
  });
});

describeWithDatabases(
  'no SMS provider',
  (t) => {
    it('answers 503 naming the missing service, and stores no code', async () => {
      const phone = t.phone();
      const r = await t.requestSms(phone);
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 503, msg: 'SMS sending is not configured on this server', data: { error: 'PROVIDER_NOT_CONFIGURED' } });
      expect(await t.db.selectFrom('verification_codes').select('id').where('target', '=', phone).execute()).toHaveLength(0);
      expect((await t.inject({ method: 'GET', url: '/api/auth/providers' })).json().data.sms).toMatchObject({ provider: 'none', configured: false });
    });
  },
  { sms: { kind: 'none' } },
);
