// GET /api/web/aiom/statistics and /aiom/statistics/export (issue 21 §4): a plant's actual energy
// against its design's expected energy with PR, temperature-corrected PR, specific yield and
// availability (src/server/aiom/statistics.ts), as JSON or as an xlsx workbook.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsQuery, statisticsSchema } from '../../../model/api/aiom-statistics.ts';
import { openPlant } from '../../aiom/configuration.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { statisticsWorkbook } from '../../aiom/statistics-export.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/aiom/statistics',
    {
      schema: {
        tags,
        summary: 'A plant\'s actual vs expected energy by hour (day), day (month) or month (year), with PR (IEC 61724-1), temperature-corrected PR, specific yield, availability and year-on-year PR change',
        security: SIGNED_IN,
        querystring: statisticsQuery,
        response: responses(statisticsSchema),
      },
    },
    async (req) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      return ok(await operationsOf(app).statistics.statistics(plant, req.query.period, req.query.date));
    },
  );

  app.get(
    '/aiom/statistics/export',
    { schema: { tags, summary: 'The statistics as an xlsx workbook', security: SIGNED_IN, querystring: statisticsQuery } },
    async (req, reply) => {
      const { plant } = await openPlant(app, req, req.query.projectId);
      const s = await operationsOf(app).statistics.statistics(plant, req.query.period, req.query.date);
      const file = `statistics-${plant.id}-${req.query.period}-${req.query.date}.xlsx`;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(await statisticsWorkbook(s, plant.name));
    },
  );
};

export default statisticsRoutes;
