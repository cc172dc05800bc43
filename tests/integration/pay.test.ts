// Membership purchase end to end with the sandbox provider (spec 001 §1 "Commercial offer", §3 Order
// and Credit log, §4 "Order payment polling", §7 Payment; docs/PRODUCT.md: "sandbox provider (payment
// completed through a dev-only endpoint)"): the price list, order creation priced on the server, the
// status number (0 keep polling, 1 paid, 2 stop), fulfilment exactly once (membership from the later of
// now and the current expiry, credits, one credit-log row with the order number), privacy of orders,
// expiry, and the envelope of bad requests.
import { expect, it } from 'vitest';
import { DAY, MINUTE } from '../../src/server/clock.ts';
import { DEFAULT_CATALOGUE } from '../../src/model/pricing.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

interface Created {
  orderSn: string;
  codeUrl: string;
  amount: number;
  expiresAt: string;
  provider: string;
}

function plan(id: string) {
  const p = DEFAULT_CATALOGUE.find((x) => x.id === id);
  if (!p) throw new Error(`no plan ${id}`);
  return p;
}

async function create(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: '/api/pay/order/create', headers: t.bearer(token), payload });
}

async function order(t: TestApp, token: string, planId: string, quantity = 1): Promise<Created> {
  const res = await create(t, token, { planId, quantity, payWay: 'wx' });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as Created;
}

async function status(t: TestApp, token: string, orderSn: string) {
  return t.inject({ method: 'GET', url: `/api/pay/order/queryOrderStatus/${orderSn}?payWay=wx`, headers: t.bearer(token) });
}

/** The sandbox payment, by the order's owner from loopback (what the pay page's sandbox button does). */
async function complete(t: TestApp, token: string, orderSn: string) {
  return t.inject({ method: 'POST', url: `/api/pay/sandbox/complete/${orderSn}`, headers: t.bearer(token) });
}

async function account(t: TestApp, token: string) {
  const membership = (await t.inject({ method: 'GET', url: '/api/user/membership', headers: t.bearer(token) })).json().data;
  const quota = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: t.bearer(token) })).json().data;
  const log = (await t.inject({ method: 'GET', url: '/api/user/credit-log?page=1&size=50', headers: t.bearer(token) })).json().data;
  return { membership, quota, log: log.list as Array<Record<string, unknown>> };
}

describeWithDatabases('payments with the sandbox provider', (t) => {
  it('lists the catalogue with prices in fen and says the sandbox takes payments', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/pay/price' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currency: 'CNY', provider: 'sandbox', orderTtlSeconds: 900 });
    for (const p of data.plans) expect(Number.isInteger(p.priceFen) && p.priceFen > 0).toBe(true);
    // Spec 001 §1: monthly, annual and enterprise membership; drone photo credit; drone project quota —
    // a person is offered the personal plans, an organisation (enterpriseId) the enterprise plan and the credits.
    const personal = data.plans.map((p: { id: string }) => p.id);
    const organisation = (await t.inject({ method: 'GET', url: '/api/pay/price?enterpriseId=7' })).json().data.plans.map((p: { id: string }) => p.id);
    expect(personal).toEqual(DEFAULT_CATALOGUE.filter((p) => !p.enterprise).map((p) => p.id));
    expect(organisation).toEqual(DEFAULT_CATALOGUE.filter((p) => p.enterprise || p.membershipPlan === null).map((p) => p.id));
    const all = new Set([...personal, ...organisation]);
    expect(new Set(DEFAULT_CATALOGUE.filter((p) => all.has(p.id)).map((p) => p.membershipPlan))).toEqual(new Set(['monthly', 'annual', 'enterprise', null]));
    expect(new Set(data.plans.map((p: { kind: string }) => p.kind))).toEqual(new Set(['membership', 'photoCredits', 'projectQuota']));
    expect(organisation).toContain('membership-enterprise');
    expect(organisation).not.toContain('membership-monthly');
    expect(personal).not.toContain('membership-enterprise');
  });

  it('prices the order on the server, ignoring an amount sent by the client', async () => {
    const { token } = await t.signUp();
    const res = await create(t, token, { planId: 'membership-monthly', quantity: 3, payWay: 'wx', amount: 1, totalFee: 1 });
    expect(res.json().code).toBe(200);
    const created = res.json().data as Created;
    expect(created.amount).toBe(3 * plan('membership-monthly').priceFen);
    expect(created.provider).toBe('sandbox');
    expect(created.orderSn).toMatch(/^[A-Za-z0-9]{6,32}$/);
    expect(new URL(created.codeUrl).pathname).toBe(`/api/pay/sandbox/pay/${created.orderSn}`);
    expect(Date.parse(created.expiresAt) - t.clock.now().getTime()).toBe(15 * MINUTE);
    const row = await t.db.selectFrom('pay_orders').selectAll().where('order_sn', '=', created.orderSn).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_fen: 3 * 9_900, quantity: 3, status: 'pending', membership_days: 90, pay_way: 'wx' });
  });

  it('polls 0 while pending, 1 after the sandbox payment; the membership is extended once and logged with the order number', async () => {
    const { token } = await t.signUp();
    const before = await account(t, token);
    expect(before.membership.isExpired).toBe(true);
    const o = await order(t, token, 'membership-monthly', 2);
    expect((await status(t, token, o.orderSn)).json()).toMatchObject({ code: 200, data: 0 });

    expect((await complete(t, token, o.orderSn)).json()).toMatchObject({ code: 200, data: { orderSn: o.orderSn, status: 1 } });
    expect((await status(t, token, o.orderSn)).json().data).toBe(1);
    // Paid again (a second scan) and polled again: nothing more is granted.
    expect((await complete(t, token, o.orderSn)).json().data.status).toBe(1);
    expect((await status(t, token, o.orderSn)).json().data).toBe(1);

    const after = await account(t, token);
    // Two months of 30 days from now (no membership before).
    expect(Date.parse(after.membership.expiredDate)).toBe(t.clock.now().getTime() + 60 * DAY);
    expect(after.membership).toMatchObject({ isExpired: false, plan: 'monthly', edition: 'member' });
    const rows = after.log.filter((r) => r.orderSn === o.orderSn);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ changeType: 'purchase', membershipDays: 60, photoCredits: 0, projectCredits: 0 });
    expect(after.quota).toEqual(before.quota);
    // The account is no longer a trial: the purchase carries a LITE licence to the same end.
    const ent = await t.app.services.entitlements.of((await t.db.selectFrom('pay_orders').select('user_id').where('order_sn', '=', o.orderSn).executeTakeFirstOrThrow()).user_id);
    expect(ent.accountStatus).toBe('active');
    expect(ent.licenses['PVSTUDIO_LITE_expiredDate']).toBe(after.membership.expiredDate);
  });

  it('extends the membership from its current end when it has not expired yet', async () => {
    const { token } = await t.signUp();
    const first = await order(t, token, 'membership-monthly');
    await complete(t, token, first.orderSn);
    t.clock.advance(5 * DAY);
    const second = await order(t, token, 'membership-annual');
    await complete(t, token, second.orderSn);
    const { membership } = await account(t, token);
    // 30 days bought 5 days ago → 25 left, plus 365: now + 390 days.
    expect(Date.parse(membership.expiredDate)).toBe(t.clock.now().getTime() + 390 * DAY);
    expect(membership.plan).toBe('annual');
  });

  it('adds drone photo credit and project quota packs to the quota', async () => {
    const { token } = await t.signUp();
    const before = (await account(t, token)).quota;
    const photos = await order(t, token, 'photo-credits-500', 2);
    const projects = await order(t, token, 'project-quota-5', 1);
    await complete(t, token, photos.orderSn);
    await complete(t, token, projects.orderSn);
    await complete(t, token, photos.orderSn);
    const after = await account(t, token);
    expect(after.quota).toEqual({
      allCapacity: before.allCapacity + 1000,
      surplusCapacity: before.surplusCapacity + 1000,
      useCapacity: before.useCapacity,
      projectCapacity: before.projectCapacity + 5,
      projectLimit: before.projectLimit + 5,
    });
    expect(after.log.filter((r) => r.orderSn === photos.orderSn)).toEqual([expect.objectContaining({ photoCredits: 1000, projectCredits: 0, membershipDays: 0 })]);
    expect(after.log.filter((r) => r.orderSn === projects.orderSn)).toEqual([expect.objectContaining({ photoCredits: 0, projectCredits: 5 })]);
    expect(after.membership.isExpired).toBe(true);
  });

  it("keeps an order private: another user's query and list do not see it", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const o = await order(t, alice.token, 'membership-monthly');
    const res = await status(t, bob.token, o.orderSn);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: { error: 'ORDER_NOT_FOUND' } });
    const list = (await t.inject({ method: 'GET', url: '/api/pay/orders', headers: t.bearer(bob.token) })).json().data;
    expect(list).toEqual({ total: 0, list: [] });
    expect((await t.inject({ method: 'GET', url: `/api/pay/order/queryOrderStatus/${o.orderSn}` })).statusCode).toBe(401);
  });

  it('stops polling (2) once the order expired; a late sandbox payment is refused and grants nothing', async () => {
    const { token } = await t.signUp();
    const before = await account(t, token);
    const o = await order(t, token, 'photo-credits-500');
    t.clock.advance(15 * MINUTE + 1000);
    expect((await status(t, token, o.orderSn)).json().data).toBe(2);
    expect((await complete(t, token, o.orderSn)).json().data.status).toBe(2);
    expect((await status(t, token, o.orderSn)).json().data).toBe(2);
    const after = await account(t, token);
    expect(after.quota).toEqual(before.quota);
    expect(after.log.some((r) => r.orderSn === o.orderSn)).toBe(false);
  });

  it('an order expiring before anyone polls is refused by the sandbox payment too', async () => {
    const { token } = await t.signUp();
    const o = await order(t, token, 'project-quota-1');
    t.clock.advance(16 * MINUTE);
    expect((await complete(t, token, o.orderSn)).json().data.status).toBe(2);
    expect((await account(t, token)).log.some((r) => r.orderSn === o.orderSn)).toBe(false);
  });

  it('lists the orders newest first with their status', async () => {
    const { token } = await t.signUp();
    const a = await order(t, token, 'membership-monthly');
    t.clock.advance(1000);
    const b = await order(t, token, 'photo-credits-2000', 2);
    t.clock.advance(1000);
    const c = await order(t, token, 'project-quota-1');
    await complete(t, token, b.orderSn);
    t.clock.advance(16 * MINUTE);
    const res = await t.inject({ method: 'GET', url: '/api/pay/orders?page=1&size=2', headers: t.bearer(token) });
    const data = res.json().data;
    expect(data.total).toBe(3);
    expect(data.list.map((r: { orderSn: string }) => r.orderSn)).toEqual([c.orderSn, b.orderSn]);
    expect(data.list[0]).toMatchObject({ planId: 'project-quota-1', status: 'closed', amount: plan('project-quota-1').priceFen, paidAt: null });
    expect(data.list[1]).toMatchObject({ planId: 'photo-credits-2000', quantity: 2, status: 'paid', amount: 2 * plan('photo-credits-2000').priceFen, photoCredits: 4000 });
    expect(data.list[1].paidAt).not.toBeNull();
    const page2 = (await t.inject({ method: 'GET', url: '/api/pay/orders?page=2&size=2', headers: t.bearer(token) })).json().data;
    expect(page2.list.map((r: { orderSn: string }) => r.orderSn)).toEqual([a.orderSn]);
  });

  it('answers bad bodies with 400 and the envelope naming the field', async () => {
    const { token } = await t.signUp();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ quantity: 1, payWay: 'wx' }, 'planId', 'VALIDATION'],
      [{ planId: 'membership-monthly', quantity: 0, payWay: 'wx' }, 'quantity', 'VALIDATION'],
      [{ planId: 'membership-monthly', quantity: 1.5, payWay: 'wx' }, 'quantity', 'VALIDATION'],
      [{ planId: 'membership-monthly', quantity: '2', payWay: 'wx' }, 'quantity', 'VALIDATION'],
      [{ planId: 'membership-monthly', quantity: 1, payWay: 'alipay' }, 'payWay', 'VALIDATION'],
      [{ planId: 'membership-lifetime', quantity: 1, payWay: 'wx' }, 'planId', 'PAY_PLAN_UNKNOWN'],
      [{ planId: 'membership-monthly', quantity: 13, payWay: 'wx' }, 'quantity', 'PAY_QUANTITY'],
    ];
    for (const [payload, field, error] of cases) {
      const res = await create(t, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 400, msg: expect.any(String), data: { error, field } });
    }
    expect((await t.inject({ method: 'POST', url: '/api/pay/order/create', headers: { ...t.bearer(token), 'content-type': 'application/json' }, payload: '{' })).json().code).toBe(400);
    expect((await status(t, token, 'bad sn!')).json()).toMatchObject({ code: 400, data: { error: 'VALIDATION' } });
    expect((await status(t, token, 'PV0000000000000000')).json()).toMatchObject({ code: 404, data: { error: 'ORDER_NOT_FOUND' } });
    expect((await complete(t, token, 'PV0000000000000000')).statusCode).toBe(404);
    expect(await t.db.selectFrom('pay_orders').select('id').where('plan_id', '=', 'membership-lifetime').execute()).toEqual([]);
  });

  it("serves the sandbox payer's page; its Pay button completes the payment", async () => {
    const { token } = await t.signUp();
    const o = await order(t, token, 'membership-monthly');
    const url = new URL(o.codeUrl);
    // The payer's page opens in the owner's signed-in browser (the loginToken cookie).
    const cookies = { loginToken: token };
    const page = await t.inject({ method: 'GET', url: url.pathname, cookies });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('No money moves');
    expect(page.body).toContain('99.00');
    const paid = await t.inject({ method: 'POST', url: url.pathname, cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Paid.');
    expect((await status(t, token, o.orderSn)).json().data).toBe(1);
  });

  it('does not accept WeChat Pay notifications while the sandbox takes payments', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
  });
});

describeWithDatabases(
  'payments not configured',
  (t) => {
    it('says so on the price list and refuses orders with 503', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/pay/price' })).json().data.provider).toBe('none');
      const { token } = await t.signUp();
      const res = await create(t, token, { planId: 'membership-monthly', quantity: 1, payWay: 'wx' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, data: { error: 'PROVIDER_NOT_CONFIGURED' } });
      expect((await complete(t, token, 'PV0000000000000000')).statusCode).toBe(404);
    });
  },
  { pay: { kind: 'none' } },
);
