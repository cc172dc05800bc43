// Electricity tariffs (spec 001 §7 GET /api/web/electricity-price/list; docs/PRODUCT.md "Economics":
// uniform or peak-valley): the system schemes of a province/city plus the user's own, each with its
// 12 × 24 form for the Economy step, the illustrative templates (server/economics/tariff-list.ts), and
// add, update and delete of the user's own schemes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptySchema } from '../../../model/api/envelope.ts';
import { tariffIdBody, tariffInputSchema, tariffListQuery, tariffSchema, tariffUpdateBody } from '../../../model/catalogue/tariffs.ts';
import { electricityPriceListSchema } from '../../../model/api/economics.ts';
import { electricityPriceList } from '../../economics/tariff-list.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['catalogue'];

const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, catalogue } = app.services;

  app.get(
    '/electricity-price/list',
    {
      schema: {
        tags,
        summary:
          'Tariff schemes: the system schemes of the province (and city) plus your own, each with its 12 × 24 tariff; `notice` says when no system scheme exists; `templates`: illustrative examples to start from (never current)',
        security: SIGNED_IN,
        querystring: tariffListQuery,
        response: responses(electricityPriceListSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(electricityPriceList(await catalogue.tariffs.list(user.id, req.query)));
    },
  );

  app.post(
    '/electricity-price/add',
    { schema: { tags, summary: 'Add an own tariff scheme (uniform, or peak-valley periods covering the whole day)', security: SIGNED_IN, body: tariffInputSchema, response: responses(tariffSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await catalogue.tariffs.add(user.id, req.body), 'Added successfully');
    },
  );

  app.post(
    '/electricity-price/update',
    { schema: { tags, summary: 'Change an own tariff scheme (system schemes cannot be changed)', security: SIGNED_IN, body: tariffUpdateBody, response: responses(tariffSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await catalogue.tariffs.update(user.id, req.body.id, req.body.tariff), 'Updated');
    },
  );

  app.post(
    '/electricity-price/delete',
    { schema: { tags, summary: 'Delete an own tariff scheme', security: SIGNED_IN, body: tariffIdBody, response: responses(emptySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      await catalogue.tariffs.delete(user.id, req.body.id);
      return ok({}, 'Deleted');
    },
  );
};

export default tariffRoutes;
