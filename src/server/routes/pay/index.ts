// /api/pay (spec 001 §7 Payment, §3 Order): the price list, order creation, the status poll, the
// user's orders, WeChat Pay's payment notification, and the sandbox provider's stand-in for the payer's
// phone (development only: 404 whenever another provider takes payments, to any caller not on this
// machine (loopback), and for any order but the signed-in user's own).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnterpriseContexts } from '../../enterprise/context.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { NotificationRejected } from '../../providers/payment.ts';
import { requireLoopback } from '../sandbox-guard.ts';
import {
  createOrderAnswerSchema,
  createOrderBody,
  orderListSchema,
  orderSnSchema,
  ordersQuery,
  orderStatusQuery,
  orderStatusSchema,
  priceAnswerSchema,
  priceQuery,
  sandboxCompleteSchema,
} from '../../../model/api/pay.ts';
import { formatFen } from '../../../model/pricing.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>${title}</h1>
<p>WeChat Pay is not configured on this server: this page stands in for paying with the phone. No money moves. Development only.</p>
${body}</body></html>`;
}

/** WeChat Pay's documented answer to a notification. */
const notifyAnswer = z.object({ code: z.enum(['SUCCESS', 'FAIL']), message: z.string() });

const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, payments } = app.services;
  const enterprises = new EnterpriseContexts(app.db, app.clock, sessions);

  app.get(
    '/price',
    {
      schema: {
        tags: ['pay'],
        summary: 'The plans on sale (membership, drone photo credit, drone project quota) with prices in fen and what each grants',
        querystring: priceQuery,
        response: responses(priceAnswerSchema),
      },
    },
    async (req) => ok(payments.price(req.query.enterpriseId !== undefined)),
  );

  app.post(
    '/order/create',
    {
      schema: {
        tags: ['pay'],
        summary: 'Create an order (priced on the server) and its WeChat Pay Native payment: the QR code content',
        security: SIGNED_IN,
        body: createOrderBody,
        response: responses(createOrderAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      // For an organisation: only its administrators buy (NOT_ENTERPRISE_USER, ENTERPRISE_ADMIN_REQUIRED).
      if (req.body.enterpriseId !== undefined) await enterprises.admin(req, req.body.enterpriseId);
      return ok(await payments.create(user.id, req.body));
    },
  );

  app.get(
    '/order/queryOrderStatus/:orderSn',
    {
      schema: {
        tags: ['pay'],
        summary: "The order's status: 1 paid, 2 stop polling (closed, expired, failed), 0 keep polling",
        security: SIGNED_IN,
        params: z.object({ orderSn: orderSnSchema }),
        querystring: orderStatusQuery,
        response: responses(orderStatusSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await payments.status(user.id, req.params.orderSn));
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['pay'],
        summary: "The signed-in user's orders, newest first",
        security: SIGNED_IN,
        querystring: ordersQuery,
        response: responses(orderListSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await payments.list(user.id, req.query.page, req.query.size));
    },
  );

  await app.register(notifyRoutes);
  await app.register(sandboxRoutes);
};

/** WeChat Pay's notification: the signature covers the body as sent, so it is read raw. */
const notifyRoutes: FastifyPluginAsyncZod = async (raw) => {
  const { payments } = raw.services;
  {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    raw.post(
      '/notify/wechat',
      {
        schema: {
          tags: ['pay'],
          summary: 'WeChat Pay API v3 payment notification (signed with the platform key, resource encrypted with the APIv3 key)',
          response: { 200: notifyAnswer, '4xx': notifyAnswer },
        },
      },
      async (req, reply) => {
        const provider = payments.provider;
        if (provider?.kind !== 'wechatpay') return reply.code(404).send({ code: 'FAIL' as const, message: 'WeChat Pay is not configured' });
        const body = typeof req.body === 'string' ? req.body : '';
        let outcome: string;
        try {
          const n = provider.parseNotification(req.headers, body, raw.clock.now());
          outcome = await payments.notified(n.trade, n.eventType);
          req.log.info({ notification: n.id, orderSn: n.trade.orderSn, outcome }, 'payment notification');
        } catch (e) {
          if (!(e instanceof NotificationRejected)) throw e;
          req.log.warn({ reason: e.message }, 'payment notification rejected');
          return reply.code(401).send({ code: 'FAIL' as const, message: e.message });
        }
        return { code: 'SUCCESS' as const, message: '成功' };
      },
    );
  }
};

/**
 * The sandbox provider's stand-in for the payer's phone: 404 unless the sandbox takes payments and the
 * request comes from loopback; then only for the signed-in owner of the order (401 without a session,
 * 404 for another user's order, as the README's "Another user's order" decision says).
 */
const sandboxRoutes: FastifyPluginAsyncZod = async (sandbox) => {
  const { payments, sessions } = sandbox.services;
  /** The signed-in caller's id once the sandbox, the address and the session are checked. */
  const sandboxCaller = async (req: FastifyRequest): Promise<number> => {
    if (!payments.sandbox()) throw apiError('NOT_FOUND');
    requireLoopback(req);
    return (await sessions.require(req)).user.id;
  };
  {
    // The sandbox page posts an empty HTML form.
    sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    sandbox.get(
      '/sandbox/pay/:orderSn',
      {
        schema: {
          tags: ['pay'],
          summary: "Sandbox only (loopback, the order's owner): the page the sandbox QR code opens (the payer's phone)",
          security: SIGNED_IN,
          params: z.object({ orderSn: orderSnSchema }),
        },
      },
      async (req, reply) => {
        const order = await payments.own(await sandboxCaller(req), req.params.orderSn);
        if (order.provider !== 'sandbox') throw apiError('ORDER_NOT_FOUND');
        const sn = escapeHtml(order.order_sn);
        const html = sandboxPage(
          'WeChat Pay sandbox',
          `<p>Order ${sn}: ${escapeHtml(order.plan_name_en)} × ${order.quantity}</p>
<p><strong>¥${formatFen(order.amount_fen)}</strong> · status ${escapeHtml(order.status)}</p>
<form method="post" action="/api/pay/sandbox/pay/${sn}"><p><button type="submit">Pay (sandbox)</button></p></form>`,
        );
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    sandbox.post(
      '/sandbox/pay/:orderSn',
      {
        schema: {
          tags: ['pay'],
          summary: "Sandbox only (loopback, the order's owner): the sandbox page's Pay button (an HTML form); answers a page",
          security: SIGNED_IN,
          params: z.object({ orderSn: orderSnSchema }),
        },
      },
      async (req, reply) => {
        const status = await payments.sandboxComplete(await sandboxCaller(req), req.params.orderSn);
        const text = status === 1 ? 'Paid. Return to the pay page: it notices within a few seconds.' : 'This order can no longer be paid (closed or expired).';
        return reply.type('text/html; charset=utf-8').send(sandboxPage('WeChat Pay sandbox', `<p>${escapeHtml(text)}</p>`));
      },
    );

    sandbox.post(
      '/sandbox/complete/:orderSn',
      {
        schema: {
          tags: ['pay'],
          summary: "Sandbox only (loopback, the order's owner): complete the payment of an order (as if the payer paid); 1 paid, 2 the order had closed",
          security: SIGNED_IN,
          params: z.object({ orderSn: orderSnSchema }),
          response: responses(sandboxCompleteSchema),
        },
      },
      async (req) => {
        const userId = await sandboxCaller(req);
        return ok({ orderSn: req.params.orderSn, status: await payments.sandboxComplete(userId, req.params.orderSn) });
      },
    );
  }
};

export default payRoutes;
