// The pay page's state: the price list (reloaded 5 s after a payment), the chosen plan and quantity,
// the purchase machine (pay.machine.ts) wired to the API, the account's membership and quota (reloaded
// on payment), and the sandbox payment button. An administrator in enterprise mode buys for the
// chosen organisation: its price list (the enterprise plan and credits), orders naming it, and its
// membership and pool in place of the personal account.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fromPromise } from 'xstate';
import type { membershipSchema, quotaSchema } from '../../model/api/auth.ts';
import type { enterpriseDetailSchema } from '../../model/api/enterprise.ts';
import type { PriceAnswer } from '../../model/api/pay.ts';
import { getEnterpriseDetail } from '../api/enterprise.ts';
import { completeSandboxPayment, createOrder, getPrice, queryOrderStatus } from '../api/pay.ts';
import { useSession } from '../session/session.ts';
import { getMembership, getQuota } from '../api/user.ts';
import { payMachine } from './pay.machine.ts';

export interface AccountState {
  membership: z.infer<typeof membershipSchema>;
  quota: z.infer<typeof quotaSchema>;
}

/** The organisation an administrator in enterprise mode buys for, else null (a personal purchase). */
function useBuyingFor(): number | null {
  const s = useSession();
  const id = Number(s.enterpriseId);
  return s.isEnterprise && s.isAdministrator && Number.isInteger(id) && id > 0 ? id : null;
}

export type OrganisationDetail = z.infer<typeof enterpriseDetailSchema>;

export function usePayPage() {
  const enterpriseId = useBuyingFor();
  // The purchase machine is made once: its order request reads the organisation through this ref.
  const buyingFor = useRef(enterpriseId);
  buyingFor.current = enterpriseId;
  const [price, setPrice] = useState<PriceAnswer | null>(null);
  const [organisation, setOrganisation] = useState<OrganisationDetail | null>(null);
  const [priceFailed, setPriceFailed] = useState(false);
  const [account, setAccount] = useState<AccountState | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sandboxBusy, setSandboxBusy] = useState(false);
  const mounted = useRef(true);

  const loadPrice = useCallback(() => {
    getPrice({ enterpriseId })
      .then((p) => {
        if (!mounted.current) return;
        setPrice(p);
        setPriceFailed(false);
      })
      .catch(() => mounted.current && setPriceFailed(true));
  }, [enterpriseId]);

  const loadAccount = useCallback(() => {
    if (enterpriseId !== null) {
      getEnterpriseDetail()
        .then((d) => mounted.current && setOrganisation(d))
        .catch(() => undefined);
      return;
    }
    Promise.all([getMembership(), getQuota()])
      .then(([membership, quota]) => mounted.current && setAccount({ membership, quota }))
      .catch(() => undefined);
  }, [enterpriseId]);

  useEffect(() => {
    mounted.current = true;
    loadPrice();
    loadAccount();
    return () => {
      mounted.current = false;
    };
  }, [loadPrice, loadAccount]);

  const actor = useActorRef(
    payMachine.provide({
      actors: {
        createOrder: fromPromise(({ input, signal }) => createOrder({ planId: input.planId, quantity: input.quantity, payWay: 'wx', ...(buyingFor.current === null ? {} : { enterpriseId: buyingFor.current }) }, signal)),
        queryStatus: fromPromise(({ input, signal }) => queryOrderStatus(input.orderSn, signal)),
      },
      actions: { reloadAccount: () => loadAccount(), reloadPricing: () => loadPrice() },
    }),
  );
  const snapshot = useSelector(actor, (s) => s);

  const plan = price?.plans.find((p) => p.id === planId) ?? price?.plans[0] ?? null;
  const units = plan ? Math.min(Math.max(1, quantity), plan.maxQuantity) : quantity;

  const choosePlan = useCallback((id: string) => {
    setPlanId(id);
    setQuantity(1);
  }, []);

  const buy = useCallback(() => {
    if (plan) actor.send({ type: 'order.create', planId: plan.id, quantity: units });
  }, [actor, plan, units]);

  const cancel = useCallback(() => actor.send({ type: 'order.cancel' }), [actor]);
  const again = useCallback(() => actor.send({ type: 'reset' }), [actor]);

  /** Sandbox only: pay the current order; the poll notices it within 3 s. */
  const paySandbox = useCallback(async () => {
    const order = actor.getSnapshot().context.order;
    if (!order) return;
    setSandboxBusy(true);
    try {
      await completeSandboxPayment(order.orderSn);
    } catch {
      // The request already showed the failure.
    } finally {
      if (mounted.current) setSandboxBusy(false);
    }
  }, [actor]);

  return {
    price,
    priceFailed,
    account,
    /** Buying for the chosen organisation (an administrator in enterprise mode). */
    forOrganisation: enterpriseId !== null,
    /** That organisation's membership and pool, once loaded. */
    organisation: enterpriseId === null ? null : organisation,
    plan,
    quantity: units,
    setQuantity,
    choosePlan,
    totalFen: plan ? plan.priceFen * units : 0,
    snapshot,
    buy,
    cancel,
    again,
    paySandbox,
    sandboxBusy,
  };
}
