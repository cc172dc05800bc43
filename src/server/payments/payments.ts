// Orders and their payment (spec 001 §3 Order, §4 "Order payment polling", §7 Payment; docs/PRODUCT.md
// "Licences and membership"). An order is priced on the server from the catalogue (never from the
// client), handed to the payment provider as a Native (QR code) payment, and polled: the provider's
// answer (query or notification) moves it pending → paid | closed | failed. A paid order is fulfilled
// exactly once, in one transaction with the status change: membership, LITE licence, credits, quota
// and a credit-log row with the order number (EntitlementService.purchase) — or, for an order an
// administrator placed for their organisation, the organisation's pool: its membership, drone photo
// credit and project quota, with a 'purchase' line in its credits history (enterprise/credits.ts).
// The price list and the orders offer personal plans to a person and, to an organisation, the
// enterprise plans and the credit plans (never a personal membership).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { EntitlementService } from '../accounts/entitlements.ts';
import { addMs, MINUTE, type Clock } from '../clock.ts';
import type { Database, PayOrdersTable } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { fillPool } from '../enterprise/credits.ts';
import { PaymentProviderError, SandboxPayment, type PaymentProvider, type Trade } from '../providers/payment.ts';
import { orderTotals, type Plan } from '../../model/pricing.ts';
import { ORDER_STATUS, type CreatedOrder, type OrderList, type OrderState, type PriceAnswer } from '../../model/api/pay.ts';

export type PayOrder = Selectable<PayOrdersTable>;

/** How long a created order can be paid. */
export const ORDER_TTL_MS = 15 * MINUTE;

const PROVIDER_NAME = 'WeChat Pay';

/** Called after an order's fulfilment committed (e.g. a message to the user). Failures are logged only. */
export type PaidListener = (order: PayOrder) => Promise<void> | void;

/** A new order number: 'PV', the UTC time to the second, 12 random hex digits (28 characters, [A-Z0-9]). */
export function newOrderSn(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `PV${stamp}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** The status number of spec 001 §3 Order. */
export function statusNumber(status: string): number {
  if (status === 'paid') return ORDER_STATUS.paid;
  if (status === 'closed' || status === 'failed') return ORDER_STATUS.stopped;
  return ORDER_STATUS.pending;
}

/** A plan is sold to an organisation when it is an enterprise plan or sells credits; to a person unless it is an enterprise plan. */
export function offered(plan: Plan, forOrganisation: boolean): boolean {
  return forOrganisation ? plan.enterprise || plan.membershipPlan === null : !plan.enterprise;
}

export class PaymentService {
  private readonly listeners: PaidListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly entitlements: EntitlementService,
    readonly provider: PaymentProvider | null,
    private readonly catalogue: readonly Plan[],
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `fn` after every fulfilment (outside its transaction). */
  onPaid(fn: PaidListener): void {
    this.listeners.push(fn);
  }

  /** The plans on sale to a person, or (`forOrganisation`) to an organisation. */
  price(forOrganisation = false): PriceAnswer {
    return { currency: 'CNY', provider: this.provider?.kind ?? 'none', orderTtlSeconds: ORDER_TTL_MS / 1000, plans: this.catalogue.filter((p) => offered(p, forOrganisation)) };
  }

  private requireProvider(): PaymentProvider {
    if (!this.provider) throw apiError('PROVIDER_NOT_CONFIGURED', { service: PROVIDER_NAME });
    return this.provider;
  }

  /**
   * Creates an order of `quantity` units of a plan and its Native payment; with `enterpriseId` (the
   * caller has checked that the user administers it) the order is the organisation's.
   */
  async create(userId: number, body: { planId: string; quantity: number; enterpriseId?: number }): Promise<CreatedOrder> {
    const provider = this.requireProvider();
    const plan = this.catalogue.find((p) => p.id === body.planId);
    if (!plan) throw apiError('PAY_PLAN_UNKNOWN', {}, { field: 'planId' });
    const forOrganisation = body.enterpriseId !== undefined;
    if (!offered(plan, forOrganisation)) throw apiError(forOrganisation ? 'PAY_PLAN_PERSONAL_ONLY' : 'PAY_PLAN_ENTERPRISE_ONLY', {}, { field: 'planId' });
    if (body.quantity > plan.maxQuantity) throw apiError('PAY_QUANTITY', { max: plan.maxQuantity }, { field: 'quantity' });
    const totals = orderTotals(plan, body.quantity);
    const now = this.clock.now();
    const expiresAt = addMs(now, ORDER_TTL_MS);
    const orderSn = newOrderSn(now);
    await this.db
      .insertInto('pay_orders')
      .values({
        order_sn: orderSn,
        user_id: userId,
        enterprise_id: body.enterpriseId ?? null,
        plan_id: plan.id,
        plan_name_zh: plan.name.zh,
        plan_name_en: plan.name.en,
        membership_plan: plan.membershipPlan,
        quantity: body.quantity,
        amount_fen: totals.amountFen,
        pay_way: 'wx',
        provider: provider.kind,
        status: 'pending',
        membership_days: totals.membershipDays,
        photo_credits: totals.photoCredits,
        project_credits: totals.projectCredits,
        expires_at: expiresAt,
        created_at: now,
        updated_at: now,
      })
      .execute();
    let codeUrl: string;
    try {
      ({ codeUrl } = await provider.createNative({
        orderSn,
        description: `PV Studio - ${plan.name.zh} x${body.quantity}`,
        amountFen: totals.amountFen,
        expiresAt,
        notifyUrl: `${this.publicUrl}/api/pay/notify/wechat`,
      }));
    } catch (e) {
      await this.setStatus(orderSn, 'failed');
      const detail = e instanceof PaymentProviderError ? e.detail : 'unexpected error';
      this.log.error({ err: e, orderSn }, 'payment: Native order failed');
      throw apiError('PROVIDER_FAILED', { service: PROVIDER_NAME, detail });
    }
    await this.db.updateTable('pay_orders').set({ code_url: codeUrl, updated_at: this.clock.now() }).where('order_sn', '=', orderSn).execute();
    return { orderSn, codeUrl, amount: totals.amountFen, expiresAt: expiresAt.toISOString(), provider: provider.kind };
  }

  private load(orderSn: string): Promise<PayOrder | undefined> {
    return this.db.selectFrom('pay_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
  }

  /** The user's own order, or ORDER_NOT_FOUND (another user's order looks the same as a missing one). */
  async own(userId: number, orderSn: string): Promise<PayOrder> {
    const order = await this.load(orderSn);
    if (!order || order.user_id !== userId) throw apiError('ORDER_NOT_FOUND');
    return order;
  }

  private async setStatus(orderSn: string, status: Exclude<OrderState, 'paid'>): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('pay_orders')
      .set({ status, closed_at: now, updated_at: now })
      .where('order_sn', '=', orderSn)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Spec 001 §7 queryOrderStatus: asks the provider about a pending order; 1 paid, 2 stop polling, 0 pending. */
  async status(userId: number, orderSn: string): Promise<number> {
    const order = await this.own(userId, orderSn);
    if (order.status !== 'pending') return statusNumber(order.status);
    return statusNumber(await this.refresh(order));
  }

  /** The provider's view of a pending order applied to it; answers the order's new status. */
  private async refresh(order: PayOrder): Promise<string> {
    const now = this.clock.now();
    const expired = now >= order.expires_at;
    const provider = this.provider;
    let trade: Trade | null = null;
    if (provider && provider.kind === order.provider) {
      try {
        trade = await provider.query(order.order_sn);
      } catch (e) {
        this.log.warn({ err: e, orderSn: order.order_sn }, 'payment: order query failed');
      }
    }
    if (trade?.state === 'SUCCESS') return (await this.confirmPaid(order, trade)).status;
    if (trade && (trade.state === 'CLOSED' || trade.state === 'REVOKED' || trade.state === 'REFUND' || trade.state === 'PAYERROR')) {
      await this.setStatus(order.order_sn, trade.state === 'CLOSED' ? 'closed' : 'failed');
      return trade.state === 'CLOSED' ? 'closed' : 'failed';
    }
    if (!expired) return 'pending';
    // Past its end and not paid: close it at the provider too, so it can no longer be paid.
    if (provider && provider.kind === order.provider && trade && trade.state !== 'NOT_FOUND') {
      try {
        await provider.close(order.order_sn);
      } catch (e) {
        this.log.warn({ err: e, orderSn: order.order_sn }, 'payment: closing an expired order failed');
      }
    }
    await this.setStatus(order.order_sn, 'closed');
    return 'closed';
  }

  /**
   * The provider says the order is paid: fulfils it once. The status change and the grants share one
   * transaction, guarded by `fulfilled_at is null`, so a repeated notification, a poll racing a
   * notification or a second sandbox payment finds nothing left to do. An amount that differs from
   * the order's is not fulfilled (the order fails and the log says why).
   */
  private async confirmPaid(order: PayOrder, trade: Trade): Promise<PayOrder> {
    if (trade.amountFen !== null && trade.amountFen !== order.amount_fen) {
      this.log.error({ orderSn: order.order_sn, expected: order.amount_fen, paid: trade.amountFen }, 'payment: paid amount differs from the order');
      await this.setStatus(order.order_sn, 'failed');
      return { ...order, status: 'failed' };
    }
    const now = this.clock.now();
    const fulfilled = await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('pay_orders')
        .set({ status: 'paid', paid_at: trade.paidAt ?? now, transaction_id: trade.transactionId, fulfilled_at: now, updated_at: now })
        .where('order_sn', '=', order.order_sn)
        .where('fulfilled_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      if (row.enterprise_id !== null) {
        const buyer = await tx.selectFrom('users').select(['name', 'nick_name', 'phone']).where('id', '=', row.user_id).executeTakeFirst();
        await fillPool(tx, now, row.enterprise_id, {
          orderSn: row.order_sn,
          operatorId: row.user_id,
          operator: buyer?.name || buyer?.nick_name || buyer?.phone || String(row.user_id),
          membershipDays: row.membership_days,
          photoCredits: row.photo_credits,
          projectCredits: row.project_credits,
        });
      } else {
        await this.entitlements.purchase(tx, row.user_id, {
          orderSn: row.order_sn,
          membershipPlan: row.membership_plan,
          membershipDays: row.membership_days,
          photoCredits: row.photo_credits,
          projectCredits: row.project_credits,
        });
      }
      return row;
    });
    if (!fulfilled) return (await this.load(order.order_sn)) ?? order;
    this.log.info({ orderSn: fulfilled.order_sn, userId: fulfilled.user_id, amountFen: fulfilled.amount_fen }, 'payment: order paid and fulfilled');
    // Messages to the user (the messages service) hook in here through onPaid().
    for (const fn of this.listeners) {
      try {
        await fn(fulfilled);
      } catch (e) {
        this.log.error({ err: e, orderSn: fulfilled.order_sn }, 'payment: paid listener failed');
      }
    }
    return fulfilled;
  }

  /**
   * A WeChat Pay notification (already verified and decrypted by the provider). Answers what was done;
   * a notification for an order we do not know is acknowledged (and logged) so that it is not resent.
   */
  async notified(trade: Trade, eventType: string): Promise<'fulfilled' | 'ignored' | 'unknown'> {
    if (eventType !== 'TRANSACTION.SUCCESS' || trade.state !== 'SUCCESS') return 'ignored';
    const order = await this.load(trade.orderSn);
    if (!order) {
      this.log.warn({ orderSn: trade.orderSn }, 'payment: notification for an unknown order');
      return 'unknown';
    }
    const after = await this.confirmPaid(order, trade);
    return after.status === 'paid' ? 'fulfilled' : 'ignored';
  }

  /** The sandbox provider, or null when payments go elsewhere (the sandbox endpoints then answer 404). */
  sandbox(): SandboxPayment | null {
    return this.provider instanceof SandboxPayment ? this.provider : null;
  }

  /**
   * Sandbox: the owner of the order pays it (another user's order is ORDER_NOT_FOUND, as a missing one).
   * Answers the status number (2 when the order had expired).
   */
  async sandboxComplete(userId: number, orderSn: string): Promise<number> {
    const sandbox = this.sandbox();
    const order = await this.own(userId, orderSn);
    if (!sandbox || order.provider !== 'sandbox') throw apiError('ORDER_NOT_FOUND');
    if (order.status !== 'pending') return statusNumber(order.status);
    if (this.clock.now() >= order.expires_at) {
      await sandbox.close(orderSn);
      await this.setStatus(orderSn, 'closed');
      return ORDER_STATUS.stopped;
    }
    const trade = sandbox.complete(orderSn, order.amount_fen, this.clock.now());
    if (!trade) {
      await this.setStatus(orderSn, 'closed');
      return ORDER_STATUS.stopped;
    }
    return statusNumber((await this.confirmPaid(order, trade)).status);
  }

  /** The user's orders, newest first; a pending order past its end shows as closed. */
  async list(userId: number, page: number, size: number): Promise<OrderList> {
    const rows = await this.db
      .selectFrom('pay_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const total = await this.db
      .selectFrom('pay_orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const now = this.clock.now();
    return {
      total: Number(total.n),
      list: rows.map((r) => ({
        orderSn: r.order_sn,
        planId: r.plan_id,
        planName: { zh: r.plan_name_zh, en: r.plan_name_en },
        quantity: r.quantity,
        amount: r.amount_fen,
        payWay: r.pay_way,
        status: (r.status === 'pending' && now >= r.expires_at ? 'closed' : r.status) as OrderState,
        enterpriseId: r.enterprise_id,
        membershipDays: r.membership_days,
        photoCredits: r.photo_credits,
        projectCredits: r.project_credits,
        createdAt: r.created_at.toISOString(),
        paidAt: r.paid_at ? r.paid_at.toISOString() : null,
        expiresAt: r.expires_at.toISOString(),
      })),
    };
  }
}
