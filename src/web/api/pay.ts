// /api/pay: the price list, order creation, the status poll, the user's orders and the sandbox
// payment (spec 001 §7 Payment). Schemas from src/model/api/pay.ts (shared with the server's routes).
import {
  createOrderAnswerSchema,
  orderListSchema,
  orderStatusSchema,
  priceAnswerSchema,
  sandboxCompleteSchema,
  type CreateOrderBody,
} from '../../model/api/pay.ts';
import { request } from './http.ts';

const BASE = '/api/pay';

export function getPrice(options: { enterpriseId?: number | null; signal?: AbortSignal } = {}) {
  return request(`${BASE}/price`, priceAnswerSchema, { query: { enterpriseId: options.enterpriseId }, signal: options.signal });
}

/** Creates an order (cancellable; silent: the pay page shows the failure in place): the server prices it and answers the QR code content. */
export function createOrder(body: CreateOrderBody, signal?: AbortSignal) {
  return request(`${BASE}/order/create`, createOrderAnswerSchema, { method: 'POST', body, signal, silent: true });
}

/** The order's status number (cancellable, silent: the poll shows its own state): 1 paid, 2 stop, other keep polling. */
export function queryOrderStatus(orderSn: string, signal?: AbortSignal) {
  return request(`${BASE}/order/queryOrderStatus/${encodeURIComponent(orderSn)}`, orderStatusSchema, { query: { payWay: 'wx' }, signal, silent: true });
}

export function getOrders(page: number, size: number) {
  return request(`${BASE}/orders`, orderListSchema, { query: { page, size } });
}

/** Sandbox only: pays the order as if the payer had scanned the QR code. */
export function completeSandboxPayment(orderSn: string) {
  return request(`${BASE}/sandbox/complete/${encodeURIComponent(orderSn)}`, sandboxCompleteSchema, { method: 'POST' });
}
