// /api/mail: e-mail codes (client header Platform=MAIL). GET, as the client calls them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POLICY } from '../../accounts/policy.ts';
import { ok, responses } from '../../envelope.ts';
import { queryField } from '../../plugins/rate-limits.ts';
import { SENT } from '../auth/codes.ts';
import { codeSchema, deliverySchema, emailSchema, ticketQuery, validSchema } from '../../../model/api/auth.ts';

const scene = z.enum(['reset', 'bind']).default('reset').describe('reset (forgot password; delivered only to an address bound to an account) or bind');

const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codes, security, accounts } = app.services;

  app.get(
    '/sendMailCode',
    {
      schema: {
        tags: ['mail'],
        summary: 'Send an e-mail code (after the security check); one per address per minute',
        description: 'The reset scene answers the same for an address without an account (no code is delivered then).',
        querystring: z.object({ email: emailSchema, scene, ...ticketQuery }),
        response: responses(deliverySchema),
      },
      preHandler: app.limits.guard('codeSend'),
    },
    async (req) => {
      const { email, scene: purpose } = req.query;
      await security.spendTicket(req.query.randstr, req.query.ticket);
      // A reset code for an address without an account is made but not sent: the same answer either way.
      const deliver = purpose !== 'reset' || (await accounts.byEmail(email)) !== undefined;
      const delivery = await codes.send({ channel: 'email', target: email, purpose }, req.ip, deliver);
      return ok({ ...delivery, resendAfter: POLICY.codeResendInterval / 1000 }, SENT);
    },
  );

  app.get(
    '/checkMailCode',
    {
      schema: {
        tags: ['mail'],
        summary: 'Check an e-mail code without spending it',
        querystring: z.object({ email: emailSchema, code: codeSchema, scene }),
        response: responses(validSchema),
      },
      preHandler: app.limits.guard('signIn', queryField('email')),
    },
    async (req) => {
      await codes.verify({ channel: 'email', target: req.query.email, purpose: req.query.scene }, req.query.code, false);
      return ok({ valid: true as const });
    },
  );
};

export default mailRoutes;
