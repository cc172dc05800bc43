// The alarm calls (spec 000 §7 "Operations alarms"; issue 21 §5): alarm/getList, alarm/readAlarm,
// alarm/deleteAlarm, alarm/unreadCount — over the O&M plants the user may open, with the AIOM licence.
// Registers the 'alarm-evaluation' job handler and, where jobs are worked, queues an evaluation of
// every plant with recent readings each 5 minutes (one job per plant and slot: the job id dedupes
// across processes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alarmDeleteAnswer,
  alarmIdsBody,
  alarmListQuery,
  alarmListSchema,
  alarmReadAnswer,
  alarmUnreadAnswer,
  alarmUnreadQuery,
} from '../../../model/api/alarms.ts';
import { openPlant, requireAiomLicence } from '../../aiom/configuration.ts';
import { ALARM_EVALUATION_MINUTES, queueAlarmRound } from '../../aiom/alarm-service.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { ok, responses } from '../../envelope.ts';
import { alarmEvaluation } from '../../jobs/kinds.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['alarm'];

const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = operationsOf(app);
  const { jobs, sessions } = app.services;
  jobs.handle(alarmEvaluation, async (p) => {
    await ops.alarms.evaluate(p.projectId);
  });
  if (app.config.jobs.workers) {
    const timer = setInterval(() => {
      queueAlarmRound(jobs, ops.alarms, app.clock.now()).catch((err: unknown) => app.log.error({ err }, 'alarm evaluation round failed'));
    }, ALARM_EVALUATION_MINUTES * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const signedIn = async (req: Parameters<typeof sessions.require>[0]) => {
    const { user } = await sessions.require(req);
    await requireAiomLicence(app, user.id);
    return user.id;
  };

  app.get(
    '/alarm/getList',
    {
      schema: {
        tags,
        summary: 'Alarms of the O&M plants the user may open (or of one plant), newest first, filtered by level, status (active/cleared), read flag and time; with the unread count',
        security: SIGNED_IN,
        querystring: alarmListQuery,
        response: responses(alarmListSchema),
      },
    },
    async (req) => {
      const userId = req.query.projectId !== undefined ? (await openPlant(app, req, req.query.projectId)).userId : await signedIn(req);
      return ok(await ops.alarms.list(userId, req.query));
    },
  );

  app.get(
    '/alarm/unreadCount',
    { schema: { tags, summary: 'The number of unread alarms (of one plant, or of every plant the user may open)', security: SIGNED_IN, querystring: alarmUnreadQuery, response: responses(alarmUnreadAnswer) } },
    async (req) => {
      const userId = req.query.projectId !== undefined ? (await openPlant(app, req, req.query.projectId)).userId : await signedIn(req);
      return ok({ unread: await ops.alarms.unreadCount(userId, req.query.projectId) });
    },
  );

  app.post(
    '/alarm/readAlarm',
    { schema: { tags, summary: 'Mark alarms read (ids of alarms the user may see; others are ignored)', security: SIGNED_IN, body: alarmIdsBody, response: responses(alarmReadAnswer) } },
    async (req) => ok({ updated: await ops.alarms.markRead(await signedIn(req), req.body.ids) }),
  );

  app.post(
    '/alarm/deleteAlarm',
    { schema: { tags, summary: 'Delete alarms (hidden from the lists; an alarm whose condition still holds is not raised again)', security: SIGNED_IN, body: alarmIdsBody, response: responses(alarmDeleteAnswer) } },
    async (req) => ok({ deleted: await ops.alarms.remove(await signedIn(req), req.body.ids) }, 'Deleted'),
  );
};

export default alarmRoutes;
