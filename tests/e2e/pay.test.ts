// End to end, buying a membership in the sandbox (spec 001 §2 /pay, §4 "Order payment polling", §3
// Order; docs/PRODUCT.md "WeChat Pay": sandbox provider when no merchant is configured) and the personal
// centre that follows it: the order in /user/order, the payment message in /user/message with the top
// bar's unread badge, and the membership end moved by the plan's days. An organisation's administrator
// in the enterprise edition buys the enterprise plan for it: the page says whom it buys for, offers the
// organisation's plans only, and the organisation's membership and pool grow.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from '../../src/model/pricing.ts';
import { Organisations } from '../../src/server/enterprise/organisations.ts';
import { createAccount, numberInput, openPage, overlaysSettled, signInWithPassword, useE2E } from './harness.ts';

const e2e = useE2E();

it('buys two months of membership in the sandbox, then finds the order and the message', async () => {
  const e = e2e();
  const account = await createAccount(e.app);
  const user = await e.app.db.selectFrom('users').select('id').where('phone', '=', account.phone).executeTakeFirstOrThrow();
  const before = await e.app.services.entitlements.membership(user.id);
  const p = await openPage(e, '/login');
  const { page } = p;
  await signInWithPassword(p, account.phone, account.password);
  await page.waitForURL(/\/home\/list/);

  await page.goto(`${e.baseUrl}/pay`);
  await page.getByTestId('pay-page').waitFor();
  await page.getByTestId('pay-plan-membership-monthly').click();
  const quantity = numberInput(page, 'pay-quantity');
  await quantity.fill('2');
  await quantity.blur();
  await page.getByTestId('pay-create').click();
  // The order's QR code, and the sandbox's own pay button (no merchant configured).
  await page.getByTestId('pay-qr').waitFor();
  await page.getByTestId('pay-sandbox').click();
  // The page polls every 3 s and sees the payment.
  await page.getByTestId('pay-paid').waitFor({ timeout: 20_000 });

  // The membership end moved by 2 × the monthly plan's days (server's answer, in whole days).
  const after = await e.app.services.entitlements.membership(user.id);
  const days = (Date.parse(after.expiredDate!) - Date.parse(before.expiredDate!)) / 86_400_000;
  const monthly = DEFAULT_CATALOGUE.find((x) => x.id === 'membership-monthly')!;
  expect(Math.round(days)).toBe(2 * monthly.membershipDays);

  await page.goto(`${e.baseUrl}/user/order`);
  const orders = page.getByTestId('user-order-page');
  await orders.waitFor();
  await orders.locator('.ant-table-row').first().waitFor();
  expect(await orders.locator('.ant-table-row').count()).toBe(1);

  // One unread message: the badge in the top bar, and the message naming the order's plan in English.
  await page.locator('[data-testid="unread-badge"] .ant-badge-dot').waitFor();
  await page.goto(`${e.baseUrl}/user/message`);
  const item = page.getByTestId('message-item');
  await item.first().waitFor();
  expect(await item.count()).toBe(1);
  await expect(item.first().innerText()).resolves.toMatch(/Satellite membership, monthly ×2/);
  await item.first().getByTestId('message-mark-read').click();
  await page.locator('[data-testid="message-item"][data-read="true"]').waitFor();
  await page.locator('[data-testid="unread-badge"] .ant-badge-dot').waitFor({ state: 'detached' });
  expect(p.problems).toEqual([]);
  await p.context.close();
});

it("buys the enterprise plan for the administrator's organisation and fills its pool", async () => {
  const e = e2e();
  const admin = await createAccount(e.app);
  const user = await e.app.db.selectFrom('users').select('id').where('phone', '=', admin.phone).executeTakeFirstOrThrow();
  const { enterpriseId } = await new Organisations(e.app.db, e.app.clock).create('Harbour Solar Ltd.', user.id, { seats: 3 });
  const before = await e.app.db.selectFrom('enterprises').selectAll().where('id', '=', enterpriseId).executeTakeFirstOrThrow();
  const p = await openPage(e, '/login');
  const { page } = p;
  await signInWithPassword(p, admin.phone, admin.password);
  await page.waitForURL(/\/home\/list/);
  await page.getByTestId('user-menu').click();
  await overlaysSettled(page);
  await page.getByTestId('enter-enterprise').click();
  await page.waitForURL(/\/enterprise\/home$/);

  // From the organisation's credits history, "Buy membership and credits" opens /pay in a new tab.
  await page.goto(`${e.baseUrl}/enterprise/creditList`);
  await page.getByTestId('credit-list').waitFor();
  const [pay] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('credit-buy').click()]);
  await pay.getByTestId('pay-organisation').getByText('Buying for your organisation Harbour Solar Ltd.').waitFor();
  await pay.getByTestId('pay-organisation-account').getByText('Organisation photo credit not yet given to members: 0').waitFor();
  expect(await pay.getByTestId('pay-plan-membership-monthly').count()).toBe(0);
  await pay.getByTestId('pay-plan-membership-enterprise').click();
  await pay.getByTestId('pay-create').click();
  await pay.getByTestId('pay-qr').waitFor();
  await pay.getByTestId('pay-sandbox').click();
  await pay.getByTestId('pay-paid').waitFor({ timeout: 20_000 });
  const plan = DEFAULT_CATALOGUE.find((x) => x.id === 'membership-enterprise')!;
  await pay.getByTestId('pay-organisation-account').getByText(`Organisation photo credit not yet given to members: ${plan.photoCredits}`).waitFor();
  await pay.close();

  // Back in the credits history: the purchase, with its order number.
  await page.bringToFront();
  await page.reload();
  const purchase = page.getByTestId('credit-table').locator('.ant-table-row').filter({ hasText: 'Purchase' });
  await purchase.waitFor();
  const order = await e.app.db.selectFrom('pay_orders').select('order_sn').where('enterprise_id', '=', enterpriseId).executeTakeFirstOrThrow();
  const line = await purchase.textContent();
  expect(line).toContain(`+${plan.photoCredits}`);
  expect(line).toContain(order.order_sn);
  const after = await e.app.db.selectFrom('enterprises').selectAll().where('id', '=', enterpriseId).executeTakeFirstOrThrow();
  expect(after.photo_credits - before.photo_credits).toBe(plan.photoCredits);
  expect(after.project_credits - before.project_credits).toBe(plan.projectCredits);
  expect(Math.round((after.membership_expires_at!.getTime() - e.app.clock.now().getTime()) / 86_400_000)).toBe(plan.membershipDays);
  // The order page tags it as the organisation's.
  await page.goto(`${e.baseUrl}/user/order`);
  await page.getByTestId('user-order-page').locator('.ant-table-row').first().getByText('Organisation').waitFor();
  expect(p.problems).toEqual([]);
  await p.context.close();
});
