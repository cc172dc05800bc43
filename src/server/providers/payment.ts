// Payment providers behind one interface (docs/PRODUCT.md "WeChat login and WeChat Pay"). Default: the
// sandbox — the QR code points to a page of this server, and the payment is completed there or by the
// pay page's sandbox button through a development-only endpoint (no money moves; the API and the page
// say so). When configured: WeChat Pay API v3, Native payment (wechat-pay.ts).
import type { PayConfig } from '../config.ts';
import { WeChatPay } from './wechat-pay.ts';

/** trade_state of WeChat Pay's order query, plus NOT_FOUND (ORDER_NOT_EXIST: the provider never saw it). */
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR' | 'NOT_FOUND';

/** The provider's view of one order. */
export interface Trade {
  orderSn: string;
  state: TradeState;
  /** The provider's transaction number (when paid). */
  transactionId: string | null;
  /** Amount the provider charged [fen], or null when unknown. */
  amountFen: number | null;
  paidAt: Date | null;
}

export interface NativeOrderRequest {
  orderSn: string;
  /** Shown in the payer's bill (≤ 127 characters). */
  description: string;
  /** [fen] */
  amountFen: number;
  /** The last moment the order can be paid. */
  expiresAt: Date;
  /** Where the provider posts the payment notification. */
  notifyUrl: string;
}

/** A verified, decrypted payment notification. */
export interface PaymentNotification {
  /** The notification's id (the provider repeats it on retries). */
  id: string;
  eventType: string;
  trade: Trade;
}

/** The provider refused a call or answered something unexpected; `detail` is safe to show. */
export class PaymentProviderError extends Error {
  constructor(
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(detail);
    this.name = 'PaymentProviderError';
  }
}

/** A notification that failed verification (signature, timestamp, decryption): nothing may change. */
export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'wechatpay';
  /** Creates a Native (QR code) payment; answers the QR code's content. */
  createNative(order: NativeOrderRequest): Promise<{ codeUrl: string }>;
  /** The provider's current state of an order. */
  query(orderSn: string): Promise<Trade>;
  /** Closes an unpaid order so it can no longer be paid. */
  close(orderSn: string): Promise<void>;
  /** Verifies and decrypts a notification (raw body as received); throws NotificationRejected. */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotification;
}

/** Development stand-in: remembers its orders in memory; `complete` is the payer's scan and payment. */
export class SandboxPayment implements PaymentProvider {
  readonly kind = 'sandbox';
  private readonly trades = new Map<string, { amountFen: number; state: TradeState; paidAt: Date | null }>();

  constructor(private readonly publicUrl: string) {}

  async createNative(order: NativeOrderRequest): Promise<{ codeUrl: string }> {
    this.trades.set(order.orderSn, { amountFen: order.amountFen, state: 'NOTPAY', paidAt: null });
    return { codeUrl: `${this.publicUrl}/api/pay/sandbox/pay/${encodeURIComponent(order.orderSn)}` };
  }

  async query(orderSn: string): Promise<Trade> {
    const t = this.trades.get(orderSn);
    if (!t) return { orderSn, state: 'NOT_FOUND', transactionId: null, amountFen: null, paidAt: null };
    return { orderSn, state: t.state, transactionId: t.state === 'SUCCESS' ? `sandbox-${orderSn}` : null, amountFen: t.amountFen, paidAt: t.paidAt };
  }

  async close(orderSn: string): Promise<void> {
    const t = this.trades.get(orderSn);
    if (t && t.state === 'NOTPAY') t.state = 'CLOSED';
  }

  /** The sandbox has no signed notifications: its payments arrive through `complete`. */
  parseNotification(): PaymentNotification {
    throw new NotificationRejected('the sandbox provider sends no notifications');
  }

  /**
   * The payer pays (the sandbox page or button). After a server restart the order is unknown here, so
   * `amountFen` (from the order row) recreates it. Answers the trade, or null when it was closed.
   */
  complete(orderSn: string, amountFen: number, now: Date): Trade | null {
    const t = this.trades.get(orderSn) ?? { amountFen, state: 'NOTPAY' as TradeState, paidAt: null };
    if (t.state === 'CLOSED') return null;
    if (t.state !== 'SUCCESS') {
      t.state = 'SUCCESS';
      t.paidAt = now;
    }
    this.trades.set(orderSn, t);
    return { orderSn, state: 'SUCCESS', transactionId: `sandbox-${orderSn}`, amountFen: t.amountFen, paidAt: t.paidAt };
  }
}

export function createPaymentProvider(config: PayConfig, publicUrl: string): PaymentProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'sandbox') return new SandboxPayment(publicUrl);
  return new WeChatPay(config);
}
