// Aliyun SMS (Dysmsapi 2017-05-25 SendSms, HMAC-SHA1 RPC signature) against a local fake that
// recomputes the signature: the code reaches the person and signs in; an error Code becomes a clear
// failure (502, recorded in the outbox, not counted against the rate limit); a wrong secret is
// refused by the service. An O&M alarm reaches the plant's owner through the notice template with its
// variables ${plant}, ${level} and ${alarm} (each cut to 20 characters).
import { afterAll, describe, expect, it } from 'vitest';
import { AliyunSms } from '../../src/server/providers/aliyun-sms.ts';
import { faultAlarmNotified } from './aiom-fixture.ts';
import { describeWithDatabases } from './harness.ts';
import { ALIYUN, ALIYUN_BIZ_ID, startFakeAliyunSms } from './fakes/aliyun-sms.ts';

const state = { failWith: null as string | null };
const NOTICE_TEMPLATE = 'SMS_465890999';
const fake = await startFakeAliyunSms(state);
afterAll(() => fake.close());

describe('Aliyun SendSms signature check', () => {
  it('a request signed with the wrong secret is refused (SignatureDoesNotMatch), the right one accepted', async () => {
    const config = { kind: 'aliyun' as const, ...ALIYUN, endpoint: fake.origin };
    await expect(new AliyunSms({ ...config, accessKeySecret: 'wrong' }).sendCode({ phone: '13900000001', code: '123456', minutes: 5 })).rejects.toThrow(/^SignatureDoesNotMatch: /);
    await expect(new AliyunSms(config).sendCode({ phone: '13900000001', code: '123456', minutes: 5 })).resolves.toBe(ALIYUN_BIZ_ID);
    // a reused nonce is refused like the real service does
    const fixed = new AliyunSms(config, undefined, () => 'same-nonce');
    await fixed.sendCode({ phone: '13900000001', code: '123456', minutes: 5 });
    await expect(fixed.sendCode({ phone: '13900000001', code: '123456', minutes: 5 })).rejects.toThrow(/^SignatureNonceUsed: /);
  });

  it('a sign name and template with characters outside the unreserved set are signed correctly', async () => {
    const config = { kind: 'aliyun' as const, ...ALIYUN, signName: '光伏设计 (PV)*', endpoint: fake.origin };
    await expect(new AliyunSms(config).sendCode({ phone: '13900000002', code: '654321', minutes: 5 })).resolves.toBe(ALIYUN_BIZ_ID);
    expect(fake.sent.at(-1)!.get('SignName')).toBe('光伏设计 (PV)*');
  });
});

describeWithDatabases(
  'Aliyun SMS provider',
  (t) => {
    it('sends a signed SendSms with the code as ${code}; the outbox masks it; the code signs in', async () => {
      const phone = t.phone();
      const r = await t.requestSms(phone);
      expect(r.json()).toMatchObject({ code: 200, data: { provider: 'aliyun', delivered: true, notice: null } });
      const sent = fake.sent.at(-1)!;
      expect(Object.fromEntries(sent)).toMatchObject({ Action: 'SendSms', Version: '2017-05-25', PhoneNumbers: phone, SignName: ALIYUN.signName, TemplateCode: ALIYUN.templateCode, AccessKeyId: ALIYUN.accessKeyId, SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0', Format: 'JSON' });
      const code = (JSON.parse(sent.get('TemplateParam')!) as { code: string }).code;
      expect(code).toMatch(/^\d{6}$/);
      const row = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', phone).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ provider: 'aliyun', status: 'sent', provider_message_id: ALIYUN_BIZ_ID });
      expect(row.body).not.toContain(code);
      expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } })).json().code).toBe(200);
    });

    it("an error Code (not 'OK') answers 502, is recorded with the code, and does not count against the rate limit", async () => {
      const phone = t.phone();
      state.failWith = 'isv.BUSINESS_LIMIT_CONTROL';
      try {
        const r = await t.requestSms(phone);
        expect(r.statusCode).toBe(502);
        expect(r.json()).toMatchObject({ code: 502, data: { error: 'PROVIDER_FAILED' } });
        const row = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', phone).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ provider: 'aliyun', status: 'failed' });
        expect(row.error).toContain('isv.BUSINESS_LIMIT_CONTROL');
      } finally {
        state.failWith = null;
      }
      expect((await t.requestSms(phone)).json().code).toBe(200);
    });

    it('sends an alarm notice through the notice template with the plant, the level and the alarm', async () => {
      const plant = 'Pudong logistics park rooftop';
      const start = fake.sent.length;
      const a = await faultAlarmNotified(t, plant);
      expect(a.configuration.channels.sms).toEqual({ ready: true, reason: null, notice: null });
      const sent = fake.sent.slice(start);
      expect(sent).toHaveLength(1);
      expect(sent[0].get('PhoneNumbers')).toBe(a.phone);
      expect(sent[0].get('TemplateCode')).toBe(NOTICE_TEMPLATE);
      const vars = JSON.parse(sent[0].get('TemplateParam')!) as Record<string, string>;
      expect(Object.keys(vars).sort()).toEqual(['alarm', 'level', 'plant']);
      expect(vars.level).toBe('1');
      // 29 characters: the first 19 and an ellipsis.
      expect(vars.plant).toBe('Pudong logistics pa…');
      expect([...vars.alarm]).toHaveLength(20);
      const row = await t.db.selectFrom('outbox').selectAll().where('purpose', '=', `alarm:${a.alarmId}`).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channel: 'sms', provider: 'aliyun', status: 'sent', provider_message_id: ALIYUN_BIZ_ID, error: null });
    });

    it('the providers answer names Aliyun as the configured SMS provider', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.json().data.sms).toEqual({ provider: 'aliyun', configured: true, notice: null });
    });
  },
  { sms: { kind: 'aliyun', ...ALIYUN, noticeTemplateCode: NOTICE_TEMPLATE, endpoint: fake.origin } },
);
