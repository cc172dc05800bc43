// Binding: state of the bindings, phone / e-mail binding with a code sent to the new address,
// WeChat binding (QR) and unbinding.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POLICY } from '../../accounts/policy.ts';
import { emailSchema, maskEmail, maskPhone, phoneSchema } from '../../../model/account.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { SENT } from '../auth/codes.ts';
import { authTypeSchema, codeSchema, deliverySchema, emptySchema, ticketQuery } from '../../../model/api/auth.ts';
import { wechatQrSchema } from '../../../model/api/account-answers.ts';

/** The new phone or e-mail of a binding, validated by its type. */
function targetOf(authType: 'phone' | 'email', phoneOrEmail: string): string {
  const schema = authType === 'phone' ? phoneSchema : emailSchema;
  const r = schema.safeParse(phoneOrEmail);
  if (!r.success) throw apiError('VALIDATION', { field: 'phoneOrEmail', message: r.error.issues[0].message }, { field: 'phoneOrEmail' });
  return r.data;
}

const bindingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codes, sessions, security, wechat } = app.services;

  app.get(
    '/get-user-bind-stat',
    {
      schema: {
        tags: ['user'],
        summary: 'What the signed-in user has bound (phone, e-mail, WeChat; masked)',
        security: SIGNED_IN,
        response: responses(
          z.object({
            phone: z.boolean(),
            email: z.boolean(),
            wechat: z.boolean(),
            phoneNumber: z.string().nullable(),
            emailAddress: z.string().nullable(),
            wechatNickname: z.string().nullable(),
            hasPassword: z.boolean(),
          }),
        ),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req, { allowPasswordChange: true });
      const b = await accounts.bindState(user);
      return ok({
        phone: b.phone !== null,
        email: b.email !== null,
        wechat: b.wechat !== null,
        phoneNumber: b.phone ? maskPhone(b.phone) : null,
        emailAddress: b.email ? maskEmail(b.email) : null,
        wechatNickname: b.wechat?.nickname ?? null,
        hasPassword: b.hasPassword,
      });
    },
  );

  app.get(
    '/user-detail/sendPhoneAndEmailCode',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a binding code to a new phone (authType phone) or e-mail (authType email), after the security check',
        security: SIGNED_IN,
        querystring: z.object({ phoneOrEmail: z.string().trim().max(254), authType: authTypeSchema, ...ticketQuery }),
        response: responses(deliverySchema),
      },
      preHandler: app.limits.guard('codeSend'),
    },
    async (req) => {
      await sessions.require(req);
      const authType = req.query.authType;
      const target = targetOf(authType, req.query.phoneOrEmail);
      // Whether another account holds the address is said only to its owner, after the code (binding).
      await security.spendTicket(req.query.randstr, req.query.ticket);
      const delivery = await codes.send({ channel: authType === 'phone' ? 'sms' : 'email', target, purpose: 'bind' }, req.ip);
      return ok({ ...delivery, resendAfter: POLICY.codeResendInterval / 1000 }, SENT);
    },
  );

  app.post(
    '/user-detail/bindUserPhoneAndEmail',
    {
      schema: {
        tags: ['user'],
        summary: 'Bind the phone or e-mail the code was sent to',
        security: SIGNED_IN,
        body: z.object({ phoneOrEmail: z.string().trim().max(254), code: codeSchema, authType: authTypeSchema }),
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { authType } = req.body;
      const target = targetOf(authType, req.body.phoneOrEmail);
      await codes.verify({ channel: authType === 'phone' ? 'sms' : 'email', target, purpose: 'bind' }, req.body.code, true);
      if (authType === 'phone') await accounts.bindPhone(user.id, target);
      else await accounts.bindEmail(user.id, target);
      return ok({}, 'Bound successfully');
    },
  );

  app.get(
    '/wechat-bind/qr',
    {
      schema: {
        tags: ['user'],
        summary: 'Start binding (or rebinding) WeChat to the signed-in user; the callback returns to /user/info',
        security: SIGNED_IN,
        response: responses(wechatQrSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await wechat.start('bind', user.id));
    },
  );

  app.put(
    '/wechat-unbind',
    {
      schema: {
        tags: ['user'],
        summary: 'Unbind WeChat (a phone must be bound, to keep a way to sign in)',
        security: SIGNED_IN,
        querystring: z.object({ userId: z.coerce.number().int().optional() }),
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      if (req.query.userId !== undefined && req.query.userId !== user.id) throw apiError('USER_MISMATCH', {}, { field: 'userId' });
      if (!user.phone) throw apiError('WECHAT_UNBIND_NEEDS_PHONE');
      if (!(await accounts.unlinkWechat(user.id))) throw apiError('NOT_BOUND', { what: 'WeChat' });
      return ok({}, 'Unbound successfully');
    },
  );
};

export default bindingRoutes;
