// GET /api/health: liveness and the database in use.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok, responses } from '../envelope.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the server answers and the engine is shipped',
        response: responses(z.object({ engine: z.boolean() })),
      },
    },
    async () => ok({ engine: true }),
  );

  app.get(
    '/health/db',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: responses(z.object({ database: z.enum(['pglite', 'postgres']), ok: z.boolean() })),
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return ok({ database: app.dbKind, ok: true });
    },
  );
};

export default healthRoutes;
