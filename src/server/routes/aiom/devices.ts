// O&M plant and device calls (issue 21 "aiom"; shapes in model/api/aiom-devices.ts): create a plant
// from a design, register / list / delete devices, issue the plant's gateway token. Every call needs
// the AIOM licence and access to the plant (owner or enterprise access: configuration.ts openPlant).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiomDeviceDeleteAnswer,
  aiomDeviceDeleteBody,
  aiomDeviceListSchema,
  aiomDeviceRegisterBody,
  aiomDeviceSchema,
  aiomDevicesQuery,
  aiomGatewayTokenBody,
  aiomGatewayTokenSchema,
  aiomPlantCreateBody,
  aiomPlantSchema,
} from '../../../model/api/aiom-devices.ts';
import { openPlant, requireAiomLicence } from '../../aiom/configuration.ts';
import { aiomTelemetry } from '../../aiom/devices-context.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];

const aiomDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/aiom/plant/create',
    { schema: { tags, summary: 'Create an O&M plant (a new AIOM project) from a design project and bind it', security: SIGNED_IN, body: aiomPlantCreateBody, response: responses(aiomPlantSchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      await requireAiomLicence(app, user.id);
      return ok(await aiomTelemetry(app).devices.createPlant(user.id, app.services.projects, req.body.designProjectId, req.body.name), 'Created');
    },
  );

  app.get(
    '/aiom/devices',
    { schema: { tags, summary: "The plant's devices with kind, state (online / offline / fault / never reported) and last reading", security: SIGNED_IN, querystring: aiomDevicesQuery, response: responses(aiomDeviceListSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok({ projectId: plant.id, designProjectId: plant.design?.projectId ?? null, devices: await aiomTelemetry(app).devices.list(plant.id) });
    },
  );

  app.post(
    '/aiom/devices/register',
    { schema: { tags, summary: 'Register a device on the plant (or update the serial it holds); a serial of another plant is refused (409)', security: SIGNED_IN, body: aiomDeviceRegisterBody, response: responses(aiomDeviceSchema) } },
    async (req) => {
      await openPlant(app, req, req.body.projectId);
      return ok(await aiomTelemetry(app).devices.register(req.body), 'Saved');
    },
  );

  app.post(
    '/aiom/devices/delete',
    { schema: { tags, summary: 'Remove a device from the plant (its readings stay)', security: SIGNED_IN, body: aiomDeviceDeleteBody, response: responses(aiomDeviceDeleteAnswer) } },
    async (req) => {
      await openPlant(app, req, req.body.projectId);
      return ok({ serial: req.body.serial, deleted: await aiomTelemetry(app).devices.remove(req.body.projectId, req.body.serial) }, 'Deleted');
    },
  );

  app.post(
    '/aiom/gateway-token',
    { schema: { tags, summary: "Issue the plant's gateway token for POST /aiom/ingest (shown once; replaces the previous token)", security: SIGNED_IN, body: aiomGatewayTokenBody, response: responses(aiomGatewayTokenSchema) } },
    async (req) => {
      await openPlant(app, req, req.body.projectId);
      return ok(await aiomTelemetry(app).devices.issueGatewayToken(req.body.projectId));
    },
  );
};

export default aiomDeviceRoutes;
