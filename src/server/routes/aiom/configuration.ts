// GET/POST /api/web/aiom/configuration (issue 21 §6): a plant's parameters — capacity (default: the
// design's), commissioning date, tariff, CO₂ factor, time zone, alarm thresholds, notification switches,
// and whether this server's SMS and e-mail providers deliver the alarm notices (and if not why).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurationQuery, plantConfigurationAnswerSchema, plantConfigurationBody } from '../../../model/api/aiom-operations.ts';
import { openPlant } from '../../aiom/configuration.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];

const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = operationsOf(app);
  const { messenger } = app.services;
  const channels = () => ({ sms: messenger.noticeChannel('sms'), email: messenger.noticeChannel('email') });
  app.get(
    '/aiom/configuration',
    { schema: { tags, summary: 'A plant\'s configuration (defaults filled in)', security: SIGNED_IN, querystring: configurationQuery, response: responses(plantConfigurationAnswerSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok({ ...(await ops.configurations.get(plant)), channels: channels() });
    },
  );
  app.post(
    '/aiom/configuration',
    { schema: { tags, summary: 'Save a plant\'s configuration (the fields given; capacityKwp null: the design\'s)', security: SIGNED_IN, body: plantConfigurationBody, response: responses(plantConfigurationAnswerSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.body.projectId);
      return ok({ ...(await ops.configurations.save(plant, req.body)), channels: channels() }, 'Saved');
    },
  );
};

export default configurationRoutes;
