// The purchase on the pay page (spec 001 §4 "Order payment polling", §9 "Order status poll every 3 s;
// project price reload 5 s after payment"): create an order, then query its status every 3 s until it
// is paid (1) or polling stops (2); any earlier pending request is cancelled first (leaving a state stops
// its invoked request, whose AbortSignal then fires); stopping shows the cancellation message; on paid the
// membership and quota are reloaded at once and the pricing 5 s later.
//
//   idle ─order.create→ creating ─done→ polling(waiting ─3 s→ querying ─0→ waiting …)
//                               └error→ failed     ├─1→ paid(reloading ─5 s→ priced)
//                                                  ├─2 / order.cancel→ stopped
//                                                  └─5 failed queries in a row→ failed
//   order.create from any state starts over (the pending create or query is cancelled); reset → idle.
//
// The page provides the requests (createOrder, queryStatus) and the reloads (reloadAccount,
// reloadPricing) with `payMachine.provide(...)`; tests provide fakes.
import { assign, fromPromise, setup } from 'xstate';
import type { CreatedOrder } from '../../model/api/pay.ts';
import { ORDER_STATUS } from '../../model/api/pay.ts';

/** Time between two status queries [ms] (spec 001 §9). */
export const POLL_INTERVAL_MS = 3000;
/** Delay of the pricing reload after payment [ms] (spec 001 §9). */
export const PRICING_RELOAD_MS = 5000;
/** Failed status queries in a row after which polling gives up. */
export const MAX_QUERY_FAILURES = 5;

export interface PayContext {
  order: CreatedOrder | null;
  /** Why creating or polling failed (shown to the user). */
  error: string | null;
  /** Failed status queries in a row. */
  failures: number;
  /** The last status number answered, null before the first. */
  lastStatus: number | null;
  /** The user stopped waiting (order.cancel) rather than the server stopping the poll. */
  cancelledByUser: boolean;
}

export type PayEvent = { type: 'order.create'; planId: string; quantity: number } | { type: 'order.cancel' } | { type: 'reset' };

export interface CreateInput {
  planId: string;
  quantity: number;
}

function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : String(e);
}

const FRESH: Omit<PayContext, 'order'> = { error: null, failures: 0, lastStatus: null, cancelledByUser: false };

export const payMachine = setup({
  types: { context: {} as PayContext, events: {} as PayEvent },
  actors: {
    createOrder: fromPromise<CreatedOrder, CreateInput>(() => Promise.reject(new Error('createOrder is not provided'))),
    queryStatus: fromPromise<number, { orderSn: string }>(() => Promise.reject(new Error('queryStatus is not provided'))),
  },
  actions: {
    /** Reload membership expiry and quota (spec 001 §4). */
    reloadAccount: () => undefined,
    /** Reload the pricing (5 s after payment). */
    reloadPricing: () => undefined,
  },
  delays: { poll: POLL_INTERVAL_MS, pricing: PRICING_RELOAD_MS },
}).createMachine({
  id: 'pay',
  initial: 'idle',
  context: { order: null, ...FRESH },
  on: {
    'order.create': { target: '.creating', reenter: true, actions: assign({ order: null, ...FRESH }) },
    reset: { target: '.idle', actions: assign({ order: null, ...FRESH }) },
  },
  states: {
    idle: {},
    creating: {
      invoke: {
        src: 'createOrder',
        input: ({ event }) => (event.type === 'order.create' ? { planId: event.planId, quantity: event.quantity } : { planId: '', quantity: 0 }),
        onDone: { target: 'polling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    polling: {
      initial: 'waiting',
      on: { 'order.cancel': { target: 'stopped', actions: assign({ cancelledByUser: true }) } },
      states: {
        waiting: { after: { poll: 'querying' } },
        querying: {
          invoke: {
            src: 'queryStatus',
            input: ({ context }) => ({ orderSn: context.order?.orderSn ?? '' }),
            onDone: [
              { guard: ({ event }) => event.output === ORDER_STATUS.paid, target: '#pay.paid', actions: assign({ lastStatus: ORDER_STATUS.paid, failures: 0 }) },
              { guard: ({ event }) => event.output === ORDER_STATUS.stopped, target: '#pay.stopped', actions: assign({ lastStatus: ORDER_STATUS.stopped, failures: 0 }) },
              { target: 'waiting', actions: assign({ lastStatus: ({ event }) => event.output, failures: 0 }) },
            ],
            onError: [
              {
                guard: ({ context }) => context.failures + 1 >= MAX_QUERY_FAILURES,
                target: '#pay.failed',
                actions: assign({ failures: ({ context }) => context.failures + 1, error: ({ event }) => messageOf(event.error) }),
              },
              { target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
            ],
          },
        },
      },
    },
    paid: {
      entry: 'reloadAccount',
      initial: 'reloading',
      states: {
        reloading: { after: { pricing: { target: 'priced', actions: 'reloadPricing' } } },
        priced: {},
      },
    },
    stopped: {},
    failed: {},
  },
});
