// Two small project calls of spec 000 §7 "Project": powerComparison (the energy of 2–3 projects from
// their saved simulation results, own or opened by a share key) and update-showInverterLine (the
// plan's inverter-wiring display flag, kept in the project's basicInfo and returned by detail).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectDetailSchema } from '../../../model/api/projects.ts';
import { powerComparisonBody, powerComparisonSchema, showInverterLineBody } from '../../../model/catalogue/api.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['project'];

const projectExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, catalogue, projects } = app.services;

  app.post(
    '/project/powerComparison',
    {
      schema: {
        tags,
        summary: 'Monthly and annual energy, specific yield, PR and capacity of 2–3 projects from their saved simulation results (own, or shared: send the share keys)',
        security: SIGNED_IN,
        body: powerComparisonBody,
        response: responses(powerComparisonSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ list: await catalogue.comparison.compare(user.id, req.body.projectIds, req.body.shareKeys) });
    },
  );

  app.post(
    '/project/update-showInverterLine',
    {
      schema: {
        tags,
        summary: 'Show or hide the inverter wiring on the plan (stored with the project: detail.basicInfo.showInverterLine)',
        security: SIGNED_IN,
        body: showInverterLineBody,
        response: responses(projectDetailSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await projects.update(user.id, { projectId: req.body.projectId, basicInfo: { showInverterLine: req.body.show } }), 'Updated');
    },
  );
};

export default projectExtraRoutes;
