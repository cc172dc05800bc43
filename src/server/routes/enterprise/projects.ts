// /api/web/enterprise: the organisation's projects (spec 000 §2 projectList "enterprise-projectList",
// §6 "per-project access confirmed by a server check (input uuid, boolean answer)", "project
// permission lists and settings"; §7 "project permissions list and set", "a socket existence check"):
// the enterprise project list, creating a project inside the organisation (the create-project
// permission), attaching one's own project, the access check, permissions per project or member and
// setting them (administrators; a revoked member's open editor is closed at once on every server),
// and whether a live connection to a project is open.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessCheckQuery,
  attachProjectBody,
  enterpriseIdField,
  enterpriseProjectListQuery,
  enterpriseProjectListSchema,
  permissionListQuery,
  permissionListSchema,
  setPermissionAnswerSchema,
  setPermissionBody,
  socketExistsQuery,
  socketExistsSchema,
} from '../../../model/api/enterprise.ts';
import { emptySchema } from '../../../model/api/envelope.ts';
import { newProjectBody, projectDetailSchema } from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { assertKnownStation } from '../../weather/station-info.ts';

const tags = ['enterprise'];

const enterpriseProjectRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  const { contexts, projects, live } = enterprise;

  app.get(
    '/project/list',
    {
      schema: {
        tags,
        summary: 'The enterprise project list (enterprise-projectList): all projects for administrators, own and granted ones for members',
        security: SIGNED_IN,
        querystring: enterpriseProjectListQuery,
        response: responses(enterpriseProjectListSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await projects.list(ctx, req.query));
    },
  );

  app.post(
    '/project/new',
    {
      schema: {
        tags,
        summary: 'Create a project inside the organisation (the fields of /api/web/project/new; needs the create-project permission)',
        security: SIGNED_IN,
        body: newProjectBody.extend({ enterpriseId: enterpriseIdField }),
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.body.enterpriseId);
      if (!ctx.canCreateProject) throw apiError('ENTERPRISE_NO_CREATE_PERMISSION');
      assertKnownStation(req.body.weatherStation);
      return ok(await projects.create(ctx, req.body), 'Saved');
    },
  );

  app.post(
    '/project/attach',
    {
      schema: { tags, summary: 'Put one of your own projects into the organisation (needs the create-project permission)', security: SIGNED_IN, body: attachProjectBody, response: responses(emptySchema) },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.body.enterpriseId);
      if (!ctx.canCreateProject) throw apiError('ENTERPRISE_NO_CREATE_PERMISSION');
      await projects.attach(ctx.enterpriseId, req.body.projectId, ctx.user.id);
      return ok({}, 'Saved');
    },
  );

  app.get(
    '/project/access-check',
    {
      schema: { tags, summary: 'May the signed-in member open this project (uuid = project id)? creator, administrator or granted', security: SIGNED_IN, querystring: accessCheckQuery, response: responses(z.boolean()) },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await projects.canOpen(ctx, Number(req.query.uuid)));
    },
  );

  app.get(
    '/project/permission/list',
    {
      schema: { tags, summary: 'Project permissions: of one project (every registered member) or of one member (every project) (administrators)', security: SIGNED_IN, querystring: permissionListQuery, response: responses(permissionListSchema) },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.query.enterpriseId);
      return ok(await projects.permissions(ctx, req.query));
    },
  );

  app.post(
    '/project/permission/set',
    {
      schema: {
        tags,
        summary: 'Grant or revoke projects for members (administrators): a revoked member in the project is sent out at once',
        security: SIGNED_IN,
        body: setPermissionBody,
        response: responses(setPermissionAnswerSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      const { changed, revoked } = await projects.setGrants(ctx, req.body.grants);
      let revokedConnections = 0;
      for (const r of revoked) {
        const open = await live.exists(ctx.enterpriseId, r.userId, r.projectId);
        if (open.exists) revokedConnections++;
        await live.denyUser(ctx.enterpriseId, r.userId, r.projectId, 'revoked');
      }
      return ok({ changed, revokedConnections }, 'Saved');
    },
  );

  app.get(
    '/socket/exists',
    {
      schema: {
        tags,
        summary: 'Whether a live connection to the project (uuid = project id) is open, on any server: the caller’s, or (administrators) a member’s',
        security: SIGNED_IN,
        querystring: socketExistsQuery,
        response: responses(socketExistsSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      const userId = req.query.userId ?? ctx.user.id;
      if (userId !== ctx.user.id && !ctx.isAdministrator) throw apiError('ENTERPRISE_ADMIN_REQUIRED');
      return ok(await live.exists(ctx.enterpriseId, userId, Number(req.query.uuid)));
    },
  );
};

export default enterpriseProjectRoutes;
