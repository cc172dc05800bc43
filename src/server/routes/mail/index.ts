// /api/mail: e-mail codes (client header Platform=MAIL). GET, as the client calls them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POLICY } from '../../accounts/policy.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SENT } from '../auth/codes.ts';
import { codeSchema, deliverySchema, emailSchema, ticketQuery, validSchema } from '../../../model/api/auth.ts';

const scene = z.enum(['reset', 'bind']).default('reset').describe('reset (forgot password; the address must be bound) or bind');

const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codes, security, accounts } = app.services;

  app.get(
    '/sendMailCode',
    {
      schema: {
        tags: ['mail'],
        summary: 'Send an e-mail code (after the security check); one per address per minute',
        querystring: z.object({ email: emailSchema, scene, ...ticketQuery }),
        response: responses(deliverySchema),
      },
    },
    async (req) => {
      const { email, scene: purpose } = req.query;
      await security.spendTicket(req.query.randstr, req.query.ticket);
      if (purpose === 'reset' && !(await accounts.byEmail(email))) throw apiError('ACCOUNT_NOT_FOUND', {}, { field: 'email' });
      const delivery = await codes.send({ channel: 'email', target: email, purpose }, req.ip);
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
    },
    async (req) => {
      await codes.verify({ channel: 'email', target: req.query.email, purpose: req.query.scene }, req.query.code, false);
      return ok({ valid: true as const });
    },
  );
};

export default mailRoutes;
