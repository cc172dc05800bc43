// The fly calls (issue 21 §6): POST /api/web/aiom/fly/plan — a drone survey over the bound design's
// roofs (GSD, line spacing, photo interval, waypoints); GET /api/web/aiom/fly/export — the same plan
// as KML (format=kml) or as a DJI WPML KMZ (format=kmz).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flyExportQuery, flyPlanBody, flyPlanSchema } from '../../../model/api/aiom-operations.ts';
import { requireAiomLicence } from '../../aiom/configuration.ts';
import { flyPlan } from '../../aiom/fly-service.ts';
import { flyPlanKml } from '../../aiom/kml-export.ts';
import { flyPlanKmz } from '../../aiom/wpml-export.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];

const flyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, projects, documents } = app.services;
  const open = async (req: Parameters<typeof sessions.require>[0], projectId: number) => {
    const { user } = await sessions.require(req);
    await requireAiomLicence(app, user.id);
    await projects.row(user.id, projectId);
  };

  app.post(
    '/aiom/fly/plan',
    { schema: { tags, summary: 'A drone survey plan over the design\'s roofs: GSD, footprint, line spacing, photo interval, lawnmower waypoints', security: SIGNED_IN, body: flyPlanBody, response: responses(flyPlanSchema) } },
    async (req) => {
      await open(req, req.body.projectId);
      return ok((await flyPlan(app.db, documents, req.body)).plan);
    },
  );

  app.get(
    '/aiom/fly/export',
    { schema: { tags, summary: 'The survey plan as KML (format=kml) or a DJI WPML KMZ (format=kmz: wpmz/template.kml + wpmz/waylines.wpml)', security: SIGNED_IN, querystring: flyExportQuery } },
    async (req, reply) => {
      const q = req.query;
      await open(req, q.projectId);
      const camera = { sensorWidthMm: q.sensorWidthMm, focalLengthMm: q.focalLengthMm, imageWidthPx: q.imageWidthPx, imageHeightPx: q.imageHeightPx };
      const { plan, name } = await flyPlan(app.db, documents, { projectId: q.projectId, altitudeM: q.altitudeM, frontOverlapPercent: q.frontOverlapPercent, sideOverlapPercent: q.sideOverlapPercent, marginM: q.marginM, speedMs: q.speedMs, camera });
      if (q.format === 'kml') {
        return reply.type('application/vnd.google-earth.kml+xml; charset=utf-8').header('content-disposition', `attachment; filename="flight-${q.projectId}.kml"`).send(flyPlanKml(plan, name));
      }
      return reply.type('application/vnd.google-earth.kmz').header('content-disposition', `attachment; filename="flight-${q.projectId}.kmz"`).send(Buffer.from(flyPlanKmz(plan, q.speedMs, app.clock.now())));
    },
  );
};

export default flyRoutes;
