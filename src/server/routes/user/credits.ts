// Membership, quota and the credit log of the signed-in user (spec 001 §3, §4, §7), and the
// enterprise-administrator check (src/server/enterprise/membership.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quotaSchema } from '../../accounts/answers.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { queryId } from '../../../model/api/auth.ts';
import { creditLogSchema } from '../../../model/api/account-answers.ts';
import { adminCheckSchema } from '../../../model/api/enterprise.ts';
import { headerEnterpriseId } from '../../enterprise/context.ts';
import { adminState } from '../../enterprise/membership.ts';

const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, entitlements } = app.services;

  /** The signed-in user, checking an optional userId query against it. */
  async function me(req: Parameters<typeof sessions.require>[0], userId: number | undefined) {
    const { user } = await sessions.require(req);
    if (userId !== undefined && userId !== user.id) throw apiError('USER_MISMATCH', {}, { field: 'userId' });
    return user;
  }

  app.get(
    '/enterprise/get-quota',
    {
      schema: {
        tags: ['user'],
        summary: 'Drone photo credit and project quota',
        security: SIGNED_IN,
        querystring: z.object({ userId: queryId, enterpriseId: queryId }),
        response: responses(quotaSchema),
      },
    },
    async (req) => {
      const user = await me(req, req.query.userId);
      return ok(await entitlements.quota(user.id));
    },
  );

  app.get(
    '/membership',
    {
      schema: {
        tags: ['user'],
        summary: 'Satellite membership expiry (expiredDate null and not expired = permanent)',
        security: SIGNED_IN,
        querystring: z.object({ userId: queryId, enterpriseId: queryId }),
        response: responses(
          z.object({
            expiredDate: z.string().nullable(),
            isExpired: z.boolean(),
            plan: z.string().nullable(),
            edition: z.enum(['member', 'free']),
            headImgUrl: z.string().nullable(),
            name: z.string().nullable(),
            phone: z.string().nullable(),
          }),
        ),
      },
    },
    async (req) => {
      const user = await me(req, req.query.userId);
      const m = await entitlements.membership(user.id);
      return ok({ ...m, headImgUrl: user.head_img_url, name: user.name ?? user.nick_name, phone: user.phone });
    },
  );

  app.get(
    '/credit-log',
    {
      schema: {
        tags: ['user'],
        summary: 'The credit log, newest first',
        security: SIGNED_IN,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100000).default(1), size: z.coerce.number().int().min(1).max(100).default(20) }),
        response: responses(creditLogSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { total, rows } = await entitlements.creditLog(user.id, req.query.page, req.query.size);
      return ok({
        total,
        list: rows.map((r) => ({
          id: r.id,
          changeType: r.change_type,
          operationTime: r.created_at.toISOString(),
          operator: r.operator,
          photoCredits: r.photo_credits,
          projectCredits: r.project_credits,
          membershipDays: r.membership_days,
          trialDays: r.trial_days,
          orderSn: r.order_sn,
          note: r.note,
        })),
      });
    },
  );

  app.get(
    '/enterprise/check-enterprise-admin',
    {
      schema: {
        tags: ['user'],
        summary: 'Whether the signed-in user administers the enterprise (enterpriseId, else the one chosen last; personal accounts: false)',
        security: SIGNED_IN,
        querystring: z.object({ enterpriseId: queryId }),
        response: responses(adminCheckSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await adminState(app.db, app.clock, user, req.query.enterpriseId ?? headerEnterpriseId(req)));
    },
  );
};

export default creditRoutes;
