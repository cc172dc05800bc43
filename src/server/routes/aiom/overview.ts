// The plant overview (issue 21 "aiom" §3; shape in model/api/aiom-telemetry.ts overviewSchema): live
// power, energy, income, CO₂, PR today, health and the designed inverters' states for the 3D view.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuery, overviewSchema } from '../../../model/api/aiom-telemetry.ts';
import { openPlant } from '../../aiom/configuration.ts';
import { aiomTelemetry } from '../../aiom/devices-context.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const aiomOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/aiom/overview',
    { schema: { tags: ['aiom'], summary: 'The plant overview: live power, today / month / year / total energy, income, CO₂, PR today, health, device states', security: SIGNED_IN, querystring: overviewQuery, response: responses(overviewSchema) } },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok(await aiomTelemetry(app).overview.overview(plant));
    },
  );
};

export default aiomOverviewRoutes;
