// The help guides (spec 000 §7 GET /api/basic/guide/{id}), registered under /api/basic: our own
// short user guides in English and Chinese (src/model/catalogue/guides). Public: no sign-in needed.
// The language is the `lang` query, else the `lang` header (zh… → Chinese).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guideListSchema, guideQuery, guideSchema } from '../../../model/catalogue/api.ts';
import { isGuideId } from '../../catalogue/guides.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError, langOf } from '../../errors.ts';

const tags = ['catalogue'];

const guideRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app.services;

  app.get(
    '/guide/list',
    { schema: { tags, summary: 'The help guides (id and title)', querystring: guideQuery, response: responses(guideListSchema) } },
    async (req) => ok({ list: await catalogue.guides.list(req.query.lang ?? langOf(req.headers.lang)) }),
  );

  app.get(
    '/guide/:id',
    {
      schema: {
        tags,
        summary: 'One help guide in Markdown: drawing-a-roof, pv-layout, shading, sharing',
        params: z.object({ id: z.string().max(64) }),
        querystring: guideQuery,
        response: responses(guideSchema),
      },
    },
    async (req) => {
      const { id } = req.params;
      if (!isGuideId(id)) throw apiError('NOT_FOUND', {}, { field: 'id' });
      return ok(await catalogue.guides.get(id, req.query.lang ?? langOf(req.headers.lang)));
    },
  );
};

export default guideRoutes;
