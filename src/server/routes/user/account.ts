// Password reset (forgot password), the user detail, name and information, and the password change
// of a signed-in user with an identity code.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDetail, userDetailSchema } from '../../accounts/answers.ts';
import { usernameKind } from '../../../model/account.ts';
import { isoOrNull, ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { bodyField } from '../../plugins/rate-limits.ts';
import { assertNewPassword } from '../passwords.ts';
import { authTypeSchema, codeSchema, emailSchema, emptySchema, passwordField, queryId } from '../../../model/api/auth.ts';
import { completeInfoAnswerSchema } from '../../../model/api/account-answers.ts';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codes, sessions, entitlements } = app.services;

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Forgot password: phone or e-mail + its reset code + the new password twice; signs out every session',
        body: z.object({
          username: z.string({ error: 'This field is required' }).trim().max(254).describe('phone or e-mail (phone and email are accepted too)').optional(),
          phone: z.string().trim().max(32).optional(),
          email: z.string().trim().max(254).optional(),
          code: codeSchema,
          password: passwordField,
          confirmPassword: passwordField,
        }),
        response: responses(emptySchema),
      },
      preHandler: app.limits.guard('signIn', bodyField('username', 'phone', 'email')),
    },
    async (req) => {
      const name = (req.body.username || req.body.phone || req.body.email || '').trim();
      const kind = usernameKind(name);
      if (!kind) throw apiError('VALIDATION', { field: 'username', message: 'Please enter the correct phone number or e-mail' }, { field: 'username' });
      assertNewPassword(req.body.password, req.body.confirmPassword, app.config.initialPassword);
      const target = kind === 'email' ? name.toLowerCase() : name;
      await codes.verify({ channel: kind === 'phone' ? 'sms' : 'email', target, purpose: 'reset' }, req.body.code, true);
      const user = kind === 'phone' ? await accounts.byPhone(target) : await accounts.byEmail(target);
      // No account: its reset code was never delivered (routes/auth/codes.ts), so say what a wrong code says.
      if (!user) throw apiError('CODE_INVALID', {}, { field: 'code' });
      await accounts.setPassword(user.id, req.body.password);
      await sessions.revokeAll(user.id, 'password reset');
      return ok({}, 'Password changed');
    },
  );

  app.get(
    '/user-detail/get-detail',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user: profile, bindings, licences, trial, membership and quota',
        security: SIGNED_IN,
        querystring: z.object({ enterpriseId: queryId }),
        response: responses(userDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(userDetail(user, await accounts.bindState(user), await entitlements.of(user.id)));
    },
  );

  app.put(
    '/user-detail/updateUserName',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the display name',
        security: SIGNED_IN,
        querystring: z.object({ name: z.string({ error: 'This item is required' }).trim().min(1, 'This item is required').max(50), enterpriseId: queryId }),
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      await accounts.updateName(user.id, req.query.name);
      return ok({}, 'Updated');
    },
  );

  app.post(
    '/user-detail/updateUserInfo',
    {
      schema: {
        tags: ['user'],
        summary: 'Complete the account information (name, company, e-mail); the first time adds 15 trial days',
        security: SIGNED_IN,
        body: z.object({
          name: z.string().trim().min(1, 'This item is required').max(50).optional(),
          nickName: z.string().trim().min(1, 'This item is required').max(50).optional(),
          company: z.string().trim().max(100).optional(),
          email: emailSchema.optional(),
        }),
        response: responses(completeInfoAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const end = await accounts.completeInfo(user.id, req.body);
      const ent = await entitlements.of(user.id);
      return ok({ trialExtended: end !== null, trialEndTime: end ? isoOrNull(end) : ent.trialEndTime }, 'Updated');
    },
  );

  app.put(
    '/user-detail/updateUserPassword',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the password with an identity code (GET /api/auth/sms/userPhoneAuth); signs out the other sessions',
        description: 'Parameters in the query string as the client sends them, or in a JSON body.',
        security: SIGNED_IN,
        querystring: z.object({
          code: z.string().max(16).optional(),
          password: passwordField.optional(),
          confirmPassword: passwordField.optional(),
          authType: authTypeSchema.optional(),
        }),
        body: z
          .object({ code: z.string().max(16).optional(), password: passwordField.optional(), confirmPassword: passwordField.optional(), authType: authTypeSchema.optional() })
          .nullish(),
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const auth = await sessions.require(req, { allowPasswordChange: true });
      const p = { ...req.query, ...(req.body ?? {}) };
      const code = codeSchema.safeParse(p.code ?? '');
      if (!code.success) throw apiError('VALIDATION', { field: 'code', message: code.error.issues[0].message }, { field: 'code' });
      if (!p.password) throw apiError('VALIDATION', { field: 'password', message: 'This field is required' }, { field: 'password' });
      assertNewPassword(p.password, p.confirmPassword, app.config.initialPassword);
      const authType = p.authType ?? 'phone';
      const target = authType === 'phone' ? auth.user.phone : auth.user.email;
      if (!target) throw apiError('NOT_BOUND', { what: authType === 'phone' ? 'mobile number' : 'e-mail' }, { field: 'authType' });
      await codes.verify({ channel: authType === 'phone' ? 'sms' : 'email', target, purpose: 'identity' }, code.data, true);
      await accounts.setPassword(auth.user.id, p.password);
      await sessions.revokeAll(auth.user.id, 'password changed', auth.session.scope === 'full' ? auth.session.id : null);
      return ok({}, 'Password changed');
    },
  );
};

export default accountRoutes;
