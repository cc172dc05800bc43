// The security check before any code (spec 001 §2): graphic captcha and slider puzzle, each
// answered once for a randstr + ticket; and which providers this server really has.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../envelope.ts';
import { ticketSchema } from '../../../model/api/auth.ts';
import { captchaChallengeSchema, providersSchema, sliderChallengeSchema } from '../../../model/api/account-answers.ts';

const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { security, messenger } = app.services;

  app.get(
    '/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which SMS, e-mail and WeChat providers this server has (configured: false = dev outbox, sandbox or none)',
        response: responses(providersSchema),
      },
    },
    async () => {
      const w = app.services.wechatProvider;
      const wechat = !w
        ? { provider: 'none', configured: false, notice: 'WeChat sign-in is not configured on this server' }
        : w.kind === 'sandbox'
          ? { provider: 'sandbox', configured: false, notice: 'WeChat sign-in uses the sandbox provider (development only)' }
          : { provider: w.kind, configured: true, notice: null };
      return ok({ sms: messenger.describe('sms'), email: messenger.describe('email'), wechat });
    },
  );

  app.get(
    '/validate-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new graphic captcha (SVG data URL); answer it once within expiresIn seconds',
        response: responses(captchaChallengeSchema),
      },
      preHandler: app.limits.guard('challenge'),
    },
    async () => ok(await security.newCaptcha()),
  );

  app.post(
    '/validate-code/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Answer a graphic captcha: randstr + ticket for one code request',
        body: z.object({ uuid: z.string().max(64), code: z.string().max(16) }),
        response: responses(ticketSchema),
      },
      preHandler: app.limits.guard('challengeAnswer'),
    },
    async (req) => ok(await security.captchaTicket(req.body.uuid, req.body.code)),
  );

  app.get(
    '/slider',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new slider puzzle: drag the piece (from x = 0) into the gap of the background',
        description: 'Two PNG pictures: the background with the gap drawn in (and look-alike decoys), and the piece; only the server knows where the gap is. One answer per puzzle, within expiresIn seconds.',
        response: responses(sliderChallengeSchema),
      },
      preHandler: app.limits.guard('challenge'),
    },
    async () => ok(await security.newSlider()),
  );

  app.post(
    '/slider/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Answer a slider puzzle with the final left edge of the piece [px]: randstr + ticket',
        body: z.object({ id: z.string().max(64), x: z.number().finite().min(-1000).max(10000) }),
        response: responses(ticketSchema),
      },
      preHandler: app.limits.guard('challengeAnswer'),
    },
    async (req) => ok(await security.sliderTicket(req.body.id, req.body.x)),
  );
};

export default securityRoutes;
