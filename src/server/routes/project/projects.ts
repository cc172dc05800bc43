// The project list and the project operations (spec 000 §7 "Project": list, new, detail, update,
// delete, copyProject, genUid, overview, get-user-quota-project, getPowerPlantCapacity; performCompare).
// Another user's project answers 404 'No relevant data was retrieved', the same as a missing one.
import { assertKnownStation } from '../../weather/station-info.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptySchema } from '../../../model/api/envelope.ts';
import {
  compareQuery,
  compareSchema,
  copyProjectBody,
  parseLocation,
  newProjectBody,
  plantCapacitySchema,
  projectDetailSchema,
  projectIdBody,
  projectIdQuery,
  projectListQuery,
  projectListSchema,
  projectOverviewSchema,
  quotaProjectSchema,
  updateProjectBody,
} from '../../../model/api/projects.ts';
import { newId } from '../../../model/ids.ts';
import { withProvince } from '../../projects/project-province.ts';
import { ok, okJsonText, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['project'];

const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, projects, screenshots, shares } = app.services;

  app.get(
    '/project/list',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s projects, newest change first; filters: type, survey type, name, variant',
        security: SIGNED_IN,
        querystring: projectListQuery,
        response: responses(projectListSchema),
      },
    },
    async (req, reply) => {
      const { user } = await sessions.require(req);
      // The busiest call: PostgreSQL writes the data as JSON and it goes out as it is (envelope.ts
      // okJsonText; tests/integration/project-list.test.ts checks it against projectListSchema).
      const body = okJsonText(await projects.listJson(user.id, req.query));
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/project/new',
    {
      schema: {
        tags,
        summary: 'Create a project (a DRONE survey uses one unit of the drone project quota)',
        security: SIGNED_IN,
        body: newProjectBody,
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      assertKnownStation(req.body.weatherStation);
      return ok(await projects.create(user.id, await withProvince(app.services.catalogue.places.gazetteer, req.body, parseLocation)), 'Saved');
    },
  );

  app.get(
    '/project/detail',
    { schema: { tags, summary: 'One project', security: SIGNED_IN, querystring: projectIdQuery, response: responses(projectDetailSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await projects.detail(user.id, req.query.projectId));
    },
  );

  app.post(
    '/project/update',
    {
      schema: {
        tags,
        summary: 'Change a project’s basic data (basicInfo keys are merged)',
        security: SIGNED_IN,
        body: updateProjectBody,
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      assertKnownStation(req.body.weatherStation);
      return ok(await projects.update(user.id, await withProvince(app.services.catalogue.places.gazetteer, req.body, parseLocation)), 'Updated');
    },
  );

  app.post(
    '/project/delete',
    {
      schema: {
        tags,
        summary: 'Delete a project with its design data, share links, screenshots and orthophotos',
        security: SIGNED_IN,
        body: projectIdBody,
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const blobs = await projects.delete(user.id, req.body.projectId);
      await screenshots.removeBlobs(blobs);
      await app.services.orthophotos.removeAll(req.body.projectId);
      return ok({}, 'Deleted');
    },
  );

  app.post(
    '/project/copyProject',
    {
      schema: {
        tags,
        summary: 'Copy a project (basic data and every design document; quota as for a new project)',
        security: SIGNED_IN,
        body: copyProjectBody,
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const copy = await projects.copy(user.id, req.body.projectId, user.id, 'copy', req.body.name);
      await app.services.orthophotos.copyAll(req.body.projectId, copy.projectId);
      return ok(copy, 'Copied');
    },
  );

  app.get(
    '/project/genUid',
    {
      schema: { tags, summary: 'A new entity id: 16 random letters + a millisecond timestamp (spec 000 §4)', security: SIGNED_IN, response: responses(z.object({ uid: z.string() })) },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ uid: newId(app.clock.now().getTime()) });
    },
  );

  app.get(
    '/project/overview',
    {
      schema: {
        tags,
        summary: 'A project with its saved design steps, wizard capabilities and last simulation',
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(projectOverviewSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await projects.overview(await projects.row(user.id, req.query.projectId)));
    },
  );

  app.get(
    '/project/performCompare',
    {
      schema: {
        tags,
        summary: 'Compare 2 to 3 of the user’s projects',
        security: SIGNED_IN,
        querystring: compareQuery,
        response: responses(compareSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const parts = req.query.projectIds.split(',').map((s) => s.trim()).filter((s) => s !== '');
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) throw apiError('VALIDATION', { field: 'projectIds', message: 'Format incorrect' }, { field: 'projectIds' });
      return ok({ list: await projects.compare(user.id, ids) });
    },
  );

  app.get(
    '/project/get-user-quota-project',
    { schema: { tags, summary: 'Drone project quota and the number of projects held', security: SIGNED_IN, response: responses(quotaProjectSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await projects.quota(user.id));
    },
  );

  app.get(
    '/project/getPowerPlantCapacity',
    { schema: { tags, summary: 'Installed and maximum capacity of a project [kW]', security: SIGNED_IN, querystring: projectIdQuery, response: responses(plantCapacitySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      const p = await projects.detail(user.id, req.query.projectId);
      return ok({ projectId: p.projectId, capacity: p.capacity, maxCapacity: p.maxCapacity });
    },
  );

  app.post(
    '/project/share/revoke',
    {
      schema: { tags, summary: 'End every share link of a project', security: SIGNED_IN, body: projectIdBody, response: responses(z.object({ revoked: z.number().int() })) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      await projects.row(user.id, req.body.projectId);
      return ok({ revoked: await shares.revokeAll(user.id, req.body.projectId) });
    },
  );
};

export default projectRoutes;
