// Sharing (spec 000 §6–§7 "share, share/link/url, share/report/url, share/get/user" and the -md5
// share-key variants; spec 001 §3–§4, §9): links valid 1/3/7/30 days that open the project without
// signing in, a copyable link valid 2 hours, and the copy of a shared project into one's own account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../model/api/common.ts';
import {
  projectDetailSchema,
  projectIdBody,
  projectOverviewSchema,
  SHARE_DAYS,
  shareAnswerSchema,
  shareBody,
  sharedProjectSchema,
  shareKeyQuery,
} from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { detailOf } from '../../projects/rows.ts';
import { sharedProject } from './access.ts';

const tags = ['share'];
const keyQuery = shareKeyQuery.extend({ projectId: recordId.optional().describe('when sent, must be the shared project') });

const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, shares, projects, accounts } = app.services;

  app.post(
    '/project/share',
    {
      schema: {
        tags,
        summary: 'A share link to a project, valid 1, 3, 7 or 30 days; anyone with it can view the project without signing in',
        security: SIGNED_IN,
        body: shareBody,
        response: responses(shareAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await shares.create(user.id, req.body.projectId, 'view', req.body.days));
    },
  );

  app.post(
    '/project/share/link/url',
    {
      schema: {
        tags,
        summary: 'A copyable share link, valid 2 hours: a signed-in user can copy the project into their account',
        security: SIGNED_IN,
        body: projectIdBody,
        response: responses(shareAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await shares.create(user.id, req.body.projectId, 'copy'));
    },
  );

  app.post(
    '/project/share/report/url',
    {
      schema: {
        tags,
        summary: 'A share link to the project’s report (default 7 days)',
        security: SIGNED_IN,
        body: projectIdBody.extend({ days: z.union(SHARE_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<7>, z.ZodLiteral<30>]).optional() }),
        response: responses(shareAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await shares.create(user.id, req.body.projectId, 'report', req.body.days));
    },
  );

  app.get(
    '/project/share/get/user',
    {
      schema: {
        tags,
        summary: 'What a share key opens: the project, who shared it, until when, whether it can be copied (no sign-in)',
        querystring: keyQuery,
        response: responses(sharedProjectSchema),
      },
    },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      const sharer = await accounts.byId(share.sharerId);
      const project = detailOf(await projects.rowById(share.projectId));
      return ok({
        project,
        sharer: { name: sharer?.name ?? sharer?.nick_name ?? 'PV Studio user', headImgUrl: sharer?.head_img_url ?? null },
        kind: share.kind,
        expiresAt: share.expiresAt.toISOString(),
        copyable: share.kind === 'copy',
      });
    },
  );

  app.get(
    '/project/detail-md5',
    { schema: { tags, summary: 'A shared project’s basic data (no sign-in)', querystring: keyQuery, response: responses(projectDetailSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      return ok(detailOf(await projects.rowById(share.projectId)));
    },
  );

  app.get(
    '/project/overview-md5',
    { schema: { tags, summary: 'A shared project’s overview (no sign-in)', querystring: keyQuery, response: responses(projectOverviewSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      return ok(await projects.overview(await projects.rowById(share.projectId)));
    },
  );

  app.post(
    '/project/share/copy',
    {
      schema: {
        tags,
        summary: 'Copy a shared project into the signed-in user’s account (copyable links, within 2 hours)',
        security: SIGNED_IN,
        body: z.object({ shareKey: shareKeyQuery.shape.shareKey }),
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const share = await shares.resolveForCopy(req.body.shareKey);
      const copy = await projects.copy(null, share.projectId, user.id, 'shared-copy');
      await app.services.orthophotos.copyAll(share.projectId, copy.projectId);
      await app.services.messages.shareCopied(share.sharerId, share.projectId, user.id);
      return ok(copy, 'Copied');
    },
  );
};

export default shareRoutes;
