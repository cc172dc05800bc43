// SMS codes: POST /api/auth/sms (needs randstr + ticket), POST /api/auth/sms-check, and the identity
// codes of a signed-in user (GET /api/auth/sms/userPhoneAuth, /api/auth/sms/checkUserPhoneAuth).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POLICY } from '../../accounts/policy.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { bodyField } from '../../plugins/rate-limits.ts';
import { authTypeSchema, codeSchema, deliverySchema, phoneSchema, queryId, ticketQuery, validSchema } from '../../../model/api/auth.ts';

export const SENT = 'Code sent successfully';
const scene = z.enum(['login', 'reset', 'bind']).default('login').describe('login (first sign-in registers), reset (forgot password), bind (WeChat user binds a phone)');

const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codes, security, accounts, sessions } = app.services;
  const resendAfter = POLICY.codeResendInterval / 1000;

  app.post(
    '/sms',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send an SMS code (after the security check); one per phone per minute',
        description: 'The reset scene answers the same for a phone without an account (no code is delivered then).',
        querystring: z.object(ticketQuery),
        body: z.object({ phone: phoneSchema, scene }),
        response: responses(deliverySchema),
      },
      preHandler: app.limits.guard('codeSend'),
    },
    async (req) => {
      const { phone, scene: purpose } = req.body;
      await security.spendTicket(req.query.randstr, req.query.ticket);
      // A reset code for a phone without an account is made but not sent: the same answer either way.
      const deliver = purpose !== 'reset' || (await accounts.byPhone(phone)) !== undefined;
      const delivery = await codes.send({ channel: 'sms', target: phone, purpose }, req.ip, deliver);
      return ok({ ...delivery, resendAfter }, SENT);
    },
  );

  app.post(
    '/sms-check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an SMS code without spending it (the "next" step of the reset form)',
        body: z.object({ phone: phoneSchema, code: codeSchema, scene }),
        response: responses(validSchema),
      },
      preHandler: app.limits.guard('signIn', bodyField('phone')),
    },
    async (req) => {
      await codes.verify({ channel: 'sms', target: req.body.phone, purpose: req.body.scene }, req.body.code, false);
      return ok({ valid: true as const });
    },
  );

  /** The phone or e-mail of the signed-in user for an identity code. */
  async function ownTarget(userId: number, authType: 'phone' | 'email') {
    const user = await accounts.byId(userId);
    const target = authType === 'phone' ? user?.phone : user?.email;
    if (!target) throw apiError('NOT_BOUND', { what: authType === 'phone' ? 'mobile number' : 'e-mail' }, { field: 'authType' });
    return { channel: authType === 'phone' ? ('sms' as const) : ('email' as const), target, purpose: 'identity' as const };
  }

  app.get(
    '/sms/userPhoneAuth',
    {
      schema: {
        tags: ['auth'],
        summary: "Send an identity code to the signed-in user's own phone or e-mail (before changing the password)",
        security: SIGNED_IN,
        querystring: z.object({ userId: queryId, authType: authTypeSchema.default('phone'), ...ticketQuery }),
        response: responses(deliverySchema),
      },
      preHandler: app.limits.guard('codeSend'),
    },
    async (req) => {
      const { user } = await sessions.require(req, { allowPasswordChange: true });
      if (req.query.userId !== undefined && req.query.userId !== user.id) throw apiError('USER_MISMATCH', {}, { field: 'userId' });
      const target = await ownTarget(user.id, req.query.authType);
      await security.spendTicket(req.query.randstr, req.query.ticket);
      const delivery = await codes.send(target, req.ip);
      return ok({ ...delivery, resendAfter }, SENT);
    },
  );

  app.get(
    '/sms/checkUserPhoneAuth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an identity code without spending it',
        security: SIGNED_IN,
        querystring: z.object({ userId: queryId, code: codeSchema, authType: authTypeSchema.default('phone') }),
        response: responses(validSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req, { allowPasswordChange: true });
      if (req.query.userId !== undefined && req.query.userId !== user.id) throw apiError('USER_MISMATCH', {}, { field: 'userId' });
      await codes.verify(await ownTarget(user.id, req.query.authType), req.query.code, false);
      return ok({ valid: true as const });
    },
  );
};

export default codeRoutes;
