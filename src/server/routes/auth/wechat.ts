// WeChat QR sign-in: start, the provider's callback, pickup of the result, binding a phone; and the
// sandbox provider's stand-in scan page (development only, loopback only; the sandbox user ids are
// this browser's own, see SandboxWeChat).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginAnswerSchema } from '../../accounts/answers.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { bodyField } from '../../plugins/rate-limits.ts';
import { newSandboxDevice, SandboxWeChat } from '../../providers/wechat.ts';
import { codeSchema, phoneSchema } from '../../../model/api/auth.ts';
import { wechatExchangeSchema, wechatQrSchema } from '../../../model/api/account-answers.ts';
import { requireLoopback } from '../sandbox-guard.ts';
import { startSession } from '../signed-in.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sandbox's "phone": a random secret in a cookie of the sandbox pages; its sandbox users are its own. */
const SANDBOX_DEVICE_COOKIE = 'wechatSandboxDevice';
const SANDBOX_PATH = '/api/auth/wechat/sandbox';

const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wechat } = app.services;

  app.get(
    '/wechat/qr',
    { schema: { tags: ['auth'], summary: 'Start a WeChat QR sign-in', response: responses(wechatQrSchema) } },
    async () => ok(await wechat.start('login', null)),
  );

  app.get(
    '/wechat/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "WeChat's redirect target: redirects the browser to /loadLogin or /bindAccount with a one-time wechatTicket",
        querystring: z.object({ code: z.string().max(512).optional(), state: z.string().max(128).optional() }),
      },
    },
    async (req, reply) => {
      const outcome = await wechat.callback(req.query.code, req.query.state);
      return reply.redirect(outcome.redirect, 302);
    },
  );

  app.post(
    '/wechat/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the wechatTicket: a session, or bindRequired when the WeChat user has no account yet',
        body: z.object({ wechatTicket: z.string().max(128) }),
        response: responses(wechatExchangeSchema),
      },
    },
    async (req, reply) => {
      const r = await wechat.exchange(req.body.wechatTicket);
      if ('bindRequired' in r) return ok({ bindRequired: true as const, nickname: r.nickname });
      const cred = await app.services.accounts.credentials(r.user.id);
      const answer = await startSession(app, req, reply, r.user, { mustChangePassword: cred?.is_initial ?? false, registered: false, source: 'wechat' });
      return ok({ ...answer, bindRequired: false as const });
    },
  );

  app.post(
    '/wechat/bind-phone',
    {
      schema: {
        tags: ['auth'],
        summary: 'A WeChat user binds a phone (SMS code with scene bind): joins the existing account or registers one',
        body: z.object({ wechatTicket: z.string().max(128), phone: phoneSchema, code: codeSchema }),
        response: responses(loginAnswerSchema),
      },
      preHandler: app.limits.guard('signIn', bodyField('phone')),
    },
    async (req, reply) => {
      const existed = await app.services.accounts.byPhone(req.body.phone);
      const user = await wechat.bindPhone(req.body.wechatTicket, req.body.phone, req.body.code);
      const cred = await app.services.accounts.credentials(user.id);
      return ok(await startSession(app, req, reply, user, { mustChangePassword: cred?.is_initial ?? false, registered: !existed, source: 'wechat' }));
    },
  );

  // ── sandbox provider: stands in for the phone's scan (404 unless the sandbox is on and the caller local) ──
  const sandboxOf = (req: FastifyRequest): SandboxWeChat => {
    const provider = app.services.wechatProvider;
    if (!(provider instanceof SandboxWeChat)) throw apiError('NOT_FOUND');
    requireLoopback(req);
    return provider;
  };
  /** This browser's sandbox device secret (a new one, set in the cookie, on its first scan). */
  const deviceOf = (req: FastifyRequest, reply: FastifyReply): string => {
    const known = req.cookies[SANDBOX_DEVICE_COOKIE];
    if (known && /^[\w-]{32}$/.test(known)) return known;
    const device = newSandboxDevice();
    reply.setCookie(SANDBOX_DEVICE_COOKIE, device, { path: SANDBOX_PATH, httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure, maxAge: 365 * 24 * 3600 });
    return device;
  };

  app.get(
    '/wechat/sandbox/authorize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sandbox only (loopback): the stand-in for the WeChat QR page (pick a sandbox user)',
        querystring: z.object({ state: z.string().max(128) }),
      },
    },
    async (req, reply) => {
      sandboxOf(req);
      deviceOf(req, reply);
      const state = escapeHtml(req.query.state);
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>WeChat sandbox</title><link rel="icon" href="data:,"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>WeChat sandbox</h1>
<p>WeChat sign-in is not configured on this server: this page stands in for scanning the QR code. Development only.
The sandbox users are this browser's own: another browser naming the same id is another WeChat user.</p>
<form method="get" action="/api/auth/wechat/sandbox/confirm">
<input type="hidden" name="state" value="${state}">
<p><label>Sandbox user id <input name="openid" value="demo" pattern="[A-Za-z0-9_-]{1,64}" required></label></p>
<p><label>Nickname <input name="nickname" value="Sandbox user" maxlength="64"></label></p>
<p><button type="submit">Confirm sign-in</button></p>
</form></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.get(
    '/wechat/sandbox/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sandbox only (loopback): "scan" as one of this browser\'s sandbox users; redirects to the callback with a one-time code',
        querystring: z.object({ state: z.string().max(128), openid: z.string().regex(/^[\w-]{1,64}$/), nickname: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const sandbox = sandboxOf(req);
      const code = sandbox.mintCode(deviceOf(req, reply), req.query.openid, req.query.nickname ?? null);
      const q = new URLSearchParams({ code, state: req.query.state });
      return reply.redirect(`/api/auth/wechat/callback?${q}`, 302);
    },
  );
};

export default wechatRoutes;
