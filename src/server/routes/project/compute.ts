// The compute calls of spec 000 §7 "Services", run on the engine worker pool (services.compute):
// calc-best-distance (GB 50797 row spacing), calc-best-dip-lite (best tilt on the site's weather),
// simulation (the hourly energy chain), heatmap (per-module shading), calcShadowWinter (winter
// solstice shadows), roof (roof faces) and componentConfiguration (module layout). Bad input answers
// 400 naming the field: the route schemas first, then the engine's own InputError. The weather of
// calc-best-dip-lite and simulation is the project's (with projectId: its station, file, PVGIS or
// estimate, and its horizon), else the site's default (its climate station, PVGIS when configured, or
// the flagged estimate); the answer's `weather` says which (estimate: true for the estimate).
// Each call is estimated before it runs (src/model/compute-budget.ts): too big answers 400 naming
// the field; a user may have COMPUTE_USER_CONCURRENCY calls in flight; each is stopped at the timeout.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bestDistanceBody,
  bestDistanceSchema,
  bestTiltBody,
  bestTiltSchema,
  heatmapBody,
  heatmapSchema,
  layoutBody,
  layoutSchema,
  roofBody,
  roofSchema,
  simulationBody,
  simulationSchema,
  winterShadowBody,
  winterShadowSchema,
} from '../../../model/api/compute.ts';
import { bestTiltEstimate, fixedEstimate, layoutEstimate, roofEstimate, shadeEstimate, simulationEstimate, winterShadowsEstimate } from '../../../model/compute-budget.ts';
import type { LayoutInput } from '../../../model/layout.ts';
import type { RoofInput } from '../../../model/roof.ts';
import type { ShadeInput } from '../../../model/shade.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { userOwner, weatherSpecSteps } from '../../compute/compute.ts';
import type { SimulateRequest } from '../../compute/worker-api.ts';
import { keepDesignFigures } from '../../projects/design-figures.ts';

const tags = ['compute'];
/** Scenes and layouts can be large. */
const COMPUTE_BODY_LIMIT = 32 * 1024 * 1024;
const D2R = Math.PI / 180;

const computeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, compute, weather, projects, documents } = app.services;

  app.post(
    '/project/calc-best-distance',
    {
      schema: {
        tags,
        summary: 'Row spacing of tilted racks by the GB 50797 rule: no shading 09:00–15:00 true solar time on the winter solstice',
        security: SIGNED_IN,
        body: bestDistanceBody,
        response: responses(bestDistanceSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const b = req.body;
      const azimuth = b.azimuth ?? (b.latitude >= 0 ? 180 : 0);
      const height = b.height ?? (b.length as number) * Math.sin((b.tilt as number) * D2R);
      const spacing = await compute.run((api) => api.rowSpacing(height, b.latitude, azimuth), { owner: userOwner(user.id), estimate: fixedEstimate('calc-best-distance') });
      const depth = b.tilt !== undefined && b.length !== undefined ? b.length * Math.cos(b.tilt * D2R) : null;
      return ok({
        spacing,
        pitch: spacing !== null && depth !== null ? spacing + depth : null,
        height,
        latitude: b.latitude,
        azimuth,
        rule: 'GB 50797-2012 §6.8.3: no shading between 09:00 and 15:00 true solar time on the winter solstice',
      });
    },
  );

  app.post(
    '/project/calc-best-dip-lite',
    {
      schema: {
        tags,
        summary: 'The tilt with the most annual plane-of-array irradiation at the site (Perez sky)',
        security: SIGNED_IN,
        body: bestTiltBody,
        response: responses(bestTiltSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const b = req.body;
      const w = b.projectId === undefined ? await weather.forSite(b) : await weather.forProject(await projects.row(user.id, b.projectId));
      const r = await compute.run((api) => api.bestTilt(w.spec, { azimuth: b.azimuth, ...(w.horizon ? { horizon: w.horizon } : {}) }), {
        owner: userOwner(user.id),
        estimate: bestTiltEstimate(weatherSpecSteps(w.spec)),
      });
      return ok({ tilt: r.tilt, azimuth: r.azimuth, poaKwhM2: r.poaKwhM2, weather: w.used });
    },
  );

  app.post(
    '/project/simulation',
    {
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: {
        tags,
        summary: "The hourly energy chain for a year of weather (the project's, or the site's default); with projectId the project's weather and horizon are used and the result is kept on the project",
        security: SIGNED_IN,
        body: simulationBody,
        response: responses(simulationSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { projectId, ...input } = req.body;
      const w = projectId === undefined ? await weather.forSite(input.site) : await weather.forProject(await projects.row(user.id, projectId));
      const request = { ...input, ...(w.horizon ? { horizon: w.horizon } : {}) } as SimulateRequest;
      const out = await compute.run((api) => api.simulate(request, w.spec), { owner: userOwner(user.id), estimate: simulationEstimate(input.arrays.length, weatherSpecSteps(w.spec)) });
      const answer = { ...out, weather: w.used };
      if (projectId !== undefined) {
        const { hourly: _hourly, ...kept } = answer;
        await app.db.transaction().execute(async (tx) => {
          const owned = await tx.selectFrom('projects').select('id').where('id', '=', projectId).where('user_id', '=', user.id).forUpdate().executeTakeFirst();
          if (owned) {
            await documents.put(tx, projectId, 'simulation', kept, user.id);
            await keepDesignFigures(tx, documents, projectId);
          }
        });
      }
      return ok(answer);
    },
  );

  app.post(
    '/project/heatmap',
    {
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: { tags, summary: 'Per-module shading over a year of sun steps (shadow ray casts)', security: SIGNED_IN, body: heatmapBody, response: responses(heatmapSchema) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await compute.run((api) => api.shade(req.body as ShadeInput), { owner: userOwner(user.id), estimate: shadeEstimate(req.body) }));
    },
  );

  app.post(
    '/project/calcShadowWinter',
    {
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Shadows of obstacles and module rows on the winter solstice at 09:00, 12:00 and 15:00 true solar time',
        security: SIGNED_IN,
        body: winterShadowBody,
        response: responses(winterShadowSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ times: await compute.run((api) => api.winterShadows(req.body), { owner: userOwner(user.id), estimate: winterShadowsEstimate(req.body) }) });
    },
  );

  app.post(
    '/project/roof',
    {
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: { tags, summary: 'Roof faces from a drawn building (or an automatic roof)', security: SIGNED_IN, body: roofBody, response: responses(roofSchema) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await compute.run((api) => api.roof(req.body as RoofInput), { owner: userOwner(user.id), estimate: roofEstimate(req.body) }));
    },
  );

  app.post(
    '/project/componentConfiguration',
    {
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: { tags, summary: 'Modules on one roof face: flush or tilted racks, setbacks, keep-outs, row spacing, a capacity cap', security: SIGNED_IN, body: layoutBody, response: responses(layoutSchema) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await compute.run((api) => api.layout(req.body as LayoutInput), { owner: userOwner(user.id), estimate: layoutEstimate(req.body) }));
    },
  );
};

export default computeRoutes;
