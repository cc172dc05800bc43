// The project's drone orthophoto (issue 7; service: src/server/projects/orthophotos.ts): upload one
// PNG or JPEG (multipart, field `file`, ≤ 50 MB, longer side ≤ 8192 px) and get its id and pixel
// size; the image itself for the owner, and with a share key for whoever holds the project's link
// (like the screenshots: GET …/file-md5). The spec's names (spec 000 §7 "3D and imagery":
// upload-orthograph, getOrthograph, orthographData, deleteOrthograph) answer the same calls; orthographData
// is the placement the building document holds.
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORTHOPHOTO_LIMITS, orthophotoDeleteBody, orthophotoFileQuery, orthophotoSharedFileQuery, orthophotoUploadSchema } from '../../../model/api/orthophoto.ts';
import { buildingDocumentSchema, orthophotoPlacementSchema } from '../../../model/design.ts';
import { projectIdQuery } from '../../../model/api/projects.ts';
import type { StoredBlob } from '../../blobs/blob-store.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';
import { ownProject, sharedProject } from './access.ts';

const tags = ['project'];

function sendImage(reply: FastifyReply, blob: StoredBlob) {
  return reply.type(blob.contentType).header('x-content-type-options', 'nosniff').send(blob.bytes);
}

const orthophotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orthophotos } = app.services;
  // Two files allowed by the parser so that a second one is refused with a message, not cut off.
  await app.register(multipart, multipartLimits(ORTHOPHOTO_LIMITS.maxBytes, 2));

  for (const url of ['/project/orthophoto', '/project/upload-orthograph']) app.post(
    url,
    {
      bodyLimit: 2 * ORTHOPHOTO_LIMITS.maxBytes + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload a drone orthophoto (multipart, one file in field `file`): PNG or JPEG, at most 50 MB and 8192 px a side; answers its id and pixel size',
        security: SIGNED_IN,
        querystring: projectIdQuery,
        consumes: ['multipart/form-data'],
        response: responses(orthophotoUploadSchema),
      },
    },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      const files = await readFiles(req, ORTHOPHOTO_LIMITS.maxBytes);
      return ok(await orthophotos.add(projectId, files), 'Upload succeeded');
    },
  );

  for (const url of ['/project/orthophoto/file', '/project/getOrthograph']) app.get(
    url,
    { schema: { tags, summary: 'The image of a drone orthophoto', security: SIGNED_IN, querystring: orthophotoFileQuery } },
    async (req, reply) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      return sendImage(reply, await orthophotos.file(projectId, req.query.id));
    },
  );

  app.post(
    '/project/deleteOrthograph',
    { schema: { tags, summary: 'Delete an uploaded drone orthophoto image', security: SIGNED_IN, body: orthophotoDeleteBody, response: responses(z.object({})) } },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.body.projectId);
      await orthophotos.remove(projectId, req.body.id);
      return ok({}, 'Deleted successfully');
    },
  );

  app.get(
    '/project/orthographData',
    {
      schema: {
        tags,
        summary: "The drone orthophoto's placement under the drawing (from the building document), or null",
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(orthophotoPlacementSchema.nullable()),
      },
    },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      const doc = buildingDocumentSchema.safeParse((await app.services.documents.read(projectId, 'lite-re')).data);
      return ok(doc.success ? doc.data.map.orthophoto : null);
    },
  );

  app.get(
    '/project/orthophoto/file-md5',
    { schema: { tags: ['share'], summary: 'The drone orthophoto of a shared project (no sign-in)', querystring: orthophotoSharedFileQuery } },
    async (req, reply) => {
      const share = await sharedProject(app, req.query.shareKey);
      return sendImage(reply, await orthophotos.file(share.projectId, req.query.id));
    },
  );
};

export default orthophotoRoutes;
