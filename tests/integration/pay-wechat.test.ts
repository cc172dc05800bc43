// Payments through WeChat Pay API v3 (Native) against a local server that speaks its documented API
// and checks every request's WECHATPAY2-SHA256-RSA2048 signature with the merchant public key
// (fakes/wechat-pay.ts): the Native order, the status poll (query; close when expired), the payment
// notification (platform signature + AEAD_AES_256_GCM resource: accepted once, tampered ones refused
// with nothing changed), answers the client must not trust, and the configuration checks.
import { afterAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/server/clock.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { rfc3339Beijing } from '../../src/server/providers/wechat-pay.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { startFakeWeChatPay, STRANGER_KEY } from './fakes/wechat-pay.ts';

const fake = await startFakeWeChatPay();
afterAll(() => fake.close());

async function order(t: TestApp, token: string, planId: string, quantity = 1) {
  const res = await t.inject({ method: 'POST', url: '/api/pay/order/create', headers: t.bearer(token), payload: { planId, quantity, payWay: 'wx' } });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as { orderSn: string; codeUrl: string; amount: number; expiresAt: string; provider: string };
}

async function status(t: TestApp, token: string, orderSn: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/api/pay/order/queryOrderStatus/${orderSn}?payWay=wx`, headers: t.bearer(token) });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as number;
}

async function notify(t: TestApp, n: { headers: Record<string, string>; body: string }) {
  return t.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });
}

async function creditRows(t: TestApp, orderSn: string) {
  return t.db.selectFrom('credit_log').selectAll().where('order_sn', '=', orderSn).execute();
}

async function quotaOf(t: TestApp, token: string) {
  return (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: t.bearer(token) })).json().data;
}

describeWithDatabases(
  'payments through WeChat Pay API v3',
  (t) => {
    it('creates a signed Native order with the server-computed amount and answers its code_url', async () => {
      const { token } = await t.signUp();
      const before = fake.requests.length;
      const o = await order(t, token, 'photo-credits-500', 3);
      expect(o.provider).toBe('wechatpay');
      expect(o.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const sent = fake.requests.slice(before).find((r) => r.url.pathname === '/v3/pay/transactions/native');
      expect(sent?.method).toBe('POST');
      expect(sent?.headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="[^"]+",signature="[^"]+",timestamp="\d+",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"$/);
      expect(fake.rejected).toEqual([]);
      const body = JSON.parse(sent!.body);
      expect(body).toMatchObject({
        appid: fake.config.appId,
        mchid: fake.config.mchId,
        out_trade_no: o.orderSn,
        notify_url: `${t.app.config.publicUrl}/api/pay/notify/wechat`,
        amount: { total: 3 * 10_000, currency: 'CNY' },
      });
      // time_expire in rfc3339 (Beijing time) is the answer's expiresAt.
      expect(body.time_expire).toBe(rfc3339Beijing(new Date(o.expiresAt)));
      expect(Date.parse(body.time_expire)).toBe(Math.floor(Date.parse(o.expiresAt) / 1000) * 1000);
    });

    it('polls the order query: 0 while NOTPAY, 1 once paid; fulfilled once even when notified afterwards', async () => {
      const { token } = await t.signUp();
      const before = await quotaOf(t, token);
      const o = await order(t, token, 'project-quota-5', 2);
      expect(await status(t, token, o.orderSn)).toBe(0);
      const q = fake.requests.filter((r) => r.url.pathname === `/v3/pay/transactions/out-trade-no/${o.orderSn}`).at(-1);
      expect(q?.method).toBe('GET');
      expect(q?.url.searchParams.get('mchid')).toBe(fake.config.mchId);

      fake.pay(o.orderSn);
      expect(await status(t, token, o.orderSn)).toBe(1);
      expect(await status(t, token, o.orderSn)).toBe(1);
      const n = await notify(t, fake.notification(o.orderSn, t.clock.now()));
      expect(n.statusCode).toBe(200);
      expect(n.json()).toEqual({ code: 'SUCCESS', message: '成功' });

      const after = await quotaOf(t, token);
      expect(after.projectCapacity).toBe(before.projectCapacity + 10);
      expect(after.projectLimit).toBe(before.projectLimit + 10);
      const rows = await creditRows(t, o.orderSn);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ change_type: 'purchase', project_credits: 10, photo_credits: 0 });
      const row = await t.db.selectFrom('pay_orders').selectAll().where('order_sn', '=', o.orderSn).executeTakeFirstOrThrow();
      expect(row.transaction_id).toBe(fake.trades.get(o.orderSn)?.transactionId);
    });

    it('accepts a correctly signed and encrypted notification: the order is paid and fulfilled, once', async () => {
      const { token } = await t.signUp();
      const o = await order(t, token, 'membership-annual');
      fake.pay(o.orderSn);
      const n = fake.notification(o.orderSn, t.clock.now());
      expect((await notify(t, n)).json()).toEqual({ code: 'SUCCESS', message: '成功' });
      // WeChat Pay repeats notifications until acknowledged: the same one again changes nothing.
      expect((await notify(t, n)).json()).toEqual({ code: 'SUCCESS', message: '成功' });
      expect((await notify(t, fake.notification(o.orderSn, t.clock.now()))).statusCode).toBe(200);
      const row = await t.db.selectFrom('pay_orders').selectAll().where('order_sn', '=', o.orderSn).executeTakeFirstOrThrow();
      expect(row.status).toBe('paid');
      expect(await creditRows(t, o.orderSn)).toEqual([expect.objectContaining({ membership_days: 365 })]);
      expect(await status(t, token, o.orderSn)).toBe(1);
      const m = (await t.inject({ method: 'GET', url: '/api/user/membership', headers: t.bearer(token) })).json().data;
      expect(m).toMatchObject({ isExpired: false, plan: 'annual' });
    });

    it('refuses tampered, forged and stale notifications; nothing changes', async () => {
      const { token } = await t.signUp();
      const o = await order(t, token, 'membership-monthly');
      fake.pay(o.orderSn);
      const good = fake.notification(o.orderSn, t.clock.now());

      // The body changed after signing (a ciphertext character swapped).
      const parsed = JSON.parse(good.body);
      const c: string = parsed.resource.ciphertext;
      parsed.resource.ciphertext = (c[0] === 'A' ? 'B' : 'A') + c.slice(1);
      const tampered = { headers: good.headers, body: JSON.stringify(parsed) };
      // Re-serialised but otherwise the same text: still not what was signed.
      const reformatted = { headers: good.headers, body: JSON.stringify(JSON.parse(good.body), null, 1) };
      const forged = fake.notification(o.orderSn, t.clock.now(), { signWith: STRANGER_KEY });
      const stale = fake.notification(o.orderSn, new Date(t.clock.now().getTime() - 10 * MINUTE));
      const unsigned = { headers: { 'content-type': 'application/json' }, body: good.body };

      for (const n of [tampered, reformatted, forged, stale, unsigned]) {
        const res = await notify(t, n);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'FAIL' });
      }
      const row = await t.db.selectFrom('pay_orders').selectAll().where('order_sn', '=', o.orderSn).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', fulfilled_at: null });
      expect(await creditRows(t, o.orderSn)).toEqual([]);
      // The genuine one still works afterwards.
      expect((await notify(t, good)).json().code).toBe('SUCCESS');
      expect(await creditRows(t, o.orderSn)).toHaveLength(1);
    });

    it('closes an expired unpaid order at WeChat Pay and answers 2', async () => {
      const { token } = await t.signUp();
      const o = await order(t, token, 'photo-credits-2000');
      t.clock.advance(15 * MINUTE + 1000);
      expect(await status(t, token, o.orderSn)).toBe(2);
      const close = fake.requests.find((r) => r.url.pathname === `/v3/pay/transactions/out-trade-no/${o.orderSn}/close`);
      expect(close?.method).toBe('POST');
      expect(JSON.parse(close!.body)).toEqual({ mchid: fake.config.mchId });
      expect(fake.trades.get(o.orderSn)?.state).toBe('CLOSED');
      expect(await status(t, token, o.orderSn)).toBe(2);
    });

    it('does not fulfil a payment whose amount differs from the order', async () => {
      const { token } = await t.signUp();
      const o = await order(t, token, 'photo-credits-500');
      fake.pay(o.orderSn);
      // WeChat Pay reports a total that is not the order's (e.g. an out_trade_no reused elsewhere): not granted.
      fake.trades.get(o.orderSn)!.total = 1;
      expect(await status(t, token, o.orderSn)).toBe(2);
      expect(await creditRows(t, o.orderSn)).toEqual([]);
    });

    it('refuses answers not signed by the platform key: the order fails with 502', async () => {
      const { token } = await t.signUp();
      fake.badSignatures = true;
      try {
        const res = await t.inject({ method: 'POST', url: '/api/pay/order/create', headers: t.bearer(token), payload: { planId: 'membership-monthly', quantity: 1, payWay: 'wx' } });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ code: 502, data: { error: 'PROVIDER_FAILED' } });
        expect(res.json().msg).toContain('not verified');
      } finally {
        fake.badSignatures = false;
      }
      const failed = await t.db.selectFrom('pay_orders').select('status').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(failed.status).toBe('failed');
    });

    it('answers 404 on the sandbox endpoints when WeChat Pay is configured', async () => {
      const { token } = await t.signUp();
      const o = await order(t, token, 'membership-monthly');
      expect((await t.inject({ method: 'POST', url: `/api/pay/sandbox/complete/${o.orderSn}` })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: `/api/pay/sandbox/pay/${o.orderSn}` })).statusCode).toBe(404);
      expect(await status(t, token, o.orderSn)).toBe(0);
      expect((await t.inject({ method: 'GET', url: '/api/pay/price' })).json().data.provider).toBe('wechatpay');
    });
  },
  { pay: fake.config },
);

describe('WeChat Pay configuration', () => {
  it('stops the start naming the first missing variable of a half-configured merchant', () => {
    expect(() => loadConfig({ DEMO_PHONE: 'off', WECHATPAY_MCHID: '1900000109' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_PHONE: 'off', WECHATPAY_MCHID: '1900000109' })).toThrow(/WECHATPAY_APIV3_KEY/);
    expect(() => loadConfig({ DEMO_PHONE: 'off', WECHATPAY_MCHID: '1', WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' })).toThrow(/WECHATPAY_APPID/);
    expect(() => loadConfig({ DEMO_PHONE: 'off', WECHATPAY_MCHID: '1', WECHATPAY_APIV3_KEY: 'short' })).toThrow(/32-character/);
    expect(() =>
      loadConfig({ DEMO_PHONE: 'off', WECHATPAY_MCHID: '1', WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', WECHATPAY_APPID: 'wx1', WECHATPAY_SERIAL: 'S' }),
    ).toThrow(/WECHATPAY_PRIVATE_KEY_FILE/);
    expect(() => loadConfig({ DEMO_PHONE: 'off', PAY_PROVIDER: 'alipay' })).toThrow(/PAY_PROVIDER/);
  });

  it('defaults to the sandbox, and PAY_PROVIDER=none switches payments off', () => {
    expect(loadConfig({ DEMO_PHONE: 'off' }).pay).toEqual({ kind: 'sandbox' });
    expect(loadConfig({ DEMO_PHONE: 'off', PAY_PROVIDER: 'none' }).pay).toEqual({ kind: 'none' });
  });
});
