// Real providers against local servers: Tencent Cloud SMS (TC3-HMAC-SHA256 signed SendSms) and SMTP
// through nodemailer. The outbox keeps every message, with the code masked for real deliveries.
import { afterAll, describe, expect, it } from 'vitest';
import { tc3CanonicalRequest } from '../../src/server/providers/tc3.ts';
import { createHash } from 'node:crypto';
import { TencentSms } from '../../src/server/providers/tencent-sms.ts';
import { faultAlarmNotified } from './aiom-fixture.ts';
import { describeWithDatabases } from './harness.ts';
import { startFakeSmtp } from './fakes/smtp.ts';
import { startFakeTencentSms, TENCENT } from './fakes/tencent-sms.ts';

const tencentState = { failWith: null as string | null };
const tencent = await startFakeTencentSms(tencentState);
const smtp = await startFakeSmtp();
afterAll(async () => {
  await tencent.close();
  await smtp.close();
});

describe('TC3-HMAC-SHA256', () => {
  it("matches the documentation's worked example (CVM DescribeInstances, 2019-02-25)", () => {
    // Tencent Cloud API 3.0 "Signature v3" example: payload, timestamp 1551113065, host
    // cvm.tencentcloudapi.com; published HashedCanonicalRequest 7019a55b…1e84 (exact).
    const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    expect(createHash('sha256').update(payload).digest('hex')).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    const canonical = tc3CanonicalRequest({ host: 'cvm.tencentcloudapi.com', service: 'cvm', action: 'DescribeInstances', payload, timestamp: 1551113065 });
    expect(createHash('sha256').update(canonical).digest('hex')).toBe('7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84');
  });
});

describeWithDatabases(
  'real providers',
  (t) => {
    it('Tencent Cloud SMS: a signed SendSms with the code as template parameter; the outbox masks the code', async () => {
      const phone = t.phone();
      const r = await t.requestSms(phone);
      expect(r.json()).toMatchObject({ code: 200, data: { provider: 'tencent', delivered: true, notice: null } });
      const sent = tencent.requests.at(-1)!;
      const body = JSON.parse(sent.body);
      expect(body).toMatchObject({ PhoneNumberSet: [`+86${phone}`], SmsSdkAppId: TENCENT.sdkAppId, SignName: TENCENT.signName, TemplateId: TENCENT.templateId });
      const [code, minutes] = body.TemplateParamSet;
      expect(code).toMatch(/^\d{6}$/);
      expect(minutes).toBe('5');
      const row = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', phone).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ provider: 'tencent', status: 'sent', provider_message_id: '5000:1045710669157053657849499619' });
      expect(row.body).not.toContain(code);
      // The code the person received signs in.
      expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } })).json().code).toBe(200);
    });

    it('a Tencent error answers 502, records the failure, and does not count against the rate limit', async () => {
      const phone = t.phone();
      tencentState.failWith = 'FailedOperation.InsufficientBalanceInSmsPackage';
      try {
        const r = await t.requestSms(phone);
        expect(r.statusCode).toBe(502);
        expect(r.json()).toMatchObject({ code: 502, data: { error: 'PROVIDER_FAILED' } });
        const row = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', phone).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'failed' });
        expect(row.error).toContain('InsufficientBalanceInSmsPackage');
      } finally {
        tencentState.failWith = null;
      }
      expect((await t.requestSms(phone)).json().code).toBe(200);
    });

    it('Tencent Cloud SMS without a notice template: an alarm SMS is recorded as failed saying why, and the plant configuration says so', async () => {
      const before = tencent.requests.length;
      const a = await faultAlarmNotified(t, 'Hangzhou warehouse');
      expect(tencent.requests.length).toBe(before);
      const row = await t.db.selectFrom('outbox').selectAll().where('purpose', '=', `alarm:${a.alarmId}`).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channel: 'sms', provider: 'tencent', status: 'failed', recipient: a.phone });
      expect(row.error).toContain('TENCENT_SMS_NOTICE_TEMPLATE_ID');
      expect(a.configuration.channels).toEqual({ sms: { ready: false, reason: 'noNoticeTemplate', notice: expect.stringContaining('no notice template') }, email: { ready: true, reason: null, notice: null } });
    });

    it('Tencent Cloud SMS with a notice template: a signed SendSms with {1} plant, {2} level, {3} alarm', async () => {
      const sms = new TencentSms({ kind: 'tencent', ...TENCENT, noticeTemplateId: '100002', region: 'ap-guangzhou', endpoint: tencent.origin });
      await expect(sms.sendNotice({ phone: '13900000003', plant: '杭州仓库屋顶光伏电站二期工程扩建部分并网项目', level: 2, alarm: 'Inverter INV-1 is offline' })).resolves.toBe('5000:1045710669157053657849499619');
      const body = JSON.parse(tencent.requests.at(-1)!.body);
      expect(body).toMatchObject({ PhoneNumberSet: ['+8613900000003'], TemplateId: '100002', TemplateParamSet: ['杭州仓库屋顶光伏电站二期工程扩建部分并…', '2', 'Inverter INV-1 is o…'] });
      await expect(new TencentSms({ kind: 'tencent', ...TENCENT, region: 'ap-guangzhou', endpoint: tencent.origin }).sendNotice({ phone: '13900000003', plant: 'x', level: 1, alarm: 'y' })).rejects.toThrow(/TENCENT_SMS_NOTICE_TEMPLATE_ID/);
    });

    it('SMTP: the e-mail code arrives at the SMTP server', async () => {
      const { phone } = await t.createUser('mail-pass1');
      const token = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'mail-pass1' } })).json().data.token;
      const email = `mail${t.phone()}@example.com`;
      const tk = await t.ticket();
      const r = await t.inject({
        method: 'GET',
        url: `/api/user/user-detail/sendPhoneAndEmailCode?phoneOrEmail=${email}&authType=email&randstr=${tk.randstr}&ticket=${tk.ticket}`,
        headers: t.bearer(token),
      });
      expect(r.json()).toMatchObject({ code: 200, data: { provider: 'smtp', delivered: true } });
      const mail = smtp.mails.filter((m) => m.to.some((to) => to.includes(email))).at(-1)!;
      expect(mail.from).toContain('noreply@pvstudio.test');
      const code = /verification code is (\d{6})/.exec(mail.data)![1];
      const bind = await t.inject({ method: 'POST', url: '/api/user/user-detail/bindUserPhoneAndEmail', headers: t.bearer(token), payload: { phoneOrEmail: email, code, authType: 'email' } });
      expect(bind.json().code).toBe(200);
    });
  },
  {
    sms: { kind: 'tencent', ...TENCENT, region: 'ap-guangzhou', endpoint: tencent.origin },
    mail: { kind: 'smtp', host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null, from: 'PV Studio <noreply@pvstudio.test>' },
  },
);
