// /api/user/enterprise: the organisation chooser (/enterprise/selectEnterprise) and the switch, the
// organisation's detail, the dashboard (administrators; others get the inner data code −2 that sends
// the client to the enterprise project list, spec 000 §8) and the organisation's credit log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditLogQuery,
  dashboardAnswerSchema,
  ENTERPRISE_MESSAGES,
  enterpriseChoicesSchema,
  enterpriseCreditLogSchema,
  enterpriseDetailSchema,
  enterpriseQuery,
  enterpriseSessionSchema,
  switchEnterpriseBody,
  TO_ENTERPRISE_PROJECT_LIST,
} from '../../../model/api/enterprise.ts';
import { ok, responses } from '../../envelope.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['enterprise'];

const organisationRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  const { contexts, organisations, projects, credits } = enterprise;

  app.get(
    '/get-enterprise-list',
    {
      schema: {
        tags,
        summary: 'The organisations of the signed-in user (the chooser, /enterprise/selectEnterprise); the first is the current one',
        security: SIGNED_IN,
        response: responses(enterpriseChoicesSchema),
      },
    },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      return ok(await organisations.choices(user));
    },
  );

  app.post(
    '/switch-enterprise',
    {
      schema: {
        tags,
        summary: 'Switch organisation (header "switch organisation"): remembered as the default; answers what the client keeps',
        security: SIGNED_IN,
        body: switchEnterpriseBody,
        response: responses(enterpriseSessionSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.body.enterpriseId);
      return ok(await organisations.switchTo(ctx), 'Switched successfully');
    },
  );

  app.get(
    '/get-enterprise-detail',
    {
      schema: {
        tags,
        summary: 'The organisation: company ID, membership, credit pool, seats, members, the caller’s role',
        security: SIGNED_IN,
        querystring: enterpriseQuery,
        response: responses(enterpriseDetailSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await organisations.detail(ctx));
    },
  );

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'The enterprise home (administrators): totals, capacity, residential vs C&I, provinces, people, recent projects; others: data.code −2',
        security: SIGNED_IN,
        querystring: enterpriseQuery,
        response: responses(dashboardAnswerSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      if (!ctx.isAdministrator) return ok({ code: TO_ENTERPRISE_PROJECT_LIST, msg: ENTERPRISE_MESSAGES.administratorsOnly });
      return ok(await projects.dashboard(ctx));
    },
  );

  app.get(
    '/credit-log',
    {
      schema: {
        tags,
        summary: 'The organisation’s credit history, newest first (administrators)',
        security: SIGNED_IN,
        querystring: creditLogQuery,
        response: responses(enterpriseCreditLogSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.query.enterpriseId);
      return ok(await credits.log(ctx.enterpriseId, req.query.page, req.query.size));
    },
  );
};

export default organisationRoutes;
