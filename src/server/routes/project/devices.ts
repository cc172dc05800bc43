// O&M devices (spec 000 §7 "Project": POST binding-project (query), POST binding-inverter (params),
// POST collector/unbind (params); "Catalogues": device/getDevices): link an O&M power station to its
// design project, register inverters behind collectors, unbind a collector, list the devices.
// The parameters travel in the query string, as the spec's calls send them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindingInverterQuery,
  bindingProjectQuery,
  bindInverterAnswerSchema,
  devicesSchema,
  projectBindingSchema,
  unbindAnswerSchema,
  unbindCollectorQuery,
} from '../../../model/api/devices.ts';
import { projectIdQuery } from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['device'];

const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, devices } = app.services;

  app.post(
    '/project/binding-project',
    {
      schema: {
        tags,
        summary: 'Link an O&M power station (aiomProjectId) to the design project it was built from (projectId); both must be yours',
        security: SIGNED_IN,
        querystring: bindingProjectQuery,
        response: responses(projectBindingSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await devices.bindProject(user.id, req.query.projectId, req.query.aiomProjectId), 'Bound');
    },
  );

  app.post(
    '/project/binding-inverter',
    {
      schema: {
        tags,
        summary: 'Register an inverter (serial, library model) behind a collector on an O&M power station; a serial bound to another station is refused (409)',
        security: SIGNED_IN,
        querystring: bindingInverterQuery,
        response: responses(bindInverterAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ collector: await devices.bindInverter(user.id, req.query) }, 'Bound');
    },
  );

  app.post(
    '/collector/unbind',
    {
      schema: {
        tags,
        summary: 'Unbind a collector from an O&M power station, with every inverter behind it',
        security: SIGNED_IN,
        querystring: unbindCollectorQuery,
        response: responses(unbindAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const inverters = await devices.unbindCollector(user.id, req.query.projectId, req.query.collectorSn);
      return ok({ collectorSn: req.query.collectorSn, inverters }, 'Unbound');
    },
  );

  app.get(
    '/device/getDevices',
    {
      schema: {
        tags,
        summary: 'The devices of an O&M power station: collectors with their inverters, model, bind time, last report and status',
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(devicesSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await devices.devices(user.id, req.query.projectId));
    },
  );
};

export default deviceRoutes;
