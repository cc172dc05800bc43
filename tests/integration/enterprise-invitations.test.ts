// Invitations through the real providers' interfaces, against the local servers the provider tests use
// (a Tencent Cloud SMS stand-in and an SMTP server), and the demo organisation of `npm start`
// (issue 20 items 1 and 4).
import { afterAll, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../src/server/enterprise/demo.ts';
import { addMember, makeOrg } from './enterprise-helpers.ts';
import { startFakeSmtp } from './fakes/smtp.ts';
import { startFakeTencentSms, TENCENT } from './fakes/tencent-sms.ts';
import { describeWithDatabases } from './harness.ts';

const tencentState = { failWith: null as string | null };
const tencent = await startFakeTencentSms(tencentState);
const smtp = await startFakeSmtp();
afterAll(async () => {
  await tencent.close();
  await smtp.close();
});

describeWithDatabases(
  'enterprise: invitations through the providers',
  (t) => {
    it('an unregistered member with mobile and e-mail gets a Tencent SMS sign-in code and an SMTP invitation', async () => {
      const org = await makeOrg(t, 'Invite Co');
      const phone = t.phone();
      t.clock.advance(61_000);
      const before = tencent.requests.length;
      const r = await addMember(t, org, { name: 'Wu Gang', phone, email: 'wu.gang@example.org', invite: true });
      expect(r.invitations).toEqual([
        { channel: 'sms', provider: 'tencent', delivered: true, notice: null },
        { channel: 'email', provider: 'smtp', delivered: true, notice: null },
      ]);
      const sms = JSON.parse(tencent.requests.slice(before).at(-1)!.body);
      expect(sms).toMatchObject({ PhoneNumberSet: [`+86${phone}`], TemplateId: TENCENT.templateId });
      const mail = smtp.mails.filter((m) => m.to.some((to) => to.includes('wu.gang@example.org'))).at(-1)!;
      expect(mail.data).toContain('Invite Co');
      expect(mail.data).toContain(phone);
      // The SMS code signs the invited person in (registering the account), and the member is then normal.
      const [code] = sms.TemplateParamSet;
      const login = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code, source: 'LITE' } })).json();
      expect(login.code).toBe(200);
      const chooser = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(login.data.token) })).json().data;
      expect(chooser.list).toEqual([expect.objectContaining({ enterpriseId: org.enterpriseId, role: 'member' })]);
    });

    it('a provider failure does not undo the member; the answer says the invitation was not delivered', async () => {
      const org = await makeOrg(t, 'Failing Co');
      tencentState.failWith = 'FailedOperation.InsufficientBalanceInSmsPackage';
      try {
        t.clock.advance(61_000);
        const r = await addMember(t, org, { name: 'Zhou', phone: t.phone(), invite: true });
        expect(r.member.status).toBe('unregistered');
        expect(r.invitations).toEqual([{ channel: 'sms', provider: 'none', delivered: false, notice: expect.stringContaining('failed') }]);
      } finally {
        tencentState.failWith = null;
      }
    });
  },
  {
    sms: { kind: 'tencent', ...TENCENT, region: 'ap-guangzhou', endpoint: tencent.origin },
    mail: { kind: 'smtp', host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null, from: 'PV Studio <noreply@pvstudio.test>' },
  },
);

describeWithDatabases(
  'enterprise: the demo organisation',
  (t) => {
    it('npm start’s demo account is the super administrator of the demo organisation, with credit, a company and a project', async () => {
      const demo = t.app.demoAccount!;
      expect(demo.created).toBe(true);
      const login = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: demo.phone, password: demo.password, source: 'LITE' } })).json();
      expect(login.code).toBe(200);
      const h = t.bearer(login.data.token);
      const list = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: h })).json().data.list;
      expect(list).toEqual([expect.objectContaining({ name: DEMO_ENTERPRISE.name, role: 'super_admin', current: true })]);
      const detail = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: h })).json().data;
      expect(detail).toMatchObject({ photoCredits: DEMO_ENTERPRISE.photoCredits, seats: DEMO_ENTERPRISE.seats, seatsUsed: 1, membershipExpired: false });
      expect((await t.inject({ method: 'GET', url: '/api/user/enterprise/business/list', headers: h })).json().data.total).toBe(1);
      const projects = (await t.inject({ method: 'GET', url: '/api/web/enterprise/project/list', headers: h })).json().data;
      expect(projects.total).toBe(1);
      expect(projects.list[0]).toMatchObject({ access: 'creator', creatorId: login.data.userId });
    });
  },
  { demo: { phone: '13800000000', password: 'Demo-pass-2024' } },
);
