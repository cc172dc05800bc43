// Project screenshots (spec 000 §7 "Screenshots: GET and POST", §5 'Upload a maximum of 6
// screenshots!'): list, upload (multipart, PNG/JPEG/WebP by magic bytes, ≤ 5 MB each), the image
// itself, delete; the list and images of a shared project with its share key.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../model/api/common.ts';
import { emptySchema } from '../../../model/api/envelope.ts';
import { PROJECT_LIMITS, projectIdQuery, screenshotIdQuery, screenshotListSchema, shareKeyQuery } from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';
import { ownProject, sharedProject } from './access.ts';

const tags = ['project'];

const screenshotRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screenshots } = app.services;
  await app.register(multipart, multipartLimits(PROJECT_LIMITS.screenshotMaxBytes, PROJECT_LIMITS.maxScreenshots + 1));
  const list = async (projectId: number) => ({ list: await screenshots.list(projectId), max: PROJECT_LIMITS.maxScreenshots });

  app.get(
    '/project/screenshots',
    { schema: { tags, summary: 'The screenshots of a project', security: SIGNED_IN, querystring: projectIdQuery, response: responses(screenshotListSchema) } },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      return ok(await list(projectId));
    },
  );

  app.post(
    '/project/screenshots',
    {
      bodyLimit: (PROJECT_LIMITS.maxScreenshots + 1) * PROJECT_LIMITS.screenshotMaxBytes + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload screenshots (multipart, field `file`, one or more): PNG, JPEG or WebP, at most 5 MB each, 6 per project',
        security: SIGNED_IN,
        querystring: projectIdQuery,
        consumes: ['multipart/form-data'],
        response: responses(screenshotListSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.query.projectId);
      const files = await readFiles(req, PROJECT_LIMITS.screenshotMaxBytes);
      await screenshots.add(userId, projectId, files);
      return ok(await list(projectId), 'Upload succeeded');
    },
  );

  app.get(
    '/project/screenshots/file',
    { schema: { tags, summary: 'The image of a screenshot', security: SIGNED_IN, querystring: screenshotIdQuery } },
    async (req, reply) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      const blob = await screenshots.file(projectId, req.query.id);
      return reply.type(blob.contentType).header('x-content-type-options', 'nosniff').send(blob.bytes);
    },
  );

  app.post(
    '/project/screenshots/delete',
    { schema: { tags, summary: 'Delete a screenshot', security: SIGNED_IN, body: z.object({ projectId: recordId, id: recordId }), response: responses(emptySchema) } },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.body.projectId);
      await screenshots.delete(userId, projectId, req.body.id);
      return ok({}, 'Deleted');
    },
  );

  app.get(
    '/project/screenshots-md5',
    { schema: { tags: ['share'], summary: 'The screenshots of a shared project (no sign-in)', querystring: shareKeyQuery, response: responses(screenshotListSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey);
      const l = await list(share.projectId);
      return ok({ ...l, list: l.list.map((s) => ({ ...s, url: `/api/web/project/screenshots/file-md5?shareKey=${req.query.shareKey}&id=${s.id}` })) });
    },
  );

  app.get(
    '/project/screenshots/file-md5',
    { schema: { tags: ['share'], summary: 'The image of a shared project’s screenshot (no sign-in)', querystring: shareKeyQuery.extend({ id: recordId }) } },
    async (req, reply) => {
      const share = await sharedProject(app, req.query.shareKey);
      const blob = await screenshots.file(share.projectId, req.query.id);
      return reply.type(blob.contentType).header('x-content-type-options', 'nosniff').send(blob.bytes);
    },
  );
};

export default screenshotRoutes;
