// Sign-in (password or SMS code; the first SMS sign-in registers), sign-out, and the forced change of
// the initial system password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginAnswerSchema } from '../../accounts/answers.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { bodyField } from '../../plugins/rate-limits.ts';
import { tokenOf } from '../../accounts/sessions.ts';
import { assertNewPassword } from '../passwords.ts';
import { loginBody, passwordField } from '../../../model/api/auth.ts';
import { clearSessionCookie, startSession } from '../signed-in.ts';

const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { login, sessions, accounts } = app.services;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with phone/e-mail + password, or phone + SMS code (the first SMS sign-in registers the phone)',
        description:
          'Holders of the initial system password get mustChangePassword: true and a token that only allows ' +
          'POST /api/auth/change-initial-password (and sign-out); other calls answer 428. After 3 wrong passwords the ' +
          'graphic captcha (uuid + captcha) is required; after 5 the password sign-in is locked for 15 minutes (423). ' +
          'A name without an account or without a password answers the same way. Attempts are limited per address and per account (429).',
        body: loginBody,
        response: responses(loginAnswerSchema),
      },
      preHandler: app.limits.guard('signIn', bodyField('username', 'phone')),
    },
    async (req, reply) => {
      const b = req.body;
      const type = b.loginType ?? (b.code !== undefined && b.password === undefined ? 'sms' : 'password');
      if (type === 'sms') {
        const r = await login.withSmsCode((b.phone ?? b.username ?? '').trim(), (b.code ?? '').trim());
        return ok(await startSession(app, req, reply, r.user, { mustChangePassword: r.mustChangePassword, registered: r.created, source: b.source }));
      }
      const r = await login.withPassword({ username: b.username ?? '', password: b.password ?? '', uuid: b.uuid, captcha: b.captcha });
      return ok(await startSession(app, req, reply, r.user, { mustChangePassword: r.mustChangePassword, registered: false, source: b.source }));
    },
  );

  app.post(
    '/exit',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the token (bearer or cookie) and clears the cookie; succeeds without a session too',
        security: SIGNED_IN,
        response: responses(z.object({ revoked: z.boolean() })),
      },
    },
    async (req, reply) => {
      const token = tokenOf(req);
      const revoked = token ? await sessions.revokeToken(token, 'logout') : false;
      clearSessionCookie(app, reply);
      return ok({ revoked });
    },
  );

  app.post(
    '/change-initial-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Replace the initial system password (forced after signing in with it); answers a new full session',
        security: SIGNED_IN,
        body: z.object({ password: passwordField, confirmPassword: passwordField }),
        response: responses(loginAnswerSchema),
      },
    },
    async (req, reply) => {
      const auth = await sessions.require(req, { allowPasswordChange: true });
      const cred = await accounts.credentials(auth.user.id);
      if (!cred?.is_initial) throw apiError('BAD_REQUEST');
      assertNewPassword(req.body.password, req.body.confirmPassword, app.config.initialPassword);
      await accounts.setPassword(auth.user.id, req.body.password);
      await sessions.revokeAll(auth.user.id, 'password changed');
      return ok(await startSession(app, req, reply, auth.user, { mustChangePassword: false, registered: false, source: auth.session.source }), 'Password changed');
    },
  );
};

export default loginRoutes;
