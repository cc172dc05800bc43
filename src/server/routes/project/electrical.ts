// The Electrical step's calls under /api/web (spec 000 §7 "Services": inverter-config,
// v2/cable-auto-place, cable/length; the project's yield simulation/run), for the signed-in owner of the
// project (cable/length also with a share key, like the other reads). The documents they write are
// those of the design routes ('inverter-config', 'cable', 'simulation'), read back with
// get-inverter-config, cable/list and simulation/result; the saves of the first two (inverter-config/
// save, updateCable) are checked in design.ts through server/electrical/document-save.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cableAutoPlaceAnswerSchema,
  cableAutoPlaceBody,
  cableLengthKeyQuery,
  cableLengthQuery,
  cableLengthSchema,
  inverterConfigAnswerSchema,
  inverterConfigBody,
  simulationRunAnswerSchema,
  simulationRunBody,
  yieldRunStateSchema,
} from '../../../model/api/electrical.ts';
import { projectIdQuery } from '../../../model/api/projects.ts';
import { cableDocumentSchema } from '../../../model/electrical-design.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { autoPlaceCables } from '../../electrical/cables.ts';
import { cableLengths } from '../../electrical/cable-totals.ts';
import { configureInverters } from '../../electrical/configure.ts';
import { latestYieldRun, registerYieldQueue, runOrQueueYield } from '../../electrical/yield-queue.ts';
import { langOf } from '../../errors.ts';
import { ownProject, sharedProject } from './access.ts';

const tags = ['electrical'];

const electricalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, documents } = app.services;
  registerYieldQueue(app);

  app.post(
    '/project/inverter-config',
    {
      schema: {
        tags,
        summary: 'Configure the inverters automatically: string length range, inverter count from the DC/AC ratio, strings along the rows, MPPT inputs, combiner boxes, positions',
        description:
          "Stores the 'inverter-config' document (mode auto) over the stored one. 400 'The selected inverter model cannot be adapted' when no string length fits; 400 when the layout's module is not from the library.",
        security: SIGNED_IN,
        body: inverterConfigBody,
        response: responses(inverterConfigAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await configureInverters(app, user.id, req.body), 'Saved');
    },
  );

  app.post(
    '/project/v2/cable-auto-place',
    {
      schema: {
        tags,
        summary: 'Route every cable (strings → combiner or inverter, combiners → inverters, inverters → grid point) and size each one for its drop limit and ampacity',
        description: "Stores the 'cable' document over the stored one. Any failure answers 400 'Auto Routing Error: Request failed. Please try again.'",
        security: SIGNED_IN,
        body: cableAutoPlaceBody,
        response: responses(cableAutoPlaceAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await autoPlaceCables(app, user.id, req.body.projectId, req.body.settings), 'Saved');
    },
  );

  const lengthsOf = async (projectId: number) => {
    const stored = await documents.read(projectId, 'cable');
    const parsed = cableDocumentSchema.safeParse(stored.data);
    return cableLengths(projectId, stored.version, parsed.success ? parsed.data : null);
  };

  app.get(
    '/project/cable/length',
    {
      schema: { tags, summary: 'Cable lengths: in total, by kind and by material and section', security: SIGNED_IN, querystring: cableLengthQuery, response: responses(cableLengthSchema) },
    },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      return ok(await lengthsOf(projectId));
    },
  );

  app.get(
    '/project/cable/length-md5',
    { schema: { tags: ['share'], summary: 'Cable lengths of a shared project (no sign-in)', querystring: cableLengthKeyQuery, response: responses(cableLengthSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      return ok(await lengthsOf(share.projectId));
    },
  );

  app.post(
    '/project/simulation/run',
    {
      schema: {
        tags,
        summary: "The project's yield from its saved design: layout, library module, shade analysis, strings and inverters, cables, weather and horizon",
        description:
          "Keeps the result as the project's simulation (overview, list, compare, share). mode 'sync' (default) answers while the caller waits and refuses a plant too big for that (400 COMPUTE_TOO_BIG); 'auto' queues such a plant (up to 200,000 modules in strings) and answers { queued }; 'queue' always queues. Follow a queued run with GET simulation/queue.",
        security: SIGNED_IN,
        body: simulationRunBody,
        response: responses(simulationRunAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await runOrQueueYield(app, user.id, req.body.projectId, req.body.mode));
    },
  );

  app.get(
    '/project/simulation/queue',
    {
      schema: {
        tags,
        summary: "The project's latest queued yield run (queued, running, done or failed, with the error), or null",
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(yieldRunStateSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ run: await latestYieldRun(app, user.id, req.query.projectId, langOf(req.headers.lang)) });
    },
  );
};

export default electricalRoutes;
