// GET/POST /api/web/aiom/configuration (issue 21 §6): a plant's parameters — capacity (default: the
// design's), commissioning date, tariff, CO₂ factor, time zone, alarm thresholds, notification switches.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurationQuery, plantConfigurationBody, plantConfigurationSchema } from '../../../model/api/aiom-operations.ts';
import { openPlant } from '../../aiom/configuration.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];

const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = operationsOf(app);
  app.get(
    '/aiom/configuration',
    { schema: { tags, summary: 'A plant\'s configuration (defaults filled in)', security: SIGNED_IN, querystring: configurationQuery, response: responses(plantConfigurationSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok(await ops.configurations.get(plant));
    },
  );
  app.post(
    '/aiom/configuration',
    { schema: { tags, summary: 'Save a plant\'s configuration (the fields given; capacityKwp null: the design\'s)', security: SIGNED_IN, body: plantConfigurationBody, response: responses(plantConfigurationSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.body.projectId);
      return ok(await ops.configurations.save(plant, req.body), 'Saved');
    },
  );
};

export default configurationRoutes;
