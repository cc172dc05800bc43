// The payment API (spec 001 §7 "Payment", §3 Order, §4 "Order payment polling") as zod schemas, shared
// by the server's routes (src/server/routes/pay) and the web app's client (src/web/api/pay.ts).
import { z } from 'zod';
import { planSchema } from '../pricing.ts';
import { queryId } from './envelope.ts';

/** Pay ways the spec names (only WeChat Pay, value wx). */
export const PAY_WAYS = ['wx'] as const;
export const payWaySchema = z.enum(PAY_WAYS, { error: 'payWay must be wx' });

/** Payment providers behind the pay API: the development sandbox or WeChat Pay API v3 (Native). */
export const PAY_PROVIDERS = ['sandbox', 'wechatpay', 'none'] as const;

/**
 * The status number of GET queryOrderStatus (spec 001 §3 Order): 1 paid, 2 stop polling (closed,
 * expired or failed), anything else keeps polling (0 pending).
 */
export const ORDER_STATUS = { pending: 0, paid: 1, stopped: 2 } as const;

/** The lifecycle of an order as the order list shows it. */
export const ORDER_STATES = ['pending', 'paid', 'closed', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** With `enterpriseId`: the plans sold to an organisation (the enterprise plan and credits); without: to a person. */
export const priceQuery = z.object({ enterpriseId: queryId });

export const priceAnswerSchema = z.object({
  currency: z.literal('CNY'),
  /** Which provider takes payments: 'sandbox' (development, no money moves), 'wechatpay', or 'none' (not configured). */
  provider: z.enum(PAY_PROVIDERS),
  /** How long a created order can be paid [s]. */
  orderTtlSeconds: z.number().int().positive(),
  plans: z.array(planSchema),
});
export type PriceAnswer = z.infer<typeof priceAnswerSchema>;

export const createOrderBody = z.object({
  planId: z.string({ error: 'planId is required' }).min(1).max(40),
  quantity: z.number({ error: 'quantity must be a whole number' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(100),
  payWay: payWaySchema,
  /** Buys for this organisation (its pool); the buyer must administer it. */
  enterpriseId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const createOrderAnswerSchema = z.object({
  orderSn: z.string(),
  /** Content of the payment QR code (weixin://… from WeChat Pay; this server's sandbox page in the sandbox). */
  codeUrl: z.string(),
  /** Amount to pay [fen]. */
  amount: z.number().int().positive(),
  /** ISO 8601: after this the order can no longer be paid. */
  expiresAt: z.string(),
  provider: z.enum(['sandbox', 'wechatpay']),
});
export type CreatedOrder = z.infer<typeof createOrderAnswerSchema>;

export const orderSnSchema = z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'invalid order number');

export const orderStatusQuery = z.object({ payWay: payWaySchema.default('wx') });

/** Spec 001 §7: the answer's data is the status number. */
export const orderStatusSchema = z.number().int();

export const ordersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

export const orderRowSchema = z.object({
  orderSn: z.string(),
  planId: z.string(),
  planName: z.object({ zh: z.string(), en: z.string() }),
  quantity: z.number().int(),
  /** [fen] */
  amount: z.number().int(),
  payWay: z.string(),
  status: z.enum(ORDER_STATES),
  /** The organisation the order was for; null: the buyer's own. */
  enterpriseId: z.number().int().nullable(),
  membershipDays: z.number().int(),
  photoCredits: z.number().int(),
  projectCredits: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderListSchema = z.object({ total: z.number().int(), list: z.array(orderRowSchema) });
export type OrderList = z.infer<typeof orderListSchema>;

export const sandboxCompleteSchema = z.object({ orderSn: z.string(), status: orderStatusSchema });
