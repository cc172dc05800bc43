// An organisation's purchase (spec 001 §1 "Commercial offer: … enterprise" plan, §3 Company
// "membership expiry date, credits" and Credit log entry "associated order number", §7 GET
// /api/pay/price with enterpriseId): an administrator buys the enterprise plan or credit packs for
// their organisation; once paid (sandbox) the organisation's membership and pool grow by the plan's
// grants × quantity exactly once, its credits history has a 'purchase' line with the order number and
// the buyer, and the buyer's own membership, quota and credit log do not change. A member who does not
// administer it, or a user outside it, cannot buy for it; a person cannot buy the enterprise plan and
// an organisation cannot buy a personal membership.
import { expect, it } from 'vitest';
import { DAY } from '../../src/server/clock.ts';
import { DEFAULT_CATALOGUE } from '../../src/model/pricing.ts';
import { joinedMember, makeOrg, type Org } from './enterprise-helpers.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

const plan = (id: string) => DEFAULT_CATALOGUE.find((p) => p.id === id)!;

async function create(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: '/api/pay/order/create', headers: t.bearer(token), payload: { payWay: 'wx', quantity: 1, ...payload } });
}

async function pay(t: TestApp, token: string, orderSn: string) {
  const r = await t.inject({ method: 'POST', url: `/api/pay/sandbox/complete/${orderSn}`, headers: t.bearer(token) });
  expect(r.json().data.status, r.body).toBe(1);
}

async function detail(t: TestApp, org: Org) {
  return (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: org.h })).json().data;
}

async function personal(t: TestApp, token: string) {
  const h = t.bearer(token);
  return {
    membership: (await t.inject({ method: 'GET', url: '/api/user/membership', headers: h })).json().data,
    quota: (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: h })).json().data,
    log: (await t.inject({ method: 'GET', url: '/api/user/credit-log?page=1&size=50', headers: h })).json().data.list,
  };
}

describeWithDatabases('an organisation buys its plan and credits', (t) => {
  it('fills the organisation’s membership and pool once, logs the purchase with the order and the buyer, and leaves the buyer’s own account alone', async () => {
    const org = await makeOrg(t, 'Sunny Installers');
    const before = await detail(t, org);
    const buyerBefore = await personal(t, org.owner.token);

    const enterprisePlan = plan('membership-enterprise');
    const r = await create(t, org.owner.token, { planId: 'membership-enterprise', quantity: 2, enterpriseId: org.enterpriseId });
    expect(r.json().code, r.body).toBe(200);
    expect(r.json().data.amount).toBe(2 * enterprisePlan.priceFen);
    const { orderSn } = r.json().data;
    await pay(t, org.owner.token, orderSn);
    // A second payment of the same order grants nothing more.
    const again = await t.inject({ method: 'POST', url: `/api/pay/sandbox/complete/${orderSn}`, headers: t.bearer(org.owner.token) });
    expect(again.json().data.status).toBe(1);

    const after = await detail(t, org);
    // No membership before: two years of 365 days from now.
    expect(before.membershipExpiredDate).toBeNull();
    expect(Date.parse(after.membershipExpiredDate)).toBe(t.clock.now().getTime() + 2 * 365 * DAY);
    expect(after.membershipExpired).toBe(false);
    expect(after.photoCredits - before.photoCredits).toBe(2 * enterprisePlan.photoCredits);
    expect(after.projectCredits - before.projectCredits).toBe(2 * enterprisePlan.projectCredits);

    const log = (await t.inject({ method: 'GET', url: '/api/user/enterprise/credit-log?page=1&size=20', headers: org.h })).json().data.list;
    const lines = log.filter((l: { orderSn: string | null }) => l.orderSn === orderSn);
    expect(lines).toEqual([
      expect.objectContaining({ changeType: 'purchase', photoCredits: 4000, projectCredits: 20, membershipDays: 730, operator: String(org.owner.body.phone) }),
    ]);

    const buyerAfter = await personal(t, org.owner.token);
    expect(buyerAfter.membership).toEqual(buyerBefore.membership);
    expect(buyerAfter.quota).toEqual(buyerBefore.quota);
    expect(buyerAfter.log.some((l: { orderSn: string | null }) => l.orderSn === orderSn)).toBe(false);

    // The buyer's order list says whose order it was.
    const orders = (await t.inject({ method: 'GET', url: '/api/pay/orders', headers: t.bearer(org.owner.token) })).json().data.list;
    expect(orders[0]).toMatchObject({ orderSn, enterpriseId: org.enterpriseId, status: 'paid' });
  });

  it('adds credit packs to the pool and extends a running membership from its end', async () => {
    const org = await makeOrg(t, 'Pool Co');
    const first = await create(t, org.owner.token, { planId: 'membership-enterprise', enterpriseId: org.enterpriseId });
    await pay(t, org.owner.token, first.json().data.orderSn);
    t.clock.advance(5 * DAY);
    const before = await detail(t, org);
    const photos = await create(t, org.owner.token, { planId: 'photo-credits-500', quantity: 3, enterpriseId: org.enterpriseId });
    const second = await create(t, org.owner.token, { planId: 'membership-enterprise', enterpriseId: org.enterpriseId });
    await pay(t, org.owner.token, photos.json().data.orderSn);
    await pay(t, org.owner.token, second.json().data.orderSn);
    const after = await detail(t, org);
    expect(after.photoCredits - before.photoCredits).toBe(3 * plan('photo-credits-500').photoCredits + plan('membership-enterprise').photoCredits);
    // 365 days bought 5 days ago → 360 left, plus 365.
    expect(Date.parse(after.membershipExpiredDate)).toBe(t.clock.now().getTime() + 725 * DAY);
  });

  it('lets only the organisation’s administrators buy for it, and sells each side only its plans', async () => {
    const org = await makeOrg(t, 'Guarded Co');
    const member = await joinedMember(t, org);
    const outsider = await t.signUp();
    const byMember = await create(t, member.token, { planId: 'membership-enterprise', enterpriseId: org.enterpriseId });
    expect(byMember.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
    const byOutsider = await create(t, outsider.token, { planId: 'photo-credits-500', enterpriseId: org.enterpriseId });
    expect(byOutsider.json()).toMatchObject({ code: 402, data: { error: 'NOT_ENTERPRISE_USER' } });

    const personalPlan = await create(t, org.owner.token, { planId: 'membership-monthly', enterpriseId: org.enterpriseId });
    expect(personalPlan.statusCode).toBe(400);
    expect(personalPlan.json()).toMatchObject({ code: 400, data: { error: 'PAY_PLAN_PERSONAL_ONLY', field: 'planId' } });
    const enterpriseForMe = await create(t, outsider.token, { planId: 'membership-enterprise' });
    expect(enterpriseForMe.json()).toMatchObject({ code: 400, data: { error: 'PAY_PLAN_ENTERPRISE_ONLY', field: 'planId' } });
    expect(enterpriseForMe.json().msg).toMatch(/organisations/);
    // Nothing was ordered by any of these.
    const n = await t.db.selectFrom('pay_orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('enterprise_id', '=', org.enterpriseId).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });
});
