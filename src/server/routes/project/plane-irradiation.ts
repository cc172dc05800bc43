// POST /api/web/project/plane-irradiation (src/model/api/plane-irradiation.ts): the annual irradiation
// of given planes and of the optimal plane on the project's weather and horizon (with projectId), else
// the site's default weather, computed on the worker pool; the answer says which weather it used.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planeIrradiationBody, planeIrradiationResult } from '../../../model/api/plane-irradiation.ts';
import { planeIrradiationEstimate } from '../../../model/compute-budget.ts';
import { userOwner, weatherSpecSteps } from '../../compute/compute.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const planeIrradiationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, compute, weather, projects } = app.services;
  app.post(
    '/project/plane-irradiation',
    {
      schema: {
        tags: ['compute'],
        summary: 'Annual irradiation (beam, sky diffuse, ground-reflected) of planes and of the optimal plane, on the project’s weather',
        security: SIGNED_IN,
        body: planeIrradiationBody,
        response: responses(planeIrradiationResult),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const b = req.body;
      const w = b.projectId === undefined ? await weather.forSite(b) : await weather.forProject(await projects.row(user.id, b.projectId));
      const planes = b.planes.map((p) => ({ tilt: p.tilt, azimuth: p.azimuth }));
      const r = await compute.run((api) => api.planeIrradiation(w.spec, planes, w.horizon ? { horizon: w.horizon } : {}), {
        owner: userOwner(user.id),
        estimate: planeIrradiationEstimate(planes.length, weatherSpecSteps(w.spec)),
      });
      return ok({ planes: r.planes, optimal: r.optimal, weather: w.used });
    },
  );
};

export default planeIrradiationRoutes;
