// Gateway ingest and reading queries (issue 21 "aiom"; shapes in model/api/aiom-telemetry.ts): POST
// /aiom/ingest takes a batch of readings authenticated by the plant's gateway token (Bearer), not by
// a session; /aiom/readings and /aiom/energy read the store for a plant the caller may open. With
// PVSTUDIO_MQTT_URL set, the same ingest also listens on the broker (aiom/ingest-mqtt.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyAnswerSchema, energyQuery, INGEST_MAX_BYTES, ingestAnswerSchema, ingestBody, readingsAnswerSchema, readingsQuery } from '../../../model/api/aiom-telemetry.ts';
import { openPlant, plantUtcOffset, type Plant } from '../../aiom/configuration.ts';
import { aiomTelemetry } from '../../aiom/devices-context.ts';
import { MqttIngest } from '../../aiom/ingest-mqtt.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['aiom'];
const MAX_RANGE_MS = 400 * 86_400_000;

/** The plant a signed-in user may read (openPlant) and the query's [from, to) range, at most 400 days. */
async function plantRange(app: FastifyInstance, req: FastifyRequest, q: { projectId: number; from: string; to: string }): Promise<{ plant: Plant; from: Date; to: Date }> {
  const { plant } = await openPlant(app, req, q.projectId);
  const f = new Date(q.from);
  const t = new Date(q.to);
  if (t.getTime() <= f.getTime()) throw apiError('VALIDATION', { field: 'to', message: 'must be after from' }, { field: 'to' });
  if (t.getTime() - f.getTime() > MAX_RANGE_MS) throw apiError('VALIDATION', { field: 'to', message: 'at most 400 days after from' }, { field: 'to' });
  return { plant, from: f, to: t };
}

const aiomIngestRoutes: FastifyPluginAsyncZod = async (app) => {
  const mqttUrl = process.env.PVSTUDIO_MQTT_URL?.trim();
  if (mqttUrl) {
    const mqttIngest = new MqttIngest(aiomTelemetry(app).ingest, app.log);
    app.addHook('onReady', async () => {
      try {
        await mqttIngest.start(mqttUrl, { username: process.env.PVSTUDIO_MQTT_USERNAME || undefined, password: process.env.PVSTUDIO_MQTT_PASSWORD || undefined });
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'mqtt ingest: broker not reached');
      }
    });
    app.addHook('onClose', async () => mqttIngest.stop());
  }

  app.post(
    '/aiom/ingest',
    {
      bodyLimit: INGEST_MAX_BYTES,
      // The token is checked before the body is validated: an unauthenticated caller learns nothing about the schema.
      preValidation: async (req) => {
        (req as unknown as { aiomPlant: number }).aiomPlant = await aiomTelemetry(app).ingest.plantOf(req.headers.authorization);
      },
      schema: {
        tags,
        summary: "A gateway's batch of readings (Authorization: Bearer <the plant's gateway token>); idempotent on serial + ts; unknown serials refused",
        body: ingestBody,
        response: responses(ingestAnswerSchema),
      },
    },
    async (req) => {
      const plant = (req as unknown as { aiomPlant: number }).aiomPlant;
      return ok(await aiomTelemetry(app).ingest.ingest(plant, req.body.readings), 'Stored');
    },
  );

  app.get(
    '/aiom/readings',
    { schema: { tags, summary: "A plant's (or one device's) readings in [from, to), oldest first, at most 10,000", security: SIGNED_IN, querystring: readingsQuery, response: responses(readingsAnswerSchema) } },
    async (req) => {
      const { plant, ...r } = await plantRange(app, req, req.query);
      return ok({ projectId: plant.id, ...(await aiomTelemetry(app).store.readings(plant.id, r.from, r.to, req.query.serial)) });
    },
  );

  app.get(
    '/aiom/energy',
    { schema: { tags, summary: 'Energy (from the counters), peak power and irradiation per local hour / day / month', security: SIGNED_IN, querystring: energyQuery, response: responses(energyAnswerSchema) } },
    async (req) => {
      const { plant, ...r } = await plantRange(app, req, req.query);
      const zone = await app.db.selectFrom('aiom_configurations').select('time_zone').where('project_id', '=', plant.id).executeTakeFirst();
      const off = plantUtcOffset(plant, zone?.time_zone ?? null, r.from);
      const buckets = await aiomTelemetry(app).store.summary(plant.id, req.query.period, r.from, r.to, off, req.query.serial);
      return ok({ projectId: plant.id, utcOffsetHours: off, period: req.query.period, buckets });
    },
  );
};

export default aiomIngestRoutes;
