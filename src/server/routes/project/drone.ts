// Drone photos and modelling (spec 000 §7 "Uploads": uploadUAV, upload/append, buildingSchemaUpload;
// spec 001 §2, §4, §5; service: src/server/drone/). uploadUAV opens the project's upload session (or
// continues the open one) with the first photos, upload/append adds more (multipart, files in any
// field, at most DRONE_LIMITS.filesPerRequest a request), each answered approved or failed with the
// reason; buildingSchemaUpload charges the photo credit and queues the modelling; drone/status is
// the dialog's picture; drone/cancel drops an open upload. The modelling runs as jobs of the app's job
// engine (drone/jobs.ts); this process works them when a node is configured (DRONE_WORKER=off or
// JOB_WORKERS=off leave them to worker processes elsewhere). At start, unfinished jobs get their
// current step queued (those left by the lease queue before migration 0009).
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DRONE_LIMITS, droneAppendSchema, droneCancelBody, droneJobSchema, droneStatusSchema, droneSubmitBody, uploadAppendQuery, uploadUavQuery } from '../../../model/api/drone.ts';
import { projectIdQuery } from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import type { PhotoFile } from '../../drone/uploads.ts';
import { ownProject } from './access.ts';

const tags = ['drone'];

/**
 * The files of a multipart request. A photo over the size cap is cut off by the parser (not thrown),
 * so it is answered as that photo's 'too-large' failure while the others go on.
 */
async function readPhotos(req: FastifyRequest): Promise<PhotoFile[]> {
  if (!req.isMultipart()) throw apiError('UNSUPPORTED_MEDIA_TYPE');
  const files: PhotoFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      files.push({ bytes: Buffer.concat(chunks), fileName: part.filename || null, field: part.fieldname, truncated: part.file.truncated });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw apiError('UPLOAD_FAILED', { reason: `send at most ${DRONE_LIMITS.filesPerRequest} photos per request` }, { field: 'file' });
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw apiError('UPLOAD_FAILED', { reason: 'the multipart body is malformed' }, { field: 'file' });
  }
  return files;
}

const droneRoutes: FastifyPluginAsyncZod = async (app) => {
  const drone = app.services.drone;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DRONE_LIMITS.maxPhotoBytes, files: DRONE_LIMITS.filesPerRequest, fields: 20, fieldSize: 1024, parts: DRONE_LIMITS.filesPerRequest + 20 },
  });
  const bodyLimit = DRONE_LIMITS.filesPerRequest * (DRONE_LIMITS.maxPhotoBytes + 64 * 1024);

  app.addHook('onReady', async () => {
    const d = drone.describe();
    if (d.notice) app.log.warn(d.notice);
    await drone.runner.adopt();
  });

  app.post(
    '/project/uploadUAV',
    {
      bodyLimit,
      schema: {
        tags,
        summary: `Open (or continue) the project's drone photo upload with the first photos (multipart, JPG with GPS, at most ${DRONE_LIMITS.filesPerRequest} per request); answers each photo's state`,
        security: SIGNED_IN,
        querystring: uploadUavQuery,
        consumes: ['multipart/form-data'],
        response: responses(droneAppendSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.query.projectId);
      const files = await readPhotos(req);
      return ok(await drone.uploads.open(userId, projectId, files), 'Upload succeeded');
    },
  );

  app.post(
    '/project/upload/append',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Add photos to an open drone upload (multipart); answers each photo\'s state',
        security: SIGNED_IN,
        querystring: uploadAppendQuery,
        consumes: ['multipart/form-data'],
        response: responses(droneAppendSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.query.projectId);
      const files = await readPhotos(req);
      return ok(await drone.uploads.append(userId, projectId, req.query.uploadId, files), 'Upload succeeded');
    },
  );

  app.post(
    '/project/buildingSchemaUpload',
    {
      schema: {
        tags,
        summary: `Submit a drone upload for modelling: needs ${DRONE_LIMITS.minApproved} approved photos and the photo credit for them (charged now, refunded if modelling fails); modelling takes about 10–20 minutes and ends with an e-mail`,
        security: SIGNED_IN,
        body: droneSubmitBody,
        response: responses(droneJobSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.body.projectId);
      return ok(await drone.uploads.submit(userId, projectId, req.body.uploadId), 'Submitted for modelling');
    },
  );

  app.get(
    '/project/drone/status',
    {
      schema: {
        tags,
        summary: 'The drone dialog of a project: modelling service, photo credit, the open (or latest) upload with its photos, and the modelling job',
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(droneStatusSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.query.projectId);
      return ok(await drone.uploads.status(userId, projectId));
    },
  );

  app.post(
    '/project/drone/cancel',
    { schema: { tags, summary: 'Cancel an open drone upload (its photos are deleted; nothing was charged)', security: SIGNED_IN, body: droneCancelBody, response: responses(z.object({})) } },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.body.projectId);
      await drone.uploads.cancel(userId, projectId, req.body.uploadId);
      return ok({}, 'Cancelled');
    },
  );
};

export default droneRoutes;
