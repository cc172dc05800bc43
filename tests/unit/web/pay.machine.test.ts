// The pay page's purchase flow (spec 001 §4 "Order payment polling": after an order is created the
// status is queried every 3 seconds until paid or stopped; any earlier pending query is cancelled
// first; on paid membership expiry and quota are reloaded, project pricing 5 seconds later; when polling
// is stopped a cancellation message appears; §9 "Order status poll every 3 s; project price reload 5 s
// after payment"), run with fake timers and fake requests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CreatedOrder } from '../../../src/model/api/pay.ts';
import { MAX_QUERY_FAILURES, payMachine, POLL_INTERVAL_MS, PRICING_RELOAD_MS } from '../../../src/web/pay/pay.machine.ts';

const ORDER: CreatedOrder = { orderSn: 'PV20261122000000ABCDEF012345', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', amount: 9900, expiresAt: '2026-11-22T00:15:00.000Z', provider: 'wechatpay' };

interface Query {
  orderSn: string;
  signal: AbortSignal;
  resolve: (n: number) => void;
  reject: (e: Error) => void;
}

/** The machine with controllable requests: every query waits until the test answers it. */
function harness(options: { createFails?: string } = {}) {
  const queries: Query[] = [];
  const creates: Array<{ planId: string; quantity: number; signal: AbortSignal }> = [];
  const reloadAccount = vi.fn();
  const reloadPricing = vi.fn();
  let orderNo = 0;
  const machine = payMachine.provide({
    actors: {
      createOrder: fromPromise<CreatedOrder, { planId: string; quantity: number }>(async ({ input, signal }) => {
        creates.push({ ...input, signal });
        if (options.createFails) throw new Error(options.createFails);
        orderNo += 1;
        return { ...ORDER, orderSn: `${ORDER.orderSn.slice(0, -1)}${orderNo}` };
      }),
      queryStatus: fromPromise<number, { orderSn: string }>(
        ({ input, signal }) => new Promise<number>((resolve, reject) => queries.push({ orderSn: input.orderSn, signal, resolve, reject })),
      ),
    },
    actions: { reloadAccount, reloadPricing },
  });
  const actor = createActor(machine).start();
  return { actor, queries, creates, reloadAccount, reloadPricing };
}

/** Lets the fake requests' promises settle. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pay machine', () => {
  it('creates the order, then queries its status every 3 s while it is pending (0)', async () => {
    const h = harness();
    expect(h.actor.getSnapshot().value).toBe('idle');
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 2 });
    expect(h.actor.getSnapshot().value).toBe('creating');
    await settle();
    expect(h.creates).toHaveLength(1);
    expect(h.creates[0]).toMatchObject({ planId: 'membership-monthly', quantity: 2 });
    expect(h.actor.getSnapshot().context.order?.codeUrl).toBe(ORDER.codeUrl);
    expect(h.actor.getSnapshot().value).toEqual({ polling: 'waiting' });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(h.queries).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.queries).toHaveLength(1);
    expect(h.queries[0].orderSn).toBe(h.actor.getSnapshot().context.order?.orderSn);
    h.queries[0].resolve(0);
    await settle();
    expect(h.actor.getSnapshot().value).toEqual({ polling: 'waiting' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.queries).toHaveLength(2);
    h.queries[1].resolve(7); // any other number keeps polling
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.queries).toHaveLength(3);
    expect(POLL_INTERVAL_MS).toBe(3000);
  });

  it('on paid (1) reloads membership and quota at once and the pricing 5 s later, and stops polling', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'photo-credits-500', quantity: 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.queries[0].resolve(1);
    await settle();
    expect(h.actor.getSnapshot().matches('paid')).toBe(true);
    expect(h.reloadAccount).toHaveBeenCalledTimes(1);
    expect(h.reloadPricing).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PRICING_RELOAD_MS - 1);
    expect(h.reloadPricing).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.reloadPricing).toHaveBeenCalledTimes(1);
    expect(h.actor.getSnapshot().value).toEqual({ paid: 'priced' });
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(h.queries).toHaveLength(1);
    expect(h.reloadAccount).toHaveBeenCalledTimes(1);
    expect(PRICING_RELOAD_MS).toBe(5000);
  });

  it('stops on 2 (closed, expired, failed) and queries no more', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.queries[0].resolve(2);
    await settle();
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.actor.getSnapshot().context).toMatchObject({ lastStatus: 2, cancelledByUser: false });
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(h.queries).toHaveLength(1);
    expect(h.reloadAccount).not.toHaveBeenCalled();
  });

  it('cancels the pending query when the user stops waiting; its late answer changes nothing', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.queries[0].signal.aborted).toBe(false);
    h.actor.send({ type: 'order.cancel' });
    expect(h.queries[0].signal.aborted).toBe(true);
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.actor.getSnapshot().context.cancelledByUser).toBe(true);
    h.queries[0].resolve(1);
    await settle();
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.reloadAccount).not.toHaveBeenCalled();
  });

  it('a new order cancels the earlier pending query first and polls only the new order', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    const first = h.actor.getSnapshot().context.order!.orderSn;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.actor.send({ type: 'order.create', planId: 'membership-annual', quantity: 1 });
    expect(h.queries[0].signal.aborted).toBe(true);
    await settle();
    const second = h.actor.getSnapshot().context.order!.orderSn;
    expect(second).not.toBe(first);
    h.queries[0].resolve(1); // the old order's late answer
    await settle();
    expect(h.actor.getSnapshot().value).toEqual({ polling: 'waiting' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(h.queries.map((q) => q.orderSn)).toEqual([first, second]);
  });

  it('a new order while one is being created cancels that creation', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    h.actor.send({ type: 'order.create', planId: 'project-quota-1', quantity: 3 });
    expect(h.creates[0].signal.aborted).toBe(true);
    await settle();
    expect(h.creates.map((c) => c.planId)).toEqual(['membership-monthly', 'project-quota-1']);
    expect(h.actor.getSnapshot().value).toEqual({ polling: 'waiting' });
  });

  it('fails with the server message when the order cannot be created', async () => {
    const h = harness({ createFails: 'WeChat Pay is not configured on this server' });
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('WeChat Pay is not configured on this server');
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(h.queries).toHaveLength(0);
  });

  it('keeps polling through a failed query and gives up after several in a row', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.queries[0].reject(new Error('network'));
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    h.queries[1].resolve(0); // a success resets the count
    await settle();
    for (let i = 0; i < MAX_QUERY_FAILURES; i++) {
      expect(h.actor.getSnapshot().matches('polling')).toBe(true);
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
      h.queries.at(-1)!.reject(new Error('The system is busy, please try again later'));
      await settle();
    }
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('The system is busy, please try again later');
  });

  it('reset returns to idle from a finished purchase', async () => {
    const h = harness();
    h.actor.send({ type: 'order.create', planId: 'membership-monthly', quantity: 1 });
    await settle();
    h.actor.send({ type: 'order.cancel' });
    h.actor.send({ type: 'reset' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.order).toBeNull();
  });
});
