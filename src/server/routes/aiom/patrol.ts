// The patrol calls under /api/web/aiom/patrol (issue 21 §6): inspection tasks of a plant — list, get,
// create, update, delete — and their photos (multipart upload into the blob store, and download).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  patrolCreateBody,
  patrolDeleteAnswer,
  patrolDeleteBody,
  patrolIdQuery,
  patrolListQuery,
  patrolListSchema,
  patrolPhotoQuery,
  patrolTaskSchema,
  patrolUpdateBody,
} from '../../../model/api/aiom-operations.ts';
import { openPlant } from '../../aiom/configuration.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { PATROL_PHOTO_MAX_BYTES } from '../../aiom/patrol-tasks.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';

const tags = ['aiom'];

const patrolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { patrol } = operationsOf(app);
  await app.register(multipart, multipartLimits(PATROL_PHOTO_MAX_BYTES, 1));
  /** The task's plant, opened for the caller (404 for a task of a plant they may not open). */
  const openTask = async (req: Parameters<typeof openPlant>[1], id: number) => openPlant(app, req, await patrol.plantOf(id));

  app.get(
    '/aiom/patrol/list',
    { schema: { tags, summary: 'A plant\'s inspection tasks, newest first', security: SIGNED_IN, querystring: patrolListQuery, response: responses(patrolListSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok(await patrol.list(plant.id, req.query));
    },
  );

  app.get(
    '/aiom/patrol/get',
    { schema: { tags, summary: 'One inspection task', security: SIGNED_IN, querystring: patrolIdQuery, response: responses(patrolTaskSchema) } },
    async (req) => {
      await openTask(req, req.query.id);
      return ok(await patrol.get(req.query.id));
    },
  );

  app.post(
    '/aiom/patrol/create',
    { schema: { tags, summary: 'Create an inspection task (assignee: the plant\'s owner or a member of its enterprise)', security: SIGNED_IN, body: patrolCreateBody, response: responses(patrolTaskSchema) } },
    async (req) => {
      const { plant, userId } = await openPlant(app, req, req.body.projectId);
      return ok(await patrol.create(plant, userId, req.body), 'Created');
    },
  );

  app.post(
    '/aiom/patrol/update',
    { schema: { tags, summary: 'Change an inspection task (the fields given)', security: SIGNED_IN, body: patrolUpdateBody, response: responses(patrolTaskSchema) } },
    async (req) => {
      const { plant } = await openTask(req, req.body.id);
      return ok(await patrol.update(plant, req.body), 'Saved');
    },
  );

  app.post(
    '/aiom/patrol/delete',
    { schema: { tags, summary: 'Delete an inspection task and its photos', security: SIGNED_IN, body: patrolDeleteBody, response: responses(patrolDeleteAnswer) } },
    async (req) => {
      const { plant } = await openTask(req, req.body.id);
      return ok({ deleted: await patrol.remove(plant.id, req.body.id) }, 'Deleted');
    },
  );

  app.post(
    '/aiom/patrol/photo',
    {
      bodyLimit: PATROL_PHOTO_MAX_BYTES + 64 * 1024,
      schema: { tags, summary: 'Add a photo (multipart, field file: PNG, JPEG or WebP) to an inspection task', security: SIGNED_IN, consumes: ['multipart/form-data'], querystring: patrolIdQuery, response: responses(patrolTaskSchema) },
    },
    async (req) => {
      const { plant } = await openTask(req, req.query.id);
      const [file] = await readFiles(req, PATROL_PHOTO_MAX_BYTES);
      if (!file) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
      return ok(await patrol.addPhoto(plant.id, req.query.id, file.bytes, file.fileName), 'Upload succeeded');
    },
  );

  app.get(
    '/aiom/patrol/photo',
    { schema: { tags, summary: 'A photo of an inspection task', security: SIGNED_IN, querystring: patrolPhotoQuery } },
    async (req, reply) => {
      const { plant } = await openTask(req, req.query.id);
      const blob = await patrol.photo(plant.id, req.query.id, req.query.photoId);
      return reply.type(blob.contentType).header('x-content-type-options', 'nosniff').send(blob.bytes);
    },
  );
};

export default patrolRoutes;
